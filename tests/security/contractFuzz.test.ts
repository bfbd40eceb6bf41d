/**
 * Property-based fuzzing over every registered endpoint's contract (docs/security.md; security.md F40–F49):
 * random and hostile values for each declared field, as query strings, form bodies and JSON bodies,
 * anonymous and logged in. No answer may be an HTTP 500, leak a stack trace or a database error, and
 * an endpoint that refused every request must leave every table as it was.
 */
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineEndpoint, type Endpoint } from '../../src/contract/endpoint.ts';
import { registerEndpoint } from '../../src/server/http/registerEndpoint.ts';
import { z } from '../../src/contract/zod.ts';
import { createTestApp, type TestApp } from '../support/testApp.ts';
import { createTestUser, type TestUser } from '../support/testUsers.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 25);

const hostileStrings = [
  '',
  ' ',
  '0',
  '-1',
  '1e3',
  '1.5',
  '99999999999999999999',
  'NaN',
  'null',
  'undefined',
  'true',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDC00x',
  '%E4%B8',
  "' OR 1=1 --",
  '%_\\',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  '{{7*7}}${7*7}',
  'javascript:alert(1)',
  '__proto__',
  'constructor',
  '\u202Eevil\u200B',
  '１３８００１３８０００',
  '😀'.repeat(600),
  'a'.repeat(20_000),
];

const hostileValue = fc.oneof(
  fc.constantFrom(...hostileStrings),
  fc.string({ maxLength: 40 }),
  fc.integer().map(String),
  fc.double({ noNaN: false }).map(String),
);

const jsonValue = fc.oneof(
  hostileValue,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.constant({ $gt: '' }),
  fc.constant({ __proto__: { isAdmin: true } }),
);

function fieldsOf(schema: z.ZodType | undefined): string[] {
  if (!schema) return [];
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, unknown> };
  return Object.keys(json.properties ?? {});
}

/** Replaces `{param}`/`:param` path segments, should an endpoint declare any. */
function concretePath(path: string): string {
  return path.replace(/:[A-Za-z]+|\{[A-Za-z]+\}/g, '1');
}

let countAll: string | undefined;

/** Every table's row count, in one statement (the table list read once): twice per endpoint, so it must be cheap. */
async function tableCounts(t: TestApp): Promise<Record<string, number>> {
  type Rows<R> = { rows?: R[] } | R[];
  const rowsOf = <R>(res: Rows<R>): R[] => (Array.isArray(res) ? res : (res.rows ?? []));
  if (countAll === undefined) {
    const tables = (await t.database.db.execute(
      sql`select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`,
    )) as unknown as Rows<{ table_name: string }>;
    const names = rowsOf(tables)
      .map((r) => r.table_name)
      .filter((name) => !name.startsWith('__drizzle'));
    countAll = names.map((name) => `select '${name}' as name, count(*)::int as n from "${name}"`).join(' union all ');
  }
  const res = (await t.database.db.execute(sql.raw(countAll))) as unknown as Rows<{ name: string; n: number }>;
  return Object.fromEntries(rowsOf(res).map((r) => [r.name, Number(r.n)]));
}

const STACK = /\n\s+at\s|node_modules|PostgresError|syntax error at|relation "|violates .* constraint/;

async function fuzzEndpoints(app: TestApp, reader: TestUser, endpoints: readonly Endpoint[]): Promise<string[]> {
  const failures: string[] = [];
  for (const endpoint of endpoints) {
    const queryFields = fieldsOf(endpoint.query);
    const bodyFields = fieldsOf(endpoint.body);
    const before = await tableCounts(app);
    let anySuccess = false;
    await fc
      .assert(
        fc.asyncProperty(
          fc.dictionary(fc.constantFrom(...(queryFields.length ? queryFields : ['x'])), hostileValue, { maxKeys: 6 }),
          fc.dictionary(fc.constantFrom(...(bodyFields.length ? bodyFields : ['x'])), jsonValue, { maxKeys: 8 }),
          fc.constantFrom('form', 'json'),
          fc.boolean(),
          async (query, body, encoding, loggedIn) => {
            const qs = new URLSearchParams();
            for (const [k, v] of Object.entries(query)) qs.append(k, v);
            const headers: Record<string, string> = loggedIn ? { ...reader.headers } : {};
            const init: RequestInit = { method: endpoint.method, headers };
            if (endpoint.method === 'POST') {
              if (encoding === 'json') {
                headers['content-type'] = 'application/json';
                init.body = JSON.stringify(body);
              } else {
                headers['content-type'] = 'application/x-www-form-urlencoded';
                const form = new URLSearchParams();
                for (const [k, v] of Object.entries(body)) form.append(k, typeof v === 'string' ? v : JSON.stringify(v));
                init.body = form.toString();
              }
            }
            const res = await app.app.request(`${concretePath(endpoint.path)}?${qs.toString()}`, init);
            const text = await res.text();
            if (res.status >= 500 || STACK.test(text)) {
              failures.push(`${endpoint.method} ${endpoint.path} → HTTP ${res.status}: ${text.slice(0, 200)}`);
              return false;
            }
            if (res.headers.get('content-type')?.includes('application/json')) {
              const parsed = JSON.parse(text) as { statusCode?: unknown };
              if (parsed.statusCode === 200) anySuccess = true;
            }
            return true;
          },
        ),
        { numRuns: RUNS, seed: 20261122, endOnFailure: true },
      )
      .catch(() => undefined);
    if (!anySuccess) {
      const after = await tableCounts(app);
      // Rate-limit bookkeeping and one-time security records may be written for refused calls; rows
      // of content must not.
      for (const [table, n] of Object.entries(after)) {
        if (/rate|limit|attempt|ticket|captcha|secret|idempot/i.test(table)) continue;
        if (n !== before[table]) failures.push(`${endpoint.method} ${endpoint.path} refused every call but changed ${table}: ${before[table]} → ${n}`);
      }
    }
  }
  return failures;
}

let t: TestApp;
let user: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  user = await createTestUser(t.database);
});
afterAll(async () => {
  await t.close();
});

describe('contract fuzzing', () => {
  it('covers the registered endpoints', () => {
    expect(t.registry.endpoints.length).toBeGreaterThanOrEqual(3);
  });

  it('never answers 500, leaks internals, or writes on refused input', { timeout: 600_000 }, async () => {
    const endpoints = t.registry.endpoints as Endpoint[];
    const failures = await fuzzEndpoints(t, user, endpoints);
    console.log(`fuzzed ${endpoints.length} endpoints`);
    expect(failures).toEqual([]);
  });

  it('would report an endpoint that crashes (the harness can fail)', async () => {
    const crash = defineEndpoint({
      method: 'GET',
      path: '/v1/test/crash',
      summary: 'test',
      tag: 'test',
      query: z.object({ a: z.string().optional() }),
      data: z.null(),
    });
    const other = await createTestApp({ seed: false });
    try {
      registerEndpoint(other.registry, crash, async () => {
        throw new Error('boom');
      });
      const failures = await fuzzEndpoints(other, user, [crash]);
      expect(failures.length).toBeGreaterThan(0);
    } finally {
      await other.close();
    }
  });
});
