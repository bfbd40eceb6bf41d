/**
 * The interaction calls islands and scripts make, through the one API client. Types come from the
 * contract with `import type` (erased), each path checked against its endpoint declaration: no schema code reaches
 * the browser (ADR 001 budgets); the server validates every request and response.
 */
import type { PoliticsDetail, QuestionDetail, wendaGetAnswerDetail, wendaGetAnswerListById, wenzhengGetDetail } from '../../contract/bangbang.ts';
import type { baoliaoDetail, Tip } from '../../contract/bangbangBoard.ts';
import type { Envelope } from '../../contract/envelope.ts';
import type {
  bangDoReport,
  commentDelete,
  commentDoReport,
  commentGetList,
  commentGetListByParentId,
  CommentItem,
  CommentReply,
  commentStore,
  LikeResult,
  likeDo,
  LikeState,
  likeState,
  newsDoReport,
  ReportOptions,
  reportContent,
} from '../../contract/interaction.ts';
import type { EarnResult, pointsRead } from '../../contract/mall.ts';
import { getByPath } from '../../client/getEndpoint.ts';
import { postByPath } from '../../client/postEndpoint.ts';
import { targetParams, type ArticleRef } from './commentLinks.ts';

export type ArticleIds = {
  classId: number;
  newsId: number;
};

export function fetchLikeState(ids: ArticleIds): Promise<Envelope<LikeState>> {
  return getByPath<typeof likeState>('/v1/like/state', { classId: ids.classId, newsId: ids.newsId });
}

/** ADR 012: a logged-in reader's read of an article earns points (once per article, within a daily cap). */
export function earnReadPoints(ids: ArticleIds): Promise<Envelope<EarnResult>> {
  return postByPath<typeof pointsRead>('/v1/points/read', { classId: ids.classId, newsId: ids.newsId });
}

/** The caller's like state of a bangbang item (classId 1 politics, 2 Q&A, 4 a tip): the item's detail asked with the token. */
export async function fetchBangLikeState(
  ref: ArticleIds,
): Promise<Envelope<Pick<QuestionDetail | PoliticsDetail | Tip, 'isDoLike' | 'likeNum' | 'commentCount'>>> {
  if (ref.classId === 4) return getByPath<typeof baoliaoDetail>('/v1/bangbang/baoliao/detail', { id: ref.newsId });
  return ref.classId === 2
    ? getByPath<typeof wendaGetAnswerDetail>('/v1/bangbang/wenda/getAnswerDetail', { id: ref.newsId })
    : getByPath<typeof wenzhengGetDetail>('/v1/bangbang/wenzheng/getDetail', { id: ref.newsId });
}

/** Every like of the page goes here (typed against the contract: a changed path fails the type check). */
export const LIKE_PATH: typeof likeDo.path = '/v1/like/do';

/**
 * The like of the detail bar: an article (type 1), or spec 7.3's politics (type 1) or Q&A (type 2) item of the
 * bangbang board with from='bang' (a tip is type 4). The body is also what the outbox keeps (ADR 032).
 */
export function likeBody(ids: ArticleIds, bang: boolean): { classId?: number; newsId: number; type: 1 | 2 | 4; from?: 'bang' } {
  return bang
    ? { newsId: ids.newsId, type: ids.classId === 2 || ids.classId === 4 ? ids.classId : 1, from: 'bang' }
    : { classId: ids.classId, newsId: ids.newsId, type: 1 };
}

/** Sends the bar's like with its key: one key per reader and item (a like is once per reader and target). */
export function likeItem(ids: ArticleIds, bang: boolean, idempotencyKey: string): Promise<Envelope<LikeResult>> {
  return postByPath<typeof likeDo>(LIKE_PATH, likeBody(ids, bang), { idempotencyKey });
}

/** A send that got no answer at all (offline, timeout): the outbox keeps it (ADR 032). */
export { isNoAnswer } from '../../client/apiClient.ts';

/** Spec 9: a Q&A answer is liked with type 6 by bangId. */
export function likeAnswer(bangId: number): Promise<Envelope<LikeResult>> {
  return postByPath<typeof likeDo>(LIKE_PATH, { bangId, type: 6 });
}

