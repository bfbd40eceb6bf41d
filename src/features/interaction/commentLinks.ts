/** Links of the comment area (spec 2.6, 2.7): publish, all comments, all replies; built once, here. */
import { BASE_PATH } from '../../lib/safeUrl.ts';

/**
 * The item comments are about. A news article by classId and newsId; a bangbang item (from 'bang',
 * spec 7.4) by classId 1 politics / 2 Q&A (the API's `classid`) and newsId, the item's id (the API's `id`).
 */
export interface ArticleRef {
  classId: number;
  newsId: number;
  /** 'quan': a discover post (classId its topic, newsId the post). */
  from?: 'bang' | 'quan' | undefined;
}

/** The query naming an item in a comment call or link: classId/newsId, or from=bang&classid&id (spec 7.4). */
export function targetParams(ref: ArticleRef): Record<string, string> {
  if (ref.from === 'bang') return { from: 'bang', classid: String(ref.classId), id: String(ref.newsId) };
  if (ref.from === 'quan') return { from: 'quan', classId: String(ref.classId), newsId: String(ref.newsId) };
  return { classId: String(ref.classId), newsId: String(ref.newsId) };
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
  if (ref.from === 'quan') return `${discoverCommentHref(ref)}${reply ? `&plId=${reply.plId}&pId=${reply.pId}` : ''}#compose`;
  q.set('from', 'News');
  return `${BASE_PATH}/PublishComment?${q.toString()}`;
}

/** All comments: the comment page of an article; a bangbang item lists them, paged, on its detail page. */
export function commentPageHref(ref: ArticleRef): string {
  if (ref.from === 'bang') return `${articleHref(ref)}#comments`;
  if (ref.from === 'quan') return discoverCommentHref(ref);
  return `${BASE_PATH}/CommentPage?classId=${ref.classId}&newsId=${ref.newsId}`;
}

export function commentReplyPageHref(ref: ArticleRef, plId: number): string {
  // A discover post's comments, each with its first replies, are all on /CommentDiscover.
  if (ref.from === 'quan') return `${discoverCommentHref(ref)}#c${plId}`;
  const q = new URLSearchParams(targetParams(ref));
  q.set('plId', String(plId));
  return `${BASE_PATH}/CommentReplyPage?${q.toString()}`;
}

/** The item's own page: the article (NewsDetail), or the politics / Q&A detail of a bangbang item (spec 2.7). */
export function articleHref(ref: ArticleRef): string {
  if (ref.from === 'bang') {
    if (ref.classId === 4) return `${BASE_PATH}/BangBang/exposure/index?id=${ref.newsId}`;
    return `${BASE_PATH}/BangBang/${ref.classId === 2 ? 'QA' : 'politics'}/detail?id=${ref.newsId}`;
  }
  if (ref.from === 'quan') return `${BASE_PATH}/DetailDiscover?classId=${ref.classId}&newsId=${ref.newsId}`;
  return `${BASE_PATH}/NewsDetail?classId=${ref.classId}&newsId=${ref.newsId}`;
}

/** Spec 2.6: the comments of a discover post (/CommentDiscover?classId&newsId, login needed). */
export function discoverCommentHref(ref: { classId: number; newsId: number }): string {
  return `${BASE_PATH}/CommentDiscover?classId=${ref.classId}&newsId=${ref.newsId}`;
}
