/**
 * Every validation message a reader can see is plain Chinese. This walks every registered
 * endpoint's request schema with each field missing and with each field of a wrong type, logged in, and asserts
 * that no message carries an ASCII type word (string, number, undefined …) or any Latin letters at all.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '../../src/contract/endpoint.ts';
import { z } from '../../src/contract/zod.ts';
import { createTestApp, type TestApp } from '../support/testApp.ts';
import { createTestUser, type TestUser } from '../support/testUsers.ts';

const TYPE_WORD = /\b(string|number|boolean|bigint|object|array|undefined|null|symbol|date|int|int32|float|nan|enum|literal|union|expected|received)\b/i;
// JSON is the one Latin word a reader may meet (参数错误: JSON 格式不正确).
const LATIN = /[A-Za-z]/;

function fieldsOf(schema: z.ZodType | undefined): string[] {
  if (!schema) return [];
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, unknown> };
  return Object.keys(json.properties ?? {});
}

let t: TestApp;
let reader: TestUser;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  reader = await createTestUser(t.database);
});
afterAll(async () => {
  await t.close();
});

/** Wrong-type values: an object and an array in JSON bodies, text where numbers go in queries. */
const wrongBodyValues: unknown[] = [{ nested: 1 }, [1, 2], true];
const wrongQueryValues = ['abc', '-99999999999', ''];

async function messagesOf(endpoint: Endpoint): Promise<string[]> {
  const out: string[] = [];
  const call = async (query: URLSearchParams, body: Record<string, unknown> | null) => {
    const headers: Record<string, string> = { ...reader.headers };
    const init: RequestInit = { method: endpoint.method, headers };
    if (endpoint.method === 'POST') {
      headers['content-type'] = 'application/json';
      init.body = JSON.stringify(body ?? {});
    }
    const res = await t.app.request(`${endpoint.path}?${query.toString()}`, init);
    if (!res.headers.get('content-type')?.includes('application/json')) return;
    const env = (await res.json()) as { message?: unknown };
    if (typeof env.message === 'string' && env.message.startsWith('参数错误')) out.push(env.message);
  };
  await call(new URLSearchParams(), null);
  for (const field of fieldsOf(endpoint.query)) {
    for (const value of wrongQueryValues) await call(new URLSearchParams({ [field]: value }), null);
  }
  for (const field of fieldsOf(endpoint.body)) {
    for (const value of wrongBodyValues) await call(new URLSearchParams(), { [field]: value });
  }
  return out;
}

describe('validation messages a reader sees', () => {
  it('never name a type or carry Latin letters, for every field of every endpoint', { timeout: 300_000 }, async () => {
    const endpoints = t.registry.endpoints as Endpoint[];
    const bad: string[] = [];
    let seen = 0;
    for (const endpoint of endpoints) {
      for (const message of await messagesOf(endpoint)) {
        seen++;
        const text = message.replace(/JSON/g, '');
        if (TYPE_WORD.test(text) || LATIN.test(text)) bad.push(`${endpoint.method} ${endpoint.path}: ${message}`);
      }
    }
    // The walk reached validation: a run that saw no message proves nothing.
    expect(seen).toBeGreaterThan(endpoints.length);
    expect([...new Set(bad)]).toEqual([]);
  });

  it('asks for the slide check in words (webSendMsg1 without a token)', async () => {
    const res = await t.app.request('/v1/common/webSendMsg1', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone: '13800138000', type: 1, csessionid: 'abcdefghijkl', sig: 'abcdefghijkl', scene: 'nc_message_h5' }),
    });
    const env = (await res.json()) as { message: string };
    expect(env.message).toBe('参数错误: 请先完成滑动验证');
  });
});
