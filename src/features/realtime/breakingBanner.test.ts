// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { parseBreakingNotice } from '../../contract/breaking.ts';
import { showBreaking } from './breakingBanner.ts';

afterEach(() => {
  document.body.innerHTML = '';
});

const NOTICE = { newsId: 9001, classId: 3, text: '暴雨橙色预警：主城多区今夜有大暴雨', url: '/shancheng/NewsDetail?classId=3&newsId=9001' };

describe('parseBreakingNotice (docs/security.md P12)', () => {
  it('takes a well-formed notice', () => {
    expect(parseBreakingNotice(NOTICE)).toEqual(NOTICE);
  });

  it.each([
    ['a javascript: link', { ...NOTICE, url: 'javascript:alert(1)' }],
    ['another host', { ...NOTICE, url: '//evil.example/x' }],
    ['an absolute address', { ...NOTICE, url: 'https://evil.example/x' }],
    ['a quote in the path', { ...NOTICE, url: '/x"onmouseover=alert(1)' }],
    ['words too long', { ...NOTICE, text: '长'.repeat(41) }],
    ['no words', { ...NOTICE, text: '  ' }],
    ['a bad id', { ...NOTICE, newsId: -1 }],
    ['not an object', 'text'],
    ['null', null],
  ])('refuses %s', (_name, body) => {
    expect(parseBreakingNotice(body)).toBeNull();
  });
});

describe('showBreaking', () => {
  it('shows the words as text in a link to the story, with a named close button; Escape closes it', () => {
    document.body.innerHTML = '<div data-breaking-room="live://1000" role="status" aria-live="polite" hidden></div>';
    const host = document.querySelector<HTMLElement>('[data-breaking-room]')!;
    showBreaking(host, { ...NOTICE, text: '<img src=x onerror=alert(1)>' });
    expect(host.hidden).toBe(false);
    expect(host.querySelector('img')).toBeNull();
    const link = host.querySelector('a')!;
    expect(link.getAttribute('href')).toBe(NOTICE.url);
    expect(link.textContent).toBe('突发<img src=x onerror=alert(1)>');
    expect(host.querySelector('button')!.getAttribute('aria-label')).toBe('关闭突发新闻提示');
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    expect(host.hidden).toBe(true);
    expect(host.childElementCount).toBe(0);
  });

  it('closes with its button, and is not shown on the story’s own page', () => {
    document.body.innerHTML = `<article data-news-id="${NOTICE.newsId}"></article><div data-breaking-room="live://1000" hidden></div>`;
    const host = document.querySelector<HTMLElement>('[data-breaking-room]')!;
    showBreaking(host, NOTICE);
    expect(host.hidden).toBe(true);
    document.querySelector('article')!.remove();
    showBreaking(host, NOTICE);
    host.querySelector('button')!.click();
    expect(host.hidden).toBe(true);
  });
});
