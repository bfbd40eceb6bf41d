/**
 * Every endpoint the contract modules export, as the server registers it and /api/openapi.json publishes
 * it: its declared fields and a digest of each schema's JSON Schema. The snapshot pins them, so a change in
 * how the contracts are written (builders, shared fields) is proven to leave every endpoint as it was.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Endpoint } from './endpoint.ts';
import { z } from './zod.ts';

const modules = import.meta.glob<Record<string, unknown>>(['./*.ts', '!./*.test.ts'], { eager: true });

function isEndpoint(value: unknown): value is Endpoint {
  return typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'data' in value;
}

function digest(schema: z.ZodType | undefined, io: 'input' | 'output'): string | null {
  if (!schema) return null;
  const json = JSON.stringify(z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }));
  return createHash('sha256').update(json).digest('hex').slice(0, 16);
}

function described(name: string, e: Endpoint) {
  const { query, body, data, ...declared } = e;
  const fields = Object.fromEntries(Object.entries(declared).sort(([a], [b]) => a.localeCompare(b)));
  return {
    name,
    ...fields,
    keys: Object.keys(e).sort().join(','),
    query: digest(query, 'input'),
    body: digest(body, 'input'),
    data: digest(data, 'output'),
  };
}

const endpoints = Object.entries(modules)
  .flatMap(([file, exports]) =>
    Object.entries(exports)
      .filter((entry): entry is [string, Endpoint] => isEndpoint(entry[1]))
      .map(([name, e]) => described(`${file.slice(2, -3)}.${name}`, e)),
  )
  .sort((a, b) => a.name.localeCompare(b.name));

describe('the contract endpoints', () => {
  it('are found in every contract module', () => {
    expect(endpoints.length).toBeGreaterThan(150);
  });

  it('keep their methods, paths, tags, policies, summaries and schemas', async () => {
    await expect(`${JSON.stringify(endpoints, null, 1)}\n`).toMatchFileSnapshot('./endpoints.snapshot.json');
  });
});
