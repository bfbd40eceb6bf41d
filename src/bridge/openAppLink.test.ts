import { describe, expect, it } from 'vitest';
import { openAppLink } from './openAppLink.ts';

describe('openAppLink', () => {
  it.each([
    [
      'https://news.example.cn/shancheng/NewsDetail?classId=1&newsId=2',
      'shancheng://open?url=https%3A%2F%2Fnews.example.cn%2Fshancheng%2FNewsDetail%3FclassId%3D1%26newsId%3D2',
    ],
    ['javascript:alert(1)', 'shancheng://open'],
    ['not a url', 'shancheng://open'],
  ])('%s → %s', (page, link) => {
    expect(openAppLink(page)).toBe(link);
  });
});
