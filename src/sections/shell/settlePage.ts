/**
 * The one way a page turns its load (src/features/paging/pageLoad.ts PageLoad) into a response: the status
 * (200, 404 for notFound, 503 for error) and its Cache-Control by name. A public policy is only sent with a
 * 200 (a 404 or 503 must not sit in a CDN); a private one always. PageOutcome.astro renders the three states.
 */
import { statusOf, type PageLoad } from '../../features/paging/pageLoad.ts';

/** The page cache policies in use; public ones name how long a CDN may keep the page. */
export const PAGE_CACHE = {
  /** Per reader, or must show a reader's own new comment or like on return. */
  private: 'private, no-cache',
  /** Must never be stored (error pages, redirects, one-time forms). */
  noStore: 'no-store',
  /** Lists and details that every reader sees alike (also pageResponder's default for anonymous pages). */
  list: 'public, max-age=0, s-maxage=30, stale-while-revalidate=300',
  /** Stock and sold counts that move with exchanges. */
  stock: 'public, max-age=0, s-maxage=30, stale-while-revalidate=120',
  /** A live room's state. */
  live: 'public, max-age=0, s-maxage=10',
  minute: 'public, max-age=0, s-maxage=60, stale-while-revalidate=300',
  fiveMinutes: 'public, max-age=0, s-maxage=300',
  fiveMinutesStale: 'public, max-age=0, s-maxage=300, stale-while-revalidate=3600',
  hour: 'public, max-age=0, s-maxage=3600',
  /** Legal texts. */
  day: 'public, max-age=0, s-maxage=3600, stale-while-revalidate=86400',
} as const;

export type PageCacheName = keyof typeof PAGE_CACHE;

/** What a page may set on its response (`Astro.response`). */
export interface PageResponse {
  status?: number;
  readonly headers: Headers;
}

/** Sets the response's Cache-Control to a named policy. */
export function setPageCache(response: PageResponse, cache: PageCacheName): void {
  response.headers.set('cache-control', PAGE_CACHE[cache]);
}

/**
 * Sets the status of the load and, with a policy, its Cache-Control (public ones on a 200 only); returns
 * the load so a page writes `const result = settlePage(Astro.response, await loadX(Astro.url), 'list')`.
 */
export function settlePage<L extends PageLoad<unknown>>(response: PageResponse, load: L, cache?: PageCacheName): L {
  response.status = statusOf(load);
  if (cache !== undefined && (load.kind === 'ok' || !PAGE_CACHE[cache].startsWith('public'))) setPageCache(response, cache);
  return load;
}
