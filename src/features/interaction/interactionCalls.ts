/**
 * The interaction calls islands and scripts make, through the one API client. Types come from the
 * contract with `import type` (erased), paths from the zod-free limits module: no schema code reaches
 * the browser (issue 7 budgets); the server validates every request and response.
 */
import type { Envelope } from '../../contract/envelope.ts';
import type { LikeResult, LikeState, ReportOptions } from '../../contract/interaction.ts';
import { INTERACTION_PATHS } from '../../contract/interactionLimits.ts';
import { api } from '../../client/api.ts';

export type ArticleIds = {
  classId: number;
  newsId: number;
};

export function fetchLikeState(ids: ArticleIds): Promise<Envelope<LikeState>> {
  return api.get<LikeState>(INTERACTION_PATHS.likeState, { classId: ids.classId, newsId: ids.newsId });
}

export function likeArticle(ids: ArticleIds): Promise<Envelope<LikeResult>> {
  return api.post<LikeResult>(INTERACTION_PATHS.likeDo, { classId: ids.classId, newsId: ids.newsId, type: 1 });
}

export function postComment(
  /** `conpic`: the uploaded picture URLs joined by commas (the form encoding of /v1 paths, spec 7). */
  body: ArticleIds & { plId?: number; pId?: number; sayText: string; conpic?: string },
  idempotencyKey: string,
): Promise<Envelope<{ id: number }>> {
  return api.post<{ id: number }>(INTERACTION_PATHS.commentStore, body, { idempotencyKey });
}

export function deleteComment(plId: number): Promise<Envelope<{ plId: number; commentCount: number } | null>> {
  return api.post(INTERACTION_PATHS.commentDelete, { plId });
}

export function fetchReportOptions(): Promise<Envelope<ReportOptions>> {
  return api.get<ReportOptions>(INTERACTION_PATHS.reportContent);
}

export function reportArticle(ids: ArticleIds, reasons: string[]): Promise<Envelope<{ id: number } | null>> {
  return api.post(INTERACTION_PATHS.newsDoReport, { classId: ids.classId, newsId: ids.newsId, content: reasons.join(',') });
}
