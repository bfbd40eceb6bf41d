import { describe, expect, it } from 'vitest';
import { bootScript, isFirstLoad } from './bootShell.ts';

const ORIGIN = 'https://news.example.cn';

describe('isFirstLoad — spec 2.11: the top navigation bar is hidden on "first load" (a page opened directly, back leads nowhere)', () => {
  it.each([
    ['a shared link opened in a new tab (no referrer, nothing behind)', '', 1, true],
    ['a typed address in a used tab (no referrer)', '', 5, true],
    ['a link from another site', 'https://weixin.qq.com/s/abc', 3, true],
    ['a look-alike origin', 'https://news.example.cn.evil.cn/shancheng/home/1', 3, true],
    ['a link of ours opened in a new tab (nothing to go back to)', `${ORIGIN}/shancheng/home/1`, 1, true],
    ['a page reached from one of ours in the same tab', `${ORIGIN}/shancheng/home/1`, 2, false],
  ])('%s → first load %s', (_name, referrer, historyLength, first) => {
    expect(isFirstLoad(referrer, ORIGIN, historyLength)).toBe(first);
  });
});

describe('bootScript', () => {
  it('is one self-contained expression the CSP hash can cover (no module references)', () => {
    const text = bootScript('/shancheng');
    expect(text).not.toMatch(/__vite|import\(|require\(|\bexport\b/);
    // It parses as a classic script.
    expect(() => new Function(text)).not.toThrow();
    expect(text).toContain('"/shancheng/boot-retry.js"');
  });
});
