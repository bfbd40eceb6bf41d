/**
 * The reader's own comments in review on a cached comment list (docs/adr/018-one-review-model.md, ADR 016's
 * pattern): the page is rendered for nobody, so it never holds a comment that is not public; the list asked with
 * the reader's token does (审核中, 未通过：reason), and these are drawn in from the page's own entry template
 * (`<template data-own-entry>` of CommentListBody.astro, so they look as the rendered ones do). Text goes in with
 * `textContent`; pictures are not drawn (the author sees them in 我的评论). Nobody else's browser receives them.
 */
import type { CommentItem, CommentReply } from '../../contract/interaction.ts';
import { reviewStateText } from '../../lib/reviewStateText.ts';

export interface HeldPlacement {
  /** Top-level comments to put first in the list (newest first, as the list is). */
  top: CommentReply[];
  /** Replies to put under a root already on the page: root id → its held replies, oldest first. */
  replies: Map<number, CommentReply[]>;
}

/**
 * Which of the list's items (as the API answered the reader) are the reader's own comments in review and not yet
 * on the page, and where each goes. `thread`: the comment page of one thread (its replies are the list itself).
 */
export function placeHeld(items: ReadonlyArray<CommentItem | CommentReply>, onPage: ReadonlySet<number>, thread: number | null): HeldPlacement {
  const top: CommentReply[] = [];
  const replies = new Map<number, CommentReply[]>();
  const held = (c: CommentReply) => c.belongMyself === 1 && c.reviewState !== 'approved' && !onPage.has(c.id);
  for (const item of items) {
    if (thread !== null) {
      if (item.id !== thread && held(item)) top.push(item);
      continue;
    }
    if (held(item)) top.push(item);
    const subs = 'subComments' in item ? item.subComments : [];
    for (const reply of subs) {
      if (!held(reply)) continue;
      // A reply under a root this page shows; a root that is itself drawn in carries its replies below.
      replies.set(item.id, [...(replies.get(item.id) ?? []), reply]);
    }
  }
  return { top, replies };
}

/** One entry from the template: the comment's text, name, time and state; like, reply and report left out. */
function entryFrom(template: HTMLLIElement, c: CommentReply, nested: boolean): HTMLLIElement {
  const li = template.cloneNode(true) as HTMLLIElement;
  li.dataset['commentId'] = String(c.id);
  li.dataset['author'] = String(c.userId);
  li.dataset['own'] = '';
  li.classList.toggle('nested', nested);
  li.querySelector('.replies')?.remove();
  li.querySelector('.more-replies')?.remove();
  li.querySelector('.pics')?.remove();
  for (const el of li.querySelectorAll('.reply, .report, .zan, .to')) el.remove();
  const avatar = li.querySelector('.avatar');
  if (avatar) avatar.textContent = [...c.nickname][0] ?? '网';
  const name = li.querySelector<HTMLElement>('.who .name');
  if (name) {
    name.id = `comment-author-${c.id}`;
    name.textContent = c.nickname;
  }
  const review = li.querySelector<HTMLElement>('[data-review]');
  if (review) review.textContent = reviewStateText(c.reviewState, c.reviewReason);
  const text = li.querySelector('.text');
  if (text) text.textContent = c.sayText;
  const time = li.querySelector('time');
  if (time) time.textContent = c.sayTime;
  const del = li.querySelector<HTMLElement>('[data-delete]');
  if (del) del.dataset['delete'] = String(c.id);
  return li;
}

/** Draws the reader's own held comments into `root` (an sc-comment-list); answers how many were drawn. */
export function drawHeld(root: HTMLElement, items: ReadonlyArray<CommentItem | CommentReply>, thread: number | null): number {
  const template = root.querySelector<HTMLTemplateElement>('template[data-own-entry]');
  const proto = template?.content.querySelector<HTMLLIElement>('li.comment:not(.nested)');
  const nestedProto = template?.content.querySelector<HTMLLIElement>('li.comment.nested');
  if (!template || !proto || !nestedProto) return 0;
  const onPage = new Set([...root.querySelectorAll<HTMLElement>('[data-comment-id]')].map((el) => Number(el.dataset['commentId'])));
  const placed = placeHeld(items, onPage, thread);
  let drawn = 0;
  if (placed.top.length > 0) {
    let list = root.querySelector<HTMLUListElement>('sc-more-list [data-list]');
    if (!list) {
      const ul = template.content.querySelector<HTMLUListElement>('ul[data-list]');
      const more = root.querySelector('sc-more-list');
      if (!ul || !more) return 0;
      list = ul.cloneNode(false) as HTMLUListElement;
      more.querySelector('.empty')?.remove();
      more.prepend(list);
    }
    const entries = placed.top.map((c) => entryFrom(thread !== null ? nestedProto : proto, c, thread !== null));
    // A thread lists oldest first (its held replies are the newest: last); a list newest first (first).
    if (thread !== null) list.append(...entries);
    else list.prepend(...entries);
    drawn += entries.length;
  }
  for (const [rootId, held] of placed.replies) {
    const body = root.querySelector<HTMLElement>(`li[data-comment-id="${rootId}"] > .body`);
    if (!body) continue;
    let replies = body.querySelector<HTMLUListElement>(':scope > .replies');
    if (!replies) {
      const ul = proto.querySelector<HTMLUListElement>('.replies');
      if (!ul) continue;
      replies = ul.cloneNode(false) as HTMLUListElement;
      const more = body.querySelector(':scope > .more-replies');
      if (more) more.before(replies);
      else body.append(replies);
    }
    replies.append(...held.map((c) => entryFrom(nestedProto, c, true)));
    drawn += held.length;
  }
  return drawn;
}
