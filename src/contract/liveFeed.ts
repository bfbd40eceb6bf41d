/**
 * The live desk's pushes (ADR 025 "Live events"): what the writing desk sends over the realtime socket to an
 * open LiveDetail page (op 1003 in the item's room `news://<classId>:<newsId>`) when an editor moves the live's
 * state or posts to or withdraws from its 图文直播 feed. Parsed by hand on the reader side (no schema library
 * on reader pages: byte budgets, ADR 001); never trusted: the text is written with textContent, a picture is
 * taken only as a path of our media store.
 */

/**
 * How many of a live's updates its page shows, newest first (withdrawn ones left out). The live desk lists twice as
 * many, withdrawn ones included, so that the editor sees every update readers see unless that many were withdrawn.
 */
export const LIVE_FEED_SHOWN = 100;

/** One update of a live's feed as readers get it: `time` is Beijing time `YYYY-MM-DD HH:mm`. */
export interface LiveFeedPost {
  id: number;
  time: string;
  text: string;
  /** A `/media/…` picture, or ''. */
  picture: string;
}

export type LiveFeedPush =
  | { newsId: number; what: 'state'; liveType: 0 | 1 | 2 }
  | { newsId: number; what: 'post'; post: LiveFeedPost }
  | { newsId: number; what: 'withdraw'; id: number };

const isId = (n: unknown): n is number => typeof n === 'number' && Number.isSafeInteger(n) && n > 0;

/** A pushed body as a feed change, or null when it is not one. */
export function parseLiveFeedPush(body: unknown): LiveFeedPush | null {
  if (typeof body !== 'object' || body === null) return null;
  const b = body as Record<string, unknown>;
  if (!isId(b['newsId'])) return null;
  const newsId = b['newsId'];
  switch (b['what']) {
    case 'state': {
      const t = b['liveType'];
      return t === 0 || t === 1 || t === 2 ? { newsId, what: 'state', liveType: t } : null;
    }
    case 'withdraw':
      return isId(b['id']) ? { newsId, what: 'withdraw', id: b['id'] } : null;
    case 'post': {
      const p = b['post'];
      if (typeof p !== 'object' || p === null) return null;
      const { id, time, text, picture } = p as Record<string, unknown>;
      if (!isId(id) || typeof time !== 'string' || time.length > 20 || typeof text !== 'string' || text === '' || text.length > 500) return null;
      if (typeof picture !== 'string' || (picture !== '' && (!/^\/media\/[A-Za-z0-9/_.-]+$/.test(picture) || picture.includes('..')))) return null;
      return { newsId, what: 'post', post: { id, time, text, picture } };
    }
    default:
      return null;
  }
}
