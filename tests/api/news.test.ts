/** News browsing API: every list pages from 1 and ends with an empty data array. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, envelope, type TestApp } from '../support/testApp.ts';
import type {
  AccountInfo,
  AccountStripItem,
  AreaNode,
  ChannelGroup,
  ColumnInfo,
  ListItem,
  Location,
  NewspaperEdition,
  NewspaperSummary,
  Special,
  TabNavItem,
  Topic,
  Weather,
} from '../../src/contract/news.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function get<T>(path: string): Promise<{ status: number; statusCode: number; message: string; data: T }> {
  const res = await t.app.request(path);
  return { status: res.status, ...(await envelope<T>(res)) };
}

/** Walks a list page by page until the empty page; returns every item and the number of pages. */
async function walk(path: string, pageSize = 20): Promise<{ items: ListItem[]; pages: number }> {
  const items: ListItem[] = [];
  for (let page = 1; page < 100; page++) {
    const sep = path.includes('?') ? '&' : '?';
    const body = await get<ListItem[]>(`${path}${sep}page=${page}&pageSize=${pageSize}`);
    expect(body.statusCode, `${path} page ${page}: ${body.message}`).toBe(200);
    if (body.data.length === 0) return { items, pages: page };
    expect(body.data.length).toBeLessThanOrEqual(pageSize);
    items.push(...body.data);
  }
  throw new Error(`${path} never ended`);
}

