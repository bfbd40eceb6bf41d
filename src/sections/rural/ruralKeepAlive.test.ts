import { describe, expect, it } from 'vitest';
import { findRoute } from '../../routing/routes.ts';
import { TAB_ROOT_PATHS, dropsRuralHomePosition, keepAliveRank } from './ruralKeepAlive.ts';

describe('rural home keep-alive (spec 2.11)', () => {
  it('drops the position when the reader moves to a lower-ranked kept-alive page', () => {
    expect(dropsRuralHomePosition('/home/1')).toBe(true);
    expect(dropsRuralHomePosition('/BangBang/index')).toBe(true);
  });
  it('keeps it for pages opened from the rural home and for the rural home itself', () => {
    expect(dropsRuralHomePosition('/NewsDetail')).toBe(false);
    expect(dropsRuralHomePosition('/yu-nong/markPage')).toBe(false);
    expect(dropsRuralHomePosition('/yu-nong/home')).toBe(false);
    expect(dropsRuralHomePosition('/home/yu-nong')).toBe(false);
    // 互动 is not kept alive (routes.ts): nothing to rank against.
    expect(dropsRuralHomePosition('/interact')).toBe(false);
  });
  it('ranks only kept-alive routes of the route table as tab roots', () => {
    for (const path of [...TAB_ROOT_PATHS, '/home/1', '/home/yu-nong', '/yu-nong/home']) {
      expect(findRoute(path)?.meta.keepAlive, path).toBe(true);
    }
    expect(keepAliveRank('/yu-nong/home')).toBe(2);
  });
});
