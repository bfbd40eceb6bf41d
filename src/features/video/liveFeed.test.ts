// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { parseLiveFeedPush } from '../../contract/liveFeed.ts';
import { encodeJsonPacket, GoimOp } from '../../lib/goim.ts';
import { authOf, fakeSockets } from '../../../tests/support/fakeSockets.ts';
import { applyLivePush, followLiveFeed } from './liveFeed.ts';
import { listenOnPageSocket } from '../../client/pageSocket.ts';

afterEach(() => {
  document.body.innerHTML = '';
});

const POST = { id: 7, time: '2026-12-01 19:42', text: '领先集团已过长江大桥', picture: '' };

describe('parseLiveFeedPush (docs/security.md P15)', () => {
  it.each([
    [{ newsId: 5, what: 'state', liveType: 1 }],
    [{ newsId: 5, what: 'post', post: POST }],
    [{ newsId: 5, what: 'post', post: { ...POST, picture: '/media/newsroom/ab12.jpg' } }],
    [{ newsId: 5, what: 'withdraw', id: 7 }],
  ])('takes %o', (body) => expect(parseLiveFeedPush(body)).toEqual(body));

  it.each([
    ['no news id', { what: 'state', liveType: 1 }],
    ['a state out of range', { newsId: 5, what: 'state', liveType: 3 }],
    ['an unknown change', { newsId: 5, what: 'html', html: '<img src=x onerror=alert(1)>' }],
    ['a picture from another host', { newsId: 5, what: 'post', post: { ...POST, picture: 'https://evil.example/x.png' } }],
    ['a javascript: picture', { newsId: 5, what: 'post', post: { ...POST, picture: 'javascript:alert(1)' } }],
    ['a climbing picture path', { newsId: 5, what: 'post', post: { ...POST, picture: '/media/../x' } }],
    ['an empty text', { newsId: 5, what: 'post', post: { ...POST, text: '' } }],
    ['not an object', 'state'],
  ])('refuses %s', (_, body) => expect(parseLiveFeedPush(body)).toBeNull());
});

function page(state: '未开始' | '直播中', posts = ''): void {
  document.body.innerHTML = `
    <section data-live-item="3:5">
      <sc-live-player>${state === '未开始' ? '<div class="lv-wait"><p>直播将于 … 开始</p></div>' : '<video src="https://live.example.cn/a.m3u8"></video>'}
        <span data-live-state>${state}</span>
        ${state === '未开始' ? '<template data-live-video><video src="https://live.example.cn/a.m3u8" controls aria-label="直播：马拉松"></video></template>' : ''}
      </sc-live-player>
      <div data-live-picker ${state === '未开始' ? 'hidden' : ''}><div role="radiogroup" aria-label="选择视频源"></div></div>
    </section>
    <span data-live-status hidden></span>
    <p data-live-empty ${posts ? 'hidden' : ''}>直播尚未发布动态</p>
    <template data-live-post><li class="lv-post"><time></time><p></p><img src="" alt="" /></li></template>
    <ol data-live-feed>${posts}</ol>`;
}

