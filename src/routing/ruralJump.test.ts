/** Jump types 31–38 (spec 9) lead to built rural pages of spec 2.9. */
import { describe, expect, it } from 'vitest';
import { RURAL_PAGES, decideJump } from './jump.ts';
import { findRoute } from './routes.ts';

const S = '/shancheng';

describe('rural jump types 31–38', () => {
  it('every type from 31 to 38 has a rural page, and no two share one', () => {
    const types = Object.keys(RURAL_PAGES)
      .map(Number)
      .sort((a, b) => a - b);
    expect(types).toEqual([31, 32, 33, 34, 35, 36, 37, 38]);
    expect(new Set(Object.values(RURAL_PAGES)).size).toBe(8);
  });

  it.each([31, 32, 33, 34, 35, 36, 37, 38])('dt %i leads to a built /yu-nong route', (dt) => {
    const target = decideJump({ dt, cid: 1004 });
    expect(target?.external).toBe(false);
    const path = new URL(target!.href, 'http://x').pathname.slice(S.length);
    const route = findRoute(path);
    expect(route?.section).toBe('rural');
    expect(route?.built).toBe(true);
  });

  it('34 carries the column as classId, and without one opens the first column', () => {
    expect(decideJump({ dt: 34, cid: 1004 })?.href).toBe(`${S}/yu-nong/common-single-column-news-list?classId=1004`);
    expect(decideJump({ dt: 34 })?.href).toBe(`${S}/yu-nong/common-single-column-news-list`);
    expect(decideJump({ dt: 34, cid: -5 })?.href).toBe(`${S}/yu-nong/common-single-column-news-list`);
  });

  it('types around the rural range are not rural pages', () => {
    expect(decideJump({ dt: 30 })).toBeNull();
    expect(decideJump({ dt: 39 })?.href).toBe(`${S}/readNewspaper`);
  });
});
