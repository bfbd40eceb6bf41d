// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { encodePacket, GoimOp, onlineCountBody } from '../lib/goim.ts';
import { listenOnPageSocket, type PageListener, type PageSocketJoin } from './pageSocket.ts';
import { PAGE_SOCKET_EVENT } from './pageSocketEvent.ts';
import { authOf, fakeSockets, push } from '../../tests/support/fakeSockets.ts';

function listener(room: string, accepts: number[], site = false) {
  const got: [number, unknown][] = [];
  const online: number[] = [];
  const l: PageListener = { room, site, accepts, onMessage: (op, body) => got.push([op, body]), onOnline: (n) => online.push(n) };
  return { l, got, online };
}

const stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

describe('the page’s one socket', () => {
  it('joins the item’s room for the counts and the banner together, and hands each push to whoever takes its op', () => {
    const f = fakeSockets();
    const counts = listener('news://3:42', [GoimOp.counts]);
    const banner = listener('live://1000', [GoimOp.breaking], true);
    stops.push(listenOnPageSocket(window, banner.l, f.settings));
    stops.push(listenOnPageSocket(window, counts.l, f.settings));
    const open = f.made.filter((s) => !s.closed);
    expect(open).toHaveLength(1);
    expect(authOf(open[0]!)).toMatchObject({ room_id: 'news://3:42', accepts: [GoimOp.counts, GoimOp.breaking] });
    push(open[0]!, GoimOp.breaking, { newsId: 9 });
    push(open[0]!, GoimOp.counts, { likeNum: 7 });
    expect(banner.got).toEqual([[GoimOp.breaking, { newsId: 9 }]]);
    expect(counts.got).toEqual([[GoimOp.counts, { likeNum: 7 }]]);
  });

  it('joins the site room when no listener names an item, and closes when the last one leaves', () => {
    const f = fakeSockets();
    const banner = listener('live://1000', [GoimOp.breaking], true);
    const stop = listenOnPageSocket(window, banner.l, f.settings);
    expect(f.made).toHaveLength(1);
    expect(authOf(f.made[0]!)).toMatchObject({ room_id: 'live://1000', accepts: [GoimOp.breaking] });
    stop();
    expect(f.made[0]!.closed).toBe(true);
  });

  it('tells a listener that joins an online socket that it is online at once', () => {
    const f = fakeSockets();
    const first = listener('news://3:42', [GoimOp.counts, GoimOp.breaking]);
    stops.push(listenOnPageSocket(window, first.l, f.settings));
    const s = f.made[0]!;
    authOf(s);
    s.onmessage!({ data: encodePacket(GoimOp.authReply).slice().buffer });
    s.onmessage!({ data: encodePacket(GoimOp.heartbeatReply, onlineCountBody(4)).slice().buffer });
    const late = listener('live://1000', [GoimOp.breaking], true);
    stops.push(listenOnPageSocket(window, late.l, f.settings));
    expect(f.made).toHaveLength(1);
    expect(late.online).toEqual([4]);
  });

  it('closes on pagehide and opens again on a pageshow from the back/forward cache', () => {
    const f = fakeSockets();
    stops.push(listenOnPageSocket(window, listener('news://3:42', [GoimOp.counts]).l, f.settings));
    window.dispatchEvent(new Event('pagehide'));
    expect(f.made[0]!.closed).toBe(true);
    const shown = new Event('pageshow') as PageTransitionEvent;
    Object.defineProperty(shown, 'persisted', { value: true });
    window.dispatchEvent(shown);
    expect(f.made).toHaveLength(2);
    expect(f.made[1]!.closed).toBe(false);
  });

  it('says so when a first listener joins, before it opens: who joins from the event is in the first opening, and a second listener says nothing', () => {
    const f = fakeSockets();
    const late = listener('news://3:42', [GoimOp.live]);
    const heard: PageSocketJoin[] = [];
    const onJoin = (ev: Event): void => {
      const join = (ev as CustomEvent<PageSocketJoin>).detail;
      heard.push(join);
      stops.push(join.listen({ ...late.l, accepts: [join.ops.live] }));
    };
    window.addEventListener(PAGE_SOCKET_EVENT, onJoin);
    stops.push(listenOnPageSocket(window, listener('news://3:42', [GoimOp.counts]).l, f.settings));
    stops.push(listenOnPageSocket(window, listener('live://1000', [GoimOp.breaking], true).l, f.settings));
    window.removeEventListener(PAGE_SOCKET_EVENT, onJoin);
    expect(heard).toHaveLength(1);
    expect(f.made).toHaveLength(2);
    expect(f.made[0]!.closed).toBe(true);
    // The first opening took the counts and the live's pushes; only the banner's join reopened it.
    expect(authOf(f.made[1]!)).toEqual({ room_id: 'news://3:42', platform: 'web', accepts: [GoimOp.counts, GoimOp.breaking, GoimOp.live] });
    push(f.made[1]!, GoimOp.live, { newsId: 42 });
    expect(late.got).toEqual([[GoimOp.live, { newsId: 42 }]]);
  });
});
