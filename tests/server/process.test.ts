/**
 * The one server process as a user runs it: routing by prefix, redirects, compression, immutable
 * assets, health, and SIGTERM closing cleanly with the data still there on the next start.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type ServerProcess } from '../support/serverProcess.ts';

let server: ServerProcess;

beforeAll(async () => {
  // A user's first start: it seeds the demo (asserted below).
  server = await startServer({ coldStart: true });
});
afterAll(async () => {
  if (server.child.exitCode === null) server.child.kill('SIGKILL');
});

/** A raw GET (fetch would decompress transparently and hide content-encoding). */
function rawGet(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}

describe('the server process', () => {
  it.each(['/', '/shancheng', '/shancheng/'])('redirects %s to the home channel', async (p) => {
    const res = await rawGet(server.origin + p);
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/shancheng/home/1');
  });

  it('serves the home page with brotli and gzip', async () => {
    const br = await rawGet(`${server.origin}/shancheng/home/1`, { 'accept-encoding': 'br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    const gz = await rawGet(`${server.origin}/shancheng/home/1`, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
  });

  it('sends API calls to the API with compression', async () => {
    const res = await rawGet(`${server.origin}/kratos/v2/channel/getList?type=web`, { 'accept-encoding': 'gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('serves built assets as immutable and pre-compressed', async () => {
    const html = (await rawGet(`${server.origin}/shancheng/home/1`)).body.toString();
    const asset = /(\/shancheng\/_astro\/[^"']+\.(?:js|css))/.exec(html)?.[1];
    expect(asset).toBeDefined();
    const res = await rawGet(server.origin + asset!, { 'accept-encoding': 'br, gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const again = await rawGet(server.origin + asset!, { 'if-none-match': String(res.headers.etag) });
    expect(again.status).toBe(304);
  });

  it('serves seeded media and refuses paths outside the media folder', async () => {
    const html = (await rawGet(`${server.origin}/shancheng/home/1`)).body.toString();
    const media = /src="(\/media\/[^"?]+\.webp)(?:\?w=\d+)?"/.exec(html)?.[1];
    expect(media).toBeDefined();
    const res = await rawGet(server.origin + media!);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // A list thumbnail at its display size: resized on the server, smaller than the original.
    const sized = await rawGet(`${server.origin}${media!}?w=120`);
    expect(sized.status).toBe(200);
    expect(sized.headers['content-type']).toBe('image/webp');
    expect(sized.body.length).toBeLessThan(res.body.length);
    expect((await rawGet(`${server.origin}${media!}?w=121`)).status).toBe(404);
    expect((await rawGet(`${server.origin}/media/..%2F..%2Fetc%2Fpasswd`)).status).toBe(404);
    expect((await rawGet(`${server.origin}/media/../db/PG_VERSION`)).status).toBe(404);
  });

  it('answers /healthz and /readyz without secrets', async () => {
    const health = await fetch(`${server.origin}/healthz`);
    expect(await health.json()).toEqual({ status: 'ok', database: 'ok' });
    const ready = await fetch(`${server.origin}/readyz`);
    expect(await ready.json()).toEqual({ status: 'ready' });
  });

  it('redirects a path in other letter case to the spec spelling', async () => {
    const res = await rawGet(`${server.origin}/shancheng/HOME/1`);
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe('/shancheng/home/1');
    const detail = await rawGet(`${server.origin}/shancheng/newsdetail?classId=1&newsId=2`);
    expect(detail.status).toBe(301);
    expect(detail.headers.location).toBe('/shancheng/NewsDetail?classId=1&newsId=2');
  });

  it('drains on SIGTERM, exits 0, and keeps the data for the next start without seeding again', async () => {
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('demo data loaded');
    const again = await startServer({ dataDir: server.dataDir });
    try {
      const res = await fetch(`${again.origin}/kratos/v1/channel/home?channelId=1&page=1`);
      const body = (await res.json()) as { data: { list: unknown[] } };
      expect(body.data.list.length).toBe(20);
      expect(again.output()).not.toContain('demo data loaded');
    } finally {
      again.child.kill('SIGTERM');
      expect(await again.exited).toBe(0);
    }
  });
});
