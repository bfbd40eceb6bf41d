/**
 * Sits between main.ts and the Astro handler for /shancheng pages (ADR 001):
 * - an HTML page is buffered and its CSP trimmed to the hashes it uses (trimCspHashes.ts); a 200 one also
 *   gets a weak `ETag` (a matching `If-None-Match` answers 304) and is
 *   sent compressed with a `content-length`;
 * - an anonymous page without its own Cache-Control gets the CDN policy
 *   `public, max-age=0, s-maxage=30, stale-while-revalidate=300` (a page opts out by setting its own),
 *   and a public one its invalidation tags as `Surrogate-Key` and `Cache-Tag` (writeScope.ts `tagsOfUrl`);
 * - an anonymous GET whose response is public is kept in the in-process page cache and served from
 *   memory (brotli/gzip made once) until the TTL or an invalidation; concurrent misses of one page
 *   render it once. `PAGE_CACHE=0` turns the cache off (ETag and compression stay).
 * - with a CDN for media (MEDIA_PUBLIC_BASE) the page's `/media/` addresses are linked through it and its CSP
 *   allows that origin in img-src and media-src (src/server/media/publicMedia.ts), before the ETag and cache.
 * Everything else (redirects, non-HTML answers, HEAD misses) streams through untouched; a 404 or error page
 * goes out through the compression step after its CSP is trimmed.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { trimCspHashes, type PageText } from './trimCspHashes.ts';
import { tagsOfUrl } from './writeScope.ts';
import { bodyIn, chooseEncoding, etagMatches, pageCacheKey, type PageCache, type PageEntry } from './pageCache.ts';
import { settings, type Settings } from '../../settings/settings.ts';
import type { MediaLinker } from '../media/publicMedia.ts';

export const ANONYMOUS_PAGE_CACHE_CONTROL = 'public, max-age=0, s-maxage=30, stale-while-revalidate=300';
/** Below this a compressed body is not worth its header (same threshold as the API's compression). */
const COMPRESS_THRESHOLD = 1024;
/** Headers that belong to one transfer, not to the page: never stored or replayed. */
const TRANSFER_HEADERS = new Set(['content-length', 'content-encoding', 'transfer-encoding', 'date', 'etag', 'age', 'connection', 'x-page-cache']);
/** The page HTML differs by host (app webview, messenger: spec 2.2, 2.11) and by Save-Data (src/lib/liteMode.ts), so shared caches must key on them too. */
const PAGE_VARY = ['accept-encoding', 'user-agent', 'save-data'];

export type PageCacheState = 'hit' | 'miss' | 'bypass';

export interface PageResponderOptions {
  cache: PageCache;
  /** False with `PAGE_CACHE=0` (the bench measures both). */
  enabled: boolean;
  /** Links the pages' media through MEDIA_PUBLIC_BASE (null or absent: pages keep `/media/`). */
  media?: MediaLinker | null;
}

/** `PAGE_CACHE=0` turns the anonymous page cache off. */
export function pageCacheEnabled(env: Settings = settings()): boolean {
  return env.PAGE_CACHE !== '0';
}

type WriteHead = ServerResponse['writeHead'];
type Write = ServerResponse['write'];
type End = ServerResponse['end'];
type Callback = (error?: Error | null) => void;

export class PageResponder {
  private readonly cache: PageCache;
  private readonly enabled: boolean;
  private readonly media: MediaLinker | null;

  constructor(options: PageResponderOptions) {
    this.cache = options.cache;
    this.enabled = options.enabled;
    this.media = options.media ?? null;
  }

  /** Answers a page request from the cache, or runs `render` (which writes the page to `res`) and captures it. */
  /**
   * A kept page sent at once, before anything else wraps the response (main.ts calls this ahead of the
   * compression step, which a kept page never needs: its brotli/gzip bodies are made once). False when
   * there is no entry now (a pending render included): `handle` then does the rest.
   */
  tryHit(req: IncomingMessage, res: ServerResponse): boolean {
    if (!this.enabled) return false;
    const key = pageCacheKey(req.method, req.url, req.headers);
    const entry = key === null ? undefined : this.cache.get(key);
    if (key === null || !entry) return false;
    this.send(req, res, entry, 'hit', key);
    return true;
  }

  async handle(req: IncomingMessage, res: ServerResponse, render: () => void): Promise<void> {
    const anonymousKey = pageCacheKey(req.method, req.url, req.headers);
    const key = this.enabled ? anonymousKey : null;
    if (key !== null) {
      let entry = this.cache.get(key);
      if (!entry) {
        const pending = this.cache.pending(key);
        if (pending) entry = (await pending) ?? undefined;
      }
      if (entry) {
        this.send(req, res, entry, 'hit', key);
        return;
      }
    }
    if (req.method !== 'GET') {
      render();
      return;
    }
    const settle = key !== null ? this.cache.begin(key) : null;
    this.capture(req, res, { key, anonymous: anonymousKey !== null, settle, generation: this.cache.generation });
    render();
  }

