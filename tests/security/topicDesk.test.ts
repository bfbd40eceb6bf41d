/**
 * Attacks on the topic desk (docs/security.md "Topic desk", ADR 035): a role without `topics.edit` (a reporter, a
 * moderator, a seller's staff, a mall operator, a reader token) touching a topic's or a special topic's stories and
 * categories; ids that are not ids, owners that do not exist, a draft or an outside link as a "story", names out of
 * bounds; a retried or raced add; a time line reordered. Each is refused in Chinese with nothing written.
 * Creating and editing the collections themselves (P25, P26): the same roles refused; titles, intros, categories and keys
 * out of bounds, a cover that is not a picture the desk stored (another site's, a path trick, a seeded picture on a new
 * collection, a desk address never uploaded); retried and raced creates.
 */
import { eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { news } from '../../src/server/db/schema/core.ts';
import { specialCategories, specialCategoryNews, specialTopics, topicNews, topics } from '../../src/server/db/schema/news.ts';
import { auditLog } from '../../src/server/db/schema/staff.ts';
import { uploadBannerPicture } from '../support/bannerDesk.ts';
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
  topics: await t.database.db.select().from(topics).orderBy(topics.id),
  specials: await t.database.db.select().from(specialTopics).orderBy(specialTopics.classId),
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
  ['/topics/create', { key: 'who-may-create-1', title: '越权话题', cover: '/media/newsroom/x.png', timeline: false }],
  ['/topics/edit', { id: topicId, title: '越权改名', cover: '/media/newsroom/x.png', timeline: false }],
  ['/topics/specials/create', { key: 'who-may-create-2', title: '越权专题', cover: '/media/newsroom/x.png', categories: ['越权栏目'] }],
  ['/topics/specials/edit', { classId, title: '越权改名', cover: '/media/newsroom/x.png' }],
  ['/topics/picture', { data: 'iVBORw0KGgo=' }],
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

describe('topic desk: creating and editing the collections (P25)', () => {
  let cover: string;
  beforeAll(async () => {
    cover = await uploadBannerPicture(t, '/topics/picture', editor, { r: 90, g: 30, b: 120 });
  });

  it('refuses bad titles, intros, kinds, categories and keys in Chinese, writing nothing', async () => {
    const topic = { key: 'p25-bad-topic-0001', title: '合格的话题标题', intro: '', cover, timeline: false };
    const special = { key: 'p25-bad-special-01', title: '合格的专题标题', intro: '', cover, categories: ['要闻'] };
    const cases: [string, Record<string, unknown>, string][] = [
      ['/topics/create', { ...topic, title: ' ' }, '标题不能为空'],
      ['/topics/create', { ...topic, title: '题' }, '标题至少 2 个字'],
      ['/topics/create', { ...topic, title: '长'.repeat(31) }, '标题不能超过 30 个字'],
      ['/topics/create', { ...topic, title: '含\u0000字符' }, '标题包含非法字符'],
      ['/topics/create', { ...topic, title: 12345 }, '标题'],
      ['/topics/create', { ...topic, intro: '长'.repeat(201) }, '简介不能超过 200 个字'],
      ['/topics/create', { ...topic, timeline: 'yes' }, '请选择话题或时间线专题'],
      ['/topics/create', { ...topic, key: '' }, '请求缺少防重复标识，请刷新页面后重试'],
      ['/topics/create', { ...topic, key: 'has spaces and ;' }, '请求缺少防重复标识，请刷新页面后重试'],
      ['/topics/edit', { id: 'abc', title: '改名', cover, timeline: false }, '请选择话题'],
      ['/topics/edit', { id: 2_000_000_000, title: '改名的话题', cover, timeline: false }, '话题不存在'],
      ['/topics/specials/create', { ...special, categories: [] }, '专题至少需要 1 个栏目'],
      ['/topics/specials/create', { ...special, categories: ['要闻', '要闻'] }, '栏目名称不能重复'],
      ['/topics/specials/create', { ...special, categories: ['闻'] }, '栏目名称至少 2 个字'],
      ['/topics/specials/create', { ...special, categories: Array.from({ length: 21 }, (_, i) => `栏目${i}`) }, '每个专题至多 20 个栏目'],
      ['/topics/specials/create', { ...special, categories: '要闻' }, '请填写栏目名称'],
      ['/topics/specials/edit', { classId: 0, title: '改名的专题', cover }, '请选择专题'],
      ['/topics/specials/edit', { classId: 2_000_000_000, title: '改名的专题', cover }, '专题不存在'],
    ];
    const before = await rows();
    for (const [path, body, message] of cases) {
      const res = await consoleCall(t, 'POST', path, body, editor.headers);
      expect(res.statusCode, `${path} ${JSON.stringify(body)}`).not.toBe(200);
      expect(res.message, `${path} ${JSON.stringify(body)}`).toContain(message);
      // Plain Chinese: no English words, no type names.
      expect(res.message, `${path} ${JSON.stringify(body)}`).not.toMatch(/[A-Za-z]{3,}/);
    }
    expect(await rows()).toEqual(before);
  });

  it('takes only a cover the desk stored: another site’s, a path trick, a seeded picture on a new one or an address never uploaded are refused', async () => {
    const seeded = (await t.database.db.select().from(topics).where(eq(topics.id, topicId)))[0]!;
    // Another topic's seeded picture: a /media picture, but neither stored by the desk nor this topic's own.
    const other = (await t.database.db.select().from(topics)).find((x) => x.id !== topicId && x.logo.startsWith('/media/'))!;
    const covers: [string, string][] = [
      ['', '请上传封面图片'],
      ['https://evil.example/cover.png', '图片地址不正确'],
      ['javascript:alert(1)//.png', '图片地址不正确'],
      ['/media/../secrets/cover.png', '图片地址不正确'],
      ['/media/newsroom/x.svg', '图片地址不正确'],
      [`/media/newsroom/${'0'.repeat(64)}.png`, '图片未上传成功，请重新上传'],
      [other.logo, '图片未上传成功，请重新上传'],
    ];
    const before = await rows();
    for (const [bad, message] of covers) {
      for (const [path, body] of [
        ['/topics/create', { key: `p25-cover-${covers.findIndex(([c]) => c === bad)}-topic`, title: '封面不对的话题', cover: bad, timeline: false }],
        [
          '/topics/create',
          { key: `p25-logo-${covers.findIndex(([c]) => c === bad)}-topic`, title: '图标不对的话题', cover, logo: bad || 'x', timeline: false },
        ],
        [
          '/topics/specials/create',
          { key: `p25-cover-${covers.findIndex(([c]) => c === bad)}-special`, title: '封面不对的专题', cover: bad, categories: ['要闻'] },
        ],
        ['/topics/specials/edit', { classId, title: '封面不对的专题', cover: bad }],
        ['/topics/edit', { id: topicId, title: seeded.title, cover: bad, timeline: seeded.isTimeline }],
      ] as const) {
        const res = await consoleCall(t, 'POST', path, body, editor.headers);
        expect(res.statusCode, `${path} ${JSON.stringify(body)}`).not.toBe(200);
        // An icon left empty is no icon (the cover stands in), so 'x' stands for an empty one there.
        expect(res.message, `${path} ${JSON.stringify(body)}`).toContain(
          path === '/topics/create' && 'logo' in body && bad === '' ? '图片地址不正确' : message,
        );
      }
    }
    expect(await rows()).toEqual(before);
    // The seeded topic's own pictures stay acceptable on an edit that keeps them.
    const kept = await consoleCall(
      t,
      'POST',
      '/topics/edit',
      { id: topicId, title: seeded.title, intro: seeded.intro, cover: seeded.pictures[0], logo: seeded.logo, timeline: seeded.isTimeline },
      editor.headers,
    );
    expect(kept.statusCode, kept.message).toBe(200);
  });
});

describe('topic desk: retried and raced creates (P26)', () => {
  let cover: string;
  beforeAll(async () => {
    cover = await uploadBannerPicture(t, '/topics/picture', editor, { r: 30, g: 30, b: 30 });
  });

  it('one key sent at once five times makes one topic and one audit row; five keys at once make five topics with five ids', async () => {
    const same = await Promise.all(
      [1, 2, 3, 4, 5].map(() =>
        consoleCall<{ id: number; created: boolean }>(
          t,
          'POST',
          '/topics/create',
          { key: 'p26-same-key-topic', title: '并发话题', cover, timeline: true },
          editor.headers,
        ),
      ),
    );
    expect(same.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(same.map((r) => r.data.id)).size).toBe(1);
    expect(same.filter((r) => r.data.created)).toHaveLength(1);
    expect(await t.database.db.select().from(topics).where(eq(topics.title, '并发话题'))).toHaveLength(1);
    expect(
      (await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'topics.create'))).filter((a) => a.itemId === String(same[0]!.data.id)),
    ).toHaveLength(1);

    const many = await Promise.all(
      [1, 2, 3, 4, 5].map((n) =>
        consoleCall<{ id: number }>(t, 'POST', '/topics/create', { key: `p26-many-keys-${n}`, title: `并发话题${n}`, cover, timeline: false }, editor.headers),
      ),
    );
    expect(many.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(many.map((r) => r.data.id)).size).toBe(5);
  });

  it('a 专题 sent at once twice with one key makes one special topic and one set of categories; two keys make two', async () => {
    const body = (key: string, title: string) => ({ key, title, cover, categories: ['甲栏目', '乙栏目'] });
    const sent = await Promise.all([
      consoleCall<{ classId: number }>(t, 'POST', '/topics/specials/create', body('p26-special-one', '并发专题甲'), editor.headers),
      consoleCall<{ classId: number }>(t, 'POST', '/topics/specials/create', body('p26-special-one', '并发专题甲'), editor.headers),
      consoleCall<{ classId: number }>(t, 'POST', '/topics/specials/create', body('p26-special-two', '并发专题乙'), editor.headers),
    ]);
    expect(sent.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(sent[0]!.data.classId).toBe(sent[1]!.data.classId);
    expect(sent[2]!.data.classId).not.toBe(sent[0]!.data.classId);
    for (const r of [sent[0]!, sent[2]!]) {
      const cats = await t.database.db.select().from(specialCategories).where(eq(specialCategories.classId, r.data.classId));
      expect(cats.map((c) => c.name).sort()).toEqual(['乙栏目', '甲栏目']);
    }
  });
});
