/**
 * A few seconds of in-process memory for public API answers (ADR 001; the API list p99 at c=50 was
 * 613 ms because every call ran its queries on the one Node thread). A GET whose answer the endpoint
 * itself marks `public` (the same answer for everyone at this URL, what a CDN may keep for 30 s) is
 * kept for `ttlMs` and replayed; page renders call the API in process, so a page cache miss profits too.
 *
 * Never kept: requests with Authorization (a reader's own answer), answers that are not public JSON
 * 200s, that set a cookie or a refreshed token. A successful write (a non-GET answered below 400)
 * through this API drops what it changed, as `writeScope` tells (writeScope.ts: nothing, the answers
 * about one article — URLs whose `newsId` names it — or everything, the default), except the writes
 * in `keepOnWrite` (the view beacon changes nothing but a count, every detail view sends it); a GET
 * that started before a write does not store what the write changed. The short TTL bounds what
 * another node's writes or a direct database edit leave stale; the CDN keeps these answers 30 s
 * anyway. `onWrite` lets the page cache follow the same writes. A replayed answer goes out compressed
 * once per entry and encoding (the server's compression step leaves an encoded answer alone).
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Context, MiddlewareHandler, Next } from 'hono';
import { TaggedCache } from '../cache/taggedCache.ts';
import { chooseEncoding } from './pageCache.ts';
import { itemOfScope, TAG_ALL, tagsOfItem, tagsOfUrl, type ItemRef, type WriteScope } from './writeScope.ts';
import { settings, type Settings } from '../../settings/settings.ts';
import { keepAnswerBody } from '../http/inProcessAnswers.ts';

export const API_CACHE_TTL_MS = 5_000;
const DEFAULT_MAX_BYTES = 16 * 1024 * 1024;
/** Headers that belong to one exchange (or are added around this middleware), never replayed. */
const SKIPPED_HEADERS = new Set(['x-request-id', 'vary', 'date', 'content-length', 'content-encoding']);
/** Same threshold as the server's compression step. */
const COMPRESS_THRESHOLD = 1024;

interface Entry {
  status: number;
  headers: [string, string][];
  body: Uint8Array;
  storedAt: number;
  variants: { br?: Uint8Array; gzip?: Uint8Array };
}

/** The body in the best encoding the request accepts, compressed once per entry (brotli 5, gzip 6). */
function encoded(entry: Entry, acceptEncoding: string | undefined): { body: Uint8Array; encoding: 'br' | 'gzip' | null; added: number } {
  const encoding = entry.body.byteLength >= COMPRESS_THRESHOLD ? chooseEncoding(acceptEncoding) : 'identity';
  if (encoding === 'identity') return { body: entry.body, encoding: null, added: 0 };
  const existing = entry.variants[encoding];
  if (existing) return { body: existing, encoding, added: 0 };
  const body =
    encoding === 'br'
      ? brotliCompressSync(entry.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: entry.body.byteLength } })
      : gzipSync(entry.body, { level: 6 });
  entry.variants[encoding] = body;
  return { body, encoding, added: body.byteLength };
}

function sizeOf(entry: Entry): number {
  return entry.body.byteLength + (entry.variants.br?.byteLength ?? 0) + (entry.variants.gzip?.byteLength ?? 0);
}

export interface ApiMicroCacheOptions {
  enabled: boolean;
  ttlMs?: number;
  maxBytes?: number;
  /** Write paths that never clear the cache. */
  keepOnWrite?: readonly string[];
  /** What a successful write changed; everything when absent or when it throws. */
  writeScope?: (c: Context) => Promise<WriteScope>;
  /** Called after every successful write not in `keepOnWrite` (also when the cache is off) with its scope: the page cache follows. */
  onWrite?: (path: string, scope: WriteScope) => void;
  now?: () => number;
}

/** A kept answer ready to send: what the middleware replays, for the server's fast path too. */
export interface ApiCacheReplay {
  status: number;
  headers: Record<string, string>;
  body: Uint8Array;
}

/**
 * The middleware, and `peek` for the Node server: a fresh entry for an anonymous GET, answered before the
 * request enters the API app at all (no Request/Response objects, no middleware chain) — ADR 001's API
 * list ratio. `peek` returns null for anything it does not keep; the request then takes the usual way.
 */
export type ApiMicroCache = MiddlewareHandler & {
  peek: (pathAndQuery: string, acceptEncoding: string | undefined) => ApiCacheReplay | null;
  /** Drops the answers carrying one of `tags` (`all`: every answer), as an invalidation from any process names them. */
  invalidateTags: (tags: readonly string[]) => void;
};

/** The key of a request: its path and query as the WHATWG URL parser writes them (host and scheme do not change an answer). */
export function apiCacheKey(url: string): string {
  const u = new URL(url, 'http://localhost');
  return `${u.pathname}${u.search}`;
}

/** `API_CACHE=0` turns it off, `API_CACHE=1` on; otherwise it is on in production only (tests and development see every write at once). */
export function apiCacheEnabled(production: boolean, env: Settings = settings()): boolean {
  if (env.API_CACHE === '0') return false;
  if (env.API_CACHE === '1') return true;
  return production;
}

/**
 * A public answer names its invalidation tags for a CDN in front (`Surrogate-Key` space-separated, `Cache-Tag`
 * comma-separated; purged through CDN_PURGE_URL: src/server/cache/invalidationBus.ts). Set before the answer
 * is kept, so a replay carries them too.
 */
