/**
 * One realtime socket per page, shared by what listens on it: the live counts of the item the page shows, the
 * breaking-news banner, and any later listener. Each joins with the room it wants and the ops it takes; the page
 * opens one socket on the item's room (or on the site room when no listener names an item) that accepts every
 * op any listener takes. The server sends the site room's pushes to every socket, whatever its room
 * (src/server/realtime/roomId.ts), so the banner hears them on the item's socket.
 *
 * A listener that changes the room or the ops (the second to join, at page start) makes the page reopen its
 * one socket with the new ones; the last to leave closes it. The socket closes on `pagehide` (an open socket
 * keeps the page out of the back/forward cache) and reopens on a `pageshow` from that cache.
 *
 * A page script that must not load this module before the load event (a live's feed, liveFeed.ts) joins through
 * the window's `PAGE_SOCKET_EVENT` (pageSocketEvent.ts), fired when a first listener joins (the page has none): its
 * detail is a `PageSocketJoin`.
 */
import { GoimOp } from '../lib/goim.ts';
import { PAGE_SOCKET_EVENT } from './pageSocketEvent.ts';
import { openRealtimeSocket, type RealtimeSocket, type RealtimeSocketOptions } from './socket.ts';

export interface PageListener {
  /** The room to join: an item's `news://<classId>:<newsId>`, or the site's `live://<n>` with `site`. */
  room: string;
  /** True for the site room: any socket of the page hears it, so the listener does not pick the room. */
  site?: boolean;
  accepts: readonly number[];
  onMessage(op: number, body: unknown): void;
  /** The online count of the socket's room, from each heartbeat reply (the first says the socket joined). */
  onOnline?(online: number): void;
}

/** The detail of `PAGE_SOCKET_EVENT`: how a page script joins the page's socket without importing this module. */
export interface PageSocketJoin {
  listen(listener: PageListener): () => void;
  /** The ops of the realtime protocol (GoimOp), to name the ones the listener takes. */
  ops: typeof GoimOp;
}

/** Transport settings for tests (a fake socket, a fixed url or token); the page's own otherwise. */
export type SocketSettings = Omit<Partial<RealtimeSocketOptions>, 'room' | 'accepts' | 'onMessage' | 'onOnline'>;

interface PageSocket {
  listeners: Set<PageListener>;
  socket: RealtimeSocket | null;
  /** The room and ops the open socket was made with (`room|op,op`). */
  made: string;
  /** The room's online count from the open socket's last heartbeat reply; null before the first. */
  online: number | null;
  settings: SocketSettings;
}

const pages = new WeakMap<Window, PageSocket>();

function wanted(listeners: ReadonlySet<PageListener>): { room: string; accepts: number[] } | null {
  let room = '';
  let siteRoom = '';
  const ops = new Set<number>();
  for (const l of listeners) {
    if (l.site) siteRoom ||= l.room;
    else room ||= l.room;
    for (const op of l.accepts) ops.add(op);
  }
  const chosen = room || siteRoom;
  return chosen === '' ? null : { room: chosen, accepts: [...ops].sort((a, b) => a - b) };
}

function sync(page: PageSocket): void {
  const want = wanted(page.listeners);
  const made = want ? `${want.room}|${want.accepts.join(',')}` : '';
  if (page.socket && made === page.made) return;
  page.socket?.close();
  page.socket = null;
  page.made = '';
  page.online = null;
  if (!want) return;
  page.made = made;
  page.socket = openRealtimeSocket({
    ...page.settings,
    room: want.room,
    accepts: want.accepts,
    onMessage(op, body) {
      for (const l of [...page.listeners]) if (l.accepts.includes(op)) l.onMessage(op, body);
    },
    onOnline(online) {
      page.online = online;
      for (const l of [...page.listeners]) l.onOnline?.(online);
    },
  });
}

function pageOf(view: Window): PageSocket {
  let page = pages.get(view);
  if (page) return page;
  const made: PageSocket = { listeners: new Set(), socket: null, made: '', online: null, settings: {} };
  view.addEventListener('pagehide', () => {
    made.socket?.close();
    made.socket = null;
    made.made = '';
    made.online = null;
  });
  view.addEventListener('pageshow', (ev) => {
    if ((ev as PageTransitionEvent).persisted) sync(made);
  });
  pages.set(view, made);
  page = made;
  return page;
}

/** Listens on the page's one socket; returns the function that stops listening. */
export function listenOnPageSocket(view: Window, listener: PageListener, settings: SocketSettings = {}): () => void {
  const page = pageOf(view);
  const first = page.listeners.size === 0;
  page.settings = { ...page.settings, ...settings };
  page.listeners.add(listener);
  if (first) {
    // Before the socket opens: who joins from the event is in its first room and ops, and nothing reopens.
    const join: PageSocketJoin = { listen: (l) => listenOnPageSocket(view, l), ops: GoimOp };
    view.dispatchEvent(new CustomEvent(PAGE_SOCKET_EVENT, { detail: join }));
  }
  sync(page);
  // Joining a socket that is already in its room: it is online for this listener too.
  if (page.online !== null) listener.onOnline?.(page.online);
  return () => {
    if (!page.listeners.delete(listener)) return;
    sync(page);
  };
}
