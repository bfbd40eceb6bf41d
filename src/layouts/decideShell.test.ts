import { describe, expect, it } from 'vitest';
import { findRoute } from '../routing/routes.ts';
import { decideShell } from './decideShell.ts';

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
  it('shows the navigation bar when the route has a title', () => {
    expect(decideShell({ meta: detail, host: 'browser', appPromotion: true }).nav).toBe(true);
  });
  it.each([
    ['app', true],
    ['messenger', false],
  ] as const)('hides the navigation bar in %s (app promotion %s)', (host, appPromotion) => {
    expect(decideShell({ meta: detail, host, appPromotion }).nav).toBe(false);
  });
  it('forces dark for picture mode routes', () => {
    expect(decideShell({ meta: findRoute('/Image/ImagePage')?.meta, host: 'browser', appPromotion: true }).dark).toBe(true);
  });
  it.each([
    ['browser', '', true],
    ['messenger', '', true],
    ['app', '积分商城', false],
  ] as const)('points mall in %s: title %j (spec 2.11: hidden outside the webview)', (host, title, nav) => {
    const shell = decideShell({ meta: { title: '积分商城', tabbarVisible: false, ShowPromoBar: false, keepAlive: false, nav: 'light' }, host, appPromotion: true, path: '/AccumulatedPoints/index' });
    expect(shell.title).toBe(title);
    expect(shell.nav).toBe(nav);
  });
  it('keeps other titles in the browser', () => {
    expect(decideShell({ meta: detail, host: 'browser', appPromotion: true, path: '/NewsDetail' }).title).toBe('新闻详情');
  });
  it('shows the tab bar on a page outside the route table that asks for it, never in the app', () => {
    expect(decideShell({ meta: undefined, host: 'browser', appPromotion: true, title: '页面不存在', tabbar: true })).toMatchObject({ tabbar: true, nav: true });
    expect(decideShell({ meta: undefined, host: 'browser', appPromotion: true }).tabbar).toBe(false);
    expect(decideShell({ meta: undefined, host: 'app', appPromotion: true, tabbar: true }).tabbar).toBe(false);
  });
});
