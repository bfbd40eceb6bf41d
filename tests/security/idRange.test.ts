/**
 * Id parameters against their columns' range (security.md F40): every id column is a 32-bit integer
 * (1..2147483647), so an id one past it — as a number, a string, inside an array or a comma list — must
 * be refused as bad input, never reach the database and answer HTTP 500. For every registered endpoint
 * and every field of its query and body, fast-check draws an out-of-range id for that field while the
 * other fields hold ordinary values (so the request passes validation and reaches the service when the
 * id is let through), anonymous and logged in, as a form and as JSON.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Endpoint } from '../../src/contract/endpoint.ts';
import { Id } from '../../src/contract/fields.ts';
import { acceptedValues, CANDIDATES, fieldsOf } from '../support/contractValues.ts';
import { suiteApp } from '../support/testApp.ts';
import { createTestUser, type TestUser } from '../support/testUsers.ts';

const t = suiteApp();

const outOfRange = fc.oneof(
  fc.constantFrom<unknown>(
    2147483648,
    '2147483648',
    9999999999,
    '9999999999',
    '99999999999',
    4294967296,
    ['9999999999'],
    [2147483648],
    '1,9999999999',
    -2147483649,
    '-9999999999',
  ),
  fc.bigInt({ min: 2147483648n, max: 99999999999n }).map(String),
  fc.integer({ min: 2147483648, max: Number.MAX_SAFE_INTEGER }),
);

function encode(values: Record<string, unknown>): URLSearchParams {
  const out = new URLSearchParams();
  for (const [k, v] of Object.entries(values))
    if (v !== undefined) out.append(k, typeof v === 'string' ? v : Array.isArray(v) ? v.join(',') : JSON.stringify(v));
  return out;
}

async function send(
  endpoint: Endpoint,
  query: Record<string, unknown>,
  body: Record<string, unknown>,
  encoding: 'form' | 'json',
  headers: Record<string, string>,
): Promise<Response> {
  const init: RequestInit = { method: endpoint.method, headers: { ...headers } };
  if (endpoint.method === 'POST') {
    (init.headers as Record<string, string>)['content-type'] = encoding === 'json' ? 'application/json' : 'application/x-www-form-urlencoded';
    init.body = encoding === 'json' ? JSON.stringify(body) : encode(body).toString();
  }
  return t.app.request(`${endpoint.path}?${encode(query).toString()}`, init);
}

async function probe(endpoint: Endpoint, reader: TestUser): Promise<string[]> {
  const failures: string[] = [];
  const queryFields = fieldsOf(endpoint.query);
  const bodyFields = fieldsOf(endpoint.body);
  const targets = [...queryFields.map((f) => ['query', f] as const), ...bodyFields.map((f) => ['body', f] as const)];
  if (targets.length === 0) return failures;
  const check = async (where: 'query' | 'body', field: string, bad: unknown, others: readonly unknown[], encoding: 'form' | 'json', loggedIn: boolean) => {
    const query: Record<string, unknown> = {};
    const body: Record<string, unknown> = {};
    queryFields.forEach((f, i) => (query[f] = others[i]));
    bodyFields.forEach((f, i) => (body[f] = others[queryFields.length + i]));
    (where === 'query' ? query : body)[field] = bad;
    const res = await send(endpoint, query, body, encoding, loggedIn ? reader.headers : {});
    if (res.status < 500) return true;
    failures.push(
      `${endpoint.method} ${endpoint.path} ${where}.${field}=${JSON.stringify(bad)} (${encoding}) → HTTP ${res.status}: ${(await res.text()).slice(0, 120)}`,
    );
    return false;
  };
  const n = queryFields.length + bodyFields.length;
  // Each field in turn, the others holding values the contract accepts: the id alone decides.
  const acceptedQuery = acceptedValues(endpoint.query, queryFields);
  const acceptedBody = acceptedValues(endpoint.body, bodyFields);
  const base = [...queryFields.map((f) => acceptedQuery?.[f]), ...bodyFields.map((f) => acceptedBody?.[f])];
  for (const [where, field] of targets) {
    for (const bad of [2147483648, '9999999999', ['9999999999']]) {
      if (!(await check(where, field, bad, base, typeof bad === 'string' ? 'form' : 'json', true))) break;
    }
  }
  if (failures.length > 0) return failures;
  // Then drawn: the other fields ordinary values or absent, the bad id in any shape, anonymous or not.
  await fc
    .assert(
      fc.asyncProperty(
        fc.constantFrom(...targets),
        outOfRange,
        fc.array(fc.constantFrom<unknown>(...CANDIDATES), { minLength: n, maxLength: n }),
        fc.constantFrom<'form' | 'json'>('form', 'json'),
        fc.boolean(),
        async ([where, field], bad, others, encoding, loggedIn) => check(where, field, bad, others, encoding, loggedIn),
      ),
      { numRuns: Math.max(24, targets.length * 6), seed: 20261127, endOnFailure: true },
    )
    .catch(() => undefined);
  return failures;
}

describe('id parameters within their columns’ range', () => {
  it('the shared id schema refuses one past a 32-bit column, in every form', () => {
    for (const v of [2147483648, '2147483648', '9999999999', '99999999999', 0, '0', -1, '01', '1e3']) expect(Id.safeParse(v).success, String(v)).toBe(false);
    expect(Id.parse('2147483647')).toBe(2147483647);
    expect(Id.parse(1)).toBe(1);
  });

  it('no endpoint answers 500 for an out-of-range id in any field', { timeout: 600_000 }, async () => {
    const reader = await createTestUser(t.database);
    const failures: string[] = [];
    for (const endpoint of t.registry.endpoints as Endpoint[]) failures.push(...(await probe(endpoint, reader)));
    expect(failures).toEqual([]);
  });
});
