import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { cdnPurgeHook, InvalidationBus, parseTags, type InvalidationTransport } from './invalidationBus.ts';

const log = pino({ level: 'silent' });

/** Two buses joined by an in-memory "Redis": what one sends, the other receives (never its own). */
function pair(): [InvalidationTransport, InvalidationTransport] {
  const handlers: ((tags: string[]) => void)[][] = [[], []];
  const make = (me: 0 | 1): InvalidationTransport => ({
    send: (tags) => handlers[1 - me]!.forEach((h) => h([...tags])),
    onMessage: (h) => void handlers[me]!.push(h),
    close: async () => {},
  });
  return [make(0), make(1)];
}

class Recorder {
  seen: string[][] = [];
  invalidateTags(tags: readonly string[]): void {
    this.seen.push([...tags]);
  }
}

describe('InvalidationBus', () => {
  it('applies a change here at once, sends it to the other process, and purges the CDN once', () => {
    const [ta, tb] = pair();
    const a = new InvalidationBus();
    const b = new InvalidationBus();
    a.connect(ta);
    b.connect(tb);
    const onA = new Recorder();
    const onB = new Recorder();
    a.listen(onA);
    b.listen(onB);
    const purgedA: string[][] = [];
    const purgedB: string[][] = [];
    a.onPurge((tags) => purgedA.push([...tags]));
    b.onPurge((tags) => purgedB.push([...tags]));

    a.publish(['news-7', 'all']);
    expect(onA.seen).toEqual([['news-7', 'all']]);
    expect(onB.seen).toEqual([['news-7', 'all']]);
    expect(purgedA).toEqual([['news-7', 'all']]);
    expect(purgedB).toEqual([]);

    a.publish([]);
    expect(onB.seen).toHaveLength(1);
  });

  it('works alone without a transport', () => {
    const bus = new InvalidationBus();
    const r = new Recorder();
    bus.listen(r);
    bus.publish(['ref-ads']);
    expect(r.seen).toEqual([['ref-ads']]);
  });

  it('takes from another process only a short list of plain tags', () => {
    expect(parseTags(['news-1', 'bang-qa-any', 'ref-app_config'])).toEqual(['news-1', 'bang-qa-any', 'ref-app_config']);
    expect(parseTags([])).toBeNull();
    expect(parseTags('news-1')).toBeNull();
    expect(parseTags(['news 1'])).toBeNull();
    expect(parseTags(['NEWS'])).toBeNull();
    expect(parseTags([1])).toBeNull();
    expect(parseTags(Array.from({ length: 65 }, (_, i) => `news-${i}`))).toBeNull();
  });
});

describe('cdnPurgeHook', () => {
  let server: http.Server | null = null;
  afterEach(async () => {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    server = null;
  });

  it('POSTs the tags to CDN_PURGE_URL as JSON and as a Surrogate-Key header', async () => {
    const received = new Promise<{ method: string; url: string; key: string; body: unknown }>((resolve) => {
      server = http.createServer((req, res) => {
        let text = '';
        req.on('data', (c: Buffer) => (text += c.toString('utf8')));
        req.on('end', () => {
          res.end('ok');
          resolve({ method: req.method ?? '', url: req.url ?? '', key: String(req.headers['surrogate-key']), body: JSON.parse(text) as unknown });
        });
      });
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', () => resolve()));
    const { port } = server!.address() as AddressInfo;
    const bus = new InvalidationBus();
    bus.onPurge(cdnPurgeHook(`http://127.0.0.1:${port}/purge?zone=sc`, log));
    bus.publish(['news-12', 'bang-politics-list']);
    expect(await received).toEqual({
      method: 'POST',
      url: '/purge?zone=sc',
      key: 'news-12 bang-politics-list',
      body: { tags: ['news-12', 'bang-politics-list'] },
    });
  });
});
