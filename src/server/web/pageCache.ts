/**
 * The in-process cache of anonymous page renders (ADR 001): a rendered /shancheng page is kept for a
 * short time, keyed by its URL and by everything the render can see of the reader's device — the host
 * that `detectHost` reads from the user agent (the shell differs in the app webview and the messenger,
 * spec 2.2 and 2.11). Nothing else about the reader reaches a page render: server rendering calls the
 * API without a token (src/client/api.ts) and identity never comes from cookies (docs/conventions.md "Rules that shape the code").
 *
 * Writes publish their invalidation tags on the invalidation bus (src/server/cache/invalidationBus.ts,
 * src/server/web/writeScope.ts decides which), which drops an edited item's pages here and on every
 * other process; `invalidatePageCache(prefix)` drops pages by path on this process.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { detectHost } from '../../bridge/detectHost.ts';
import { BASE_PATH } from '../../lib/safeUrl.ts';
import { liteReason } from '../../lib/liteMode.ts';
import { invalidationBus } from '../cache/invalidationBus.ts';
import { TaggedCache } from '../cache/taggedCache.ts';
import { TAG_ALL, tagsOfItem, tagsOfUrl, type ItemRef } from './writeScope.ts';

export const PAGE_BASE = BASE_PATH;
/** Same horizon as the CDN's `s-maxage=30`: a reader never sees a page older than a CDN would show. */
export const PAGE_CACHE_TTL_MS = 30_000;
/** Bodies plus their compressed variants; the least recently used entries go first beyond this. */
const DEFAULT_MAX_BYTES = 48 * 1024 * 1024;

export type Encoding = 'br' | 'gzip' | 'identity';

export interface PageEntry {
  status: number;
  /** Response headers as the page set them (without length, encoding, date and validators). */
  headers: Record<string, string | string[]>;
  body: Buffer;
  etag: string;
  storedAt: number;
  /** Compressed variants, made on first request for each (a page nobody asks in brotli never pays for it). */
  variants: { br?: Buffer; gzip?: Buffer };
}

export interface PageCacheOptions {
  ttlMs?: number;
  maxBytes?: number;
  now?: () => number;
}

/** Keeps rendered pages for a short time, bounded in bytes, with per-key single flight (on the cache core). */
export class PageCache {
  private readonly core: TaggedCache<PageEntry>;

  constructor(options: PageCacheOptions = {}) {
    this.core = new TaggedCache<PageEntry>({
      ttlMs: options.ttlMs ?? PAGE_CACHE_TTL_MS,
      maxBytes: options.maxBytes ?? DEFAULT_MAX_BYTES,
      sizeOf,
      now: options.now ?? Date.now,
    });
  }

  get size(): number {
    return this.core.size;
  }

  /** What a render notes when it starts, for `set`. */
  get generation(): number {
    return this.core.mark();
  }

  time(): number {
    return this.core.time();
  }

  /** A fresh entry, or undefined (an expired one is dropped). */
  get(key: string): PageEntry | undefined {
    return this.core.get(key);
  }

  /** The invalidation tags of a kept page (its `Surrogate-Key`), from its URL. */
  tagsOf(key: string): string[] {
    return tagsOfUrl(urlOfKey(key));
  }

  /** Stores an entry unless an invalidation of its URL happened since `generation` (the render's start). */
  set(key: string, entry: PageEntry, generation = this.core.mark()): boolean {
    return this.core.set(key, entry, this.tagsOf(key), generation);
  }

  /** Records the growth of an entry when a compressed variant is added to it. */
  grew(key: string, by: number): void {
    if (by > 0) this.core.resized(key);
  }

  /**
   * Drops every entry whose URL starts with `prefix` at a boundary (a path under /shancheng, with or
   * without it: '/NewsDetail', '/home/1'); all entries without one.
   */
  invalidate(prefix?: string): number {
    if (prefix === undefined || prefix === '' || prefix === '/' || prefix === PAGE_BASE) return this.core.invalidateAll();
    const full = prefix.startsWith(`${PAGE_BASE}/`) ? prefix : `${PAGE_BASE}${prefix.startsWith('/') ? '' : '/'}${prefix}`;
    return this.core.invalidateWhere((key) => matchesPrefix(urlOfKey(key), full));
  }

  /** Drops the pages about one item: an article's details and comment pages (their `newsId` query parameter names it), or a bangbang item's (writeScope.ts). */
  invalidateItem(item: ItemRef): number {
    return this.core.invalidate(tagsOfItem(item));
  }

  /** Drops the pages carrying one of `tags` (`all`: every page), as an invalidation from any process names them. */
  invalidateTags(tags: readonly string[]): number {
    return tags.includes(TAG_ALL) ? this.core.invalidateAll() : this.core.invalidate(tags);
  }

  /** The render of `key` now under way, if any (other readers of the same page wait for it). */
  pending(key: string): Promise<PageEntry | null> | undefined {
    return this.core.inFlight<PageEntry | null>(key);
  }

