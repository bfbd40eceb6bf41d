import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { PageCache } from './pageCache.ts';
import { ANONYMOUS_PAGE_CACHE_CONTROL, PageResponder } from './pageResponder.ts';

interface RenderSpec {
  status?: number;
  type?: string;
  cacheControl?: string | null;
  setCookie?: boolean;
  vary?: string;
  /** Milliseconds the render takes before its first byte (to overlap concurrent misses). */
  delayMs?: number;
  /** The render writes once this settles (a test that must act while a render is under way). */
  gate?: Promise<void>;
}

interface Harness {
  origin: string;
  renders: () => number;
  fastHits: () => number;
  cache: PageCache;
  clock: { now: number };
  spec: RenderSpec;
  close: () => Promise<void>;
}

const servers: Harness[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

const PAGE = `<!doctype html><html><body>${'<li>山城新闻 重庆 第一屏</li>'.repeat(200)}</body></html>`;

/** A server whose render writes like Astro's writeResponse: writeHead(status, headers), chunks, end(). */
async function harness(options: { enabled?: boolean; fastPath?: boolean } = {}): Promise<Harness> {
  const clock = { now: 1_000_000 };
  const cache = new PageCache({ now: () => clock.now });
  const responder = new PageResponder({ cache, enabled: options.enabled ?? true });
  const spec: RenderSpec = {};
  let count = 0;
  const render = (req: IncomingMessage, res: ServerResponse): void => {
    count += 1;
    const headers: Record<string, string | string[]> = { 'content-type': spec.type ?? 'text/html' };
    if (spec.cacheControl !== null) headers['cache-control'] = spec.cacheControl ?? ANONYMOUS_PAGE_CACHE_CONTROL;
    if (spec.setCookie) headers['set-cookie'] = ['a=1'];
    if (spec.vary) headers['vary'] = spec.vary;
    const body = `${PAGE}<!-- ${req.url} -->`;
    const write = (): void => {
      res.writeHead(spec.status ?? 200, headers);
      res.write(body.slice(0, 100));
      res.write(Buffer.from(body.slice(100)));
      res.end();
    };
    if (spec.gate) void spec.gate.then(write);
    else setTimeout(write, spec.delayMs ?? 0);
  };
  let fast = 0;
  const server = http.createServer((req, res) => {
    // main.ts asks tryHit first, ahead of its compression step.
    if (options.fastPath && responder.tryHit(req, res)) {
      fast += 1;
      return;
    }
    void responder.handle(req, res, () => render(req, res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const h: Harness = {
    origin: `http://127.0.0.1:${port}`,
    renders: () => count,
    fastHits: () => fast,
    cache,
    clock,
    spec,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  servers.push(h);
  return h;
}

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function get(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
  return new Promise((resolve, reject) => {
    http
      .request(url, { headers, method, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject)
      .end();
  });
}

const APP_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) ShanchengApp/7.1.0';
const MESSENGER_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) MicroMessenger/8.0.50';

describe('PageResponder and the anonymous page cache', () => {
  it('tryHit answers a kept page exactly as handle does, and leaves misses, tokens and a disabled cache to handle', async () => {
    const slow = await harness();
    const fast = await harness({ fastPath: true });
    const strip = (r: Raw) => {
      const { date: _d, age: _a, connection: _c, 'keep-alive': _k, ...rest } = r.headers;
      return rest;
    };
    for (const h of [slow, fast]) await get(`${h.origin}/shancheng/home/1`, { 'accept-encoding': 'br' });
    expect(fast.fastHits()).toBe(0);
    const viaHandle = await get(`${slow.origin}/shancheng/home/1`, { 'accept-encoding': 'br' });
    const viaTryHit = await get(`${fast.origin}/shancheng/home/1`, { 'accept-encoding': 'br' });
    expect(fast.fastHits()).toBe(1);
    expect(viaTryHit.headers['x-page-cache']).toBe('hit');
    expect(strip(viaTryHit)).toEqual(strip(viaHandle));
    expect(viaTryHit.body.equals(viaHandle.body)).toBe(true);
    const revalidated = await get(`${fast.origin}/shancheng/home/1`, { 'if-none-match': String(viaTryHit.headers.etag) });
    expect(revalidated.status).toBe(304);
    await get(`${fast.origin}/shancheng/home/1`, { authorization: 'Bearer x' });
    expect(fast.fastHits()).toBe(2);
    expect(fast.renders()).toBe(2);
    const off = await harness({ enabled: false, fastPath: true });
    await get(`${off.origin}/shancheng/home/1`);
    await get(`${off.origin}/shancheng/home/1`);
    expect(off.fastHits()).toBe(0);
    expect(off.renders()).toBe(2);
  });

  it('renders on a miss, then serves the same bytes from memory on a hit', async () => {
    const h = await harness();
    const first = await get(`${h.origin}/shancheng/home/1`);
    expect(first.status).toBe(200);
    expect(first.headers['x-page-cache']).toBe('miss');
    const second = await get(`${h.origin}/shancheng/home/1`);
    expect(second.headers['x-page-cache']).toBe('hit');
    expect(second.body.equals(first.body)).toBe(true);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.headers['cache-control']).toBe(ANONYMOUS_PAGE_CACHE_CONTROL);
    expect(h.renders()).toBe(1);
  });

  it.each([
    ['another path', '/shancheng/home/2', {}],
    ['another query', '/shancheng/home/1?page=2', {}],
    ['the app webview', '/shancheng/home/1', { 'user-agent': APP_UA }],
    ['the messenger', '/shancheng/home/1', { 'user-agent': MESSENGER_UA }],
  ])('keys on the URL and the host: %s is a miss', async (_label, path, headers: Record<string, string>) => {
    const h = await harness();
    await get(`${h.origin}/shancheng/home/1`);
    const other = await get(h.origin + path, headers);
    expect(other.headers['x-page-cache']).toBe('miss');
    expect(h.renders()).toBe(2);
  });

  it('never serves or stores a request that carries Authorization', async () => {
    const h = await harness();
    await get(`${h.origin}/shancheng/home/1`);
    const withAuth = await get(`${h.origin}/shancheng/home/1`, { authorization: 'Bearer x' });
    expect(withAuth.headers['x-page-cache']).toBe('bypass');
    expect(h.renders()).toBe(2);
    h.cache.invalidate();
    await get(`${h.origin}/shancheng/home/1`, { authorization: 'Bearer x' });
    expect(h.cache.size).toBe(0);
  });

  it.each([
    ['a private page', { cacheControl: 'private, max-age=0' }],
    ['a no-store page', { cacheControl: 'public, no-store' }],
    ['a page that sets a cookie', { setCookie: true }],
    ['a page that varies on a cookie', { vary: 'Cookie' }],
  ])('does not store %s', async (_label, spec: RenderSpec) => {
    const h = await harness();
    Object.assign(h.spec, spec);
    const first = await get(`${h.origin}/shancheng/x`);
    expect(first.status).toBe(200);
    expect(first.headers['x-page-cache']).toBe('bypass');
    await get(`${h.origin}/shancheng/x`);
    expect(h.renders()).toBe(2);
  });

  it.each([
    ['a 404 page', { status: 404 }],
    ['a JSON response', { type: 'application/json' }],
  ])('streams %s through untouched (no cache, no validator)', async (_label, spec: RenderSpec) => {
    const h = await harness();
    Object.assign(h.spec, spec);
    const res = await get(`${h.origin}/shancheng/x`);
    expect(res.status).toBe(spec.status ?? 200);
    expect(res.headers.etag).toBeUndefined();
    expect(res.headers['x-page-cache']).toBeUndefined();
    await get(`${h.origin}/shancheng/x`);
    expect(h.renders()).toBe(2);
  });

  it('gives an anonymous page without its own policy the CDN policy', async () => {
    const h = await harness();
    h.spec.cacheControl = null;
    const res = await get(`${h.origin}/shancheng/x`);
    expect(res.headers['cache-control']).toBe(ANONYMOUS_PAGE_CACHE_CONTROL);
    expect(res.headers['x-page-cache']).toBe('miss');
    expect(res.headers.vary).toBe('accept-encoding, user-agent, save-data');
  });

  it('names an anonymous public page’s invalidation tags for a CDN (Surrogate-Key, Cache-Tag), on a hit too', async () => {
    const h = await harness();
    h.spec.cacheControl = null;
    const miss = await get(`${h.origin}/shancheng/NewsDetail?classId=101&newsId=12`);
    expect(miss.headers['surrogate-key']).toBe('all news-12');
    expect(miss.headers['cache-tag']).toBe('all,news-12');
    const hit = await get(`${h.origin}/shancheng/NewsDetail?classId=101&newsId=12`);
    expect(hit.headers['x-page-cache']).toBe('hit');
    expect(hit.headers['surrogate-key']).toBe('all news-12');
    expect(h.cache.invalidateTags(['news-12'])).toBe(1);
    expect((await get(`${h.origin}/shancheng/NewsDetail?classId=101&newsId=12`)).headers['x-page-cache']).toBe('miss');
  });

  it('drops entries on invalidation by prefix, and all of them without one', async () => {
    const h = await harness();
    await get(`${h.origin}/shancheng/NewsDetail?newsId=1`);
    await get(`${h.origin}/shancheng/home/1`);
    expect(h.cache.invalidate('/NewsDetail')).toBe(1);
    expect((await get(`${h.origin}/shancheng/home/1`)).headers['x-page-cache']).toBe('hit');
    expect((await get(`${h.origin}/shancheng/NewsDetail?newsId=1`)).headers['x-page-cache']).toBe('miss');
    expect(h.cache.invalidate()).toBe(2);
    expect((await get(`${h.origin}/shancheng/home/1`)).headers['x-page-cache']).toBe('miss');
  });

  it('does not store a render that an invalidation overtook', async () => {
    const h = await harness();
    let open = (): void => undefined;
    h.spec.gate = new Promise<void>((resolve) => (open = resolve));
    const pending = get(`${h.origin}/shancheng/home/1`);
    // The invalidation lands while the render is under way (it has started and not yet written).
    await expect.poll(() => h.renders()).toBe(1);
    h.cache.invalidate('/home/');
    open();
    expect((await pending).headers['x-page-cache']).toBe('bypass');
    expect(h.cache.size).toBe(0);
  });

  it('expires an entry after the 30 s TTL', async () => {
    const h = await harness();
    await get(`${h.origin}/shancheng/home/1`);
    h.clock.now += 29_000;
    const young = await get(`${h.origin}/shancheng/home/1`);
    expect(young.headers['x-page-cache']).toBe('hit');
    expect(young.headers.age).toBe('29');
    h.clock.now += 1_000;
    expect((await get(`${h.origin}/shancheng/home/1`)).headers['x-page-cache']).toBe('miss');
  });

  it('renders a page once for concurrent misses', async () => {
    const h = await harness();
    h.spec.delayMs = 30;
    const all = await Promise.all(Array.from({ length: 8 }, () => get(`${h.origin}/shancheng/home/1`)));
    expect(h.renders()).toBe(1);
    expect(all.every((r) => r.status === 200 && r.body.equals(all[0]!.body))).toBe(true);
  });

  it.each([
    ['cached', true, 'hit'],
    ['with the cache off', false, 'bypass'],
  ])('answers 304 to a matching If-None-Match (%s)', async (_label, enabled, state) => {
    const h = await harness({ enabled });
    const first = await get(`${h.origin}/shancheng/home/1`);
    expect(first.headers.etag).toMatch(/^W\/"[\w-]{22}"$/);
    const again = await get(`${h.origin}/shancheng/home/1`, { 'if-none-match': String(first.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers['x-page-cache']).toBe(state);
    const changed = await get(`${h.origin}/shancheng/home/1`, { 'if-none-match': 'W/"other"' });
    expect(changed.status).toBe(200);
  });

  it('never stores anything with the cache off (PAGE_CACHE=0)', async () => {
    const h = await harness({ enabled: false });
    await get(`${h.origin}/shancheng/home/1`);
    await get(`${h.origin}/shancheng/home/1`);
    expect(h.renders()).toBe(2);
    expect(h.cache.size).toBe(0);
  });

  it.each([
    ['br', 'br, gzip', (b: Buffer) => brotliDecompressSync(b)],
    ['gzip', 'gzip, deflate', (b: Buffer) => gunzipSync(b)],
    ['identity', 'br;q=0, gzip;q=0', (b: Buffer) => b],
  ])('sends %s with a content-length, on a miss and on a hit', async (encoding, accept, decode) => {
    const h = await harness();
    for (const state of ['miss', 'hit']) {
      const res = await get(`${h.origin}/shancheng/home/1`, { 'accept-encoding': accept });
      expect(res.headers['x-page-cache']).toBe(state);
      expect(res.headers['content-encoding']).toBe(encoding === 'identity' ? undefined : encoding);
      expect(Number(res.headers['content-length'])).toBe(res.body.length);
      expect(decode(res.body).toString()).toContain('山城新闻 重庆 第一屏');
    }
  });

  it('answers HEAD from the cache without a body', async () => {
    const h = await harness();
    const full = await get(`${h.origin}/shancheng/home/1`);
    const head = await get(`${h.origin}/shancheng/home/1`, {}, 'HEAD');
    expect(head.headers['x-page-cache']).toBe('hit');
    expect(head.body.length).toBe(0);
    expect(head.headers['content-length']).toBe(String(full.body.length));
  });
});
