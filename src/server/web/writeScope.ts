/**
 * What a successful API write changes for anonymous readers (ADR 001; per-item cache invalidation).
 * The page cache and the API micro-cache used to be cleared whole on every write; a busy comment stream
 * then re-rendered every hot page once per comment. A write now names its scope:
 *
 * - `none`: it changes nothing a cached answer shows (sign-in, codes, password, upload, reports: a
 *   report is recorded, it hides nothing);
 * - `item`: it changes one article's like or comment counts or its comment lists — what its detail
 *   pages, its comment pages and the API answers about it (`?newsId=`) show. List pages show views
 *   (`pv`, the view beacon keeps every cache) but no like or comment counts, so no list is dropped;
 * - `bang`: it changes one bangbang item (ADR 010; spec 7.3, 7.4, 9): a like of the item, of one of its
 *   comments or of a Q&A answer, a comment on it or its deletion. What concerns the item is named by
 *   its board and id together (Q&A item 3 and politics item 3 are different items): its detail answers
 *   and pages, its comment lists. `counts`: the item's own like or comment count changed, which the
 *   politics lists show (`commentCount` on the list page, `likeNum` and `commentCount` in the list
 *   API), so those lists are dropped too; a like of a comment changes only the comment lists. A Q&A
 *   answer liked by `bangId` alone names no question (`id: null`): every Q&A answer is dropped;
 * - `all`: anything not known here (a new write endpoint, a comment that cannot be found): the old,
 *   safe behaviour.
 *
 * Each write endpoint declares on its contract which of these it can touch (`invalidates`).
 */
import type { WriteEffect } from '../../contract/endpoint.ts';
import { BASE_PATH } from '../../lib/safeUrl.ts';

/** A bangbang item: its board (politics 问政, classid 1; Q&A 问答, classid 2) and id (null: any item of the board). */
export interface BangItem {
  board: 'politics' | 'qa';
  id: number | null;
  /** The item's like or comment count changed (the politics lists show them). */
  counts: boolean;
}

export type WriteScope = { kind: 'none' } | { kind: 'all' } | { kind: 'item'; newsId: number } | { kind: 'bang'; item: BangItem };

/** What one invalidation names: an article by its newsId, or a bangbang item. */
export type ItemRef = number | BangItem;

/** The item of a scope that names one (null for `none` and `all`). */
export function itemOfScope(scope: WriteScope): ItemRef | null {
  if (scope.kind === 'item') return scope.newsId;
  if (scope.kind === 'bang') return scope.item;
  return null;
}

/** The comment a write names by id: its scope ('news', 'bang1' politics, 'bang2' Q&A) and item id; null when unknown. */
export type FindCommentItem = (commentId: number) => Promise<{ scope: string; newsId: number } | null>;

const NONE: WriteScope = { kind: 'none' };
const ALL: WriteScope = { kind: 'all' };

/** The request body's fields as strings (JSON or form), or null when it is neither. */
export function bodyFields(contentType: string | undefined, text: string): Record<string, string> | null {
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase();
  const out: Record<string, string> = Object.create(null) as Record<string, string>;
  if (type === 'application/x-www-form-urlencoded') {
    for (const [k, v] of new URLSearchParams(text)) out[k] = v;
    return out;
  }
  if (type === 'application/json') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return null;
    }
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
    for (const [k, v] of Object.entries(parsed as Record<string, unknown>)) {
      if (typeof v === 'string' || typeof v === 'number') out[k] = String(v);
    }
    return out;
  }
  return null;
}

function idOf(value: string | undefined): number | null {
  if (value === undefined || !/^\d{1,12}$/.test(value)) return null;
  const n = Number(value);
  return n > 0 ? n : null;
}

/**
 * The scope of a successful write whose endpoint declares `effect` (its contract's `invalidates`), with the body fields it sent (already accepted by its endpoint: this only reads what the endpoint
 * validated). `findComment` resolves a comment id.
 */
