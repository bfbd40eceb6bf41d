/** Links of the comment area (spec 2.6, 2.7): publish, all comments, all replies; built once, here. */
import { BASE_PATH } from '../../lib/safeUrl.ts';

/**
 * The item comments are about. A news article by classId and newsId; a bangbang item (from 'bang',
 * spec 7.4) by classId 1 politics / 2 Q&A (the API's `classid`) and newsId, the item's id (the API's `id`).
 */
export interface ArticleRef {
  classId: number;
  newsId: number;
  from?: 'bang' | undefined;
}

/** The query naming an item in a comment call or link: classId/newsId, or from=bang&classid&id (spec 7.4). */
export function targetParams(ref: ArticleRef): Record<string, string> {
  return ref.from === 'bang'
    ? { from: 'bang', classid: String(ref.classId), id: String(ref.newsId) }
    : { classId: String(ref.classId), newsId: String(ref.newsId) };
}

/**
 * /PublishComment for a new comment (no plId) or a reply (plId = thread root, pId = the answered
 * comment); a bangbang item's comment is written on /PublishBangBang (spec 2.6).
 */
export function publishCommentHref(ref: ArticleRef, reply?: { plId: number; pId: number }): string {
  const q = new URLSearchParams(targetParams(ref));
  if (reply) {
    q.set('plId', String(reply.plId));
    q.set('pId', String(reply.pId));
  }
  if (ref.from === 'bang') return `${BASE_PATH}/PublishBangBang?${q.toString()}`;
  q.set('from', 'News');
  return `${BASE_PATH}/PublishComment?${q.toString()}`;
}

/** All comments: the comment page of an article; a bangbang item lists them, paged, on its detail page. */
export function commentPageHref(ref: ArticleRef): string {
  if (ref.from === 'bang') return `${articleHref(ref)}#comments`;
  return `${BASE_PATH}/CommentPage?classId=${ref.classId}&newsId=${ref.newsId}`;
}

export function commentReplyPageHref(ref: ArticleRef, plId: number): string {
  const q = new URLSearchParams(targetParams(ref));
  q.set('plId', String(plId));
  return `${BASE_PATH}/CommentReplyPage?${q.toString()}`;
}

/** The item's own page: the article (NewsDetail), or the politics / Q&A detail of a bangbang item (spec 2.7). */
export function articleHref(ref: ArticleRef): string {
  if (ref.from === 'bang') return `${BASE_PATH}/BangBang/${ref.classId === 2 ? 'QA' : 'politics'}/detail?id=${ref.newsId}`;
  return `${BASE_PATH}/NewsDetail?classId=${ref.classId}&newsId=${ref.newsId}`;
}
