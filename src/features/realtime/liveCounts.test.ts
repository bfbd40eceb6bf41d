// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { encodeJsonPacket, GoimOp } from '../../lib/goim.ts';
import { fakeSockets } from '../../../tests/support/fakeSockets.ts';
import { applyLiveCounts, findLiveItem, LIVE_COUNTS_EVENT, startLiveCounts } from './liveCounts.ts';
import { $liveCounts, parseCountsPush } from './liveCountsStore.ts';

function page(html: string): Document {
  document.body.innerHTML = html;
  return document;
}

afterEach(() => {
  document.body.innerHTML = '';
  $liveCounts.set({});
});

const MARKUP = `
  <div data-live-counts="3:42">
    <span data-live-count="like" data-live-zero="赞">5</span>
    <span data-live-count="comment">2</span>
  </div>
  <div data-live-counts="3:43"><span data-live-count="like">9</span></div>`;

describe('findLiveItem', () => {
  it.each([
    ['<div data-live-counts="3:42"></div>', { classId: 3, newsId: 42 }],
    ['<div data-live-counts="x"></div><p data-live-counts="1:2"></p>', { classId: 1, newsId: 2 }],
    ['<div data-live-counts="1:2:3"></div>', null],
    ['<div data-live-counts="1234567890:1"></div>', null],
    ['<div></div>', null],
  ])('%s → %j', (html, expected) => {
    expect(findLiveItem(page(html))).toEqual(expected);
  });
});

describe('parseCountsPush', () => {
  it.each([
    [
      { likeNum: 6, commentCount: 2 },
      { likeNum: 6, commentCount: 2 },
    ],
    [
      { classId: 3, newsId: 42, likeNum: 6, commentCount: 2 },
      { likeNum: 6, commentCount: 2 },
    ],
    [{ classId: 3, newsId: 41, likeNum: 6, commentCount: 2 }, null],
    [{ likeNum: -1, commentCount: 2 }, null],
    [{ likeNum: '6', commentCount: 2 }, null],
    [{ likeNum: 6 }, null],
    [null, null],
    ['6', null],
  ])('%j → %j', (body, expected) => {
    expect(parseCountsPush(body, 3, 42)).toEqual(expected);
  });
});

describe('applyLiveCounts', () => {
  it.each([
    [{ likeNum: 6, commentCount: 3 }, '6', '3'],
    [{ likeNum: 0, commentCount: 0 }, '赞', ''],
    [{ likeNum: 12345, commentCount: 100 }, '1.2万', '99+'],
  ])('writes %j into the marked item only', (counts, like, comment) => {
    const doc = page(MARKUP);
    const events: unknown[] = [];
    doc.addEventListener(LIVE_COUNTS_EVENT, (e) => events.push((e as CustomEvent).detail));
    applyLiveCounts(doc, 3, 42, counts);
    expect(doc.querySelector('[data-live-counts="3:42"] [data-live-count="like"]')!.textContent).toBe(like);
    expect(doc.querySelector('[data-live-count="comment"]')!.textContent).toBe(comment);
    expect(doc.querySelector('[data-live-counts="3:43"] [data-live-count="like"]')!.textContent).toBe('9');
    expect(events).toEqual([{ classId: 3, newsId: 42, ...counts }]);
    expect($liveCounts.get()['3:42']).toEqual(counts);
  });
});

describe('startLiveCounts', () => {
  it('opens no socket on a page without marked counts', () => {
    const f = fakeSockets();
    startLiveCounts(page('<p>普通页面</p>'), { createSocket: f.create, url: 'ws://t/sub' });
    expect(f.made).toHaveLength(0);
  });

  it('applies an op-1001 push of the room and closes on pagehide, reopening from the back/forward cache', () => {
    const f = fakeSockets();
    const doc = page(MARKUP);
    const stop = startLiveCounts(doc, { createSocket: f.create, url: 'ws://t/sub', token: () => '' });
    expect(f.made).toHaveLength(1);
    f.made[0]!.onmessage!({ data: encodeJsonPacket(GoimOp.counts, { likeNum: 7, commentCount: 4 }).slice().buffer });
    expect(doc.querySelector('[data-live-count="like"]')!.textContent).toBe('7');
    window.dispatchEvent(new Event('pagehide'));
    expect(f.made[0]!.closed).toBe(true);
    const shown = new Event('pageshow') as PageTransitionEvent;
    Object.defineProperty(shown, 'persisted', { value: true });
    window.dispatchEvent(shown);
    expect(f.made).toHaveLength(2);
    stop();
    expect(f.made[1]!.closed).toBe(true);
  });
  it("takes only op 1001: a live's feed listens on the same socket for itself (liveFeed.ts)", () => {
    const f = fakeSockets();
    const doc = page(`<section data-live-counts="3:5" data-live-item="3:5"><span data-live-count="like">1</span></section>`);
    const stop = startLiveCounts(doc, { createSocket: f.create, url: 'ws://t/sub', token: () => '' });
    f.made[0]!.onmessage!({ data: encodeJsonPacket(GoimOp.live, { newsId: 5, what: 'state', liveType: 1 }).slice().buffer });
    expect(doc.querySelector('[data-live-count="like"]')!.textContent).toBe('1');
    stop();
  });
});