describe('paged lists end with an empty data array and never repeat an item', () => {
  it.each([
    ['/kratos/v1/channel/list?channelId=1', 90],
    ['/kratos/v1/channel/list?channelId=13', 14],
    ['/kratos/v1/column/list?columnId=101', 1],
    ['/v1/news/getListByColumnId?columnId=1301', 1],
    ['/v1/live/getList', 19],
    ['/v1/vr/getList', 14],
    ['/v1/news/getHotLists', 100],
    ['/v1/news/getCountryHotNews?classId=941', 5],
    ['/v1/news/getCountryHotNews?areaNumber=999', 14],
    ['/kratos/v1/topics/news_list?topicId=1', 6],
    ['/kratos/v1/topicsCollect?columnId=105', 5],
    ['/v1/news/specialList?classId=105', 8],
    ['/api/SYAccount/getHeadPage?classId=1101', 5],
    ['/api/SYAccount/getNewsList', 20],
    ['/kratos/v1/search/home?search=重庆', 20],
  ])('%s (at least %i items)', async (path, atLeast) => {
    const { items, pages } = await walk(path, 7);
    expect(items.length).toBeGreaterThanOrEqual(atLeast);
    expect(pages).toBe(Math.ceil(items.length / 7) + (items.length % 7 === 0 ? 1 : 1));
    expect(new Set(items.map((i) => i.id)).size).toBe(items.length);
  });

  it('defaults to 20 a page and refuses more than 50', async () => {
    expect((await get<ListItem[]>('/kratos/v1/channel/list?channelId=1')).data).toHaveLength(20);
    expect((await get<ListItem[]>('/kratos/v1/channel/list?channelId=1&pageSize=50')).data).toHaveLength(50);
    const tooMany = await get('/kratos/v1/channel/list?channelId=1&pageSize=51');
    expect(tooMany.status).toBe(400);
    expect(tooMany.message).toBe('参数错误: 每页条数不能超过 50');
    for (const bad of ['page=0', 'pageSize=0', 'page=abc', 'pageSize=1e2']) {
      expect((await get(`/kratos/v1/channel/list?channelId=1&${bad}`)).status, bad).toBe(400);
    }
  });

  it('keeps a channel list pinned first, then newest', async () => {
    const { items } = await walk('/kratos/v1/channel/list?channelId=1', 50);
    const firstUnpinned = items.findIndex((i) => i.isTop === 0);
    expect(items.slice(firstUnpinned).every((i) => i.isTop === 0)).toBe(true);
    const times = items.slice(firstUnpinned).map((i) => i.publishTime);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('orders the hot list by views and leaves out external links and district or account cards', async () => {
    const { items } = await walk('/v1/news/getHotLists', 50);
    const pv = items.map((i) => i.pv);
    expect([...pv].sort((a, b) => b - a)).toEqual(pv);
    expect(items.some((i) => i.dataType === 7 || i.showType === 8 || i.showType === 9)).toBe(false);
  });

  it('lists live streams live first, then upcoming, then replays', async () => {
    const { items } = await walk('/v1/live/getList', 50);
    const rank = items.map((i) => ({ 1: 0, 0: 1 })[i.liveType as 0 | 1] ?? 2);
    expect([...rank].sort()).toEqual(rank);
    expect(items.every((i) => i.dataType === 1)).toBe(true);
    expect(new Set(items.map((i) => i.liveType))).toEqual(new Set([0, 1, 2]));
  });
});

describe('channels and columns', () => {
  it('groups every plain column under its channel', async () => {
    const body = await get<ChannelGroup[]>('/kratos/v1/channelClass/list?from=wap');
    expect(body.statusCode).toBe(200);
    const recommend = body.data.find((g) => g.channelName === '推荐');
    expect(recommend?.channelClass.map((c) => c.columnName)).toEqual(['要闻', '重庆新闻', '民生', '评论', '专题']);
    expect(body.data.every((g) => g.channelClass.length > 0)).toBe(true);
  });

  it('tells one column with its channel, and 404 for an unknown one', async () => {
    const one = await get<ColumnInfo>('/kratos/v1/channelClass/one?columnId=1303');
    expect(one.data).toMatchObject({ columnId: 1303, columnName: '交通出行', channelId: 13, channelName: '重庆' });
    const missing = await get('/kratos/v1/channelClass/one?columnId=424242');
    expect(missing).toMatchObject({ status: 200, statusCode: 404, message: '栏目不存在', data: null });
    expect((await get('/kratos/v1/column/list?columnId=424242')).statusCode).toBe(404);
    expect((await get('/kratos/v1/channel/list?channelId=424242')).statusCode).toBe(404);
  });

  it('lists a column’s own news only', async () => {
    const { items } = await walk('/kratos/v1/column/list?columnId=1301');
    expect(items.every((i) => i.classId === 1301)).toBe(true);
  });

  it.each([
    ['image', ['视频', '直播', '图片', 'VR'], '/shancheng/Image/VideoPage'],
    ['video', ['视频', '直播'], '/shancheng/home/video/VideoPage'],
  ])('gives the %s tab bar', async (tabType, names, firstPath) => {
    const body = await get<TabNavItem[]>(`/kratos/v1/tab/nav?tabType=${tabType}`);
    expect(body.data.map((x) => x.name)).toEqual(names);
    expect(body.data[0]?.path).toBe(firstPath);
  });

  it('refuses an unknown tab type', async () => {
    expect((await get('/kratos/v1/tab/nav?tabType=evil')).status).toBe(400);
  });
});

describe('topics and special topics', () => {
  it('shows a topic with counts, and 404 for an unknown one', async () => {
    const topic = await get<Topic>('/kratos/v1/topics/show?topicId=1');
    expect(topic.data).toMatchObject({ id: 1, title: '轨道上的重庆', isTimeline: 1 });
    expect(topic.data.contentCount).toBeGreaterThan(0);
    expect((await get('/kratos/v1/topics/show?topicId=999')).statusCode).toBe(404);
    expect((await get('/kratos/v1/topics/news_list?topicId=999')).statusCode).toBe(404);
  });

  it('lists a time-line topic oldest first', async () => {
    const { items } = await walk('/kratos/v1/topics/news_list?topicId=1', 50);
    const times = items.map((i) => i.publishTime);
    expect([...times].sort()).toEqual(times);
  });

  it('gives the special topic with its categories and lists one category', async () => {
    const special = await get<Special>('/v1/news/specailCategory?classId=105');
    expect(special.data.topicTitle).toBe('奋进新重庆 · 2026年度专题');
    expect(special.data.category.map((c) => c.name)).toEqual(['重庆要闻', '区县动态', '图说重庆', '视频']);
    const pictures = special.data.category[2]!;
    const { items } = await walk(`/v1/news/specialList?classId=105&categoryId=${pictures.id}`);
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((i) => i.dataType === 2)).toBe(true);
    expect((await get('/v1/news/specailCategory?classId=101')).statusCode).toBe(404);
    expect((await get('/v1/news/specialList?classId=105&categoryId=101')).message).toBe('专题分类不存在');
  });
});

describe('search', () => {
  it('finds news by a hot word and every hot word finds something', async () => {
    const words = await get<{ id: number; word: string }[]>('/v1/news/getNewsHotWord');
    expect(words.data.length).toBeGreaterThanOrEqual(5);
    for (const { word } of words.data) {
      const found = await get<ListItem[]>(`/kratos/v1/search/home?search=${encodeURIComponent(word)}`);
      expect(found.data.length, word).toBeGreaterThan(0);
      expect(
        found.data.every((i) => i.title.includes(word) || i.smallText.includes(word)),
        word,
      ).toBe(true);
    }
  });

  it.each(['%', '_', "' or 1=1 --", '不存在的词语组合'])('treats %s as text, not a pattern', async (word) => {
    const found = await get<ListItem[]>(`/kratos/v1/search/home?search=${encodeURIComponent(word)}&pageSize=50`);
    expect(found.statusCode).toBe(200);
    // Some demo headlines really contain "%" (同比增长12%): only those may match.
    expect(found.data.every((i) => i.title.includes(word) || i.smallText.includes(word))).toBe(true);
    if (word !== '%') expect(found.data).toEqual([]);
  });

  it.each([
    ['', '参数错误: 搜索内容不能为空'],
    ['   ', '参数错误: 搜索内容不能为空'],
    ['字'.repeat(41), '参数错误: 搜索内容不能超过 40 个字'],
    ['a\u0000b', '参数错误: 搜索内容包含非法字符'],
  ])('refuses the search %j', async (word, message) => {
    const body = await get(`/kratos/v1/search/home?search=${encodeURIComponent(word)}`);
    expect(body.status).toBe(400);
    expect(body.message).toBe(message);
  });
});

describe('county: districts, weather, location', () => {
  it('gives the district tree grouped under parents', async () => {
    const body = await get<AreaNode[]>('/kratos/v1/area/list');
    expect(body.data.map((p) => p.columnname)).toEqual(['主城都市区', '渝东北三峡库区城镇群', '渝东南武陵山区城镇群']);
    const all = body.data.flatMap((p) => p.areasub);
    expect(all).toHaveLength(38);
    expect(all[0]).toMatchObject({ columnid: 941, columnname: '渝中区', father: 901 });
    expect(all.every((d) => d.classimg.startsWith('/media/'))).toBe(true);
  });

  it('gives the weather of a district and 404 for a parent or an unknown id', async () => {
    const w = await get<Weather>('/kratos/v1/area/weather?classId=941');
    expect(w.data.columnname).toBe('渝中区');
    expect(w.data.temperature).toMatch(/^\d+$/);
    expect(w.data.weather).not.toBe('');
    expect((await get('/kratos/v1/area/weather?classId=901')).statusCode).toBe(404);
    expect((await get('/kratos/v1/area/weather?classId=12345')).statusCode).toBe(404);
  });

  it.each([
    ['29.558', '106.577', { name: '渝中区', classId: 941, inChongqing: 1 }],
    ['30.81', '108.39', { name: '万州区', classId: 962, inChongqing: 1 }],
    ['39.9', '116.4', { name: '国内', classId: 0, inChongqing: 0 }],
  ])('locates %s,%s', async (lat, lng, expected) => {
    const res = await t.app.request(`/kratos/v1/area/locate?lat=${lat}&lng=${lng}`);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect((await envelope<Location>(res)).data).toEqual(expected);
  });

  it.each(['lat=91&lng=106', 'lat=abc&lng=106', 'lat=29', 'lat=1e2&lng=3'])('refuses the position %s', async (qs) => {
    expect((await get(`/kratos/v1/area/locate?${qs}`)).status).toBe(400);
  });

  it('lists a district’s own news, and refuses a parent group', async () => {
    const { items } = await walk('/v1/news/getCountryHotNews?classId=962');
    expect(items.every((i) => i.classId === 962)).toBe(true);
    expect((await get('/v1/news/getCountryHotNews?classId=901')).message).toBe('区县不存在');
  });
});

describe('district weather list (/Map)', () => {
  it("gives every district once with its region and today's weather, regions in order", async () => {
    const body = await get<(Weather & { areaName: string })[]>('/kratos/v1/area/weatherList');
    expect(body.statusCode).toBe(200);
    expect(body.data).toHaveLength(38);
    expect(new Set(body.data.map((d) => d.classId)).size).toBe(38);
    expect([...new Set(body.data.map((d) => d.areaName))]).toEqual(['主城都市区', '渝东北三峡库区城镇群', '渝东南武陵山区城镇群']);
    const one = await get<Weather>('/kratos/v1/area/weather?classId=941');
    expect(body.data.find((d) => d.classId === 941)).toEqual({ ...one.data, areaName: '主城都市区' });
  });
});

describe('publisher accounts (山城号)', () => {
  it('lists the account strip', async () => {
    const body = await get<AccountStripItem[]>('/api/SYAccount/getRecommendList');
    expect(body.data.map((a) => a.name)).toEqual(['重庆发布', '两江新区发布', '重庆交巡警', '重庆气象', '渝中发布']);
  });

  it('pages the 山城号 square with intro and counts, the same accounts as the strip, then an empty page', async () => {
    const strip = await get<AccountStripItem[]>('/api/SYAccount/getRecommendList');
    const seen: AccountInfo[] = [];
    for (let page = 1; page < 20; page++) {
      const body = await get<AccountInfo[]>(`/api/SYAccount/getSquareList?page=${page}&pageSize=2`);
      expect(body.statusCode).toBe(200);
      if (body.data.length === 0) break;
      seen.push(...body.data);
    }
    expect(seen.map((a) => a.classId)).toEqual(strip.data.map((a) => a.classId));
    const one = seen.find((a) => a.classId === 1101);
    expect(one?.newsCount).toBe((await get<AccountInfo>('/api/SYAccount/getInfo?classId=1101')).data.newsCount);
    expect(seen.every((a) => a.intro !== '' && a.fans >= 0)).toBe(true);
    expect((await get('/api/SYAccount/getSquareList?page=0')).statusCode).toBe(400);
  });

  it('gives an account with its article count', async () => {
    const body = await get<AccountInfo>('/api/SYAccount/getInfo?classId=1101');
    expect(body.data).toMatchObject({ classId: 1101, name: '重庆发布', isJump: 1 });
    expect(body.data.newsCount).toBeGreaterThan(0);
    expect((await get('/api/SYAccount/getInfo?classId=101')).statusCode).toBe(404);
  });

  it('refuses the home of an account without isJump with the spec message', async () => {
    const body = await get('/api/SYAccount/getHeadPage?classId=1104');
    expect(body).toMatchObject({ statusCode: 403, message: '抱歉此账号主页(暂时)无法查看', data: null });
  });
});

describe('newspapers', () => {
  it('lists editions and opens one with its pages and news', async () => {
    const list = await get<NewspaperSummary[]>('/v1/newspaper/list');
    expect(list.data).toHaveLength(3);
    const edition = await get<NewspaperEdition>(`/v1/newspaper/edition?id=${list.data[0]!.id}`);
    expect(edition.data.pages.map((p) => p.name)).toEqual(['01版：要闻', '02版：综合', '03版：区县', '04版：文旅']);
    expect(edition.data.pages.every((p) => p.news.length === 4)).toBe(true);
    expect((await get('/v1/newspaper/edition?id=99')).statusCode).toBe(404);
  });
});
