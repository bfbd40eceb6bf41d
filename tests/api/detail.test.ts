import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ad, NewsDetail, ShareInfo } from '../../src/contract/detail.ts';
import type { ListItem } from '../../src/contract/news.ts';
import { news } from '../../src/server/db/schema/core.ts';
import { newsDetailExtras } from '../../src/server/db/schema/detail.ts';
import { readDetailRepo, relationNewsRepo } from '../../src/server/detail/repo.ts';
import { listColumns, toListItem } from '../../src/server/news/repo.ts';
import { articles, livePosts, newsCorrections } from '../../src/server/db/schema/publish.ts';
import { LIVE_FEED_SHOWN } from '../../src/contract/liveFeed.ts';
import { specialCategoryNews } from '../../src/server/db/schema/news.ts';
import type { ArticleFields } from '../../src/contract/publish.ts';
import { createTestApp, envelope, type TestApp } from '../support/testApp.ts';
import { watchedDb as watchedDbOf } from '../support/watchedDb.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function pvOf(id: number): Promise<number> {
  const [row] = await t.database.db.select({ pv: news.pv }).from(news).where(eq(news.id, id));
  return row?.pv ?? -1;
}

/** The suite's database through a handle that writes down, in `seen`, the SQL it runs. */
const watchedDb = (seen: string[]) => watchedDbOf(t.database, seen);

async function firstOf(dataType: number): Promise<{ id: number; classId: number }> {
  const [row] = await t.database.db.select({ id: news.id, classId: news.classId }).from(news).where(eq(news.dataType, dataType)).limit(1);
  if (!row) throw new Error(`no item of data type ${dataType}`);
  return row;
}