  /** Marks `key` as being rendered; the returned function settles the waiters (null: render for yourselves). */
  begin(key: string): ((entry: PageEntry | null) => void) | null {
    if (this.core.inFlight(key)) return null;
    let settle: (entry: PageEntry | null) => void = () => {};
    void this.core.fly(key, this.tagsOf(key), () => new Promise<PageEntry | null>((resolve) => (settle = resolve)));
    let done = false;
    return (entry) => {
      if (done) return;
      done = true;
      settle(entry);
    };
  }
}

function sizeOf(entry: PageEntry): number {
  return entry.body.length + (entry.variants.br?.length ?? 0) + (entry.variants.gzip?.length ?? 0);
}

const KEY_SEPARATOR = '\n';

/** A prefix ends at a boundary: '/home/1' drops /home/1 and /home/1?page=2 but not /home/13. */
function matchesPrefix(url: string, prefix: string): boolean {
  if (!url.startsWith(prefix)) return false;
  if (/[/?&]$/.test(prefix)) return true;
  const next = url.charAt(prefix.length);
  return next === '' || next === '/' || next === '?' || next === '&';
}

function urlOfKey(key: string): string {
  const i = key.indexOf(KEY_SEPARATOR);
  return i === -1 ? key : key.slice(0, i);
}

/**
 * The cache key of a page request, or null when the request must not use the cache: only anonymous
 * GET/HEAD of /shancheng pages; a request carrying Authorization is never served from or stored in it.
 */
export function pageCacheKey(method: string | undefined, url: string | undefined, headers: IncomingHttpHeaders): string | null {
  if (method !== 'GET' && method !== 'HEAD') return null;
  if (!url || !url.startsWith(`${PAGE_BASE}/`)) return null;
  if (headers.authorization !== undefined) return null;
  const ua = headers['user-agent'] ?? '';
  // Lite mode (src/lib/liteMode.ts): the header's page is kept apart; the cookie's is never kept.
  const lite = liteReason(headerValue(headers['save-data']), headerValue(headers.cookie));
  if (lite === 'cookie') return null;
  // Everything the render learns about the device is this HostInfo (src/client/requestHost.ts).
  const host = detectHost(ua);
  return `${url}${KEY_SEPARATOR}${host.kind}|${host.platform}|${host.appVersion ?? ''}${lite === 'header' ? '|lite' : ''}`;
}

function headerValue(value: string | string[] | undefined): string | null {
  return value === undefined ? null : Array.isArray(value) ? value.join(';') : value;
}

/** The best encoding the request accepts among brotli, gzip and none (q=0 refuses one). */
export function chooseEncoding(acceptEncoding: string | string[] | undefined): Encoding {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : (acceptEncoding ?? '');
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(name, Number.isFinite(value) ? value : 0);
  }
  const of = (name: string): number => q.get(name) ?? (q.has('*') ? (q.get('*') ?? 0) : 0);
  if (of('br') > 0) return 'br';
  if (of('gzip') > 0) return 'gzip';
  return 'identity';
}

/**
 * Compression levels. A cached entry is compressed once and sent many times: brotli 5, gzip 6. A page
 * sent once (not cacheable, or the cache off) is compressed on the request's time: brotli 3, gzip 4 —
 * on a 60 KB page 0.17/0.25 ms instead of 0.55/0.47 ms, for 1–4 % more bytes. Built assets are
 * pre-compressed at the maximum at build time (zopfli, brotli 11).
 */
const LEVELS = { stored: { br: 5, gzip: 6 }, once: { br: 3, gzip: 4 } } as const;

/** The body in `encoding`, compressing once per entry (`once`: a body that is sent a single time). */
export function bodyIn(entry: PageEntry, encoding: Encoding, once = false): { body: Buffer; added: number } {
  if (encoding === 'identity') return { body: entry.body, added: 0 };
  const existing = entry.variants[encoding];
  if (existing) return { body: existing, added: 0 };
  const level = LEVELS[once ? 'once' : 'stored'];
  const body =
    encoding === 'br'
      ? brotliCompressSync(entry.body, { params: { [constants.BROTLI_PARAM_QUALITY]: level.br, [constants.BROTLI_PARAM_SIZE_HINT]: entry.body.length } })
      : gzipSync(entry.body, { level: level.gzip });
  entry.variants[encoding] = body;
  return { body, added: body.length };
}

/** True when `ifNoneMatch` names `etag` (weak comparison, RFC 9110 13.1.2) or is `*`. */
export function etagMatches(ifNoneMatch: string | string[] | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  const header = Array.isArray(ifNoneMatch) ? ifNoneMatch.join(',') : ifNoneMatch;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === bare;
  });
}

/** The cache every page request of this process shares; the invalidation bus drops what changes on any process. */
export const sharedPageCache = new PageCache();
invalidationBus.listen(sharedPageCache);

/**
 * Drops cached renders whose URL starts with `prefix` (e.g. '/NewsDetail' or '/shancheng/home/'); all of
 * them without one. Call it after a write that changes what a page shows. Returns how many were dropped.
 */
export function invalidatePageCache(prefix?: string): number {
  return sharedPageCache.invalidate(prefix);
}

/** Drops the cached pages about one article (its detail and comment pages); returns how many. */
export function invalidatePageItem(item: ItemRef): number {
  return sharedPageCache.invalidateItem(item);
}
