/**
 * The breaking-news banner (突发推送, ADR 025): joins the site room of the init config (`goim.roomId`,
 * spec 3) and shows each op-1002 notice as a short banner at the top of the page that opens the story,
 * with a close button (Escape closes it too). Loaded by BreakingBanner.astro after the page has loaded
 * and the browser is idle, so no reader page pays for it before its first screen.
 *
 * The host element (`[data-breaking-room]`) is a polite live region: a screen reader hears the notice once.
 * The notice is parsed, never trusted (contract/breaking.ts): its words go in as text, its link must be a
 * path on this site. The banner is not shown on the story's own page. Like the live counts, the socket
 * closes on `pagehide` (an open socket keeps the page out of the back/forward cache) and reopens on a
 * `pageshow` from that cache.
 */
import { openRealtimeSocket, type RealtimeSocket, type RealtimeSocketOptions } from '../../client/socket.ts';
import { parseBreakingNotice, type BreakingNotice } from '../../contract/breaking.ts';
import { GoimOp } from '../../lib/goim.ts';

/** Draws `notice` into `host` (replacing an earlier one) and shows it. */
export function showBreaking(host: HTMLElement, notice: BreakingNotice): void {
  const doc = host.ownerDocument;
  if (doc.querySelector(`[data-news-id="${notice.newsId}"]`)) return;
  const link = doc.createElement('a');
  link.className = 'bk-link';
  link.href = notice.url;
  const tag = doc.createElement('strong');
  tag.className = 'bk-tag';
  tag.textContent = '突发';
  const text = doc.createElement('span');
  text.className = 'bk-text';
  text.textContent = notice.text;
  link.append(tag, text);
  const close = doc.createElement('button');
  close.type = 'button';
  close.className = 'bk-close';
  close.setAttribute('aria-label', '关闭突发新闻提示');
  close.textContent = '×';
  const hide = (): void => {
    host.hidden = true;
    host.replaceChildren();
    doc.removeEventListener('keydown', onKey);
  };
  const onKey = (ev: KeyboardEvent): void => {
    if (ev.key === 'Escape') hide();
  };
  close.addEventListener('click', hide);
  doc.addEventListener('keydown', onKey);
  host.replaceChildren(link, close);
  host.hidden = false;
}

/** Starts listening on the page's banner host; returns a stop function (also run on pagehide). */
export function startBreakingBanner(doc: Document = document, socketOptions: Partial<RealtimeSocketOptions> = {}): () => void {
  const host = doc.querySelector<HTMLElement>('[data-breaking-room]');
  const room = host?.dataset.breakingRoom ?? '';
  if (!host || room === '') return () => {};
  let socket: RealtimeSocket | null = null;
  const open = (): void => {
    socket ??= openRealtimeSocket({
      room,
      accepts: [GoimOp.breaking],
      onMessage(op, body) {
        if (op !== GoimOp.breaking) return;
        const notice = parseBreakingNotice(body);
        if (notice) showBreaking(host, notice);
      },
      // The first heartbeat reply: the socket has joined the room (`data-live` tells tests it listens).
      onOnline() {
        host.dataset.live = '1';
      },
      ...socketOptions,
    });
  };
  const close = (): void => {
    socket?.close();
    socket = null;
    delete host.dataset.live;
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
