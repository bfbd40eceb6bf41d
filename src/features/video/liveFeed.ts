/**
 * A live's page hears its desk (ADR 025 "Live events"): opens the realtime socket for the item the page shows
 * and applies each op-1003 push — the state tag (直播中 / 未开始 / 回放), the title's 直播中 / 已结束, the player
 * once it goes live, and the 图文直播 feed's new and withdrawn updates — without a reload. Loaded by LiveView.astro
 * after the load event when the browser is idle. A plain module, not an island: reader budgets (ADR 001).
 *
 * The markup contract (LiveView.astro):
 * - `data-live-item="<classId>:<newsId>"` on the player's section, with `data-live-src` (the first source),
 *   `data-live-poster` and `data-live-title`; inside it `sc-live-player`, `[data-live-state]` (the tag) and
 *   `[data-live-picker]` (the source picker, hidden until it plays);
 * - `[data-live-status]` in the title area; `[data-live-feed]` (the list, newest first) and `[data-live-empty]`.
 * Pushed text is written with textContent only; a picture only as a path of our media store (parseLiveFeedPush).
 */
import { openRealtimeSocket, type RealtimeSocket, type RealtimeSocketOptions } from '../../client/socket.ts';
import { parseLiveFeedPush, type LiveFeedPost, type LiveFeedPush } from '../../contract/liveFeed.ts';
import { GoimOp } from '../../lib/goim.ts';

const ITEM = /^(\d{1,9}):(\d{1,12})$/;
const STATE_TEXT = ['未开始', '直播中', '回放'] as const;

/** One update as the page shows it (the server renders the same shape in LiveView.astro). */
export function livePostElement(doc: Document, post: LiveFeedPost): HTMLLIElement {
  const li = doc.createElement('li');
  li.className = 'lv-post';
  li.dataset['postId'] = String(post.id);
  const time = doc.createElement('time');
  time.className = 'lv-post-time';
  time.textContent = post.time;
  const text = doc.createElement('p');
  text.className = 'lv-post-text';
  text.textContent = post.text;
  li.append(time, text);
  if (post.picture) {
    const img = doc.createElement('img');
    img.src = `${post.picture}?w=690`;
    img.alt = '';
    img.loading = 'lazy';
    li.append(img);
  }
  return li;
}

function playerOf(doc: Document, section: HTMLElement): void {
  const player = section.querySelector('sc-live-player');
  const src = section.dataset['liveSrc'];
  if (!player || !src || player.querySelector('video')) return;
  const video = doc.createElement('video');
  video.src = src;
  const poster = section.dataset['livePoster'];
  if (poster) video.poster = poster;
  video.controls = true;
  video.playsInline = true;
  video.preload = 'none';
  video.setAttribute('aria-label', `直播：${section.dataset['liveTitle'] ?? ''}`);
  player.querySelector('.lv-wait')?.remove();
  player.prepend(video);
  section.querySelector<HTMLElement>('[data-live-picker]')?.removeAttribute('hidden');
}

/** Applies one push to the page. */
export function applyLivePush(doc: Document, push: LiveFeedPush): void {
  const section = doc.querySelector<HTMLElement>('[data-live-item]');
  if (!section) return;
  if (push.what === 'state') {
    const label = STATE_TEXT[push.liveType];
    for (const tag of doc.querySelectorAll<HTMLElement>('[data-live-state]')) {
      tag.textContent = label;
      tag.classList.toggle('on', push.liveType === 1);
    }
    // The title area says 直播中 or 已结束 (spec 2.4).
    for (const status of doc.querySelectorAll<HTMLElement>('[data-live-status]')) {
      status.textContent = push.liveType === 1 ? '直播中' : push.liveType === 2 ? '已结束' : '';
      status.hidden = push.liveType === 0;
      status.classList.toggle('on', push.liveType === 1);
    }
    if (push.liveType !== 0) playerOf(doc, section);
    return;
  }
  const feed = doc.querySelector<HTMLElement>('[data-live-feed]');
  const empty = doc.querySelector<HTMLElement>('[data-live-empty]');
  if (!feed) return;
  if (push.what === 'post') {
    if (feed.querySelector(`[data-post-id="${push.post.id}"]`)) return;
    feed.prepend(livePostElement(doc, push.post));
  } else {
    feed.querySelector(`[data-post-id="${push.id}"]`)?.remove();
  }
  if (empty) empty.hidden = feed.children.length > 0;
}

/** Starts listening for the page's live; returns a stop function (also run on pagehide). */
export function startLiveFeed(doc: Document = document, socketOptions: Partial<RealtimeSocketOptions> = {}): () => void {
  const match = ITEM.exec(doc.querySelector<HTMLElement>('[data-live-item]')?.dataset['liveItem'] ?? '');
  if (!match) return () => {};
  const classId = Number(match[1]);
  const newsId = Number(match[2]);
  let socket: RealtimeSocket | null = null;
  const open = (): void => {
    socket ??= openRealtimeSocket({
      room: `news://${classId}:${newsId}`,
      accepts: [GoimOp.live],
      onMessage(op, body) {
        if (op !== GoimOp.live) return;
        const push = parseLiveFeedPush(body);
        if (push && push.newsId === newsId) applyLivePush(doc, push);
      },
      ...socketOptions,
    });
  };
  const close = (): void => {
    socket?.close();
    socket = null;
  };
  const onPageShow = (ev: PageTransitionEvent): void => {
    if (ev.persisted) open();
  };
  const view = doc.defaultView;
  view?.addEventListener('pagehide', close);
  view?.addEventListener('pageshow', onPageShow);
  open();
  return () => {
    close();
    view?.removeEventListener('pagehide', close);
    view?.removeEventListener('pageshow', onPageShow);
  };
}
