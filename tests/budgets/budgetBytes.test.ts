import { describe, expect, it } from 'vitest';
import { BUDGETS, budgetOf, firstScreenEnd, importsOf, overBudget, pageProblems, pageTypeOf, type PageBytes } from '../../scripts/budgetBytes.ts';

const li = (n: number): string => Array.from({ length: n }, (_, i) => `<li><a>新闻${i}</a><ul><li>x</li></ul></li>`).join('');

describe('firstScreenEnd', () => {
  it('ends a list page after the 10th item of its [data-list], nested lists notwithstanding', () => {
    const html = `<main><nav><ul><li>推荐</li></ul></nav><ul class="news-list" data-list>${li(12)}</ul></main>`;
    const { end, rule } = firstScreenEnd(html, 'list');
    expect(rule).toBe('list');
    expect(html.slice(0, end).endsWith(`<li><a>新闻9</a><ul><li>x</li></ul></li>`)).toBe(true);
  });

  it('ends a short list at its end', () => {
    const html = `<main><ul data-list>${li(3)}</ul><p>更多</p></main>`;
    expect(html.slice(0, firstScreenEnd(html, 'list').end).endsWith('</ul>')).toBe(true);
  });

  it('ends a detail page after the first paragraph of the article', () => {
    const html = '<main><article><h1>标题</h1><p>第一段</p><p>第二段</p></article></main>';
    expect(html.slice(0, firstScreenEnd(html, 'detail').end)).toBe('<main><article><h1>标题</h1><p>第一段</p>');
  });

  it.each([
    ['list', '<main><p>暂无内容</p></main><footer></footer>'],
    ['detail', '<main><p>没有 article</p></main><footer></footer>'],
  ] as const)('falls back to the end of <main> on a %s page without its marker', (type, html) => {
    expect(firstScreenEnd(html, type)).toEqual({ end: html.indexOf('<footer>'), rule: 'main' });
  });
});

describe('importsOf', () => {
  it('finds static, side-effect and dynamic imports in minified code, relative to the module', () => {
    const code = 'import{a as b}from"./chunk.A1.js";import"./side.B2.js";export*from"./re.C3.js";const l=()=>import("./lazy.D4.js");';
    const { staticUrls, dynamicUrls } = importsOf(code, 'http://h/shancheng/_astro/page.js', 'http://h/shancheng/');
    expect(staticUrls).toEqual(['http://h/shancheng/_astro/chunk.A1.js', 'http://h/shancheng/_astro/side.B2.js', 'http://h/shancheng/_astro/re.C3.js']);
    expect(dynamicUrls).toEqual(['http://h/shancheng/_astro/lazy.D4.js']);
  });
});

describe('pageTypeOf', () => {
  it.each([
    ['home', '/home/1', 'list'],
    ['news', '/columns', 'list'],
    ['detail', '/SpecialPage', 'list'],
    ['detail', '/NewsDetail', 'detail'],
    ['detail', '/LiveDetail', 'detail'],
    ['home', '/home/HomeFlowVideoPage', 'detail'],
    ['bangbang', '/BangBang/QA/detail', 'detail'],
    ['bangbang', '/BangBang/politics/detail', 'detail'],
    ['bangbang', '/BangBang/politics/index', 'list'],
    ['comment', '/PublishBangBang', 'interactive'],
    ['account', '/LoginPage', 'interactive'],
    ['discover', '/Discover', 'feed'],
    ['discover', '/PublishDiscover', 'interactive'],
    ['composition', '/composition/List', 'feed'],
    ['news', '/testcomposition', 'detail'],
    ['composition', '/composition/compositionDetail', 'detail'],
    ['composition', '/composition/contribute', 'interactive'],
    ['shell', '/', null],
  ])('%s %s → %s', (section, path, type) => {
    expect(pageTypeOf({ section, path })).toBe(type);
  });
});