describe('/v1/news/getDetails', () => {
  it('returns the article with every detail field and counts this view', async () => {
    const before = await pvOf(1);
    const res = await t.app.request('/v1/news/getDetails?classId=101&newsId=1');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = await envelope<NewsDetail>(res);
    expect(body.statusCode).toBe(200);
    const d = body.data;
    expect(d.newsId).toBe(1);
    expect(d.classId).toBe(101);
    expect(d.title.length).toBeGreaterThan(4);
    expect(d.originNewstext).toMatch(/^<p>/);
    expect(d.onclick).toBe(before + 1);
    expect(await pvOf(1)).toBe(before + 1);
    expect(d.className).not.toBe('');
    expect(d.newsTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(d.selfDiscipline.title).not.toBe('');
    expect(d.repot.tel).not.toBe('');
    expect(d.disclaimers.length).toBeGreaterThan(0);
    expect(d.hotNews.length).toBeGreaterThan(0);
    expect(d.hotNews.map((h) => h.id)).not.toContain(1);
  });

  it('counts each view once, also under concurrency', async () => {
    const before = await pvOf(2);
    const [row] = await t.database.db.select({ classId: news.classId }).from(news).where(eq(news.id, 2));
    await Promise.all(Array.from({ length: 8 }, () => t.app.request(`/v1/news/getDetails?classId=${row?.classId}&newsId=2`)));
    expect(await pvOf(2)).toBe(before + 8);
  });

  it('returns a photo set with its pictures and captions', async () => {
    const item = await firstOf(2);
    const d = (await envelope<NewsDetail>(await t.app.request(`/v1/news/getDetails?classId=${item.classId}&newsId=${item.id}`))).data;
    expect(d.dataType).toBe(2);
    expect(d.allImage.length).toBeGreaterThanOrEqual(4);
    for (const p of d.allImage) {
      expect(p.url).toMatch(/^\/media\//);
      expect(p.desc).not.toBe('');
    }
  });

  it('returns a live item with its sources as playable mp4 files', async () => {
    const item = await firstOf(1);
    const d = (await envelope<NewsDetail>(await t.app.request(`/v1/news/getDetails?classId=${item.classId}&newsId=${item.id}`))).data;
    expect(d.videoUrls.length).toBeGreaterThanOrEqual(2);
    for (const s of d.videoUrls) expect(s.videoUrl).toMatch(/^\/media\/live\/\d+-(hd|sd|ld)\.mp4$/);
  });

  it('reports the flags pl, rel and ad from the article extras', async () => {
    const [flagged] = await t.database.db
      .select()
      .from(newsDetailExtras)
      .where(and(eq(newsDetailExtras.hideComments, true)))
      .limit(1);
    expect(flagged).toBeDefined();
    const [row] = await t.database.db
      .select({ classId: news.classId })
      .from(news)
      .where(eq(news.id, flagged?.newsId ?? 0));
    const d = (await envelope<NewsDetail>(await t.app.request(`/kratos/v1/detail?classId=${row?.classId}&newsId=${flagged?.newsId}`))).data;
    expect(d.pl).toBe(1);
  });

  it.each([
    ['an unknown id', 'classId=101&newsId=999999'],
    ['a class that is not the item’s', 'classId=102&newsId=1'],
  ])('answers %s with statusCode 404 and counts nothing', async (_name, qs) => {
    const before = await pvOf(1);
    const body = await envelope(await t.app.request(`/v1/news/getDetails?${qs}`));
    expect(body).toEqual({ statusCode: 404, message: '新闻不存在或已下线', data: null });
    expect(await pvOf(1)).toBe(before);
  });

  it.each([
    'classId=101',
    'newsId=1',
    'classId=101&newsId=abc',
    'classId=101&newsId=0',
    'classId=101&newsId=-1',
    'classId=101&newsId=1.5',
    'classId=101&newsId=1e3',
    'classId=101&newsId=',
    'classId=101&newsId=99999999999999999999',
    'classId=101&newsId=1&newsId=2',
    'classId=101&newsId=1%20OR%201=1',
    'classId=x&newsId=1',
  ])('refuses %s with HTTP 400 参数错误', async (qs) => {
    const res = await t.app.request(`/v1/news/getDetails?${qs}`);
    expect(res.status).toBe(400);
    const body = await envelope(res);
    expect(body.message).toMatch(/^参数错误/);
    expect(body.data).toBeNull();
  });
});

describe('/kratos/v1/detail', () => {
  it('returns the same article without counting a view', async () => {
    const before = await pvOf(3);
    const res = await t.app.request(`/kratos/v1/detail?classId=101&newsId=3`);
    const d = (await envelope<NewsDetail>(res)).data;
    expect(d.newsId).toBe(3);
    expect(d.onclick).toBe(before);
    expect(await pvOf(3)).toBe(before);
    expect(res.headers.get('cache-control')).toContain('public');
  });

  it('answers an unknown id with 404', async () => {
    expect((await envelope(await t.app.request('/kratos/v1/detail?classId=101&newsId=777777'))).statusCode).toBe(404);
  });

  it('reads its 专题 box and corrections with the article in one query, and answers what a counted view answers', async () => {
    const [placed] = await t.database.db
      .select({ newsId: news.id, classId: news.classId })
      .from(specialCategoryNews)
      .innerJoin(news, eq(news.id, specialCategoryNews.newsId))
      .orderBy(news.id)
      .limit(1);
    expect(placed).toBeDefined();
    const [article] = await t.database.db
      .insert(articles)
      .values({ newsId: placed!.newsId, state: 'published', authorId: 1, authorName: '测试编辑', createKey: 'detail-joined-read', fields: {} as ArticleFields })
      .returning({ id: articles.id });
    // 22 corrections (two past the 20 shown), stored out of time order, two of them at one time (the id breaks the tie).
    const at = (minute: number): Date => new Date(Date.UTC(2026, 10, 20, 8, minute));
    const minutes = [5, 1, 3, 3, ...Array.from({ length: 18 }, (_, i) => 10 + i)];
    await t.database.db.insert(newsCorrections).values(
      minutes.map((m, i) => ({
        articleId: article!.id,
        newsId: placed!.newsId,
        note: `第 ${i + 1} 条更正`,
        staffId: 1,
        staffName: '测试编辑',
        createKey: `c${i}`,
        correctedAt: at(m),
      })),
    );
    const query = `classId=${placed!.classId}&newsId=${placed!.newsId}`;
    const joined = (await envelope<NewsDetail>(await t.app.request(`/kratos/v1/detail?${query}`))).data;
    const counted = (await envelope<NewsDetail>(await t.app.request(`/v1/news/getDetails?${query}`))).data;
    const queries: string[] = [];
    await readDetailRepo(watchedDb(queries), placed!.classId, placed!.newsId);
    expect(joined.topic).not.toBeNull();
    expect(joined.corrections.map((c) => c.note)).toEqual([
      '第 2 条更正',
      '第 3 条更正',
      '第 4 条更正',
      '第 1 条更正',
      ...Array.from({ length: 16 }, (_, i) => `第 ${i + 5} 条更正`),
    ]);
    expect(joined.corrections[0]!.time).toBe('2026-11-20 16:01');
    expect({ ...joined, onclick: 0 }).toEqual({ ...counted, onclick: 0 });
    expect(queries.filter((q) => /from "news_corrections"/.test(q) && !/json_agg/.test(q))).toEqual([]);
    expect(queries.filter((q) => /from "special_category_news"/.test(q) && !/json_build_object/.test(q))).toEqual([]);
    // A live's feed comes with the item's own read too (below).
    expect(queries.filter((q) => /from "live_posts"/.test(q) && !/json_agg/.test(q))).toEqual([]);
  });

  it('has the most read articles under it, never itself, in the same one read of news', async () => {
    const mostRead = await t.database.db.select(listColumns).from(news).where(eq(news.dataType, 3)).orderBy(desc(news.pv), desc(news.id)).limit(6);
    const top = mostRead[0]!;
    const queries: string[] = [];
    const read = (await readDetailRepo(watchedDb(queries), top.classId, top.id))!;
    // The first of the list is the item itself: the next five stand in its place, each the list item any list gives.
    expect(read.hotNews).toEqual(mostRead.slice(1).map(toListItem));
    expect(queries.filter((q) => /from "news"/.test(q))).toHaveLength(1);
    // No such item: one read, no hot list asked for.
    const missing: string[] = [];
    expect(await readDetailRepo(watchedDb(missing), top.classId, 999_999)).toBeNull();
    expect(missing.filter((q) => /from "news"/.test(q))).toHaveLength(1);
  });
});

describe("a live's 图文直播 feed", () => {
  it("comes with the live's own read, newest first, withdrawn posts left out, as a counted view gives it", async () => {
    const [live] = await t.database.db
      .select({ id: news.id, classId: news.classId })
      .from(news)
      .where(and(eq(news.dataType, 1), sql`exists (select 1 from live_posts p where p.news_id = ${news.id} and p.withdrawn_at is null)`))
      .limit(1);
    expect(live).toBeDefined();
    const stored = await t.database.db
      .select({ text: livePosts.text })
      .from(livePosts)
      .where(and(eq(livePosts.newsId, live!.id), isNull(livePosts.withdrawnAt)))
      .orderBy(desc(livePosts.createdAt), desc(livePosts.id));
    const queries: string[] = [];
    const read = (await readDetailRepo(watchedDb(queries), live!.classId, live!.id))!;
    expect(read.livePosts.map((p) => p.text)).toEqual(stored.slice(0, LIVE_FEED_SHOWN).map((p) => p.text));
    expect(read.livePosts[0]!.time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    // No read of its own: the feed is a JSON array in the live's row.
    expect(queries.filter((q) => /from "live_posts"/.test(q) && !/json_agg/.test(q))).toEqual([]);
    const counted = (await envelope<NewsDetail>(await t.app.request(`/v1/news/getDetails?classId=${live!.classId}&newsId=${live!.id}`))).data;
    expect(counted.livePosts).toEqual(read.livePosts);
  });
});

describe('POST /v1/news/view (the detail page beacon)', () => {
  let ipSeq = 0;
  /** A distinct address per test so address limits of one test do not reach the next. */
  const nextIp = () => `203.0.113.${++ipSeq}`;
  const view = (body: string, headers: Record<string, string> = {}) =>
    t.app.request('/v1/news/view', { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers } });

  it('counts one view in the database and answers the new count', async () => {
    const before = await pvOf(4);
    const [row] = await t.database.db.select({ classId: news.classId }).from(news).where(eq(news.id, 4));
    const res = await view(`classId=${row?.classId}&newsId=4`, { 'x-forwarded-for': nextIp(), 'x-device-id': 'device-count-1' });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await envelope(res)).toEqual({ statusCode: 200, message: expect.any(String), data: { onclick: before + 1 } });
    expect(await pvOf(4)).toBe(before + 1);
  });

  it('accepts a JSON body too and counts concurrent views of different devices each once', async () => {
    const before = await pvOf(5);
    const [row] = await t.database.db.select({ classId: news.classId }).from(news).where(eq(news.id, 5));
    const ip = nextIp();
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        t.app.request('/v1/news/view', {
          method: 'POST',
          body: JSON.stringify({ classId: row?.classId, newsId: 5 }),
          headers: { 'content-type': 'application/json', 'x-forwarded-for': ip, 'x-device-id': `device-conc-${i}` },
        }),
      ),
    );
    for (const a of answers) expect((await envelope(a)).statusCode).toBe(200);
    expect(await pvOf(5)).toBe(before + 6);
  });

  it('counts one device once per article within 30 s, by header or by the device cookie', async () => {
    const before = await pvOf(1);
    const ip = nextIp();
    expect((await envelope(await view('classId=101&newsId=1', { 'x-forwarded-for': ip, 'x-device-id': 'device-repeat-1' }))).statusCode).toBe(200);
    const again = await envelope(await view('classId=101&newsId=1', { 'x-forwarded-for': ip, 'x-device-id': 'device-repeat-1' }));
    expect(again).toEqual({ statusCode: 429, message: '操作过于频繁，请稍后再试', data: null });
    // A beacon carries no headers: the device cookie identifies the browser.
    expect((await envelope(await view('classId=101&newsId=1', { 'x-forwarded-for': ip, cookie: 'a=b; deviceId=device-cookie-1' }))).statusCode).toBe(200);
    expect((await envelope(await view('classId=101&newsId=1', { 'x-forwarded-for': ip, cookie: 'deviceId=device-cookie-1' }))).statusCode).toBe(429);
    expect(await pvOf(1)).toBe(before + 2);
  });

  it('cannot be pumped from one address with fresh device ids (30 views of one article a minute)', async () => {
    const before = await pvOf(3);
    const ip = nextIp();
    const codes: number[] = [];
    for (let i = 0; i < 32; i++)
      codes.push((await envelope(await view('classId=101&newsId=3', { 'x-forwarded-for': ip, 'x-device-id': `device-pump-${i}` }))).statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(30);
    expect(codes.slice(30)).toEqual([429, 429]);
    expect(await pvOf(3)).toBe(before + 30);
    // Another address still counts.
    expect((await envelope(await view('classId=101&newsId=3', { 'x-forwarded-for': nextIp() }))).statusCode).toBe(200);
  });

  it.each([
    ['an unknown id', 'classId=101&newsId=999999'],
    ['a class that is not the item’s', 'classId=102&newsId=1'],
  ])('answers %s with statusCode 404 and counts nothing', async (_name, body) => {
    const before = await pvOf(1);
    expect(await envelope(await view(body, { 'x-forwarded-for': nextIp() }))).toEqual({ statusCode: 404, message: '新闻不存在或已下线', data: null });
    expect(await pvOf(1)).toBe(before);
  });

  it.each(['classId=101', 'newsId=1', 'classId=101&newsId=abc', 'classId=101&newsId=0', 'classId=101&newsId=1&newsId=2', 'classId=x&newsId=1'])(
    'refuses %s with HTTP 400 参数错误',
    async (body) => {
      const res = await view(body, { 'x-forwarded-for': nextIp() });
      expect(res.status).toBe(400);
      expect((await envelope(res)).message).toMatch(/^参数错误/);
    },
  );

  it('is POST only', async () => {
    expect((await t.app.request('/v1/news/view?classId=101&newsId=1')).status).toBe(404);
  });
});

