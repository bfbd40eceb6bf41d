import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { apiCacheEnabled, apiMicroCache } from './apiMicroCache.ts';
import type { WriteScope } from './writeScope.ts';

function makeApp(options: { enabled?: boolean; now?: () => number } = {}) {
  const app = new Hono();
  const cache = apiMicroCache({ enabled: options.enabled ?? true, ttlMs: 1000, keepOnWrite: ['/count'], ...(options.now ? { now: options.now } : {}) });
  const calls = { n: 0 };
  let value = 1;
  app.use('*', async (c, next) => {
    c.header('x-request-id', `r${Math.random()}`);
    await next();
  });
  app.use('*', cache);
  app.get('/public', (c) => {
    calls.n++;
    c.header('cache-control', 'public, max-age=0, s-maxage=30');
    return c.json({ value });
  });
  app.get('/private', (c) => {
    calls.n++;
    return c.json({ value });
  });
  app.get('/cookie', (c) => {
    calls.n++;
    c.header('cache-control', 'public, s-maxage=30');
    c.header('set-cookie', 'a=b');
    return c.json({ value });
  });
  app.post('/write', (c) => {
    value++;
    return c.json({ ok: true });
  });
  app.post('/count', (c) => c.json({ ok: true }));
  app.post('/fails', (c) => c.json({ ok: false }, 400));
  return { app, calls, cache };
}

const json = async (res: Response) => (await res.json()) as { value: number };

