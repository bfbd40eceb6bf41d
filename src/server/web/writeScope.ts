/**
 * What a successful API write changes for anonymous readers (issue 7: per-item cache invalidation).
 * The page cache and the API micro-cache used to be cleared whole on every write; a busy comment stream
 * then re-rendered every hot page once per comment. A write now names its scope:
 *
 * - `none`: it changes nothing a cached answer shows (sign-in, codes, password, upload, reports: a
 *   report is recorded, it hides nothing);
 * - `item`: it changes one article's like or comment counts or its comment lists — what its detail
 *   pages, its comment pages and the API answers about it (`?newsId=`) show. List pages show views
 *   (`pv`, the view beacon keeps every cache) but no like or comment counts, so no list is dropped;
 * - `all`: anything not known here (a new write endpoint, a bangbang item whose pages are elsewhere, a
 *   comment that cannot be found): the old, safe behaviour.
 */
import { INTERACTION_PATHS } from '../../contract/interactionLimits.ts';

export type WriteScope = { kind: 'none' } | { kind: 'all' } | { kind: 'item'; newsId: number };

/** The comment a write names by id, as the article it belongs to (null: unknown or not an article's). */
export type FindCommentItem = (commentId: number) => Promise<{ newsId: number } | null>;

const NONE: WriteScope = { kind: 'none' };
const ALL: WriteScope = { kind: 'all' };

/** Writes that change no page and no public API answer. */
const NO_PUBLIC_EFFECT = [
  /^\/v1\/user\//,
  /^\/v1\/common\//,
  /^\/api\/captcha\//,
  /^\/member\//,
  /^\/api\/upload\//,
  /^\/api\/dev\//,
  /^\/v1\/news\/doReport$/,
  /^\/api\/comment\/doReport$/,
];
const LIKE_PATHS = new Set([INTERACTION_PATHS.likeDo, '/api/praise/AddPraise']);
const COMMENT_STORE_PATHS = new Set([INTERACTION_PATHS.commentStore, '/api/bv/comment/publish']);
const COMMENT_DELETE_PATHS = new Set([INTERACTION_PATHS.commentDelete, '/api/bv/comment/del']);

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
 * The scope of a successful write to `path` with the body fields it sent (already accepted by its
 * endpoint: this only reads what the endpoint validated). `findComment` resolves a comment id.
 */
export async function decideWriteScope(path: string, fields: Record<string, string> | null, findComment: FindCommentItem): Promise<WriteScope> {
  if (NO_PUBLIC_EFFECT.some((re) => re.test(path))) return NONE;
  if (!fields) return ALL;
  const viaComment = async (commentId: number | null): Promise<WriteScope> => {
    if (commentId === null) return ALL;
    const found = await findComment(commentId);
    return found ? { kind: 'item', newsId: found.newsId } : ALL;
  };
  // A bangbang item (spec 7.3, 7.4: from=bang with classid and id) is shown on pages this module does not know.
  if (fields.from === 'bang') return ALL;
  if (LIKE_PATHS.has(path)) {
    // Spec 9 like types: 1 an article, 2 a comment; 3 and 6 are bangbang comments and answers.
    const type = fields.type;
    if (type === '1') {
      const newsId = idOf(fields.newsId);
      return newsId === null ? ALL : { kind: 'item', newsId };
    }
    if (type === '2') {
      const newsId = idOf(fields.newsId);
      return newsId !== null ? { kind: 'item', newsId } : viaComment(idOf(fields.commentId));
    }
    return ALL;
  }
  if (COMMENT_STORE_PATHS.has(path)) {
    const newsId = idOf(fields.newsId);
    return newsId === null ? ALL : { kind: 'item', newsId };
  }
  if (COMMENT_DELETE_PATHS.has(path)) return viaComment(idOf(fields.plId));
  return ALL;
}

/** True when `url` (a path with its query) is about article `newsId`: its `newsId` query parameter names it. */
export function urlConcernsItem(url: string, newsId: number): boolean {
  const q = url.indexOf('?');
  if (q === -1) return false;
  const query = url.slice(q + 1);
  // Cheap pre-check before parsing: most keys are not about this item.
  if (!query.includes(String(newsId))) return false;
  const params = new URLSearchParams(query);
  return params.getAll('newsId').some((v) => v === String(newsId));
}