describe('pageProblems', () => {
  const ok =
    '<main><ul data-list><li><img src="a.jpg" width="750" height="360" fetchpriority="high"></li><li><img src="b.jpg" width="1" height="1" loading="lazy"></li></ul></main>';
  it('accepts a page that follows the rules', () => {
    expect(pageProblems(ok, 'list', [], [])).toEqual([]);
  });

  it('does not judge a lazy image below the first screen', () => {
    const html = '<main><article><h1>标题</h1><p>第一段</p><img src="ad.svg" width="690" height="200" loading="lazy"></article></main>';
    expect(pageProblems(html, 'detail', [], [])).toEqual([]);
    expect(pageProblems(html.replace('<p>第一段</p>', ''), 'detail', [], []).join()).toBe('');
  });

  it.each([
    ['an image without height', '<main><img src="a.jpg" width="1" fetchpriority="high"></main>', [], /width and height/],
    [
      'two high-priority images',
      '<main><img src="a" width="1" height="1" fetchpriority="high"><img src="b" width="1" height="1" fetchpriority="high"></main>',
      [],
      /2 images/,
    ],
    ['a lazy first image', '<main><ul data-list><li><img src="a" width="1" height="1" loading="lazy"></li></ul></main>', [], /lazily/],
    [
      'a list page whose first image is not high priority',
      '<main><ul data-list><li><img src="a" width="1" height="1"></li></ul></main>',
      [],
      /lacks fetchpriority/,
    ],
    ['a web font', ok, ['@font-face{font-family:x;src:url(x.woff2)}'], /web font/],
    ['a font preload', `<link rel="preload" as="font" href="/f.woff2">${ok}`, [], /font preload/],
    ['an unused preload', `<link rel="preload" as="image" href="/shancheng/x.png">${ok}`, [], /does not use/],
  ])('reports %s', (_label, html, css: string[], problem) => {
    expect(pageProblems(html, 'list', css, []).join('\n')).toMatch(problem);
  });
});

describe('overBudget', () => {
  const page = (over: Partial<PageBytes>): PageBytes => ({
    path: '/NewsDetail',
    url: '/shancheng/NewsDetail',
    type: 'detail',
    html: 1000,
    htmlRaw: 5000,
    firstScreen: 1000,
    firstScreenEnd: 'article',
    inlineJs: 0,
    jsBeforeLoad: 1000,
    jsTotal: 1000,
    css: 0,
    renderBlocking: [],
    scripts: [],
    problems: [],
    ...over,
  });
  it.each([
    [{}, 0],
    [{ jsTotal: 101 * 1024 }, 1],
    [{ jsTotal: 99 * 1024 }, 0],
    [{ jsBeforeLoad: 26 * 1024 }, 1],
    [{ html: 61 * 1024, firstScreen: 15 * 1024 }, 2],
    [{ renderBlocking: ['/x.js'] }, 1],
  ])('%j exceeds %i budget lines of a detail page', (over, n) => {
    expect(overBudget(page(over))).toHaveLength(n);
  });
});

describe('the photo set with its full-screen viewer (ADR 001 "Picture viewer")', () => {
  const picture = (over: Partial<PageBytes>): PageBytes => ({
    path: '/PictureDetail',
    url: '/shancheng/PictureDetail?classId=703&newsId=323',
    type: 'detail',
    html: 1000,
    htmlRaw: 5000,
    firstScreen: 1000,
    firstScreenEnd: 'article',
    inlineJs: 0,
    jsBeforeLoad: 1000,
    jsTotal: 1000,
    css: 0,
    renderBlocking: [],
    scripts: [],
    problems: [],
    ...over,
  });
  it.each([
    [{ jsTotal: 129 * 1024 }, 0],
    [{ jsTotal: 131 * 1024 }, 1],
    [{ jsBeforeLoad: 26 * 1024 }, 1],
  ])('%j exceeds %i budget lines: up to 130 KB in all, still ≤ 25 KB before load', (over, n) => {
    expect(overBudget(picture(over))).toHaveLength(n);
  });
  it('is weighed as a detail page with the interactive whole-JS budget; other details, a live page too, keep 100 KB', () => {
    expect(budgetOf({ path: '/PictureDetail', type: 'detail' })).toEqual({ ...BUDGETS.detail, js: 130 * 1024 });
    expect(budgetOf({ path: '/LiveDetail', type: 'detail' })).toBe(BUDGETS.detail);
    expect(budgetOf({ path: '/NewsDetail', type: 'detail' })).toBe(BUDGETS.detail);
  });
});

describe('the ADR 011 budgets table', () => {
  it('lists ≤ 15 KB before load and ≤ 45 KB in all; details ≤ 25 / ≤ 100 KB; interactive ≤ 130 KB', () => {
    expect(BUDGETS.list).toMatchObject({ jsBeforeLoad: 15 * 1024, js: 45 * 1024 });
    expect(BUDGETS.detail).toMatchObject({ jsBeforeLoad: 25 * 1024, js: 100 * 1024 });
    expect(BUDGETS.interactive).toMatchObject({ js: 130 * 1024 });
  });
});