export async function decideWriteScope(effect: WriteEffect, fields: Record<string, string> | null, findComment: FindCommentItem): Promise<WriteScope> {
  if (effect === 'none') return NONE;
  if (effect === 'all' || !fields) return ALL;
  // A discover post (from=quan) or its comment: its feed, topic and search pages all show it.
  if (fields.from === 'quan') return ALL;
  const viaComment = async (commentId: number | null, counts: boolean): Promise<WriteScope> => {
    if (commentId === null) return ALL;
    const found = await findComment(commentId);
    if (!found) return ALL;
    if (found.scope === 'news') return { kind: 'item', newsId: found.newsId };
    const board = boardOfScope(found.scope);
    return board ? { kind: 'bang', item: { board, id: found.newsId, counts } } : ALL;
  };
  if (effect === 'like') {
    // Spec 9 like types, in the order likeService reads them: 6 a Q&A answer (by bangId; newsId, when
    // sent, is its question, checked by the service); from=bang with 1 or 2 a politics or Q&A item (by
    // newsId); 1 an article; 2 an article's comment, 3 a bangbang comment (by commentId).
    const type = fields.type;
    if (type === '6') {
      const questionId = idOf(fields.newsId);
      return { kind: 'bang', item: { board: 'qa', id: questionId, counts: false } };
    }
    if (fields.from === 'bang' && (type === '1' || type === '2')) {
      const id = idOf(fields.newsId);
      return id === null ? ALL : { kind: 'bang', item: { board: type === '2' ? 'qa' : 'politics', id, counts: true } };
    }
    if (type === '1') {
      const newsId = idOf(fields.newsId);
      return newsId === null ? ALL : { kind: 'item', newsId };
    }
    if (type === '2') {
      const newsId = idOf(fields.newsId);
      return newsId !== null ? { kind: 'item', newsId } : viaComment(idOf(fields.commentId), false);
    }
    if (type === '3') return viaComment(idOf(fields.commentId), false);
    return ALL;
  }
  if (effect === 'commentStore') {
    if (fields.from === 'bang') {
      // Spec 7.4: classid 1 politics, 2 Q&A; id the item.
      const board = fields.classid === '1' ? 'politics' : fields.classid === '2' ? 'qa' : null;
      const id = idOf(fields.id);
      return board === null || id === null ? ALL : { kind: 'bang', item: { board, id, counts: true } };
    }
    const newsId = idOf(fields.newsId);
    return newsId === null ? ALL : { kind: 'item', newsId };
  }
  if (effect === 'commentDelete') {
    // Spec 7.4 names a bangbang comment as id with from=bang; the comment's row gives its item.
    const plId = idOf(fields.plId) ?? (fields.from === 'bang' ? idOf(fields.id) : null);
    return viaComment(plId, true);
  }
  return ALL;
}

function boardOfScope(scope: string): BangItem['board'] | null {
  return scope === 'bang1' ? 'politics' : scope === 'bang2' ? 'qa' : null;
}

/** Paths (API, and pages under the page base) whose `id` query parameter names an item of the board. */
const BANG_DETAIL_PATHS: Record<BangItem['board'], readonly string[]> = {
  politics: ['/v1/bangbang/wenzheng/getDetail', `${BASE_PATH}/BangBang/politics/detail`],
  qa: ['/v1/bangbang/wenda/getAnswerDetail', '/v1/bangbang/wenda/getAnswerListById', `${BASE_PATH}/BangBang/QA/detail`],
};
/** The politics lists, which show each item's counts (any page, either tab). */
const POLITICS_LIST_PATHS: readonly string[] = ['/v1/bangbang/wenzheng/getNewList', '/v1/bangbang/wenzheng/getHotList', `${BASE_PATH}/BangBang/politics/index`];
/** Comment lists of a bangbang item answer here with classid and id alone; elsewhere with from=bang too. */
const BANG_COMMENT_LIST_PATH = '/api/bangbang/comment/bangbanglist';
const CLASSID: Record<BangItem['board'], string> = { politics: '1', qa: '2' };

/** The path (no origin, no trailing slash) and query of a cache key: a full URL (API) or a path with its query (pages). */
function splitUrl(url: string): { path: string; query: string } {
  let start = 0;
  const scheme = url.indexOf('://');
  if (scheme !== -1) {
    const slash = url.indexOf('/', scheme + 3);
    start = slash === -1 ? url.length : slash;
  }
  const q = url.indexOf('?', start);
  let path = q === -1 ? url.slice(start) : url.slice(start, q);
  if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  return { path, query: q === -1 ? '' : url.slice(q + 1) };
}

