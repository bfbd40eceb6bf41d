import { describe, expect, it } from 'vitest';
import { liteHtml, liteReason } from './liteMode.ts';

describe('liteReason — who gets the lite page', () => {
  it.each([
    ['Save-Data: on', 'on', null, 'header'],
    ['Save-Data: On, no cookie', ' On ', '', 'header'],
    ['the 省流量 cookie', null, 'a=1; sc-lite=1', 'cookie'],
    ['the cookie turned off', null, 'sc-lite=0', null],
    ['a look-alike cookie', null, 'xsc-lite=1', null],
    ['neither', null, null, null],
    ['Save-Data: off', 'off', null, null],
  ])('%s → %s', (_name, header, cookie, reason) => {
    expect(liteReason(header, cookie)).toBe(reason);
  });
});

describe('liteHtml — the page rewritten to cost less', () => {
  it('marks the root, so the scripts know', () => {
    expect(liteHtml('<html lang="zh-CN"><body></body></html>')).toBe('<html data-lite="on" lang="zh-CN"><body></body></html>');
  });

  it.each([
    [
      'a first-screen banner keeps its priority, drops 2× and 3×',
      '<img src="/media/banner/1.webp?w=750" srcset="/media/banner/1.webp?w=480 480w, /media/banner/1.webp?w=750 750w" sizes="(min-width: 800px) 800px, 100vw" width="750" height="360" alt="" loading="eager" fetchpriority="high">',
      '<img src="/media/banner/1.webp?w=480" width="750" height="360" alt="" loading="eager" fetchpriority="high">',
    ],
    [
      'a first-screen thumbnail at its box width',
      '<img class="thumb" src="/media/news/1.webp?w=240" srcset="/media/news/1.webp?w=120 120w, /media/news/1.webp?w=240 240w" sizes="114px" width="114" height="76" alt="" loading="eager">',
      '<img class="thumb" src="/media/news/1.webp?w=120" width="114" height="76" alt="" loading="eager">',
    ],
    [
      'a full-width picture less its margins, at the phone’s width',
      '<img src="/media/a.webp?w=750" srcset="/media/a.webp?w=750 750w" sizes="calc(100vw - 1.5rem)" width="351" height="197" alt="">',
      '<img data-lite-src="/media/a.webp?w=480" width="351" height="197" alt="">',
    ],
    [
      'a picture below the first screen waits for the scroll',
      '<img src="/media/ad/1.webp" width="690" height="200" alt="广告" loading="lazy">',
      '<img data-lite-src="/media/ad/1.webp?w=750" width="690" height="200" alt="广告">',
    ],
    [
      'another site’s picture keeps its size, but waits for the scroll',
      '<img src="https://cdn.example.cn/a.png" alt="">',
      '<img data-lite-src="https://cdn.example.cn/a.png" alt="">',
    ],
    [
      'a video neither plays nor preloads by itself',
      '<video src="/media/v.mp4" autoplay muted preload="auto">',
      '<video src="/media/v.mp4" muted preload="none">',
    ],
    ['a video without preload gets none', '<video controls poster="/media/p.webp">', '<video preload="none" controls poster="/media/p.webp">'],
  ])('%s', (_name, html, lite) => {
    expect(liteHtml(html)).toBe(lite);
  });
});
