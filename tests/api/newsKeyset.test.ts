/** Keyset (snapshot) paging of news lists (docs/security.md; security.md M101). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, desc, eq, sql } from 'drizzle-orm';
import { news } from '../../src/server/db/schema/core.ts';
import type { ListItem } from '../../src/contract/news.ts';
import { createTestApp, envelope, type TestApp } from '../support/testApp.ts';

let t: TestApp;
let channelId: number;
let classId: number;
let nextId = 900_000;

beforeAll(async () => {
  t = await createTestApp();
  // The channel and the column with the most items, so both have several pages.
  const [byChannel] = await t.database.db.select({ id: news.channelId, n: count() }).from(news).groupBy(news.channelId).orderBy(desc(count())).limit(1);
  const [byClass] = await t.database.db.select({ id: news.classId, n: count() }).from(news).groupBy(news.classId).orderBy(desc(count())).limit(1);
  channelId = byChannel!.id;
  classId = byClass!.id;
  expect(byClass!.n).toBeGreaterThan(10);
});
afterAll(async () => {
  await t.close();
});

async function list(path: string): Promise<ListItem[]> {
  const body = await envelope<ListItem[] | { list: ListItem[] }>(await t.app.request(path));
  expect(body.statusCode, path).toBe(200);
  return Array.isArray(body.data) ? body.data : body.data.list;
}

/** A story published now in the channel and column, as the CMS would add it while a reader pages. */
async function publishNow(): Promise<number> {
  const id = nextId++;
  await t.database.write(async (tx) => {
    await tx.insert(news).values({ id, classId, channelId, title: `刚刚发布 ${id}`, publishTime: new Date() });
  });
  return id;
}

const anchorOf = (items: ListItem[]): number => Math.max(...items.map((i) => Date.parse(i.publishTime)));

describe.each([
  ['/kratos/v1/channel/list', () => `channelId=${channelId}&pageSize=5`],
  ['/kratos/v1/column/list', () => `columnId=${classId}&pageSize=5`],
  ['/v1/news/getListByColumnId', () => `columnId=${classId}&pageSize=5`],
  ['/kratos/v1/channel/home', () => `channelId=${channelId}`],
])('%s', (path, params) => {
  it('with the anchor of page 1, page 2 neither repeats page 1 nor skips an item when a story is published between them', async () => {
    const page1 = await list(`${path}?${params()}&page=1`);
    const page2Before = await list(`${path}?${params()}&page=2`);
    expect(page2Before.length).toBeGreaterThan(0);
    const anchor = anchorOf(page1);

    const fresh = await publishNow();
    // Without the anchor (old clients) the new story shifts everything: page 2 repeats the last of page 1.
    const plain = await list(`${path}?${params()}&page=2`);
    expect(plain[0]!.id).toBe(page1.at(-1)!.id);

    const anchored1 = await list(`${path}?${params()}&page=1&before=${anchor}`);
    const anchored2 = await list(`${path}?${params()}&page=2&before=${anchor}`);
    expect(anchored1.map((i) => i.id)).toEqual(page1.map((i) => i.id));
    expect(anchored2.map((i) => i.id)).toEqual(page2Before.map((i) => i.id));
    expect(anchored2.map((i) => i.id)).not.toContain(fresh);
    // A fresh page 1 (no anchor) shows the new story.
    expect((await list(`${path}?${params()}&page=1`)).map((i) => i.id)).toContain(fresh);
  });

  it.each(['abc', '-1', '1e12', '9999999999999999', ''])('refuses before=%s with 参数错误', async (bad) => {
    const res = await t.app.request(`${path}?${params()}&page=2&before=${bad}`);
    expect(res.status).toBe(400);
    expect((await envelope(res)).message).toMatch(/^参数错误: 翻页位置/);
  });
});

