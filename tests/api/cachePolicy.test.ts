/**
 * How an answer may be kept is declared on the endpoint's contract and written by the
 * framework — public for a successful anonymous answer of a `cache` endpoint, never for a failure, a write
 * or a reader's own answer — and no route handler writes Cache-Control by hand.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineEndpoint } from '../../src/contract/endpoint.ts';
import { Id } from '../../src/contract/fields.ts';
import { z } from '../../src/contract/zod.ts';
import { StatusCode } from '../../src/contract/envelope.ts';
import { channelGetList } from '../../src/contract/news.ts';
import { CACHE_CONTROL } from '../../src/server/http/cachePolicy.ts';
import { failure, ok } from '../../src/server/http/envelope.ts';
import { registerEndpoint } from '../../src/server/http/registerEndpoint.ts';
import { createTestApp, type TestApp } from '../support/testApp.ts';
import { createTestUser, type TestUser } from '../support/testUsers.ts';

const query = z.object({ id: Id });
const listed = defineEndpoint({
  method: 'GET',
  path: '/v1/test/listed',
  summary: 't',
  tag: 't',
  query,
  data: z.object({ id: z.number() }),
  cache: 'content',
  auth: 'optional',
});
const reference = defineEndpoint({ method: 'GET', path: '/v1/test/reference', summary: 't', tag: 't', data: z.null(), cache: 'reference' });
const undeclared = defineEndpoint({ method: 'GET', path: '/v1/test/undeclared', summary: 't', tag: 't', data: z.null() });

let t: TestApp;
let reader: TestUser;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  reader = await createTestUser(t.database);
  registerEndpoint(t.registry, listed, async ({ query: q }) => (q.id === 404 ? failure(StatusCode.notFound, '不存在') : ok({ id: q.id })));
  registerEndpoint(t.registry, reference, async () => ok(null));
  registerEndpoint(t.registry, undeclared, async () => ok(null));
});
afterAll(async () => {
  await t.close();
});

const cacheControl = async (url: string, headers: Record<string, string> = {}) => (await t.app.request(url, { headers })).headers.get('cache-control');

describe('cache policy from the contract', () => {
  it.each([
    ['a content answer is public', '/v1/test/listed?id=1', {}, CACHE_CONTROL.content],
    ['a reference answer is public for a minute', '/v1/test/reference', {}, CACHE_CONTROL.reference],
    ['a failed answer is never kept', '/v1/test/listed?id=404', {}, 'no-store'],
    ['an endpoint that declares nothing is never kept', '/v1/test/undeclared', {}, 'no-store'],
  ])('%s', async (_name, url, headers, expected) => {
    expect(await cacheControl(url, headers)).toBe(expected);
  });

  it('a reader’s own answer is private, whatever the contract declares', async () => {
    expect(await cacheControl('/v1/test/listed?id=1', reader.headers)).toContain('private');
  });

  it('the real news lists and details declare theirs (a public list answer carries the content policy)', async () => {
    const seeded = await createTestApp();
    try {
      expect((await seeded.app.request(channelGetList.path)).headers.get('cache-control')).toBe(CACHE_CONTROL.content);
      expect((await seeded.app.request('/v1/comment/reportContent')).headers.get('cache-control')).toBe(CACHE_CONTROL.reference);
    } finally {
      await seeded.close();
    }
  });
});

describe('route handlers', () => {
  const root = path.resolve(import.meta.dirname, '../../src/server');
  const routeFiles = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('routes.ts'));
  it.each(routeFiles)('%s writes no Cache-Control by hand', (file) => {
    expect(readFileSync(path.join(root, file), 'utf8')).not.toMatch(/header\(\s*['"]cache-control['"]/i);
  });
});
