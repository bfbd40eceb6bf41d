/**
 * What /PublishComment and /PublishBangBang show (spec 2.6): the item, and when replying the thread and
 * the comment answered, plus where the reader goes after 提交. One loader for both pages.
 */
import { getEndpoint } from '../../client/getEndpoint.ts';
import { commentGetListByParentId, type CommentReply } from '../../contract/interaction.ts';
import { articleHref, commentPageHref, commentReplyPageHref, targetParams } from '../../features/interaction/commentLinks.ts';
import { loadCommentTarget, type CommentSubject } from './loadCommentTarget.ts';
import type { PageLoad } from '../../features/paging/pageLoad.ts';

export interface PublishView {
  subject: CommentSubject;
  replyTo: CommentReply | null;
  plId: number | undefined;
  pId: number | undefined;
  doneHref: string;
}

export type PublishTarget = PageLoad<PublishView>;

/** The first replies searched for the quoted comment. */
const THREAD_PAGE = 50;

export async function loadPublishTarget(search: URLSearchParams, options: { bang?: boolean } = {}): Promise<PublishTarget> {
  const target = await loadCommentTarget(search, options);
  if (target.kind !== 'ok') return target;
  const { subject, query } = target.view;
  const { plId, pId } = query;
  let replyTo: CommentReply | null = null;
  let rootId: number | undefined;
  if ((plId ?? pId) !== undefined) {
    // The thread is named by plId; a link with only pId names the comment answered, itself a root or not.
    const res = await getEndpoint(commentGetListByParentId, { ...targetParams(subject.ref), plId: (plId ?? pId)!, pageSize: THREAD_PAGE }).catch(() => null);
    if (res?.statusCode === 200) {
      rootId = res.data.comment.id;
      // Quote the comment answered: a reply in the thread (pId) when it is among the first 50, else the root.
      replyTo = res.data.list.find((r) => r.id === pId) ?? res.data.comment;
    } else if (plId !== undefined) return { kind: res?.statusCode === 404 ? 'notFound' : 'error' };
  }
  // After 提交: the thread of a reply; the item's comments (a from=News link: the article itself).
  const doneHref = replyTo
    ? commentReplyPageHref(subject.ref, rootId ?? replyTo.id)
    : search.get('from') === 'News' || subject.ref.from === 'bang'
      ? `${articleHref(subject.ref)}#comments`
      : commentPageHref(subject.ref);
  return { kind: 'ok', view: { subject, replyTo, plId: plId ?? rootId, pId, doneHref } };
}
