/**
 * Page loading helpers shared by the list pages: the three outcomes of a load (ok, 404, API down),
 * reading ?page, and the next page's URL (the same view with page+1; null once a page is empty).
 */
import { Page } from '../../contract/fields.ts';
import type { Envelope } from '../../contract/envelope.ts';

export type PageLoad<T> = { kind: 'ok'; view: T } | { kind: 'notFound'; message?: string } | { kind: 'error' };

/** Runs a loader; a thrown API error (network, HTTP 500) becomes the error page, never a crash. */
export async function loadSafely<T>(load: () => Promise<PageLoad<T>>): Promise<PageLoad<T>> {
  try {
    return await load();
  } catch {
    return { kind: 'error' };
  }
}

/** ?page as a number from 1, or null when it is not a valid page (the page answers 404). */
export function readPage(url: URL): number | null {
  const parsed = Page.safeParse(url.searchParams.get('page') ?? undefined);
  return parsed.success ? parsed.data : null;
}

/** A paged view's loader: ?page from 1 (404 when it is not a page), then `load(page)` as through loadSafely. */
export function loadPaged<T>(url: URL, load: (page: number) => Promise<PageLoad<T>>): Promise<PageLoad<T>> {
  return loadSafely<T>(async () => {
    const page = readPage(url);
    return page === null ? { kind: 'notFound' } : load(page);
  });
}

/** The query parameter carrying a list's snapshot anchor (security.md M101; src/contract/news.ts ListAnchor). */
export const ANCHOR_PARAM = 'before';

/** ?before as milliseconds, or undefined when absent or not a plain number (then the list is read live). */
export function readAnchor(url: URL): number | undefined {
  const raw = url.searchParams.get(ANCHOR_PARAM);
  return raw !== null && /^\d{1,15}$/.test(raw) ? Number(raw) : undefined;
}

/** The query parameter carrying a list's keyset cursor (src/contract/news.ts ListCursor): the previous page's last item. */
export const CURSOR_PARAM = 'after';

/** ?after as an item id, or undefined when absent or not a plain id (then the page is counted). */
export function readCursor(url: URL): number | undefined {
  const raw = url.searchParams.get(CURSOR_PARAM);
  return raw !== null && /^[1-9]\d{0,9}$/.test(raw) && Number(raw) <= 2_147_483_647 ? Number(raw) : undefined;
}

/**
 * The snapshot anchor a page's next link carries: the newest publish time among its items. Every item
 * newer than that is already on this page or an earlier one, so later pages read at or before it are
 * not shifted by stories published meanwhile (no repeats, no skips).
 */
export function anchorOf(items: readonly { publishTime: string }[]): number | undefined {
  const times = items.map((i) => Date.parse(i.publishTime)).filter((t) => Number.isFinite(t));
  return times.length > 0 ? Math.max(...times) : undefined;
}

/**
 * The next page of the same view, keeping every other query parameter. With `anchor` (lists whose API
 * takes one), the link also fixes the snapshot, unless the URL already carries one. With `cursor` (the
 * id of this page's last item, lists whose API pages by keyset) the next page is read from there along
 * the list's index instead of counting past every earlier item (ADR 001 growth); `page` stays.
 */
export function decideNextHref(url: URL, page: number, count: number, anchor?: number, cursor?: number): string | null {
  if (count === 0) return null;
  const next = new URLSearchParams(url.searchParams);
  next.set('page', String(page + 1));
  if (anchor !== undefined && readAnchor(url) === undefined) next.set(ANCHOR_PARAM, String(anchor));
  if (cursor !== undefined) next.set(CURSOR_PARAM, String(cursor));
  else next.delete(CURSOR_PARAM);
  return `${url.pathname}?${next.toString()}`;
}

/** Data of a 200 envelope; a 404 envelope is "not found"; anything else is an error. */
export function dataOr404<T>(env: Envelope<T>): { ok: true; data: T } | { ok: false; notFound: boolean; message: string } {
  if (env.statusCode === 200) return { ok: true, data: env.data };
  return { ok: false, notFound: env.statusCode === 404 || env.statusCode === 403, message: env.message };
}

/** The page a failed `dataOr404` leads to: its 404 with the API's message, or the error page. */
export function failedLoad(res: { notFound: boolean; message: string }): PageLoad<never> {
  return res.notFound ? { kind: 'notFound', message: res.message } : { kind: 'error' };
}

/** HTTP status of a page load. */
export function statusOf(load: PageLoad<unknown>): number {
  return load.kind === 'ok' ? 200 : load.kind === 'notFound' ? 404 : 503;
}
