/**
 * Transport-level rules (security.md D26, D32, H60, H61, J80): identity only from the Authorization
 * header, CORS by exact origin, path variants of an endpoint are not a second door.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, envelope, type TestApp } from '../support/testApp.ts';
import { createTestUser, type TestUser } from '../support/testUsers.ts';

let t: TestApp;
let reader: TestUser;

beforeAll(async () => {
  process.env.CORS_ORIGINS = 'https://m.cqnews.net';
  t = await createTestApp();
  reader = await createTestUser(t.database);
  delete process.env.CORS_ORIGINS;
});
afterAll(async () => {
  await t.close();
});

const form = { 'content-type': 'application/x-www-form-urlencoded' };

describe('identity comes only from the Authorization header', () => {
  it('answers a logged-in call with the reader', async () => {
    const body = await envelope<{ userId: number }>(await t.app.request('/v1/user/baseInfo', { headers: reader.headers }));
    expect(body.statusCode).toBe(200);
  });

  it.each([
    ['a cookie', { cookie: `token=${'x'}; Authorization=Bearer x` }],
    ['no header', {}],
    ['Bearer null', { authorization: 'Bearer null' }],
    ['Bearer undefined', { authorization: 'Bearer undefined' }],
    ['an empty Bearer', { authorization: 'Bearer ' }],
    ['a truncated token', { authorization: 'Bearer abc' }],
  ])('treats %s as anonymous (statusCode 301, never a 500)', async (_name, headers) => {
    const res = await t.app.request('/v1/user/baseInfo', { headers: headers as Record<string, string> });
    expect(res.status).toBe(200);
    expect((await envelope(res)).statusCode).toBe(301);
  });

  it('ignores a real token sent as a cookie, in the query or in the body (cross-site forms cannot act)', async () => {
    const viaCookie = await t.app.request('/v1/comment/store', {
      method: 'POST',
      headers: { ...form, cookie: `token=${reader.token}` },
      body: 'classId=101&newsId=1&sayText=csrf',
    });
    expect((await envelope(viaCookie)).statusCode).toBe(301);
    const viaQuery = await t.app.request(`/v1/user/baseInfo?token=${reader.token}`);
    expect((await envelope(viaQuery)).statusCode).toBe(301);
    const viaBody = await t.app.request('/v1/comment/store', {
      method: 'POST',
      headers: form,
      body: `classId=101&newsId=1&sayText=csrf&token=${reader.token}`,
    });
    expect((await envelope(viaBody)).statusCode).toBe(301);
  });
});

describe('CORS', () => {
  it('answers a preflight from an allowed origin', async () => {
    const res = await t.app.request('/v1/like/do', {
      method: 'OPTIONS',
      headers: { origin: 'https://m.cqnews.net', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('https://m.cqnews.net');
    expect(res.headers.get('access-control-allow-headers')).toContain('authorization');
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it.each(['https://evil.example', 'https://m.cqnews.net.evil.example', 'https://evil.m.cqnews.net', 'null'])(
    'gives %s no Access-Control-Allow-Origin',
    async (origin) => {
      const pre = await t.app.request('/v1/like/do', { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST' } });
      expect(pre.headers.get('access-control-allow-origin')).toBeNull();
      const get = await t.app.request('/kratos/v1/init', { headers: { origin } });
      expect(get.headers.get('access-control-allow-origin')).toBeNull();
    },
  );

  it('exposes the refreshed-token header to an allowed origin', async () => {
    const res = await t.app.request('/kratos/v1/init', { headers: { origin: 'https://m.cqnews.net' } });
    expect(res.headers.get('access-control-expose-headers')).toContain('x-access-token');
  });
});

describe('path variants are not a second door (J80)', () => {
  it.each(['/v1/user/login/', '/v1/user/login.json', '/V1/user/login', '//v1/user/login', '/v1/user/login;x'])('%s is not the login endpoint', async (path) => {
    const res = await t.app.request(path, { method: 'POST', headers: form, body: 'phone=13800138000&password=x' });
    expect(res.status).toBe(404);
  });
});

describe('a percent-encoded path reaches the same endpoint and the same limits (J80)', () => {
  it('counts /v1/user/%6Cogin in the login throttle of the canonical path', async () => {
    const headers = { ...form, 'x-forwarded-for': '203.0.113.9' };
    const answers: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await t.app.request('/v1/user/login', { method: 'POST', headers, body: `phone=1380013${String(8000 + i)}&password=wrong-password-${i}` });
      answers.push((await envelope(res)).statusCode);
    }
    expect(answers).not.toContain(429);
    const variant = await t.app.request('/v1/user/%6Cogin', { method: 'POST', headers, body: 'phone=13800139999&password=wrong-password' });
    expect((await envelope(variant)).statusCode).toBe(429);
  });
});
