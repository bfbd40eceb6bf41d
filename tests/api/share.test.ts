import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ShareSignature } from '../../src/contract/share.ts';
import { getOrCreateSecretRepo } from '../../src/server/tokens/repo.ts';
import { createTestApp, envelope, type TestApp } from '../support/testApp.ts';

const PAGE = 'http://localhost/shancheng/NewsDetail?classId=1&newsId=5';

function sha1(text: string): string {
  return createHash('sha1').update(text).digest('hex');
}

function expectedSignature(ticket: string, d: ShareSignature): string {
  return sha1(`jsapi_ticket=${ticket}&noncestr=${d.nonceStr}&timestamp=${d.timestamp}&url=${d.url}`);
}

async function sign(t: TestApp, query: Record<string, string>) {
  const res = await t.app.request(`/api/share/signature?${new URLSearchParams(query).toString()}`);
  return { res, body: await envelope<ShareSignature>(res) };
}

describe('share signature with a configured ticket (SHARE_TICKET)', () => {
  let t: TestApp;
  beforeAll(async () => {
    vi.stubEnv('SHARE_TICKET', 'configured-ticket-123');
    vi.stubEnv('SHARE_APP_ID', 'wx-test-app');
    t = await createTestApp();
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    await t.close();
  });

  it('signs our page with SHA-1 of the sorted fields, and returns the article card for its id', async () => {
    const before = Math.floor(Date.now() / 1000);
    const { res, body } = await sign(t, { url: `${PAGE}#comments`, id: '5' });
    expect(res.status).toBe(200);
    expect(body.statusCode).toBe(200);
    const d = body.data;
    expect(d.appId).toBe('wx-test-app');
    expect(d.url).toBe(PAGE);
    expect(d.nonceStr).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(d.timestamp).toBeGreaterThanOrEqual(before);
    expect(d.timestamp).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
    expect(d.signature).toBe(expectedSignature('configured-ticket-123', d));
    expect(d.card).not.toBeNull();
    expect(d.card?.title.length).toBeGreaterThan(0);
    expect(d.card?.link).toBe(PAGE);
    expect(d.card?.imgUrl === '' || d.card?.imgUrl.startsWith('http://localhost/')).toBe(true);
  });

  it('gives a fresh nonce each call', async () => {
    const a = await sign(t, { url: PAGE });
    const b = await sign(t, { url: PAGE });
    expect(a.body.data.nonceStr).not.toBe(b.body.data.nonceStr);
    expect(a.body.data.card).toBeNull();
  });

  it('has no card for an unknown article, but still signs', async () => {
    const { body } = await sign(t, { url: PAGE, id: '999999' });
    expect(body.statusCode).toBe(200);
    expect(body.data.card).toBeNull();
  });

  it.each([
    ['another site', 'https://evil.example/shancheng/home/1'],
    ['a look-alike host', 'http://localhost.evil.example/shancheng/home/1'],
    ['a path outside the app', 'http://localhost/v1/news/getDetails'],
    ['an internal address', 'http://169.254.169.254/latest/meta-data'],
    ['a file URL', 'file:///etc/passwd'],
    ['a relative path', '/shancheng/home/1'],
  ])('refuses %s', async (_name, url) => {
    const { res, body } = await sign(t, { url });
    expect(res.status).toBe(200);
    expect(body).toEqual({ statusCode: 400, message: '只能为本站页面签名', data: null });
  });

  it.each([
    ['no url', {}, '缺少'],
    ['an empty url', { url: '' }, '缺少页面地址'],
    ['a bad id', { url: PAGE, id: '1e3' }, '参数错误'],
    ['a huge url', { url: `${PAGE}&x=${'a'.repeat(2100)}` }, '页面地址过长'],
  ])('answers %s with a Chinese parameter error', async (_name, query, text) => {
    const { res, body } = await sign(t, query as Record<string, string>);
    expect(res.status).toBe(400);
    expect(body.message).toContain(text);
  });

  it('refuses a duplicated url parameter', async () => {
    const res = await t.app.request(`/api/share/signature?url=${encodeURIComponent(PAGE)}&url=${encodeURIComponent('https://evil.example/shancheng/')}`);
    expect(res.status).toBe(400);
  });
});

describe('share signature with the development ticket (no SHARE_TICKET)', () => {
  let t: TestApp;
  beforeAll(async () => {
    vi.stubEnv('SHARE_TICKET', '');
    t = await createTestApp();
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    await t.close();
  });

  it('signs with a random ticket kept in the database, the same on every call', async () => {
    const a = await sign(t, { url: PAGE });
    const b = await sign(t, { url: PAGE });
    const ticket = await getOrCreateSecretRepo(t.database, 'share_jsapi_ticket', () => 'must-not-be-created-now');
    expect(ticket).not.toBe('must-not-be-created-now');
    expect(ticket.length).toBeGreaterThanOrEqual(32);
    expect(a.body.data.signature).toBe(expectedSignature(ticket, a.body.data));
    expect(b.body.data.signature).toBe(expectedSignature(ticket, b.body.data));
  });
});
