/**
 * One comment or reply (spec 3 comment item) as markup: what CommentEntry.astro puts inside its `<li>`, with the
 * first replies as nested entries. Built in code (src/lib/html.ts, as the news cards are): an article's comment
 * preview was two fifths of the expressions Astro rendered for the page. Text is plain text, escaped (security.md
 * G52); pictures go through commentPictureSrc (own uploads or safe http(s) URLs). The delete button is in the HTML but
 * hidden: the comment-list script shows it on the reader's own items (spec 5). The like button (赞, spec 7.3 type 2,
 * type 3 on the bangbang board) is driven by the same script.
 */
import type { CommentItem, CommentReply } from '../../contract/interaction.ts';
import { formatCount } from '../../lib/formatCount.ts';
import { attr, markup, type Html } from '../../lib/html.ts';
import { thumbImgAttrs } from '../../lib/mediaSrcset.ts';
import { reviewStateText } from '../../lib/reviewStateText.ts';
import { safeUrl } from '../../lib/safeUrl.ts';
import { commentReplyPageHref, publishCommentHref, type ArticleRef } from './commentLinks.ts';
import { commentPictureSrc } from './commentPictureSrc.ts';
import { thumbIconHtml } from './thumbIcon.ts';

export interface CommentEntryOptions {
  article: ArticleRef;
  /** The platform id 举报 sends (spec 7.4, 9), of the page the entry sits on. */
  platform: number;
  /** Show the first replies and the 查看全部回复 >> link (lists); off on the reply page's header. */
  withReplies?: boolean | undefined;
}

/** The `<li>`'s own attributes' values, for the component that renders it. */
export function commentEntryClass(nested: boolean): string {
  return nested ? 'comment nested' : 'comment';
}

/** A nested reply's `<li>` attributes (the top entry's are its component's). */
function commentEntryAttrs(item: CommentItem | CommentReply, nested: boolean): Html {
  return markup` class="${commentEntryClass(nested)}" data-comment-id="${item.id}" data-author="${item.userId}"`;
}

function inner(item: CommentItem | CommentReply, { article, platform, withReplies = true }: CommentEntryOptions): Html {
  const subComments = 'subComments' in item && withReplies ? item.subComments : [];
  const hasMore = 'hasMoreSubComments' in item && withReplies && item.hasMoreSubComments;
  const pictures = item.conpic.map(commentPictureSrc).filter((u): u is string => u !== null);
  const rootId = item.grandPid || item.id;
  const initial = [...item.nickname][0] ?? '网';
  const avatar = safeUrl(item.userPic);
  // Only its author is ever sent a comment in review (docs/adr/018-one-review-model.md): 审核中 or 未通过：reason.
  const review = reviewStateText(item.reviewState, item.reviewReason);
  const columns = pictures.length === 1 ? 1 : pictures.length === 2 || pictures.length === 4 ? 2 : 3;
  const pics =
    pictures.length > 0 &&
    markup`<div class="pics pics-${columns}"> ${pictures.map(
      (src) => markup`<img${thumbImgAttrs(src, pictures.length === 1 ? 200 : 120)} alt="评论图片" loading="lazy" width="120" height="120">`,
    )} </div>`;
  const replies =
    subComments.length > 0 &&
    markup`<ul class="replies"> ${subComments.map((reply) => markup`<li${commentEntryAttrs(reply, true)}>${inner(reply, { article, platform, withReplies: false })}</li>`)} </ul>`;
  const more =
    hasMore &&
    markup`<p class="more-replies"> <span>共 ${item.rsNum} 条回复</span> <a${attr('href', commentReplyPageHref(article, item.id))}>查看全部回复 &gt;&gt;</a> </p>`;
  return markup` ${avatar ? markup`<img class="avatar"${attr('src', avatar)} width="36" height="36" alt="" loading="lazy">` : markup`<span class="avatar" aria-hidden="true">${initial}</span>`} <div class="body"> <p class="who"> <span class="name" id="comment-author-${item.id}">${item.nickname}</span> ${item.beCommenter && markup`<span class="to"> 回复 <span class="name">${item.beCommenter}</span></span>`} ${review && markup`<span class="review" data-review>${review}</span>`} </p> <p class="text">${item.sayText}</p> ${pics} <p class="meta"> <time>${item.sayTime}</time> ${item.region && markup`<span>${item.region}</span>`} <a class="reply"${attr('href', publishCommentHref(article, { plId: rootId, pId: item.id }))}>回复</a> <button type="button" class="delete" data-delete="${item.id}" hidden>删除</button> <button type="button" class="report" data-report-comment="${item.id}" data-platform="${platform}" aria-label="举报该用户的评论" aria-describedby="comment-author-${item.id}">举报</button> <button type="button" class="zan" data-comment-like="${item.id}" data-like-num="${item.zcNum}" aria-pressed="false" aria-label="赞评论 ${item.zcNum}"> ${thumbIconHtml(14, 1.8)} <span data-count>${item.zcNum > 0 ? formatCount(item.zcNum) : '赞'}</span> </button> </p> ${replies} ${more} </div> `;
}

/** The inside of an entry's `<li>`, for `set:html`. */
export function commentEntryInner(item: CommentItem | CommentReply, options: CommentEntryOptions): string {
  return inner(item, options).toString();
}
