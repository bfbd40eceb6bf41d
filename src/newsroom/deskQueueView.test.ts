/**
 * The answering desks' page frame (DeskQueueView in ui.tsx), rendered to HTML: 加载中… while the queue loads and
 * not after its load failed (the notice says why, on all six desks alike); the empty text; the items; the pager
 * only when there is another page or a page before.
 */
import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DeskQueueView, type QueuePage } from './ui.tsx';

type Q = 'open' | 'done';
const TABS = [
  { id: 'open' as const, label: '待处理' },
  { id: 'done' as const, label: '已处理' },
];

function render(desk: { data: QueuePage<{ id: number; title: string }> | null; failed: boolean; page?: number }, error: string | null = null): string {
  return renderToStaticMarkup(
    createElement(DeskQueueView<Q, { id: number; title: string }>, {
      label: '状态',
      tabs: TABS,
      desk: { queue: 'open', choose: () => undefined, page: desk.page ?? 1, goTo: () => undefined, data: desk.data, failed: desk.failed },
      error,
      ok: null,
      clearOk: () => undefined,
      empty: '没有条目。',
      children: (item): ReactNode => createElement('li', { key: item.id }, item.title),
    }),
  );
}

describe('DeskQueueView', () => {
  it('says 加载中… while the queue loads, and not once the load failed (the error says why)', () => {
    expect(render({ data: null, failed: false })).toContain('加载中…');
    const failed = render({ data: null, failed: true }, '网络错误，请稍后重试');
    expect(failed).not.toContain('加载中…');
    expect(failed).toContain('网络错误，请稍后重试');
  });

  it('shows the empty text, the items, and the pager only when there is somewhere to go', () => {
    expect(render({ data: { items: [], hasMore: false, pageSize: 20 }, failed: false })).toContain('没有条目。');
    const one = render({ data: { items: [{ id: 1, title: '路灯坏了' }], hasMore: false, pageSize: 20 }, failed: false });
    expect(one).toContain('<li>路灯坏了</li>');
    expect(one).not.toContain('下一页');
    const more = render({ data: { items: [{ id: 1, title: '路灯坏了' }], hasMore: true, pageSize: 1 }, failed: false });
    expect(more).toContain('下一页');
    expect(more).toContain('第 1 页');
    const last = render({ data: { items: [{ id: 2, title: '井盖松了' }], hasMore: false, pageSize: 1 }, failed: false, page: 2 });
    expect(last).toMatch(/<button[^>]*disabled=""[^>]*>下一页<\/button>/);
    expect(last).toContain('第 2 页');
  });
});