describe('applyLivePush', () => {
  it('going live: the tag says 直播中, the title 直播中, the player appears in place of the waiting cover, the source picker shows', () => {
    page('未开始');
    const picker = document.querySelector<HTMLElement>('[data-live-picker]')!;
    applyLivePush(document, { newsId: 5, what: 'state', liveType: 0 });
    expect(picker.hidden).toBe(true);
    applyLivePush(document, { newsId: 5, what: 'state', liveType: 1 });
    expect(picker.hidden).toBe(false);
    expect(document.querySelector('[data-live-state]')?.textContent).toBe('直播中');
    const status = document.querySelector<HTMLElement>('[data-live-status]')!;
    expect([status.textContent, status.hidden]).toEqual(['直播中', false]);
    const video = document.querySelector('sc-live-player > video')!;
    expect([video.getAttribute('src'), video.getAttribute('aria-label'), video.hasAttribute('controls')]).toEqual([
      'https://live.example.cn/a.m3u8',
      '直播：马拉松',
      true,
    ]);
    expect(document.querySelector('.lv-wait')).toBeNull();
  });

  it('ending: 回放 on the tag, 已结束 in the title, one player', () => {
    page('直播中');
    applyLivePush(document, { newsId: 5, what: 'state', liveType: 2 });
    expect(document.querySelector('[data-live-state]')?.textContent).toBe('回放');
    expect(document.querySelector('[data-live-status]')?.textContent).toBe('已结束');
    expect(document.querySelectorAll('sc-live-player > video')).toHaveLength(1);
  });

  it('a new update goes first, as text, once; a withdrawal removes it and the empty text comes back', () => {
    page('直播中');
    const hostile = { ...POST, id: 8, text: '<img src=x onerror="window.pwned=1">比分 3<5' };
    applyLivePush(document, { newsId: 5, what: 'post', post: POST });
    applyLivePush(document, { newsId: 5, what: 'post', post: hostile });
    applyLivePush(document, { newsId: 5, what: 'post', post: hostile });
    const items = [...document.querySelectorAll('[data-live-feed] li')];
    expect(items.map((li) => li.querySelector('p')?.textContent)).toEqual([hostile.text, POST.text]);
    expect(document.querySelector('[data-live-feed] img')).toBeNull();
    applyLivePush(document, { newsId: 5, what: 'post', post: { ...POST, id: 9, picture: '/media/newsroom/ab.jpg' } });
    expect(document.querySelector('[data-live-feed] img')?.getAttribute('src')).toBe('/media/newsroom/ab.jpg?w=690');
    applyLivePush(document, { newsId: 5, what: 'withdraw', id: 9 });
    expect(document.querySelector<HTMLElement>('[data-live-empty]')!.hidden).toBe(true);
    applyLivePush(document, { newsId: 5, what: 'withdraw', id: 8 });
    applyLivePush(document, { newsId: 5, what: 'withdraw', id: 7 });
    expect(document.querySelectorAll('[data-live-feed] li')).toHaveLength(0);
    expect(document.querySelector<HTMLElement>('[data-live-empty]')!.hidden).toBe(false);
  });
});

describe('followLiveFeed', () => {
  it("joins the page's socket when its first listener opens it: one socket for both, in the live's room, taking op 1003", () => {
    page('未开始');
    const f = fakeSockets();
    const stop = followLiveFeed(document);
    expect(f.made).toHaveLength(0);
    // The live counts join first (liveCounts.ts), after load; the feed rides on the same opening.
    const leave = listenOnPageSocket(window, { room: 'news://3:5', accepts: [GoimOp.counts], onMessage() {} }, f.settings);
    expect(f.made).toHaveLength(1);
    const auth = authOf(f.made[0]!);
    expect(auth.room_id).toBe('news://3:5');
    expect(auth.accepts).toEqual([GoimOp.counts, GoimOp.live]);

    const send = (op: number, body: unknown) => f.made.at(-1)!.onmessage!({ data: encodeJsonPacket(op, body).slice().buffer });
    send(GoimOp.live, { newsId: 6, what: 'post', post: POST });
    send(GoimOp.live, { newsId: 5, what: 'post', post: { ...POST, picture: 'javascript:alert(1)' } });
    send(GoimOp.counts, { newsId: 5, what: 'post', post: POST });
    expect(document.querySelectorAll('[data-live-feed] li')).toHaveLength(0);
    send(GoimOp.live, { newsId: 5, what: 'post', post: POST });
    expect(document.querySelector('[data-live-feed] p')?.textContent).toBe(POST.text);
    stop();
    send(GoimOp.live, { newsId: 5, what: 'state', liveType: 1 });
    expect(document.querySelector('[data-live-state]')?.textContent).toBe('未开始');
    leave();
    expect(f.made.at(-1)!.closed).toBe(true);
  });

  it("joins nothing on a page that is not a live's", () => {
    document.body.innerHTML = '<p>普通页面</p>';
    const stop = followLiveFeed(document);
    const f = fakeSockets();
    const leave = listenOnPageSocket(window, { room: 'news://3:5', accepts: [GoimOp.counts], onMessage() {} }, f.settings);
    expect(f.made).toHaveLength(1);
    expect(authOf(f.made[0]!).accepts).toEqual([GoimOp.counts]);
    leave();
    stop();
  });
});