  private capture(
    req: IncomingMessage,
    res: ServerResponse,
    ctx: { key: string | null; anonymous: boolean; settle: ((entry: PageEntry | null) => void) | null; generation: number },
  ): void {
    const originalWriteHead = res.writeHead;
    const originalWrite = res.write;
    const originalEnd = res.end;
    let mode: 'pending' | 'buffer' | 'pass' = 'pending';
    const chunks: Buffer[] = [];

    const restore = (): void => {
      res.writeHead = originalWriteHead;
      res.write = originalWrite;
      res.end = originalEnd;
    };
    const release = (): void => ctx.settle?.(null);
    res.once('close', () => {
      // The reader went away (or the render failed mid-stream) before the page was complete.
      if (mode !== 'pass') restore();
      release();
    });
    const decide = (): void => {
      if (mode !== 'pending') return;
      const type = String(res.getHeader('content-type') ?? '');
      // Every HTML page is buffered, its CSP trimmed (a 404 for a deleted story is a common landing from a
      // share link); only a 200 is then cached and validated.
      mode = /^text\/html\b/i.test(type) ? 'buffer' : 'pass';
      if (mode === 'pass') {
        restore();
        release();
      }
    };

    const media = this.media;
    const finish = (raw: Buffer): void => {
      let body = raw;
      // The CSP trimming only looks for ASCII tags and hashes their bytes: without media links to rewrite, the
      // page is read as its bytes (a copy) rather than decoded as UTF-8 (trimCspHashes.ts `PageText`).
      let html: string;
      let text: PageText = 'utf8';
      if (media) {
        html = raw.toString('utf8');
        const linked = media.html(html);
        if (linked !== html) body = Buffer.from((html = linked), 'utf8');
      } else {
        html = raw.toString('latin1');
        text = 'latin1';
      }
      const csp = res.getHeader('content-security-policy');
      if (typeof csp === 'string') {
        const trimmed = trimCspHashes(csp, html, text);
        res.setHeader('content-security-policy', media ? media.csp(trimmed) : trimmed);
      }
      if (res.statusCode !== 200) {
        // A 404 or error page (or a render that failed after it began): no cache, no validator.
        release();
        res.end(body);
        return;
      }
      if (ctx.anonymous && !res.hasHeader('cache-control')) res.setHeader('cache-control', ANONYMOUS_PAGE_CACHE_CONTROL);
      if (ctx.anonymous && isPublic(res.getHeader('cache-control'))) {
        // What a CDN in front purges this page by (the invalidation bus's CDN_PURGE_URL hook sends the same tags).
        const tags = tagsOfUrl(req.url ?? '/');
        res.setHeader('surrogate-key', tags.join(' '));
        res.setHeader('cache-tag', tags.join(','));
      }
      const entry = makeEntry(res, body, this.cache.time());
      const storable = ctx.key !== null && isPublic(res.getHeader('cache-control')) && !res.hasHeader('set-cookie') && varyIsCovered(res.getHeader('vary'));
      const stored = storable && ctx.key !== null && this.cache.set(ctx.key, entry, ctx.generation);
      ctx.settle?.(stored ? entry : null);
      this.send(req, res, entry, stored ? 'miss' : 'bypass', stored ? ctx.key : null);
    };

    res.writeHead = function writeHead(status: number, ...rest: unknown[]) {
      if (mode === 'pending') {
        res.statusCode = status;
        const [first, second] = rest;
        if (typeof first === 'string') res.statusMessage = first;
        applyHeaders(res, typeof first === 'string' ? second : first);
        decide();
      }
      if (mode === 'pass') return originalWriteHead.call(res, res.statusCode);
      return res;
    } as WriteHead;

    res.write = function write(chunk: unknown, ...rest: unknown[]) {
      decide();
      if (mode === 'pass') return (originalWrite as (...args: unknown[]) => boolean).call(res, chunk, ...rest);
      const encoding = typeof rest[0] === 'string' ? (rest[0] as BufferEncoding) : undefined;
      chunks.push(toBuffer(chunk, encoding));
      const cb = rest.find((r): r is Callback => typeof r === 'function');
      if (cb) process.nextTick(cb);
      return true;
    } as Write;

    res.end = function end(...args: unknown[]) {
      decide();
      if (mode === 'pass') return (originalEnd as (...a: unknown[]) => ServerResponse).apply(res, args);
      const cb = args.find((r): r is Callback => typeof r === 'function');
      const chunk = typeof args[0] === 'function' ? undefined : args[0];
      const encoding = typeof args[1] === 'string' ? (args[1] as BufferEncoding) : undefined;
      if (chunk !== undefined && chunk !== null) chunks.push(toBuffer(chunk, encoding));
      restore();
      mode = 'pass';
      if (cb) res.once('finish', () => cb());
      finish(Buffer.concat(chunks));
      return res;
    } as End;
  }

