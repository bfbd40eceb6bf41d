/**
 * The like and comment counts pushed live for the items on the page (op 1001 on the item's room),
 * keyed `<classId>:<newsId>`. Islands that show counts read it:
 *
 *   const live = useStore($liveCounts)[`${classId}:${newsId}`];
 *   useEffect(() => { if (live) { setLikeNum(live.likeNum); setCommentCount(live.commentCount); } }, [live]);
 *
 * Spec 4: a like count only goes down through such a broadcast, so a pushed value replaces the shown one.
 */
import { map } from 'nanostores';

export interface LiveCounts {
  likeNum: number;
  commentCount: number;
}

export const $liveCounts = map<Record<string, LiveCounts>>({});

export function liveCountsKey(classId: number, newsId: number): string {
  return `${classId}:${newsId}`;
}

const count = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

/**
 * The counts of an op-1001 body for the item `key`, or null when the body is not for it or not well
 * formed. classId and newsId in the body are optional (the room already names the item) but must match.
 */
export function parseCountsPush(body: unknown, classId: number, newsId: number): LiveCounts | null {
  if (typeof body !== 'object' || body === null) return null;
  const b = body as Record<string, unknown>;
  if (b.classId !== undefined && b.classId !== classId) return null;
  if (b.newsId !== undefined && b.newsId !== newsId) return null;
  if (!count(b.likeNum) || !count(b.commentCount)) return null;
  return { likeNum: b.likeNum, commentCount: b.commentCount };
}
