/**
 * The breaking-news banner (突发推送, ADR 025): joins the site room of the init config (`goim.roomId`,
 * spec 3) and shows each op-1002 notice as a short banner at the top of the page that opens the story,
 * with a close button (Escape closes it too). Loaded by BreakingBanner.astro after the page has loaded
 * and the browser is idle, so no reader page pays for it before its first screen.
 *
 * The host element (`[data-breaking-room]`) is a polite live region: a screen reader hears the notice once.
 * The notice is parsed, never trusted (contract/breaking.ts): its words go in as text, its link must be a
 * path on this site. The banner is not shown on the story's own page. It listens on the page's one socket
 * (src/client/pageSocket.ts): on a story's page that is the item's socket of the live counts, which the server
 * also sends the site room's pushes to; elsewhere a socket on the site room.
 */
import { listenOnPageSocket, type SocketSettings } from '../../client/pageSocket.ts';
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

/** Starts listening on the page's banner host; returns a stop function. */
export function startBreakingBanner(doc: Document = document, settings: SocketSettings = {}): () => void {
  const host = doc.querySelector<HTMLElement>('[data-breaking-room]');
  const room = host?.dataset.breakingRoom ?? '';
  const view = doc.defaultView;
  if (!host || room === '' || !view) return () => {};
  const stop = listenOnPageSocket(
    view,
    {
      room,
      site: true,
      accepts: [GoimOp.breaking],
      onMessage(op, body) {
        if (op !== GoimOp.breaking) return;
        const notice = parseBreakingNotice(body);
        if (notice) showBreaking(host, notice);
      },
      // The first heartbeat reply: the page's socket has joined its room (`data-live` tells tests it listens).
      onOnline() {
        host.dataset.live = '1';
      },
    },
    settings,
  );
  const hidden = (): void => {
    delete host.dataset.live;
  };
  view.addEventListener('pagehide', hidden);
  return () => {
    stop();
    hidden();
    view.removeEventListener('pagehide', hidden);
  };
}
