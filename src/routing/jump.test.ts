import { describe, expect, it } from 'vitest';
import { decideBannerJump, decideItemJump, decideJump } from './jump.ts';

const base = { id: 7, classId: 101, showType: 0, targetUrl: '' };
const S = '/shancheng';

describe('decideJump: the whole table of spec 9', () => {
  it.each([
    [1, { cid: 101, nid: 7 }, `${S}/LiveDetail?classId=101&newsId=7`],
    [2, { cid: 101, nid: 7 }, `${S}/PictureDetail?classId=101&newsId=7`],
    [3, { cid: 101, nid: 7 }, `${S}/NewsDetail?classId=101&newsId=7`],
    [4, { cid: 101, nid: 7 }, `${S}/NewsDetail?classId=101&newsId=7`],
    [5, { cid: 105 }, `${S}/SpecialPage?classId=105`],
    [7, { url: 'https://www.cqnews.net/a.html' }, 'https://www.cqnews.net/a.html'],
    [8, { cid: 101, nid: 7 }, `${S}/NewsVideoDetail?classId=101&newsId=7`],
    [15, { nid: 12 }, `${S}/BangBang/politics/detail?id=12`],
    [16, { nid: 12 }, `${S}/BangBang/QA/detail?id=12`],
    [17, { nid: 12 }, `${S}/BangBang/QA/index/ask-special/detail?id=12`],
    [18, { nid: 12 }, `${S}/BangBang/community/detail?id=12`],
    [19, {}, `${S}/BangBang/serve/index`],
    [20, { nid: 12 }, `${S}/BangBang/exposure/index?id=12`],
    [20, {}, `${S}/BangBang/exposure/index`],
    [21, { cid: 1201, nid: 7 }, `${S}/CoolVideo?classId=1201&newsId=7`],
    [22, { nid: 12 }, `${S}/BangBang/QA/list?id=12`],
    [31, {}, `${S}/yu-nong/home`],
    [32, {}, `${S}/yu-nong/country-bangbang`],
    [33, {}, `${S}/yu-nong/farmer-talk`],
    [34, { cid: 3401 }, `${S}/yu-nong/common-single-column-news-list?classId=3401`],
    [35, {}, `${S}/yu-nong/general-tab`],
    [36, {}, `${S}/yu-nong/rural`],
    [37, {}, `${S}/yu-nong/video-page`],
    [38, {}, `${S}/yu-nong/information`],
    [39, {}, `${S}/readNewspaper`],
    [40, { cid: 1303 }, `${S}/columns?columnId=1303`],
    [41, { cid: 13 }, `${S}/home/13`],
    [41, { cid: -100000 }, `${S}/home/-100000`],
    [42, {}, `${S}/Discover`],
    [42, { cid: 3 }, `${S}/SelfDiscover?themeId=3`],
    [43, {}, `${S}/PublishDiscover`],
    [44, {}, `${S}/hotNews`],
    [45, {}, `${S}/siftView`],
    [46, { cid: 3 }, `${S}/BangBang/index`],
    [50, { cid: 101, nid: 7 }, `${S}/NewsDetail?classId=101&newsId=7`],
    [51, { cid: 105 }, `${S}/SpecialPage?classId=105`],
    [57, {}, `${S}/BangBang/helpYouExplain`],
    [58, { cid: 1201 }, `${S}/flowVideoPage?classId=1201`],
    [59, { ext: 'interact' }, `${S}/interact`],
  ])('dt %i %j → %s', (dt, rest, href) => {
    expect(decideJump({ dt, ...rest })?.href).toBe(href);
  });

  it.each([
    ['an unknown data type', { dt: 99 }],
    ['a news jump without a news id', { dt: 3, cid: 101 }],
    ['a javascript: url', { dt: 7, url: 'javascript:alert(1)' }],
    ['a protocol-relative url', { dt: 7, url: '//evil.example/x' }],
    ['an unknown tab id', { dt: 46, cid: 9 }],
    ['a prototype key as tab name', { dt: 59, ext: '__proto__' }],
    ['a column without id', { dt: 40 }],
  ])('leads nowhere for %s', (_, d) => {
    expect(decideJump(d)).toBeNull();
  });

  it('marks external links as external and internal ones as not', () => {
    expect(decideJump({ dt: 7, url: 'https://www.cqnews.net/x' })?.external).toBe(true);
    expect(decideJump({ dt: 7, url: '/shancheng/hotNews' })).toEqual({ href: '/shancheng/hotNews', external: false });
    expect(decideJump({ dt: 44 })?.external).toBe(false);
  });
});

describe('decideItemJump', () => {
  it.each([
    [1, '/shancheng/LiveDetail?classId=101&newsId=7'],
    [2, '/shancheng/PictureDetail?classId=101&newsId=7'],
    [3, '/shancheng/NewsDetail?classId=101&newsId=7'],
    [4, '/shancheng/NewsDetail?classId=101&newsId=7'],
    [5, '/shancheng/SpecialPage?classId=101'],
    [8, '/shancheng/NewsVideoDetail?classId=101&newsId=7'],
    [15, '/shancheng/NewsDetail?classId=101&newsId=7'],
  ])('dataType %i → %s', (dataType, href) => {
    expect(decideItemJump({ ...base, dataType })?.href).toBe(href);
  });

  it('opens a safe external link for dataType 7', () => {
    expect(decideItemJump({ ...base, dataType: 7, targetUrl: 'https://www.cqnews.net/x' })).toEqual({
      href: 'https://www.cqnews.net/x',
      external: true,
    });
  });

  it('drops a javascript: link', () => {
    expect(decideItemJump({ ...base, dataType: 7, targetUrl: 'javascript:alert(1)' })).toBeNull();
  });

  it('opens a VR item in the VR viewer, other categories as articles', () => {
    expect(decideItemJump({ ...base, dataType: 3, category: 'vr' })?.href).toBe('/shancheng/VRPage?classId=101&newsId=7');
    expect(decideItemJump({ ...base, dataType: 3, category: '' })?.href).toBe('/shancheng/NewsDetail?classId=101&newsId=7');
  });
});

describe('decideBannerJump', () => {
  it.each([
    [1, 0, '/shancheng/LiveDetail?classId=101&newsId=7'],
    [2, 0, '/shancheng/PictureDetail?classId=101&newsId=7'],
    [3, 2, '/shancheng/NewsVideoDetail?classId=101&newsId=7'],
    [3, 0, '/shancheng/NewsDetail?classId=101&newsId=7'],
    [5, 2, '/shancheng/SpecialPage?classId=101'],
    [8, 2, '/shancheng/NewsVideoDetail?classId=101&newsId=7'],
  ])('dataType %i showType %i → %s', (dataType, showType, href) => {
    expect(decideBannerJump({ ...base, dataType, showType })?.href).toBe(href);
  });

  it('opens dataType 7 as the external target url', () => {
    expect(decideBannerJump({ ...base, dataType: 7, targetUrl: 'https://www.cqnews.net/b' })).toEqual({ href: 'https://www.cqnews.net/b', external: true });
  });
});
