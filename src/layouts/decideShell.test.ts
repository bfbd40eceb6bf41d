import { describe, expect, it } from 'vitest';
import { findRoute } from '../routing/routes.ts';
import { decideShell, needsHomeWay } from './decideShell.ts';

const home = findRoute('/home/1')?.meta;
const detail = findRoute('/NewsDetail')?.meta;

describe('decideShell', () => {
  it('shows the tab bar on home in a browser and hides it in the app webview', () => {
    expect(decideShell({ meta: home, host: 'browser', appPromotion: true, section: 'home' }).tabbar).toBe(true);
    expect(decideShell({ meta: home, host: 'app', appPromotion: true, section: 'home' }).tabbar).toBe(false);
  });
  it('hides the tab bar when the route says tabbarVisible false', () => {
    expect(decideShell({ meta: detail, host: 'browser', appPromotion: true }).tabbar).toBe(false);
  });
  it('shows the navigation bar when the route has a title (spec 2.11 "Otherwise it is shown when the route has a title")', () => {
    expect(decideShell({ meta: detail, host: 'browser', appPromotion: true }).nav).toBe(true);
  });
  it.each([
    ['app', true],
    ['messenger', false],
  ] as const)(
    'spec 2.11 "hidden … inside the publisher\'s app; inside the messaging app when app promotion is off": %s (app promotion %s)',
    (host, appPromotion) => {
      expect(decideShell({ meta: detail, host, appPromotion }).nav).toBe(false);
    },
  );
  it('forces dark for picture mode routes', () => {
    expect(decideShell({ meta: findRoute('/Image/ImagePage')?.meta, host: 'browser', appPromotion: true }).dark).toBe(true);
  });
  it.each([
    ['browser', '', true],
    ['messenger', '', true],
    ['app', '积分商城', false],
  ] as const)('points mall in %s: title %j (spec 2.11: hidden outside the webview)', (host, title, nav) => {
    const shell = decideShell({
      meta: { title: '积分商城', tabbarVisible: false, ShowPromoBar: false, keepAlive: false, nav: 'light' },
      host,
      appPromotion: true,
      path: '/AccumulatedPoints/index',
    });
    expect(shell.title).toBe(title);
    expect(shell.nav).toBe(nav);
  });
  it('keeps other titles in the browser', () => {
    expect(decideShell({ meta: detail, host: 'browser', appPromotion: true, path: '/NewsDetail' }).title).toBe('新闻详情');
  });
  describe('spec 2.11 title rules', () => {
    const q = (s: string) => new URLSearchParams(s);
    it.each([
      ['/BangBang/QA/index/ask-special', 'type=1', '入驻答人'],
      ['/BangBang/QA/index/ask-special', 'type=2', '入驻记者'],
      ['/BangBang/QA/moreList', 'type=1', '今日热问'],
      ['/BangBang/QA/moreList', 'type=2', '最新问题'],
      ['/composition/RankList', 'type=rank', '人气榜'],
      ['/composition/RankList', 'type=start', '高分榜'],
    ])('"AskSpecial with type 1 is 入驻答人 … rank → 人气榜, start → 高分榜": %s?%s is %s', (path, query, title) => {
      expect(decideShell({ meta: findRoute(path)?.meta, host: 'browser', appPromotion: true, path, query: q(query) }).title).toBe(title);
    });
    it('an unknown type keeps the route meta title (never a prototype key)', () => {
      const meta = findRoute('/BangBang/QA/moreList')?.meta;
      expect(decideShell({ meta, host: 'browser', appPromotion: true, query: q('type=constructor') }).title).toBe('今日热问');
    });
    it('"fromPage=home uses the appTitle query as the title", cut to 30 characters', () => {
      expect(decideShell({ meta: detail, host: 'browser', appPromotion: true, query: q('fromPage=home&appTitle=两江新区') }).title).toBe('两江新区');
      expect(decideShell({ meta: detail, host: 'browser', appPromotion: true, query: q('appTitle=两江新区') }).title).toBe('新闻详情');
      expect([...decideShell({ meta: detail, host: 'browser', appPromotion: true, query: q(`fromPage=home&appTitle=${'长'.repeat(50)}`) }).title]).toHaveLength(
        30,
      );
    });
    it('"The top navigation bar title comes from route meta": a detail page names no column', () => {
      expect(decideShell({ meta: detail, host: 'browser', appPromotion: true, channel: true }).title).toBe('新闻详情');
    });
    it('"right-hand text come[s] from the route"', () => {
      expect(decideShell({ meta: findRoute('/BangBang/politics/index')?.meta, host: 'browser', appPromotion: true }).navRight).toEqual({
        text: '搜索',
        href: '/BangBang/SearchPage',
      });
      expect(decideShell({ meta: detail, host: 'browser', appPromotion: true }).navRight).toBeNull();
    });
  });

  describe('spec 2.11 "hidden … no channel data on a news-detail route; a live-detail route with no channel data and no video pass-through"', () => {
    const live = findRoute('/LiveDetail')?.meta;
    it.each([
      [detail, true, undefined, true],
      [detail, false, undefined, false],
      [findRoute('/NewsVideoDetail')?.meta, false, undefined, false],
      [live, true, false, true],
      [live, false, true, true],
      [live, false, false, false],
    ])('meta %#: channel %s, video %s → bar %s', (meta, channel, videoPassThrough, nav) => {
      expect(decideShell({ meta, host: 'browser', appPromotion: true, channel, videoPassThrough }).nav).toBe(nav);
    });
    it('first load: the bar stays only where back has a destination of its own (spec 2.7 bangbang pages)', () => {
      expect(decideShell({ meta: detail, host: 'browser', appPromotion: true, path: '/NewsDetail' }).navOnFirstLoad).toBe(false);
      expect(
        decideShell({ meta: findRoute('/BangBang/QA/detail')?.meta, host: 'browser', appPromotion: true, path: '/BangBang/QA/detail' }).navOnFirstLoad,
      ).toBe(true);
    });
  });

  it('shows the tab bar on a page outside the route table that asks for it, never in the app', () => {
    expect(decideShell({ meta: undefined, host: 'browser', appPromotion: true, title: '页面不存在', tabbar: true })).toMatchObject({ tabbar: true, nav: true });
    expect(decideShell({ meta: undefined, host: 'browser', appPromotion: true }).tabbar).toBe(false);
    expect(decideShell({ meta: undefined, host: 'app', appPromotion: true, tabbar: true }).tabbar).toBe(false);
  });
});