it('keeps items whose publish time has more precision than the anchor (microseconds)', async () => {
  const page1 = await list(`/kratos/v1/column/list?columnId=${classId}&pageSize=5&page=1`);
  const newest = page1[0]!;
  // The list shows milliseconds; the database keeps microseconds: the anchor must not cut the newest item off.
  await t.database.write(async (tx) => {
    await tx
      .update(news)
      .set({ publishTime: sql`date_trunc('milliseconds', ${news.publishTime}) + interval '400 microseconds'` })
      .where(eq(news.id, newest.id));
  });
  const anchored = await list(`/kratos/v1/column/list?columnId=${classId}&pageSize=5&page=1&before=${anchorOf(page1)}`);
  expect(anchored[0]!.id).toBe(newest.id);
});

describe.each([
  ['/kratos/v1/channel/list', () => `channelId=${channelId}&pageSize=5`],
  ['/kratos/v1/column/list', () => `columnId=${classId}&pageSize=5`],
  ['/v1/news/getListByColumnId', () => `columnId=${classId}&pageSize=5`],
  ['/kratos/v1/channel/home', () => `channelId=${channelId}`],
])('%s keyset cursor (after=)', (path, params) => {
  it('page N with the cursor of page N-1 is the page the offset gives, for every page to the end', async () => {
    let cursor: number | undefined;
    for (let page = 1; page <= 50; page++) {
      const byOffset = await list(`${path}?${params()}&page=${page}`);
      const byCursor = await list(`${path}?${params()}&page=${page}${cursor === undefined ? '' : `&after=${cursor}`}`);
      expect(
        byCursor.map((i) => i.id),
        `page ${page}`,
      ).toEqual(byOffset.map((i) => i.id));
      if (byOffset.length === 0) return;
      cursor = byOffset.at(-1)!.id;
    }
    throw new Error('the list did not end within 50 pages');
  });

  it('does not repeat or skip when a story is published between pages (the cursor needs no anchor)', async () => {
    const page1 = await list(`${path}?${params()}&page=1`);
    const page2 = await list(`${path}?${params()}&page=2`);
    await publishNow();
    const next = await list(`${path}?${params()}&page=2&after=${page1.at(-1)!.id}`);
    expect(next.map((i) => i.id)).toEqual(page2.map((i) => i.id));
  });

  it('a cursor that is not in this list falls back to the page number', async () => {
    const page2 = await list(`${path}?${params()}&page=2`);
    expect((await list(`${path}?${params()}&page=2&after=2147483647`)).map((i) => i.id)).toEqual(page2.map((i) => i.id));
  });

  it.each(['abc', '0', '-1', '1.5', '99999999999999'])('refuses after=%s with 参数错误', async (bad) => {
    const res = await t.app.request(`${path}?${params()}&page=2&after=${bad}`);
    expect(res.status).toBe(400);
    expect((await envelope(res)).message).toMatch(/^参数错误: 翻页位置/);
  });
});

it('keeps the items whose publish time lies between the cursor item’s millisecond and its microseconds', async () => {
  // Two stories in the same millisecond, 300 µs apart: a cursor carried as a JS Date would skip the older one.
  const base = Date.now() + 60_000;
  const ids = [nextId++, nextId++];
  await t.database.write(async (tx) => {
    for (const id of ids) await tx.insert(news).values({ id, classId, channelId, title: `同一毫秒 ${id}`, publishTime: new Date(base) });
    await tx
      .update(news)
      .set({ publishTime: sql`${news.publishTime} + interval '400 microseconds'` })
      .where(eq(news.id, ids[0]!));
    await tx
      .update(news)
      .set({ publishTime: sql`${news.publishTime} + interval '100 microseconds'` })
      .where(eq(news.id, ids[1]!));
  });
  const first = await list(`/kratos/v1/column/list?columnId=${classId}&pageSize=1&page=1`);
  expect(first[0]!.id).toBe(ids[0]);
  // A newer story shifts the offset pages: only the cursor still finds the older one of the pair next.
  const newer = nextId++;
  await t.database.write(async (tx) => {
    await tx.insert(news).values({ id: newer, classId, channelId, title: `更新 ${newer}`, publishTime: new Date(base + 1000) });
  });
  const second = await list(`/kratos/v1/column/list?columnId=${classId}&pageSize=1&page=2&after=${ids[0]}`);
  expect(second[0]!.id).toBe(ids[1]);
});