describe('article HTML is sanitized when stored', () => {
  it('no seeded article carries a script, an event handler or a javascript: URL', async () => {
    const rows = await t.database.db.select({ content: news.content }).from(news);
    for (const { content } of rows) expect(content).not.toMatch(/<script|\son\w+=|javascript:/i);
  });
  it('external links in seeded articles open in a new tab without referrer', async () => {
    const rows = await t.database.db.select({ content: news.content }).from(news);
    const withLink = rows.filter((r) => r.content.includes('href="https://'));
    expect(withLink.length).toBeGreaterThan(0);
    for (const r of withLink) expect(r.content).toContain('rel="noopener noreferrer nofollow"');
  });
});

describe('/v1/news/getRelationNews', () => {
  it('lists related news of the same column first, never the item itself', async () => {
    const body = await envelope<ListItem[]>(await t.app.request('/v1/news/getRelationNews?classId=101&newsId=1'));
    expect(body.statusCode).toBe(200);
    expect(body.data).toHaveLength(6);
    expect(body.data.map((i) => i.id)).not.toContain(1);
    expect(body.data[0]?.classId).toBe(101);
    for (const i of body.data) expect([1, 2, 3, 8]).toContain(i.dataType);
  });

  it('honours pageSize and refuses too large a page', async () => {
    expect((await envelope<ListItem[]>(await t.app.request('/v1/news/getRelationNews?classId=101&newsId=1&pageSize=3'))).data).toHaveLength(3);
    expect((await t.app.request('/v1/news/getRelationNews?classId=101&newsId=1&pageSize=500')).status).toBe(400);
  });

  it('answers an unknown item with 404', async () => {
    expect((await envelope(await t.app.request('/v1/news/getRelationNews?classId=101&newsId=999999'))).statusCode).toBe(404);
  });

  it('fills a short column from the rest of its channel in one read, never reading a row body', async () => {
    const seen: string[] = [];
    const watched = watchedDb(seen);
    // An item whose column has fewer linkable news than a page of 20, in a channel with other columns' news.
    const linkable = sql`in (1, 2, 3, 8)`;
    const [item] = await t.database.db
      .select({ id: news.id, classId: news.classId, channelId: news.channelId })
      .from(news)
      .where(
        sql`${news.dataType} ${linkable}
          and (select count(*) from news m where m.class_id = ${news.classId} and m.data_type ${linkable}) between 2 and 19
          and exists (select 1 from news m where m.channel_id = ${news.channelId} and m.class_id <> ${news.classId} and m.data_type ${linkable})`,
      )
      .orderBy(news.id)
      .limit(1);
    if (!item) throw new Error('the seed has no short column in a channel with others');
    const related = await relationNewsRepo(watched, item.classId, item.id, 20);
    // The column's own news newest first, then the channel's other columns' newest first, cut to the page.
    const newestOf = (where: ReturnType<typeof sql>) =>
      t.database.db
        .select({ id: news.id })
        .from(news)
        .where(sql`${news.dataType} ${linkable} and ${where}`)
        .orderBy(desc(news.publishTime), desc(news.id));
    const own = await newestOf(sql`${news.classId} = ${item.classId} and ${news.id} <> ${item.id}`);
    const rest = await newestOf(sql`${news.channelId} = ${item.channelId} and ${news.classId} <> ${item.classId}`);
    expect(related?.map((i) => i.id)).toEqual([...own, ...rest].slice(0, 20).map((r) => r.id));
    expect(related?.map((i) => i.id)).not.toContain(item.id);
    expect(seen).toHaveLength(1);
    expect(seen.filter((query) => query.includes('"content"'))).toEqual([]);
    // No such item is null (the 404).
    expect(await relationNewsRepo(t.database.db, item.classId, 999_999, 20)).toBeNull();
  });

  it('answers 404 for an item named with another column, even one with a full page of its own news', async () => {
    const own = await envelope<ListItem[]>(await t.app.request('/v1/news/getRelationNews?classId=102&newsId=11&pageSize=3'));
    expect(own.data.map((i) => i.classId)).toEqual([102, 102, 102]);
    const wrong = await envelope(await t.app.request('/v1/news/getRelationNews?classId=102&newsId=1&pageSize=3'));
    expect(wrong.statusCode).toBe(404);
  });
});