/** Spec 7.3: a comment of an article (type 2) or of the bangbang board (type 3), by commentId. */
export function likeComment(ref: ArticleRef, commentId: number): Promise<Envelope<LikeResult>> {
  return postByPath<typeof likeDo>(
    LIKE_PATH,
    ref.from === 'bang'
      ? { commentId, type: 3 }
      : ref.from === 'quan'
        ? { from: 'quan', classId: ref.classId, newsId: ref.newsId, commentId, type: 2 }
        : { classId: ref.classId, newsId: ref.newsId, commentId, type: 2 },
  );
}

/** The caller's view of a comment list's first page (isDoLike per comment and reply). */
export function fetchComments(ref: ArticleRef, pageSize: number): Promise<Envelope<CommentItem[]>> {
  return getByPath<typeof commentGetList>('/v1/comment/getList', { ...targetParams(ref), page: 1, pageSize });
}

/** The caller's view of one thread (the comment and its first replies). */
export function fetchThread(ref: ArticleRef, plId: number, pageSize: number): Promise<Envelope<{ comment: CommentItem; list: CommentReply[] }>> {
  return getByPath<typeof commentGetListByParentId>('/v1/comment/getListByParentId', { ...targetParams(ref), plId, page: 1, pageSize });
}

/** The answers of a question as the caller sees them (isDoLike per answer). */
export function fetchAnswers(questionId: number, page: number): ReturnType<typeof getByPath<typeof wendaGetAnswerListById>> {
  return getByPath<typeof wendaGetAnswerListById>('/v1/bangbang/wenda/getAnswerListById', { id: questionId, page, pageSize: 50 });
}

export function postComment(
  /** `conpic`: the uploaded picture URLs joined by commas (the form encoding of /v1 paths, spec 7). */
  body: { ref: ArticleRef; plId?: number; pId?: number; sayText: string; conpic?: string },
  idempotencyKey: string,
): Promise<Envelope<{ id: number }>> {
  const { ref, ...rest } = body;
  return postByPath<typeof commentStore>(COMMENT_PATH, { ...targetParams(ref), ...rest }, { idempotencyKey });
}

export const COMMENT_PATH = '/v1/comment/store';

/** The form body of a comment: what postComment sends, and what the outbox keeps when it got no answer. */
export function commentBody(body: { ref: ArticleRef; plId?: number; pId?: number; sayText: string; conpic?: string }): Record<string, string | number> {
  const { ref, ...rest } = body;
  return { ...targetParams(ref), ...rest } as Record<string, string | number>;
}

/** Spec 7.4: a bangbang comment is deleted with id=plId and from=bang. */
export function deleteComment(plId: number, bang = false): Promise<Envelope<{ plId: number; commentCount: number } | null>> {
  return postByPath<typeof commentDelete>('/v1/comment/deleteComment', bang ? { id: plId, from: 'bang' } : { plId });
}

export function fetchReportOptions(): Promise<Envelope<ReportOptions>> {
  return getByPath<typeof reportContent>('/v1/comment/reportContent');
}

/** A news report (classId, newsId, content) or, for a bangbang item, /v1/bangbang/news/doreport (classid, id, content). */
export function reportArticle(ref: ArticleRef, reasons: string[]): Promise<Envelope<{ id: number } | null>> {
  const content = reasons.join(',');
  if (ref.from === 'bang') return postByPath<typeof bangDoReport>('/v1/bangbang/news/doreport', { classid: ref.classId, id: ref.newsId, content });
  return postByPath<typeof newsDoReport>('/v1/news/doReport', { classId: ref.classId, newsId: ref.newsId, content });
}

/** Spec 7.4/7.5: a comment report — commentId, classId (12 on the live page), newsId, platformId, content. */
export function reportComment(
  body: { commentId: number; classId: number; newsId: number; platformId: number },
  reasons: string,
): Promise<Envelope<{ id: number } | null>> {
  return postByPath<typeof commentDoReport>('/api/comment/doReport', { ...body, content: reasons });
}