  private send(req: IncomingMessage, res: ServerResponse, entry: PageEntry, state: PageCacheState, key: string | null): void {
    for (const [name, value] of Object.entries(entry.headers)) res.setHeader(name, value);
    res.setHeader('etag', entry.etag);
    res.setHeader('vary', mergeVary(res.getHeader('vary')));
    res.setHeader('x-page-cache', state);
    if (state === 'hit') res.setHeader('age', Math.max(0, Math.floor((this.cache.time() - entry.storedAt) / 1000)));
    if (etagMatches(req.headers['if-none-match'], entry.etag)) {
      res.statusCode = 304;
      res.removeHeader('content-type');
      res.end();
      return;
    }
    res.statusCode = entry.status;
    let body = entry.body;
    const encoding = chooseEncoding(req.headers['accept-encoding']);
    if (encoding !== 'identity' && body.length >= COMPRESS_THRESHOLD) {
      // A page not kept in the cache is compressed for this one answer: the fast levels.
      const variant = bodyIn(entry, encoding, key === null);
      body = variant.body;
      if (key !== null && variant.added > 0) this.cache.grew(key, variant.added);
      res.setHeader('content-encoding', encoding);
    }
    res.setHeader('content-length', body.length);
    res.end(req.method === 'HEAD' ? undefined : body);
  }
}

function applyHeaders(res: ServerResponse, headers: unknown): void {
  if (!headers) return;
  if (Array.isArray(headers)) {
    // [[name, value], …] or the raw [name, value, name, value, …] form.
    if (headers.every((h) => Array.isArray(h))) {
      for (const [name, value] of headers as [string, string][]) appendHeader(res, name, value);
    } else {
      for (let i = 0; i + 1 < headers.length; i += 2) appendHeader(res, String(headers[i]), String(headers[i + 1]));
    }
    return;
  }
  for (const [name, value] of Object.entries(headers as OutgoingHttpHeaders)) {
    if (value !== undefined) res.setHeader(name, value);
  }
}

function appendHeader(res: ServerResponse, name: string, value: string): void {
  const existing = res.getHeader(name);
  if (existing === undefined) res.setHeader(name, value);
  else res.setHeader(name, [...(Array.isArray(existing) ? existing : [String(existing)]), value]);
}

function toBuffer(chunk: unknown, encoding: BufferEncoding | undefined): Buffer {
  if (Buffer.isBuffer(chunk)) return chunk;
  if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  return Buffer.from(String(chunk), encoding ?? 'utf8');
}

function makeEntry(res: ServerResponse, body: Buffer, now: number): PageEntry {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(res.getHeaders())) {
    if (value === undefined || TRANSFER_HEADERS.has(name)) continue;
    headers[name] = Array.isArray(value) ? value : String(value);
  }
  const etag = `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
  return { status: 200, headers, body, etag, storedAt: now, variants: {} };
}

function headerText(value: string | number | string[] | undefined): string {
  if (value === undefined) return '';
  return Array.isArray(value) ? value.join(',') : String(value);
}

/** Public and storable: a shared cache may keep it (RFC 9111 3); private/no-store/no-cache may not. */
function isPublic(cacheControl: string | number | string[] | undefined): boolean {
  const cc = headerText(cacheControl).toLowerCase();
  return /\bpublic\b/.test(cc) && !/\b(private|no-store|no-cache)\b/.test(cc);
}

/** The cache keys on the URL, the encoding and the host from the user agent; a page varying on more is not stored. */
function varyIsCovered(vary: string | number | string[] | undefined): boolean {
  const names = headerText(vary)
    .split(',')
    .map((v) => v.trim().toLowerCase())
    .filter(Boolean);
  return names.every((n) => PAGE_VARY.includes(n));
}

function mergeVary(vary: string | number | string[] | undefined): string {
  const names = headerText(vary)
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  const lower = new Set(names.map((n) => n.toLowerCase()));
  for (const n of PAGE_VARY) if (!lower.has(n)) names.push(n);
  return names.join(', ');
}