describe('/v1/ads/list', () => {
  it('lists every ad with its placement rules', async () => {
    const body = await envelope<Ad[]>(await t.app.request('/v1/ads/list'));
    expect(body.statusCode).toBe(200);
    // 1 is the pre-roll before a video (spec 5), 5/3/2 the slots above and below the text.
    expect(new Set(body.data.map((a) => a.type))).toEqual(new Set([1, 2, 3, 5]));
    const limited = body.data.find((a) => a.isAll === 0);
    expect(limited?.showClassIds.length).toBeGreaterThan(0);
  });

  it('filters by type', async () => {
    const body = await envelope<Ad[]>(await t.app.request('/v1/ads/list?type=5'));
    expect(body.data.length).toBeGreaterThan(0);
    for (const a of body.data) expect(a.type).toBe(5);
  });

  it.each(['type=4', 'type=abc', 'type=5&type=3'])('refuses %s', async (qs) => {
    expect((await t.app.request(`/v1/ads/list?${qs}`)).status).toBe(400);
  });
});

describe('/api/sdkinfo', () => {
  it('returns the share card of an article', async () => {
    const body = await envelope<ShareInfo>(await t.app.request('/api/sdkinfo?classId=101&newsId=1'));
    expect(body.statusCode).toBe(200);
    expect(body.data.link).toBe('/shancheng/NewsDetail?classId=101&newsId=1');
    expect(body.data.title.length).toBeGreaterThan(0);
    expect(body.data.desc.length).toBeGreaterThan(0);
  });

  it('answers an unknown item with 404 and a bad id with 400', async () => {
    expect((await envelope(await t.app.request('/api/sdkinfo?classId=101&newsId=999999'))).statusCode).toBe(404);
    expect((await t.app.request('/api/sdkinfo?classId=101&newsId=-5')).status).toBe(400);
  });
});