function nameTags(c: Context): void {
  if (!isPublic(c.res.headers.get('cache-control')) || c.res.headers.has('surrogate-key')) return;
  const tags = tagsOfUrl(apiCacheKey(c.req.url));
  c.res.headers.set('surrogate-key', tags.join(' '));
  c.res.headers.set('cache-tag', tags.join(','));
}

function isPublic(cacheControl: string | null): boolean {
  const cc = (cacheControl ?? '').toLowerCase();
  return /\bpublic\b/.test(cc) && !/\b(private|no-store|no-cache)\b/.test(cc);
}

export function apiMicroCache(options: ApiMicroCacheOptions): ApiMicroCache {
  const ttlMs = options.ttlMs ?? API_CACHE_TTL_MS;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const keep = new Set(options.keepOnWrite ?? []);
  const now = options.now ?? Date.now;
  const cache = new TaggedCache<Entry>({ ttlMs, maxBytes, sizeOf, now });

  const clear = (): void => {
    cache.invalidateAll();
  };
  const dropItem = (item: ItemRef): void => {
    cache.invalidate(tagsOfItem(item));
  };
  const invalidateTags = (tags: readonly string[]): void => {
    if (tags.includes(TAG_ALL)) cache.invalidateAll();
    else cache.invalidate(tags);
  };
  const scopeOf = async (c: Context): Promise<WriteScope> => {
    if (!options.writeScope) return { kind: 'all' };
    try {
      return await options.writeScope(c);
    } catch {
      return { kind: 'all' };
    }
  };

  /** The entry's answer in the encoding the request accepts (compressed once per entry and encoding). */
  const replayOf = (key: string, entry: Entry, acceptEncoding: string | undefined): ApiCacheReplay => {
    const headers: Record<string, string> = { 'x-api-cache': 'hit' };
    for (const [name, value] of entry.headers) headers[name] = value;
    const out = encoded(entry, acceptEncoding);
    if (out.added > 0) cache.resized(key);
    if (out.encoding) headers['content-encoding'] = out.encoding;
    return { status: entry.status, headers, body: out.body };
  };

  /** A fresh entry, moved to the LRU's end; null when there is none. */
  const fresh = (key: string): Entry | null => cache.get(key) ?? null;

  const peek = (pathAndQuery: string, acceptEncoding: string | undefined): ApiCacheReplay | null => {
    if (!options.enabled) return null;
    let key: string;
    try {
      key = apiCacheKey(pathAndQuery);
    } catch {
      // A request target the URL parser refuses: the app answers it (400 from the server adapter).
      return null;
    }
    const hit = fresh(key);
    return hit ? replayOf(key, hit, acceptEncoding) : null;
  };

  const middleware: MiddlewareHandler = async (c, next) => {
    const method = c.req.method;
    if (method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS') {
      await next();
      if (c.res.status < 400 && !keep.has(c.req.path)) {
        const scope = await scopeOf(c);
        const item = itemOfScope(scope);
        if (scope.kind === 'all') clear();
        else if (item !== null) dropItem(item);
        options.onWrite?.(c.req.path, scope);
      }
      return;
    }
    if (method !== 'GET') return next();
    if (!options.enabled || c.req.header('authorization') !== undefined) {
      await next();
      nameTags(c);
      return undefined;
    }
    const key = apiCacheKey(c.req.url);
    const replay = (entry: Entry): Response => {
      const out = replayOf(key, entry, c.req.header('accept-encoding'));
      return c.newResponse(out.body.slice(), out.status as 200, out.headers);
    };
    const hit = fresh(key);
    if (hit) return replay(hit);
    // One call per key at a time: when an entry expires under load, the others wait for its renewal
    // instead of all running the same queries at once (the p99 spike at c=50).
    const pending = cache.inFlight<Entry | null>(key);
    if (pending) {
      const entry = await pending;
      if (entry) return replay(entry);
    }
    let settle: (entry: Entry | null) => void = () => {};
    if (!pending) void cache.fly(key, tagsOfUrl(key), () => new Promise<Entry | null>((resolve) => (settle = resolve)));
    try {
      await store(c, next, key);
    } finally {
      settle(cache.get(key) ?? null);
    }
    return undefined;
  };
  return Object.assign(middleware, { peek, invalidateTags });

  async function store(c: Context, next: Next, key: string): Promise<void> {
    const startedIn = cache.mark();
    keepAnswerBody(c.req.raw);
    await next();
    nameTags(c);
    const res = c.res;
    const storable =
      res.status === 200 &&
      isPublic(res.headers.get('cache-control')) &&
      (res.headers.get('content-type') ?? '').startsWith('application/json') &&
      !res.headers.has('set-cookie') &&
      !res.headers.has('x-access-token');
    const tags = tagsOfUrl(key);
    if (!storable || cache.staleSince(startedIn, tags)) return;
    const body = new Uint8Array(await res.clone().arrayBuffer());
    const headers: [string, string][] = [];
    res.headers.forEach((value, name) => {
      if (!SKIPPED_HEADERS.has(name) && !name.startsWith('access-control-')) headers.push([name, value]);
    });
    cache.set(key, { status: res.status, headers, body, storedAt: now(), variants: {} }, tags, startedIn);
  }
}
