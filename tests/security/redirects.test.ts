/**
 * Open redirects (security.md H62): every redirect target goes through one gate
 * (src/lib/safeUrl.ts ownTarget) that resolves dot segments — also percent-encoded ones, backslashes and
 * `//host` tricks — before it requires our own origin and the base path. Attacked here through the
 * development OAuth provider (GET authorize, POST approve), the login pages' `redirect`, and the gate.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownTarget, safeRedirectPath, safeUrl } from '../../src/lib/safeUrl.ts';
import { createApiApp } from '../../src/server/app/createApiApp.ts';
import { createTestApp, type TestApp } from '../support/testApp.ts';

/** Targets that a browser resolves to another host (or that hide such a path behind a decoding). */
const ESCAPES = [
  '/shancheng/..//evil.example',
  '/shancheng/../..//evil.example',
  '/shancheng/%2e%2e//evil.example',
  '/shancheng/%2E%2E/%2e%2E//evil.example',
  '/shancheng/.%2e//evil.example',
  '/shancheng/%2e%2e%2f%2fevil.example',
  '/shancheng/..%2f..%2f/evil.example',
  '/shancheng/%252e%252e//evil.example',
  '/shancheng/..\\/evil.example',
  '/shancheng/%5c..%5c/evil.example',
  '/shancheng\\..\\..\\\\evil.example',
  '/shancheng/./..//evil.example',
  '/shancheng/..;/..//evil.example',
  '//evil.example/shancheng/LoginPage',
  '/\\evil.example/shancheng/LoginPage',
  '\\\\evil.example/shancheng/LoginPage',
  '%2F%2Fevil.example/shancheng/LoginPage',
  'https://evil.example/shancheng/LoginPage',
  'https://news.example@evil.example/shancheng/LoginPage',
  'https://evil.example#@news.example/shancheng/LoginPage',
  ' /shancheng/..//evil.example',
  '/shancheng/\t..//evil.example',
  '/shancheng/%0a..//evil.example',
  '/shanchengevil/x',
  '/other/path',
  'javascript:alert(1)//shancheng/',
];

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => {
  await t.close();
});

function approve(app: TestApp['app'], redirectUri: string): Promise<Response> {
  return Promise.resolve(
    app.request('/api/dev/oauth/approve', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ redirect_uri: redirectUri, state: 'abcdefgh12345678', nickname: '甲' }).toString(),
    }),
  );
}

describe('the development OAuth provider sends the browser back only to our own pages', () => {
  it.each(ESCAPES)('approve refuses redirect_uri=%j (no Location)', async (target) => {
    const res = await approve(t.app, target);
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
  });

  it.each(ESCAPES)('authorize refuses redirect_uri=%j', async (target) => {
    const res = await t.app.request(`/api/dev/oauth/authorize?redirect_uri=${encodeURIComponent(target)}&state=abcdefgh12345678`);
    expect(res.status).toBe(400);
    expect(await res.text()).not.toContain('evil.example');
  });

  it('approves to our own page, with code and state', async () => {
    const res = await approve(t.app, '/shancheng/LoginPage?redirect=%2Fshancheng%2FNewsDetail%3FclassId%3D1');
    expect(res.status).toBe(302);
    const location = res.headers.get('location')!;
    expect(location.startsWith('/shancheng/LoginPage?')).toBe(true);
    const back = new URL(location, 'http://own.test');
    expect(back.searchParams.get('redirect')).toBe('/shancheng/NewsDetail?classId=1');
    expect(back.searchParams.get('state')).toBe('abcdefgh12345678');
    expect(back.searchParams.get('code')).toMatch(/.+/);
  });

  it('accepts an absolute URL on PUBLIC_ORIGIN only, and answers with its path', async () => {
    const deps = t.registry.deps;
    const app = createApiApp({ ...deps, config: { ...deps.config, publicOrigin: 'https://news.example' } }).app;
    const own = await approve(app, 'https://news.example/shancheng/LoginPage');
    expect(own.status).toBe(302);
    expect(own.headers.get('location')).toMatch(/^\/shancheng\/LoginPage\?code=/);
    expect((await approve(app, 'https://news.example/shancheng/..//evil.example')).status).toBe(400);
    expect((await approve(app, 'https://news.example.evil.example/shancheng/LoginPage')).status).toBe(400);
  });
});

describe('the one redirect-target gate', () => {
  it.each(ESCAPES)('ownTarget(%j) is null; login redirect goes home; an href is dropped', (target) => {
    expect(ownTarget(target, ['https://news.example'])).toBeNull();
    expect(safeRedirectPath(target, ['https://news.example'])).toBe('/shancheng/home/1');
    if (!/^https?:/.test(target)) expect(safeUrl(target)).toBeNull();
  });

  it.each([
    ['/shancheng', '/shancheng'],
    ['/shancheng/NewsDetail?classId=1&newsId=2#comments', '/shancheng/NewsDetail?classId=1&newsId=2#comments'],
    ['/shancheng/LoginPage?redirect=%2Fshancheng%2Fhome%2F1', '/shancheng/LoginPage?redirect=%2Fshancheng%2Fhome%2F1'],
    ['https://news.example/shancheng/home/13?x=1', '/shancheng/home/13?x=1'],
  ])('ownTarget(%j) is %j', (target, expected) => {
    expect(ownTarget(target, ['https://news.example'])).toBe(expected);
  });

  it('refuses any dot segment, even one that would stay inside the base path', () => {
    expect(ownTarget('/shancheng/BangBang/../home/1')).toBeNull();
    expect(ownTarget('/shancheng/home/1?back=/shancheng/../x')).toBeNull();
  });
});