function urlConcernsBang(url: string, item: BangItem): boolean {
  const { path, query } = splitUrl(url);
  if (item.counts && item.board === 'politics' && POLITICS_LIST_PATHS.includes(path)) return true;
  if (!query.includes('id=')) return false;
  const params = new URLSearchParams(query);
  const id = params.get('id');
  const sameId = id !== null && (item.id === null || id === String(item.id));
  if (!sameId) return false;
  if (BANG_DETAIL_PATHS[item.board].includes(path)) return true;
  // A comment or reply list of the item: /v1/comment/getList?from=bang&classid=1&id=3 and the like.
  return (path === BANG_COMMENT_LIST_PATH || params.get('from') === 'bang') && params.get('classid') === CLASSID[item.board];
}

/**
 * True when `url` (a path with its query, or a full URL) is about `item`: for an article its `newsId`
 * query parameter names it; for a bangbang item see `urlConcernsBang`.
 */
export function urlConcernsItem(url: string, item: ItemRef): boolean {
  if (typeof item !== 'number') return urlConcernsBang(url, item);
  const newsId = item;
  const q = url.indexOf('?');
  if (q === -1) return false;
  const query = url.slice(q + 1);
  // Cheap pre-check before parsing: most keys are not about this item.
  if (!query.includes(String(newsId))) return false;
  const params = new URLSearchParams(query);
  return params.getAll('newsId').some((v) => v === String(newsId));
}

/**
 * The invalidation tags of a cached answer or page (src/server/cache/taggedCache.ts), from its URL: every
 * one carries `all`; an article's by each `newsId` parameter `news-<id>`; a bangbang item's detail answers,
 * pages and comment lists `bang-<board>-<id>` and `bang-<board>-any`; the politics lists
 * `bang-politics-list`. The same tags go out in the `Surrogate-Key` and `Cache-Tag` headers of anonymous
 * pages, so a CDN purges what a process drops. `tagsOfItem(item)` meets `tagsOfUrl(url)` exactly when
 * `urlConcernsItem(url, item)` (writeScope.test.ts checks it).
 */
export const TAG_ALL = 'all';

export function tagsOfUrl(url: string): string[] {
  const tags = [TAG_ALL];
  const { path, query } = splitUrl(url);
  if (POLITICS_LIST_PATHS.includes(path)) tags.push('bang-politics-list');
  if (query === '') return tags;
  const params = new URLSearchParams(query);
  for (const v of new Set(params.getAll('newsId'))) if (/^\d{1,12}$/.test(v) && String(Number(v)) === v) tags.push(`news-${v}`);
  const id = params.get('id');
  if (id === null) return tags;
  // An id no write can name (not a plain decimal) is reached only by a board-wide or whole invalidation.
  const named = /^\d{1,12}$/.test(id) && String(Number(id)) === id;
  for (const board of ['politics', 'qa'] as const) {
    const about =
      BANG_DETAIL_PATHS[board].includes(path) ||
      ((path === BANG_COMMENT_LIST_PATH || params.get('from') === 'bang') && params.get('classid') === CLASSID[board]);
    if (!about) continue;
    if (named) tags.push(`bang-${board}-${id}`);
    tags.push(`bang-${board}-any`);
  }
  return tags;
}

/** The tags an invalidation of `item` names (see `tagsOfUrl`). */
export function tagsOfItem(item: ItemRef): string[] {
  if (typeof item === 'number') return [`news-${item}`];
  const tags = [item.id === null ? `bang-${item.board}-any` : `bang-${item.board}-${item.id}`];
  if (item.counts && item.board === 'politics') tags.push('bang-politics-list');
  return tags;
}

/** The tags a write of `scope` publishes: none, everything, or its item's. */
export function tagsOfScope(scope: WriteScope): string[] {
  if (scope.kind === 'none') return [];
  if (scope.kind === 'all') return [TAG_ALL];
  const item = itemOfScope(scope);
  return item === null ? [TAG_ALL] : tagsOfItem(item);
}
