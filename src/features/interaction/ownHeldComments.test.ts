// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import type { CommentItem, CommentReply } from '../../contract/interaction.ts';
import { drawHeld, placeHeld } from './ownHeldComments.ts';

const reply = (id: number, over: Partial<CommentReply> = {}): CommentReply => ({
  id,
  plId: id,
  pId: 0,
  grandPid: 0,
  newsId: 9,
  classId: 3,
  userId: 7,
  nickname: '山城读者',
  userName: '',
  userPic: '',
  sayTime: '2026-11-27 08:00',
  newsTime: '',
  sayText: `评论${id}`,
  conpic: [],
  label: '',
  region: '',
  belongMyself: 0,
  zcNum: 0,
  rsNum: 0,
  hasDoLike: 0,
  isDoLike: 0,
  isGood: 0,
  beCommenter: '',
  reviewState: 'approved',
  reviewReason: '',
  ...over,
});
const item = (id: number, over: Partial<CommentReply> = {}, subs: CommentReply[] = []): CommentItem => ({
  ...reply(id, over),
  subComments: subs,
  hasMoreSubComments: false,
});
const mine = { belongMyself: 1 } as const;

describe('placeHeld', () => {
  it('puts the reader’s own pending and rejected comments not on the page first, and their replies under their roots', () => {
    const items = [
      item(30, { ...mine, reviewState: 'pending' }),
      item(29, { ...mine, reviewState: 'rejected', reviewReason: '含有广告' }),
      item(20, {}, [reply(31, { ...mine, reviewState: 'pending', grandPid: 20 }), reply(21, { grandPid: 20 })]),
      item(10, { ...mine }),
    ];
    const placed = placeHeld(items, new Set([20, 21, 10]), null);
    expect(placed.top.map((c) => c.id)).toEqual([30, 29]);
    expect([...placed.replies].map(([root, rs]) => [root, rs.map((r) => r.id)])).toEqual([[20, [31]]]);
  });

  it('never draws someone else’s item, an approved one, or one already on the page', () => {
    const items = [item(5, { reviewState: 'pending' }), item(6, { ...mine }), item(7, { ...mine, reviewState: 'pending' })];
    expect(placeHeld(items, new Set([7]), null).top).toEqual([]);
  });

  it('on a thread page the held replies are the list itself, never the thread’s root', () => {
    const items = [reply(40, { ...mine, reviewState: 'pending' }), reply(41, { ...mine, reviewState: 'pending', grandPid: 40 })];
    expect(placeHeld(items, new Set(), 40).top.map((c) => c.id)).toEqual([41]);
  });
});

/** The markup CommentListBody.astro renders (scoped-style attributes left out), with the entry template. */
const ENTRY = (id: number, nested = false): string => `
  <li class="comment${nested ? ' nested' : ''}" data-comment-id="${id}" data-author="0">
    <span class="avatar">网</span>
    <div class="body">
      <p class="who"><span class="name" id="comment-author-${id}">模板</span><span class="review" data-review>审核中</span></p>
      <p class="text">模板文字</p>
      <p class="meta"><time>2026-01-01 00:00</time><a class="reply" href="#">回复</a><button class="delete" data-delete="${id}" hidden>删除</button><button class="report">举报</button><button class="zan">赞</button></p>
      ${nested ? '' : `<ul class="replies">${ENTRY(0, true)}</ul>`}
    </div>
  </li>`;
const LIST = (items: string) => `
  <sc-comment-list>
    <sc-more-list>${items ? `<ul class="list" data-list>${items}</ul>` : '<p class="empty">赶紧抢个沙发吧～</p>'}</sc-more-list>
    <template data-own-entry><ul class="list" data-list>${ENTRY(0)}</ul></template>
  </sc-comment-list>`;

function mount(html: string): HTMLElement {
  document.body.innerHTML = html;
  return document.querySelector<HTMLElement>('sc-comment-list')!;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('drawHeld', () => {
  it('draws the reader’s own held comment first in an empty list, marked 审核中, as text, without like, reply or report', () => {
    const root = mount(LIST(''));
    const n = drawHeld(root, [item(50, { ...mine, reviewState: 'pending', sayText: '<img src=x onerror=alert(1)>', nickname: '山城读者' })], null);
    expect(n).toBe(1);
    expect(root.querySelector('.empty')).toBeNull();
    const li = root.querySelector<HTMLElement>('sc-more-list li[data-comment-id="50"]')!;
    expect(li.dataset['author']).toBe('7');
    expect(li.querySelector('[data-review]')!.textContent).toBe('审核中');
    expect(li.querySelector('.text')!.textContent).toBe('<img src=x onerror=alert(1)>');
    expect(li.querySelector('img')).toBeNull();
    expect(li.querySelector('.zan, .report, .reply, .replies')).toBeNull();
    expect(li.querySelector<HTMLElement>('[data-delete]')!.dataset['delete']).toBe('50');
  });

  it('puts a rejected reply under its root with 未通过：reason, and draws nothing twice', () => {
    const root = mount(
      LIST(
        ENTRY(20)
          .replace('<ul class="replies">', '<ul class="replies" data-kept>')
          .replace(/data-comment-id="0"/, 'data-comment-id="21"'),
      ),
    );
    const items = [item(20, {}, [reply(22, { ...mine, reviewState: 'rejected', reviewReason: '含有广告', grandPid: 20 })])];
    expect(drawHeld(root, items, null)).toBe(1);
    expect(drawHeld(root, items, null)).toBe(0);
    const added = root.querySelector<HTMLElement>('li[data-comment-id="20"] > .body > .replies > li[data-comment-id="22"]')!;
    expect(added.classList.contains('nested')).toBe(true);
    expect(added.querySelector('[data-review]')!.textContent).toBe('未通过：含有广告');
  });
});
