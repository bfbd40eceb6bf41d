import { describe, expect, it } from 'vitest';
import { decideSubChannelHref, pageIcons } from './decideSubChannelHref.ts';

const icon = (over: Partial<Parameters<typeof decideSubChannelHref>[0]>) => ({
  columnid: 151,
  columnname: '要闻',
  columnimg: '',
  columnpath: '',
  showtype: 0,
  apiurl: '',
  classname: '要闻',
  ...over,
});

describe('decideSubChannelHref', () => {
  it.each([
    [
      'an api url',
      icon({ apiurl: '/v1/news/getListByColumnId?columnId=101' }),
      '/shancheng/subchannel?classId=151&className=%E8%A6%81%E9%97%BB&customApiUrl=%2Fv1%2Fnews%2FgetListByColumnId%3FcolumnId%3D101',
    ],
    ['showtype 1', icon({ showtype: 1, columnpath: '/shancheng/columns?columnId=103' }), '/shancheng/columns?columnId=103'],
    ['showtype 1 with an unsafe path', icon({ showtype: 1, columnpath: 'javascript:alert(1)' }), '/shancheng/columns?columnId=151&noTab='],
    ['a plain icon', icon({}), '/shancheng/columns?columnId=151&noTab='],
  ])('%s', (_, i, href) => {
    expect(decideSubChannelHref(i)).toBe(href);
  });
});

describe('pageIcons', () => {
  it.each([
    [8, 4, 2, [8]],
    [9, 4, 2, [8, 1]],
    [8, 4, 1, [4, 4]],
    [5, 0, 1, [4, 1]],
    [6, 3, 1, [3, 3]],
  ])('%i icons, linenum %i, showline %i → pages of %j', (n, linenum, showline, sizes) => {
    expect(
      pageIcons(
        Array.from({ length: n }, (_, i) => i),
        linenum,
        showline,
      ).map((p) => p.length),
    ).toEqual(sizes);
  });
});