describe('apiMicroCache', () => {
  it('peek: the fast path of the server gets a fresh entry by path and query, the same answer the app replays, and nothing else', async () => {
    let t = 0;
    const { app, calls, cache } = makeApp({ now: () => t });
    expect(cache.peek('/public', 'gzip')).toBeNull();
    await app.request('http://127.0.0.1:4000/public');
    const fast = cache.peek('/public', undefined);
    expect(fast?.status).toBe(200);
    expect(fast?.headers['x-api-cache']).toBe('hit');
    expect(fast?.headers['cache-control']).toContain('public');
    // Never the request id of the answer it was kept from: the server adds its own.
    expect(fast?.headers['x-request-id']).toBeUndefined();
    expect(JSON.parse(new TextDecoder().decode(fast?.body))).toEqual({ value: 1 });
    const replayed = await app.request('http://example.test/public');
    expect(new Uint8Array(await replayed.arrayBuffer())).toEqual(fast?.body);
    expect(calls.n).toBe(1);
    expect(cache.peek('/private', undefined)).toBeNull();
    // Keys are path and query as the URL parser writes them: the raw and the percent-encoded query are one entry.
    await app.request('/public?a=%E9%87%8D');
    expect(cache.peek('/public?a=重', undefined)?.status).toBe(200);
    expect(cache.peek('/public?a=other', undefined)).toBeNull();
    await app.request('/private');
    t = 1000;
    expect(cache.peek('/public', undefined)).toBeNull();
  });

  it('peek leaves a request target the URL parser refuses to the app', async () => {
    const { app, cache } = makeApp();
    await app.request('/public');
    expect(() => cache.peek('http://[', undefined)).not.toThrow();
    expect(cache.peek('http://[', undefined)).toBeNull();
  });

  it('peek answers nothing when the cache is off', async () => {
    const { app, cache } = makeApp({ enabled: false });
    await app.request('/public');
    expect(cache.peek('/public', undefined)).toBeNull();
  });

  it('replays a public JSON answer within the TTL with a fresh request id, and asks again after it', async () => {
    let t = 0;
    const { app, calls } = makeApp({ now: () => t });
    const first = await app.request('/public');
    const second = await app.request('/public');
    expect(calls.n).toBe(1);
    expect(second.headers.get('x-api-cache')).toBe('hit');
    expect(second.headers.get('cache-control')).toContain('public');
    expect(second.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));
    expect(await json(second)).toEqual({ value: 1 });
    t = 1000;
    await app.request('/public');
    expect(calls.n).toBe(2);
  });

  it('names a public answer’s invalidation tags (Surrogate-Key, Cache-Tag), kept and replayed, with the cache on or off; never a private one', async () => {
    for (const enabled of [true, false]) {
      const { app, cache } = makeApp({ enabled });
      for (let i = 0; i < 2; i++) {
        const res = await app.request('/public?newsId=7');
        expect(res.headers.get('surrogate-key')).toBe('all news-7');
        expect(res.headers.get('cache-tag')).toBe('all,news-7');
      }
      expect(cache.peek('/public?newsId=7', undefined)?.headers['surrogate-key'] ?? null).toBe(enabled ? 'all news-7' : null);
      expect((await app.request('/private')).headers.get('surrogate-key')).toBeNull();
    }
  });

  it('drops the answers an invalidation from another process names by tag', async () => {
    const { app, calls, cache } = makeApp();
    await app.request('/public?newsId=7');
    await app.request('/public?newsId=8');
    cache.invalidateTags(['news-7']);
    await app.request('/public?newsId=7');
    expect((await app.request('/public?newsId=8')).headers.get('x-api-cache')).toBe('hit');
    expect(calls.n).toBe(3);
    cache.invalidateTags(['all']);
    await app.request('/public?newsId=8');
    expect(calls.n).toBe(4);
  });

  it.each([
    ['an answer without a public policy', '/private', {}],
    ['an answer that sets a cookie', '/cookie', {}],
    ['a request with Authorization', '/public', { authorization: 'Bearer x' }],
  ])('never keeps %s', async (_name, path, headers) => {
    const { app, calls } = makeApp();
    await app.request(path, { headers });
    const again = await app.request(path, { headers });
    expect(calls.n).toBe(2);
    expect(again.headers.get('x-api-cache')).toBeNull();
  });

  it('a successful write clears it; a failed write and a keepOnWrite path do not', async () => {
    const { app, calls } = makeApp();
    await app.request('/public');
    await app.request('/count', { method: 'POST' });
    await app.request('/fails', { method: 'POST' });
    await app.request('/public');
    expect(calls.n).toBe(1);
    await app.request('/write', { method: 'POST' });
    expect(await json(await app.request('/public'))).toEqual({ value: 2 });
    expect(calls.n).toBe(2);
  });

  it('a write scoped to one article drops only the answers about it; a scope of none drops nothing', async () => {
    const app = new Hono();
    const seen: string[] = [];
    const scopes = new Map<string, WriteScope>([
      ['/comment', { kind: 'item', newsId: 42 }],
      ['/login', { kind: 'none' }],
    ]);
    app.use(
      '*',
      apiMicroCache({
        enabled: true,
        writeScope: (c) => Promise.resolve(scopes.get(c.req.path) ?? { kind: 'all' }),
        onWrite: (path, scope) => seen.push(`${path} ${scope.kind}`),
      }),
    );
    const n = { about: 0, other: 0 };
    app.get('/list', (c) => {
      c.header('cache-control', 'public, s-maxage=30');
      const key = c.req.query('newsId') === '42' ? 'about' : 'other';
      n[key] += 1;
      return c.json({ n: n[key] });
    });
    for (const path of ['/comment', '/login']) app.post(path, (c) => c.json({}));
    const about = '/list?classId=101&newsId=42';
    const other = '/list?classId=101&newsId=421';
    await app.request(about);
    await app.request(other);
    await app.request('/login', { method: 'POST' });
    await app.request(about);
    expect(n).toEqual({ about: 1, other: 1 });
    await app.request('/comment', { method: 'POST' });
    expect(await json(await app.request(about))).toEqual({ n: 2 });
    expect((await app.request(other)).headers.get('x-api-cache')).toBe('hit');
    expect(n).toEqual({ about: 2, other: 1 });
    expect(seen).toEqual(['/login none', '/comment item']);
  });

  it('replays a large answer compressed in the encoding the request accepts', async () => {
    const app = new Hono();
    app.use('*', apiMicroCache({ enabled: true }));
    app.get('/big', (c) => {
      c.header('cache-control', 'public, s-maxage=30');
      return c.json({ text: 'x'.repeat(5000) });
    });
    await app.request('/big');
    const br = await app.request('/big', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    const { brotliDecompressSync, gunzipSync } = await import('node:zlib');
    expect(JSON.parse(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString())).toEqual({ text: 'x'.repeat(5000) });
    const gz = await app.request('/big', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toContain('xxxx');
    const plain = await app.request('/big');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(((await plain.json()) as { text: string }).text).toHaveLength(5000);
  });

  it('runs one call per key when many arrive at once; the others get its answer', async () => {
    const app = new Hono();
    let n = 0;
    app.use('*', apiMicroCache({ enabled: true }));
    app.get('/slow', async (c) => {
      n++;
      await new Promise((r) => setTimeout(r, 20));
      c.header('cache-control', 'public, s-maxage=30');
      return c.json({ n });
    });
    const answers = await Promise.all(Array.from({ length: 10 }, () => app.request('/slow')));
    expect(n).toBe(1);
    for (const a of answers) expect(await a.json()).toEqual({ n: 1 });
  });

  it('keeps nothing when disabled, but still reports writes', async () => {
    const writes: string[] = [];
    const app = new Hono();
    let n = 0;
    app.use('*', apiMicroCache({ enabled: false, keepOnWrite: ['/count'], onWrite: (path) => writes.push(path) }));
    app.get('/public', (c) => {
      n++;
      c.header('cache-control', 'public, s-maxage=30');
      return c.json({ n });
    });
    app.post('/write', (c) => c.json({}));
    app.post('/count', (c) => c.json({}));
    app.post('/fails', (c) => c.json({}, 400));
    await app.request('/public');
    await app.request('/public');
    expect(n).toBe(2);
    for (const path of ['/write', '/count', '/fails']) await app.request(path, { method: 'POST' });
    expect(writes).toEqual(['/write']);
  });

  it.each([
    [true, {}, true],
    [false, {}, false],
    [true, { API_CACHE: '0' }, false],
    [false, { API_CACHE: '1' }, true],
  ])('production %s with %o is %s', (production, env, expected) => {
    expect(apiCacheEnabled(production, env)).toBe(expected);
  });
});
