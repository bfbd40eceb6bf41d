/** Keyset (snapshot) paging of news lists (issue 8 "lists neither skip nor repeat"; security.md M101). */
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
    expect((await envelope(res)).message).toMatch(/^参数错误: before /);
  });
});

it('keeps items whose publish time has more precision than the anchor (microseconds)', async () => {
  const page1 = await list(`/kratos/v1/column/list?columnId=${classId}&pageSize=5&page=1`);
  const newest = page1[0]!;
  // The list shows milliseconds; the database keeps microseconds: the anchor must not cut the newest item off.
  await t.database.write(async (tx) => {
    await tx.update(news).set({ publishTime: sql`date_trunc('milliseconds', ${news.publishTime}) + interval '400 microseconds'` }).where(eq(news.id, newest.id));
  });
  const anchored = await list(`/kratos/v1/column/list?columnId=${classId}&pageSize=5&page=1&before=${anchorOf(page1)}`);
  expect(anchored[0]!.id).toBe(newest.id);
});