describe('needsHomeWay (spec 2.11: first load hides the back arrow, not the way home)', () => {
  const bar = { nav: true, navOnFirstLoad: false, tabbar: false };
  it.each([
    ['a page with only a title bar, in the browser', { host: 'browser', shell: bar, promoMenu: false }, true],
    ['the same in the messenger', { host: 'messenger', shell: bar, promoMenu: false }, true],
    ['a page with no bar at all', { host: 'browser', shell: { ...bar, nav: false }, promoMenu: false }, true],
    ['a tab page (the tab bar has 首页)', { host: 'browser', shell: { ...bar, tabbar: true }, promoMenu: false }, false],
    ['a page whose promo bar has the menu (首页 first)', { host: 'browser', shell: bar, promoMenu: true }, false],
    ['a bangbang page whose back leads to the board even on first load', { host: 'browser', shell: { ...bar, navOnFirstLoad: true }, promoMenu: false }, false],
    ['inside the app (its own bar leads home)', { host: 'app', shell: bar, promoMenu: false }, false],
  ] as const)('%s → %s', (_, input, expected) => {
    expect(needsHomeWay(input)).toBe(expected);
  });
});

describe('spec 2.2: the tab pages are top levels', () => {
  it.each([
    ['/syIframe/index', false],
    ['/BangBang/index', false],
    ['/interact', false],
    ['/interact/index', false],
    ['/BangBang/politics/index', true],
    ['/Discover', true],
  ])('%s has a back arrow: %s', (path, back) => {
    expect(decideShell({ meta: findRoute(path)?.meta, host: 'browser', appPromotion: true, path }).back).toBe(back);
  });
});
