/** Links of the comment area (spec 2.6): publish, all comments, all replies; built once, here. */
import { BASE_PATH } from '../../lib/safeUrl.ts';

export interface ArticleRef {
  classId: number;
  newsId: number;
}

/** /PublishComment for a new comment (no plId) or a reply (plId = thread root, pId = the answered comment). */
export function publishCommentHref(ref: ArticleRef, reply?: { plId: number; pId: number }): string {
  const q = new URLSearchParams({ classId: String(ref.classId), newsId: String(ref.newsId) });
  if (reply) {
    q.set('plId', String(reply.plId));
    q.set('pId', String(reply.pId));
  }
  q.set('from', 'News');
  return `${BASE_PATH}/PublishComment?${q.toString()}`;
}

export function commentPageHref(ref: ArticleRef): string {
  return `${BASE_PATH}/CommentPage?classId=${ref.classId}&newsId=${ref.newsId}`;
}

export function commentReplyPageHref(ref: ArticleRef, plId: number): string {
  return `${BASE_PATH}/CommentReplyPage?classId=${ref.classId}&newsId=${ref.newsId}&plId=${plId}`;
}

/** Where a reader goes back to after posting: the article of a from=News comment, else its comment page. */
export function articleHref(ref: ArticleRef): string {
  return `${BASE_PATH}/NewsDetail?classId=${ref.classId}&newsId=${ref.newsId}`;
}
