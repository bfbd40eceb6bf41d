/**
 * The comment preview under a detail (spec 9): its first comments, read by the detail's loader in the same batch
 * as related news and ads (src/sections/detail/loadDetail.ts), so their queries go to the database together.
 */
import { getEndpoint } from '../../client/getEndpoint.ts';
import { commentGetList, type CommentItem } from '../../contract/interaction.ts';

/** Comments shown under the article; 5 or more loaded shows 查看更多评论 (spec 9). */
export const COMMENT_PREVIEW_SIZE = 5;

/** The article's first comments; a failure never costs the reader the article: the list then shows its empty state. */
export function loadCommentPreview(article: { classId: number; newsId: number }): Promise<CommentItem[]> {
  return getEndpoint(commentGetList, { ...article, pageSize: COMMENT_PREVIEW_SIZE }).then(
    (r) => (r.statusCode === 200 ? r.data : []),
    () => [],
  );
}
