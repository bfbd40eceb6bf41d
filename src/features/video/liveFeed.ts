/**
 * A live's page follows its desk (ADR 025 "Live events"): each op-1003 push — the state tag (直播中 / 未开始 / 回放),
 * the title's 直播中 / 已结束, the player once it goes live, and the 图文直播 feed's new and withdrawn updates — is
 * applied without a reload. The pushes come over the page's one realtime socket (src/client/pageSocket.ts, shared
 * with the live counts, which open it after the load event): `followLiveFeed` joins it, as a listener of op 1003 in
 * the live's room, when its code has loaded (`PAGE_SOCKET_EVENT`), so that nothing of the socket loads before the
 * first screen, and both listeners ride on the socket's first opening. A live's page always has the counts' mark
 * (LiveView.astro). A plain module, not an island: reader budgets (ADR 001).
 *
 * The markup contract (LiveView.astro):
 * - `data-live-item="<classId>:<newsId>"` on the player's section; inside it `.lv-wait` (the cover before it
 *   plays), `[data-live-state]` (the tag) and, while it waits, `template[data-live-video]` (the player to put in place);
 * - `[data-live-status]` in the title area; `[data-live-feed]` (the list, newest first), `[data-live-empty]` and
 *   `template[data-live-post]` (an empty item: time, text, picture).
 * Pushed text is written with textContent only; a picture only as a path of our media store (parseLiveFeedPush).
 * A live that starts while the page is open plays its first source, and its source picker (`[data-live-picker]`,
 * server-rendered hidden) shows.
 */
import type { PageSocketJoin } from '../../client/pageSocket.ts';
import { PAGE_SOCKET_EVENT } from '../../client/pageSocketEvent.ts';
import { parseLiveFeedPush, type LiveFeedPost, type LiveFeedPush } from '../../contract/liveFeed.ts';

const ITEM = /^(\d{1,9}):(\d{1,12})$/;
const STATE_TEXT = ['未开始', '直播中', '回放'] as const;

/** A copy of the page's `<template data-live-…>` (server-rendered, so it carries the page's scoped styles). */
function copyOf(doc: Document, name: string): Element | null {
  return doc.querySelector<HTMLTemplateElement>(`template[data-live-${name}]`)?.content.firstElementChild?.cloneNode(true) as Element | null;
}

/** One update as the page shows it: the server's own item (`template[data-live-post]`), its text set with textContent. */
export function livePostElement(doc: Document, post: LiveFeedPost): Element | null {
  const li = copyOf(doc, 'post');
  if (!li) return null;
  li.setAttribute('data-post-id', String(post.id));
  li.querySelector('time')!.textContent = post.time;
  li.querySelector('p')!.textContent = post.text;
  const img = li.querySelector('img')!;
  if (post.picture) img.src = `${post.picture}?w=690`;
  else img.remove();
  return li;
}

/** Applies one push to the page. */
export function applyLivePush(doc: Document, push: LiveFeedPush): void {
  if (push.what === 'state') {
    const t = push.liveType;
    for (const tag of doc.querySelectorAll<HTMLElement>('[data-live-state]')) {
      tag.textContent = STATE_TEXT[t];
      tag.classList.toggle('on', t === 1);
    }
    // The title area says 直播中 or 已结束 (spec 2.4).
    for (const status of doc.querySelectorAll<HTMLElement>('[data-live-status]')) {
      status.textContent = t === 1 ? '直播中' : t === 2 ? '已结束' : '';
      status.hidden = t === 0;
      status.classList.toggle('on', t === 1);
    }
    // Going live: the player (`template[data-live-video]`) takes the waiting cover's place, and the source picker shows.
    const wait = doc.querySelector('.lv-wait');
    const video = t === 0 || !wait ? null : copyOf(doc, 'video');
    if (video) wait!.replaceWith(video);
    if (t !== 0) for (const picker of doc.querySelectorAll<HTMLElement>('[data-live-picker]')) picker.hidden = false;
    return;
  }
  const feed = doc.querySelector('[data-live-feed]');
  if (!feed) return;
  const shown = feed.querySelector(`[data-post-id="${push.what === 'post' ? push.post.id : push.id}"]`);
  if (push.what === 'withdraw') shown?.remove();
  else if (!shown) {
    const li = livePostElement(doc, push.post);
    if (li) feed.prepend(li);
  }
  const empty = doc.querySelector<HTMLElement>('[data-live-empty]');
  if (empty) empty.hidden = feed.children.length > 0;
}

/** Joins the page's socket in the live's room when it opens and applies its pushes as they come; returns a stop function. */
export function followLiveFeed(doc: Document = document): () => void {
  const match = ITEM.exec(doc.querySelector<HTMLElement>('[data-live-item]')?.dataset['liveItem'] ?? '');
  const view = doc.defaultView;
  if (!match || !view) return () => {};
  const newsId = Number(match[2]);
  let leave: (() => void) | undefined;
  const join = (ev: Event): void => {
    const { listen, ops } = (ev as CustomEvent<PageSocketJoin>).detail;
    leave = listen({
      room: `news://${match[1]}:${newsId}`,
      accepts: [ops.live],
      onMessage(_op, body) {
        const push = parseLiveFeedPush(body);
        if (push && push.newsId === newsId) applyLivePush(doc, push);
      },
    });
  };
  view.addEventListener(PAGE_SOCKET_EVENT, join, { once: true });
  return () => {
    view.removeEventListener(PAGE_SOCKET_EVENT, join);
    leave?.();
  };
}
