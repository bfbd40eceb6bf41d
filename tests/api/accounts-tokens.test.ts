/** The token layer (ADR 008; security.md D26–D32): Bearer only, hashed opaque tokens, refresh header, grace. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { defineEndpoint } from '../../src/contract/endpoint.ts';
import { z } from '../../src/contract/zod.ts';
import { authTokens } from '../../src/server/db/schema/accounts.ts';
import { createUserRepo } from '../../src/server/accounts/repo.ts';
import { sha256Hex } from '../../src/server/tokens/secrets.ts';
import { issueToken, optionalUser, requireUser, TOKEN_GRACE_MS, TOKEN_ROTATE_AFTER_MS } from '../../src/server/http/auth.ts';
import { ok } from '../../src/server/http/envelope.ts';
import { registerEndpoint } from '../../src/server/http/registerEndpoint.ts';
import { createTestApp, envelope, type TestApp } from '../support/testApp.ts';

let t: TestApp;
let userId: number;

const whoAmI = defineEndpoint({
  method: 'GET',
  path: '/v1/test/whoami',
  summary: 'test',
  tag: 'test',
  data: z.object({ userId: z.number() }),
  auth: 'required',
});
const maybe = defineEndpoint({
  method: 'GET',
  path: '/v1/test/maybe',
  summary: 'test',
  tag: 'test',
  data: z.object({ userId: z.number().nullable() }),
  auth: 'optional',
});
const publicList = defineEndpoint({
  method: 'GET',
  path: '/v1/test/public',
  summary: 'test',
  tag: 'test',
  data: z.object({ n: z.number() }),
});

async function login(): Promise<string> {
  return t.database.write(async (tx) => (await issueToken(tx, userId)).token);
}

function get(path: string, headers: Record<string, string> = {}): Promise<Response> {
  return Promise.resolve(t.app.request(path, { headers }));
}

beforeAll(async () => {
  t = await createTestApp();
  userId = await t.database.write(async (tx) => (await createUserRepo(tx, { phone: '13800138000', nickname: '测试' })).id);
  registerEndpoint(t.registry, whoAmI, async ({ c }) => ok({ userId: requireUser(c).userId }));
  registerEndpoint(t.registry, maybe, async ({ c }) => {
    c.header('cache-control', 'public, s-maxage=30');
    return ok({ userId: optionalUser(c)?.userId ?? null });
  });
  registerEndpoint(t.registry, publicList, async ({ c }) => {
    c.header('cache-control', 'public, s-maxage=30');
    return ok({ n: 1 });
  });
});
afterAll(async () => {
  await t.close();
});

describe('Authorization: Bearer', () => {
  it('lets a valid token through and answers no-store, private', async () => {
    const token = await login();
    const res = await get('/v1/test/whoami', { authorization: `Bearer ${token}` });
    expect(await envelope(res)).toEqual({ statusCode: 200, message: '成功', data: { userId } });
    expect(res.headers.get('cache-control')).toBe('no-store, private');
    expect(res.headers.get('x-access-token')).toBeNull();
  });

  it('stores only the SHA-256 of a token with 256 random bits and a 30-day expiry', async () => {
    const token = await login();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await t.database.db
      .select()
      .from(authTokens)
      .where(eq(authTokens.tokenHash, sha256Hex(token)));
    expect(rows).toHaveLength(1);
    const days = (rows[0]!.expiresAt.getTime() - rows[0]!.issuedAt.getTime()) / 86_400_000;
    expect(days).toBe(30);
    const all = await t.database.db.select().from(authTokens);
    expect(JSON.stringify(all)).not.toContain(token);
  });

  it.each([
    ['no header', {}],
    ['empty Bearer', { authorization: 'Bearer ' }],
    ['Bearer null', { authorization: 'Bearer null' }],
    ['Bearer undefined', { authorization: 'Bearer undefined' }],
    ['a made-up token', { authorization: `Bearer ${'A'.repeat(43)}` }],
    ['Basic scheme', { authorization: 'Basic dXNlcjpwYXNz' }],
  ])('answers %s with the 301 envelope, never a 500', async (_name, headers) => {
    const res = await get('/v1/test/whoami', headers);
    expect(res.status).toBe(200);
    expect(await envelope(res)).toEqual({ statusCode: 301, message: '未登录或登录过期，请重新登录', data: null });
  });

  it('answers a truncated or extended real token with 301', async () => {
    const token = await login();
    for (const bad of [token.slice(0, -1), `${token}x`, token.toLowerCase() === token ? `${token.slice(0, -1)}Z` : token.toLowerCase()]) {
      const body = await envelope(await get('/v1/test/whoami', { authorization: `Bearer ${bad}` }));
      expect(body.statusCode).toBe(301);
    }
  });

  it('ignores a token in the query string or a cookie (security.md D32, H60)', async () => {
    const token = await login();
    expect((await envelope(await get(`/v1/test/whoami?token=${token}`))).statusCode).toBe(301);
    expect((await envelope(await get('/v1/test/whoami', { cookie: `token=${token}` }))).statusCode).toBe(301);
  });

  it('treats an optional endpoint as anonymous without a token and as the user with one', async () => {
    const anon = await get('/v1/test/maybe');
    expect((await envelope<{ userId: number | null }>(anon)).data.userId).toBeNull();
    expect(anon.headers.get('cache-control')).toBe('public, s-maxage=30');
    const token = await login();
    const mine = await get('/v1/test/maybe', { authorization: `Bearer ${token}` });
    expect((await envelope<{ userId: number | null }>(mine)).data.userId).toBe(userId);
    // The handler asked for a public cache; a logged-in answer must never be shared (D30).
    expect(mine.headers.get('cache-control')).toBe('no-store, private');
  });

  it('never looks at the token on an endpoint without auth, so public lists carry no refresh header', async () => {
    const token = await login();
    await t.database.db
      .update(authTokens)
      .set({ issuedAt: new Date(Date.now() - TOKEN_ROTATE_AFTER_MS - 1000) })
      .where(eq(authTokens.tokenHash, sha256Hex(token)));
    const res = await get('/v1/test/public', { authorization: `Bearer ${token}` });
    expect(res.headers.get('x-access-token')).toBeNull();
    expect(res.headers.get('cache-control')).toBe('public, s-maxage=30');
  });
});

describe('token refresh', () => {
  it('does not rotate a token younger than 2 hours', async () => {
    const token = await login();
    const res = await get('/v1/test/whoami', { authorization: `Bearer ${token}` });
    expect(res.headers.get('x-access-token')).toBeNull();
  });

  it('rotates an older token once, keeps the old one for the grace period and the same absolute expiry', async () => {
    const token = await login();
    const hash = sha256Hex(token);
    await t.database.db
      .update(authTokens)
      .set({ issuedAt: new Date(Date.now() - TOKEN_ROTATE_AFTER_MS - 1000) })
      .where(eq(authTokens.tokenHash, hash));
    const [first, second] = await Promise.all([
      get('/v1/test/whoami', { authorization: `Bearer ${token}` }),
      get('/v1/test/whoami', { authorization: `Bearer ${token}` }),
    ]);
    const fresh = [first.headers.get('x-access-token'), second.headers.get('x-access-token')].filter((v) => v !== null);
    // Parallel requests: exactly one wins the rotation; both succeed (no spurious logout, D31).
    expect(fresh).toHaveLength(1);
    expect((await envelope(first)).statusCode).toBe(200);
    expect((await envelope(second)).statusCode).toBe(200);
    const newToken = fresh[0]!;
    expect(newToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const refreshedResponse = first.headers.get('x-access-token') ? first : second;
    expect(refreshedResponse.headers.get('cache-control')).toBe('no-store, private');

    const [oldRow] = await t.database.db.select().from(authTokens).where(eq(authTokens.tokenHash, hash));
    const [newRow] = await t.database.db
      .select()
      .from(authTokens)
      .where(eq(authTokens.tokenHash, sha256Hex(newToken)));
    expect(oldRow!.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + TOKEN_GRACE_MS);
    expect(newRow!.family).toBe(oldRow!.family);
    const login30 = (newRow!.expiresAt.getTime() - Date.now()) / 86_400_000;
    expect(login30).toBeLessThan(30.01);

    // The old token still works inside the grace period, without rotating again.
    const again = await get('/v1/test/whoami', { authorization: `Bearer ${token}` });
    expect((await envelope(again)).statusCode).toBe(200);
    expect(again.headers.get('x-access-token')).toBeNull();
    // After the grace period it is dead; the new one works.
    await t.database.db
      .update(authTokens)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(authTokens.tokenHash, hash));
    expect((await envelope(await get('/v1/test/whoami', { authorization: `Bearer ${token}` }))).statusCode).toBe(301);
    expect((await envelope(await get('/v1/test/whoami', { authorization: `Bearer ${newToken}` }))).statusCode).toBe(200);
  });

  it('refuses an expired token', async () => {
    const token = await login();
    await t.database.db
      .update(authTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authTokens.tokenHash, sha256Hex(token)));
    expect((await envelope(await get('/v1/test/whoami', { authorization: `Bearer ${token}` }))).statusCode).toBe(301);
  });
});
