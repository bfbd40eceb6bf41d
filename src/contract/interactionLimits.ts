/**
 * Interaction limits and paths without zod, for browser code: islands and scripts import these, never
 * the schemas, so the validation library stays out of the page's JavaScript (issue 7 budgets). The
 * contract (interaction.ts) uses the same constants; a unit test checks the paths match.
 */

import { PICTURES_MAX } from './uploadLimits.ts';

/** Comment text: plain text, trimmed, 1–500 code points (security.md C2, F46). */
export const COMMENT_MAX_CHARS = 500;
/** Pictures per comment (security.md C3: the spec's three-column grid). */
export const COMMENT_MAX_PICTURES = PICTURES_MAX;
/** Reasons per report (security.md F51). */
export const REPORT_MAX_REASONS = 10;

export const INTERACTION_PATHS = {
  likeDo: '/v1/like/do',
  likeState: '/v1/like/state',
  commentGetList: '/v1/comment/getList',
  commentReplies: '/v1/comment/getListByParentId',
  commentStore: '/v1/comment/store',
  commentDelete: '/v1/comment/deleteComment',
  reportContent: '/v1/comment/reportContent',
  newsDoReport: '/v1/news/doReport',
  bangDoReport: '/v1/bangbang/news/doreport',
  commentDoReport: '/api/comment/doReport',
} as const;
