/**
 * Attacks on the topic desk (docs/security.md "Topic desk", ADR 035): a role without `topics.edit` (a reporter, a
 * moderator, a seller's staff, a mall operator, a reader token) touching a topic's or a special topic's stories and
 * categories; ids that are not ids, owners that do not exist, a draft or an outside link as a "story", names out of
 * bounds; a retried or raced add; a time line reordered. Each is refused in Chinese with nothing written.
 */
import { eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { news } from '../../src/server/db/schema/core.ts';
import { specialCategories, specialCategoryNews, topicNews } from '../../src/server/db/schema/news.ts';
import { auditLog } from '../../src/server/db/schema/staff.ts';
import { suiteApp, suiteRequests } from '../support/testApp.ts';
import { consoleCall, createTestStaff, type TestStaff } from '../support/testStaff.ts';
import { createTestUser } from '../support/testUsers.ts';

vi.setConfig({ testTimeout: 120_000 });
const t = suiteApp();
const { get } = suiteRequests(() => t);

let editor: TestStaff;
let topicId: number;
let timelineId: number;
let classId: number;
let categoryId: number;
let storyId: number;

const rows = async () => ({
  topicNews: await t.database.db.select().from(topicNews).orderBy(topicNews.topicId, topicNews.newsId),
  categories: await t.database.db.select().from(specialCategories).orderBy(specialCategories.id),
  categoryNews: await t.database.db.select().from(specialCategoryNews).orderBy(specialCategoryNews.categoryId, specialCategoryNews.newsId),
  audits: (await t.database.db.select().from(auditLog).where(like(auditLog.action, 'topics.%'))).length,
});

beforeAll(async () => {
  editor = await createTestStaff(t, 'editor');
  const listing = (
    await consoleCall<{ topics: { id: number; isTimeline: boolean }[]; specials: { classId: number }[] }>(t, 'GET', '/topics', undefined, editor.headers)
  ).data;
  topicId = listing.topics.find((x) => !x.isTimeline)!.id;
  timelineId = listing.topics.find((x) => x.isTimeline)!.id;
  classId = listing.specials[0]!.classId;
  categoryId = (await consoleCall<{ categories: { id: number }[] }>(t, 'GET', `/topics/special?classId=${classId}`, undefined, editor.headers)).data
    .categories[0]!.id;
  const linked = new Set((await t.database.db.select().from(topicNews).where(eq(topicNews.topicId, topicId))).map((r) => r.newsId));
  storyId = (await consoleCall<{ items: { id: number }[] }>(t, 'GET', '/placement/stories', undefined, editor.headers)).data.items.find(
    (s) => !linked.has(s.id),
  )!.id;
});

const writes = (): [string, Record<string, unknown>][] => [
  ['/topics/items/add', { owner: 'topic', ownerId: topicId, newsId: storyId }],
  ['/topics/items/remove', { owner: 'category', ownerId: categoryId, newsId: storyId }],
  ['/topics/items/restore', { owner: 'topic', ownerId: topicId, newsId: storyId, sort: 1 }],
  ['/topics/items/order', { owner: 'category', ownerId: categoryId, ids: [storyId] }],
  ['/topics/categories/add', { classId, name: '越权栏目' }],
  ['/topics/categories/rename', { id: categoryId, name: '越权改名' }],
  ['/topics/categories/order', { classId, ids: [categoryId] }],
  ['/topics/categories/remove', { id: categoryId }],
];

describe('topic desk: who may', () => {
  it('refuses a reporter, a moderator, a seller’s staff and a mall operator on every endpoint, writing nothing', async () => {
    const before = await rows();
    for (const role of ['reporter', 'moderator', 'department', 'mallOperator'] as const) {
      const who = await createTestStaff(t, role);
      for (const path of ['/topics', `/topics/topic?topicId=${topicId}`, `/topics/special?classId=${classId}`])
        expect((await consoleCall(t, 'GET', path, undefined, who.headers)).statusCode, `${role} GET ${path}`).toBe(403);
      for (const [path, body] of writes()) {
        const res = await consoleCall(t, 'POST', path, body, who.headers);
        expect(res.statusCode, `${role} POST ${path}`).toBe(403);
        expect(res.message).toBe('无权操作');
      }
    }
    expect(await rows()).toEqual(before);
  });

  it('a reader token is not a console session', async () => {
    const before = await rows();
    const reader = await createTestUser(t.database);
    for (const [path, body] of writes()) expect((await consoleCall(t, 'POST', path, body, reader.headers)).statusCode).not.toBe(200);
    expect(await rows()).toEqual(before);
  });
});

describe('topic desk: bad input', () => {
  it('refuses ids that are not ids, owners that do not exist and bad names in Chinese, writing nothing', async () => {
    const before = await rows();
    const cases: [string, Record<string, unknown>, string][] = [
      ['/topics/items/add', { owner: 'topic', ownerId: '1e3', newsId: storyId }, '请选择话题或专题栏目'],
      ['/topics/items/add', { owner: 'topic', ownerId: topicId, newsId: -1 }, '稿件编号不正确'],
      ['/topics/items/add', { owner: 'special', ownerId: topicId, newsId: storyId }, '请选择话题或专题栏目'],
      ['/topics/items/add', { owner: 'topic', ownerId: 2_000_000_000, newsId: storyId }, '话题不存在'],
      ['/topics/items/add', { owner: 'category', ownerId: 2_000_000_000, newsId: storyId }, '专题栏目不存在'],
      ['/topics/items/add', { owner: 'topic', ownerId: topicId, newsId: 2_000_000_000 }, '找不到这篇已发布的稿件，请重新选择'],
      ['/topics/items/restore', { owner: 'topic', ownerId: topicId, newsId: storyId, sort: 1.5 }, '位置不正确'],
      ['/topics/items/order', { owner: 'topic', ownerId: topicId, ids: [] }, '顺序不正确'],
      ['/topics/items/order', { owner: 'category', ownerId: categoryId, ids: [storyId] }, '稿件刚被修改过，请刷新后再调整顺序'],
      ['/topics/categories/add', { classId: 2_000_000_000, name: '新栏目' }, '专题不存在'],
      ['/topics/categories/add', { classId, name: ' ' }, '栏目名称不能为空'],
      ['/topics/categories/add', { classId, name: '一二三四五六七八九十十一十二' }, '栏目名称不能超过 12 个字'],
      ['/topics/categories/rename', { id: 2_000_000_000, name: '新名称' }, '专题栏目不存在'],
      ['/topics/categories/remove', { id: categoryId }, '栏目中还有稿件，请先移除稿件再删除栏目'],
      ['/topics/categories/order', { classId, ids: [categoryId, categoryId] }, '栏目刚被修改过，请刷新后再调整顺序'],
    ];
    for (const [path, body, message] of cases) {
      const res = await consoleCall(t, 'POST', path, body, editor.headers);
      expect(res.statusCode, `${path} ${JSON.stringify(body)}`).not.toBe(200);
      expect(res.message, `${path} ${JSON.stringify(body)}`).toContain(message);
    }
    for (const q of ['/topics/topic?topicId=abc', '/topics/special?classId=0']) {
      const res = await consoleCall(t, 'GET', q, undefined, editor.headers);
      expect(res.statusCode, q).toBe(400);
      expect(res.message).toMatch(/请选择(话题|专题)/);
    }
    expect(await rows()).toEqual(before);
  });

  it('refuses a draft or scheduled story and an outside link as a story', async () => {
    const [future] = await t.database.db
      .insert(news)
      .values({ title: '还没发布的稿件', channelId: 1, classId: 1, dataType: 3, publishTime: new Date(Date.now() + 86_400_000) })
      .returning({ id: news.id });
    const [link] = await t.database.db
      .insert(news)
      .values({ title: '外部链接', channelId: 1, classId: 1, dataType: 7, publishTime: new Date(Date.now() - 60_000) })
      .returning({ id: news.id });
    const before = await rows();
    for (const id of [future!.id, link!.id]) {
      const res = await consoleCall(t, 'POST', '/topics/items/add', { owner: 'category', ownerId: categoryId, newsId: id }, editor.headers);
      expect(res.message).toBe('找不到这篇已发布的稿件，请重新选择');
    }
    expect(await rows()).toEqual(before);
  });

  it('refuses reordering a time line', async () => {
    const ids = (await t.database.db.select().from(topicNews).where(eq(topicNews.topicId, timelineId))).map((r) => r.newsId);
    const res = await consoleCall(t, 'POST', '/topics/items/order', { owner: 'topic', ownerId: timelineId, ids }, editor.headers);
    expect(res.message).toBe('时间线专题按发布时间排列，不能调整顺序');
  });
});

describe('topic desk: retries and races', () => {
  it('a retried add, even at once, makes one row and one audit row; readers see it first', async () => {
    const sent = await Promise.all(
      [1, 2, 3].map(() =>
        consoleCall<{ added: boolean }>(t, 'POST', '/topics/items/add', { owner: 'topic', ownerId: topicId, newsId: storyId }, editor.headers),
      ),
    );
    expect(sent.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(sent.filter((r) => r.data.added)).toHaveLength(1);
    expect((await t.database.db.select().from(topicNews).where(eq(topicNews.newsId, storyId))).filter((r) => r.topicId === topicId)).toHaveLength(1);
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'topics.item.add'));
    expect(audits.filter((a) => a.itemId === String(topicId))).toHaveLength(1);
    const reader = (await get<{ id: number | string }[]>(`/kratos/v1/topics/news_list?topicId=${topicId}&page=1&pageSize=5`)).data;
    expect(Number(reader[0]!.id)).toBe(storyId);
  });

  it('two categories added at once with different names get different ids; the same name twice makes one', async () => {
    const made = await Promise.all(
      ['并发栏目甲', '并发栏目乙', '并发栏目甲'].map((name) =>
        consoleCall<{ id: number }>(t, 'POST', '/topics/categories/add', { classId, name }, editor.headers),
      ),
    );
    expect(made.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(made[0]!.data.id).toBe(made[2]!.data.id);
    expect(made[0]!.data.id).not.toBe(made[1]!.data.id);
    const named = (await t.database.db.select().from(specialCategories).where(eq(specialCategories.classId, classId))).filter((c) =>
      c.name.startsWith('并发栏目'),
    );
    expect(named).toHaveLength(2);
  });
});
