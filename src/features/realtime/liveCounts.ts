/**
 * Live like and comment counts on detail pages (ADR 007): opens the realtime socket for the item the
 * page shows and applies each op-1001 push. Loaded by LiveCounts.astro only when the page has a
 * marked element, after the page has loaded and the browser is idle.
 *
 * The markup contract (for server-rendered markup; React islands read `$liveCounts` instead, see
 * liveCountsStore.ts, because changing text that React owns breaks its next render):
 *
 * - `data-live-counts="<classId>:<newsId>"` on an element marks it as showing that item's counts.
 *   The socket joins the room `news://<classId>:<newsId>` of the first marked item.
 * - Inside it, `[data-live-count="like"]` gets the like count (formatCount; 0 keeps the element's
 *   `data-live-zero` text, e.g. 赞) and `[data-live-count="comment"]` the comment badge (formatBadge:
 *   blank at 0, 1–99, 99+, spec 5).
 * - Each update dispatches a bubbling `shancheng:live-counts` event from the marked element, with
 *   `detail = {classId, newsId, likeNum, commentCount}`.
 *
 * The socket is the page's one (src/client/pageSocket.ts, shared with the breaking-news banner and a live's feed); it closes on
 * `pagehide` and reopens on a `pageshow` from the back/forward cache.
 */
import { listenOnPageSocket, type SocketSettings } from '../../client/pageSocket.ts';
import { formatBadge, formatCount } from '../../lib/formatCount.ts';
import { GoimOp } from '../../lib/goim.ts';
import { $liveCounts, liveCountsKey, parseCountsPush, type LiveCounts } from './liveCountsStore.ts';

export const LIVE_COUNTS_EVENT = 'shancheng:live-counts';

const ITEM = /^(\d{1,9}):(\d{1,12})$/;

/** The first item marked on the page, or null when the page shows none. */
export function findLiveItem(root: ParentNode): { classId: number; newsId: number } | null {
  for (const el of root.querySelectorAll<HTMLElement>('[data-live-counts]')) {
    const match = ITEM.exec(el.dataset.liveCounts ?? '');
    if (match) return { classId: Number(match[1]), newsId: Number(match[2]) };
  }
  return null;
}

/** Writes the counts into every element marked for the item and tells listeners. */
export function applyLiveCounts(root: ParentNode, classId: number, newsId: number, counts: LiveCounts): void {
  $liveCounts.setKey(liveCountsKey(classId, newsId), counts);
  const key = `${classId}:${newsId}`;
  for (const el of root.querySelectorAll<HTMLElement>('[data-live-counts]')) {
    if (el.dataset.liveCounts !== key) continue;
    for (const like of el.querySelectorAll<HTMLElement>('[data-live-count="like"]')) {
      like.textContent = counts.likeNum > 0 ? formatCount(counts.likeNum) : (like.dataset.liveZero ?? '0');
    }
    for (const comment of el.querySelectorAll<HTMLElement>('[data-live-count="comment"]')) {
      comment.textContent = formatBadge(counts.commentCount);
    }
    el.dispatchEvent(new CustomEvent(LIVE_COUNTS_EVENT, { bubbles: true, detail: { classId, newsId, ...counts } }));
  }
}

/** Starts live counts for the page; returns a stop function. */
export function startLiveCounts(doc: Document = document, settings: SocketSettings = {}): () => void {
  const item = findLiveItem(doc);
  const view = doc.defaultView;
  if (!item || !view) return () => {};
  return listenOnPageSocket(
    view,
    {
      room: `news://${item.classId}:${item.newsId}`,
      accepts: [GoimOp.counts],
      onMessage(_op, body) {
        const counts = parseCountsPush(body, item.classId, item.newsId);
        if (counts) applyLiveCounts(doc, item.classId, item.newsId, counts);
      },
    },
    settings,
  );
}
