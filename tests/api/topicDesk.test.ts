/**
 * The topic desk (ADR 035): an editor adds a published story to a 话题 or a 专题 category (first; a retry adds nothing),
 * orders the stories by the whole list, removes one and undoes it at its old place, and runs a special topic's
 * categories (add, rename, order, remove an empty one); a time line keeps its publish-time order. Each write has its
 * audit row, and the reader's lists (/kratos/v1/topics/news_list, /v1/news/specialList, specailCategory) follow at once.
 * The collections themselves: an editor creates a 话题, a 时间线专题 and a 专题 (with its categories) with an uploaded
 * cover (once per console key, even when retried at once), edits them (the same fields again write nothing), and readers
 * find them at once: the topic collection and its page, the writing desk's topic link, the special topic's page and the
 * 专题 box of a story placed in it.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { NewsDetail } from '../../src/contract/detail.ts';
import type { Banner, ListItem, Special, Topic } from '../../src/contract/news.ts';
import { banners, news } from '../../src/server/db/schema/core.ts';
import { specialCategoryNews, specialTopics, topics } from '../../src/server/db/schema/news.ts';
import { auditLog } from '../../src/server/db/schema/staff.ts';
import { uploadBannerPicture } from '../support/bannerDesk.ts';
import { suiteApp, suiteRequests } from '../support/testApp.ts';
import { consoleCall, createTestStaff, type TestStaff } from '../support/testStaff.ts';

const t = suiteApp();
const { get } = suiteRequests(() => t);

interface Item {
  newsId: number;
  title: string;
  publishTime: string;
  channel: string;
  sort: number;
}
interface DeskTopic {
  id: number;
  title: string;
  intro: string;
  cover: string;
  logo: string;
  isTimeline: boolean;
  items: Item[];
}
interface DeskSpecial {
  classId: number;
  title: string;
  categories: { id: number; name: string; items: Item[] }[];
}
interface Listing {
  topics: { id: number; title: string; isTimeline: boolean; items: number }[];
  specials: { classId: number; title: string; categories: number }[];
}

let editor: TestStaff;
let listing: Listing;
let stories: { id: number; title: string }[];

const call = <T>(path: string, body: Record<string, unknown>) => consoleCall<T>(t, 'POST', path, body, editor.headers);
const topic = async (id: number) => (await consoleCall<DeskTopic>(t, 'GET', `/topics/topic?topicId=${id}`, undefined, editor.headers)).data;
const special = async (classId: number) => (await consoleCall<DeskSpecial>(t, 'GET', `/topics/special?classId=${classId}`, undefined, editor.headers)).data;
const readerTopic = async (id: number) => (await get<ListItem[]>(`/kratos/v1/topics/news_list?topicId=${id}&page=1&pageSize=50`)).data.map((n) => Number(n.id));
const readerCategory = async (classId: number, categoryId: number) =>
  (await get<ListItem[]>(`/v1/news/specialList?classId=${classId}&categoryId=${categoryId}&page=1&pageSize=50`)).data.map((n) => Number(n.id));
const audits = (action: string, id: number) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.itemId, String(id))));

beforeAll(async () => {
  editor = await createTestStaff(t, 'editor', { name: '专题编辑甲' });
  const res = await consoleCall<Listing>(t, 'GET', '/topics', undefined, editor.headers);
  expect(res.statusCode, res.message).toBe(200);
  listing = res.data;
  stories = (await consoleCall<{ items: { id: number; title: string }[] }>(t, 'GET', '/placement/stories', undefined, editor.headers)).data.items;
  expect(stories.length).toBeGreaterThan(5);
});

describe('topics (话题)', () => {
  it('lists the topics and special topics, each topic’s stories in the reader’s order', async () => {
    expect(listing.topics.length).toBeGreaterThan(1);
    expect(listing.specials.length).toBeGreaterThan(0);
    for (const tp of listing.topics.slice(0, 3)) expect((await topic(tp.id)).items.map((i) => i.newsId)).toEqual(await readerTopic(tp.id));
  });

  it('moves a story first by the whole order (retry-safe, stale order refused) and readers follow at once', async () => {
    const tp = listing.topics.find((x) => !x.isTimeline && x.items > 2)!;
    const before = (await topic(tp.id)).items.map((i) => i.newsId);
    expect(await readerTopic(tp.id)).toEqual(before);
    const last = before.at(-1)!;
    const order = [last, ...before.slice(0, -1)];
    const moved = await call<{ ids: number[] }>('/topics/items/order', { owner: 'topic', ownerId: tp.id, ids: order });
    expect(moved.statusCode, moved.message).toBe(200);
    expect(await readerTopic(tp.id)).toEqual(order);
    expect((await topic(tp.id)).items.map((i) => i.newsId)).toEqual(order);
    expect((await call('/topics/items/order', { owner: 'topic', ownerId: tp.id, ids: order })).statusCode).toBe(200);
    expect(await audits('topics.item.reorder', tp.id)).toHaveLength(1);
    const stale = await call('/topics/items/order', { owner: 'topic', ownerId: tp.id, ids: order.slice(1) });
    expect(stale.statusCode).toBe(422);
    expect(stale.message).toBe('稿件刚被修改过，请刷新后再调整顺序');
  });

  it('adds a published story first (a retry adds nothing), removes it and undoes the removal at its old place', async () => {
    const tp = listing.topics.find((x) => !x.isTimeline && x.items > 2)!;
    const before = (await topic(tp.id)).items.map((i) => i.newsId);
    const story = stories.find((s) => !before.includes(s.id))!;
    for (let i = 0; i < 2; i++) {
      const added = await call<{ added: boolean }>('/topics/items/add', { owner: 'topic', ownerId: tp.id, newsId: story.id });
      expect(added.statusCode, added.message).toBe(200);
      expect(added.data.added).toBe(i === 0);
    }
    expect(await readerTopic(tp.id)).toEqual([story.id, ...before]);
    expect(await audits('topics.item.add', tp.id)).toHaveLength(1);
    const shown = (await get<{ contentCount: number }>(`/kratos/v1/topics/show?topicId=${tp.id}`)).data;
    expect(shown.contentCount).toBe(before.length + 1);

    const second = before[0]!;
    const removed = await call<{ removed: boolean; sort: number }>('/topics/items/remove', { owner: 'topic', ownerId: tp.id, newsId: second });
    expect(removed.data.removed).toBe(true);
    expect(await readerTopic(tp.id)).toEqual([story.id, ...before.slice(1)]);
    expect((await call<{ removed: boolean }>('/topics/items/remove', { owner: 'topic', ownerId: tp.id, newsId: second })).data.removed).toBe(false);
    const back = await call('/topics/items/restore', { owner: 'topic', ownerId: tp.id, newsId: second, sort: removed.data.sort });
    expect(back.statusCode, back.message).toBe(200);
    expect(await readerTopic(tp.id)).toEqual([story.id, ...before]);
    expect(await audits('topics.item.remove', tp.id)).toHaveLength(1);
    expect(await audits('topics.item.restore', tp.id)).toHaveLength(1);
  });

  it('keeps a time line in publish-time order: adding places a story by its time, ordering is refused', async () => {
    const line = listing.topics.find((x) => x.isTimeline)!;
    expect(line, 'a time-line topic in the demo').toBeDefined();
    const before = await topic(line.id);
    const times = before.items.map((i) => i.publishTime);
    expect(times).toEqual([...times].sort());
    const story = stories.find((s) => !before.items.some((i) => i.newsId === s.id))!;
    expect((await call('/topics/items/add', { owner: 'topic', ownerId: line.id, newsId: story.id })).statusCode).toBe(200);
    const after = await topic(line.id);
    const afterTimes = after.items.map((i) => i.publishTime);
    expect(afterTimes).toEqual([...afterTimes].sort());
    expect(await readerTopic(line.id)).toEqual(after.items.map((i) => i.newsId));
    const refused = await call('/topics/items/order', { owner: 'topic', ownerId: line.id, ids: after.items.map((i) => i.newsId).reverse() });
    expect(refused.statusCode).toBe(422);
    expect(refused.message).toBe('时间线专题按发布时间排列，不能调整顺序');
  });
});

describe('special topics (专题)', () => {
  it('orders a category’s stories and the categories themselves; readers follow at once', async () => {
    const classId = listing.specials[0]!.classId;
    const sp = await special(classId);
    expect((await get<Special>(`/v1/news/specailCategory?classId=${classId}`)).data.category.map((c) => c.id)).toEqual(sp.categories.map((c) => c.id));
    const cat = sp.categories.find((c) => c.items.length > 2)!;
    const ids = cat.items.map((i) => i.newsId);
    expect(await readerCategory(classId, cat.id)).toEqual(ids);
    const order = [ids[1]!, ids[0]!, ...ids.slice(2)];
    expect((await call('/topics/items/order', { owner: 'category', ownerId: cat.id, ids: order })).statusCode).toBe(200);
    expect(await readerCategory(classId, cat.id)).toEqual(order);

    const catOrder = [...sp.categories.map((c) => c.id)].reverse();
    const moved = await call('/topics/categories/order', { classId, ids: catOrder });
    expect(moved.statusCode, moved.message).toBe(200);
    expect((await get<Special>(`/v1/news/specailCategory?classId=${classId}`)).data.category.map((c) => c.id)).toEqual(catOrder);
    expect(await audits('topics.category.reorder', classId)).toHaveLength(1);
  });

  it('adds a category last (the same name again adds nothing), renames it, refuses removing it with stories, removes it empty', async () => {
    const classId = listing.specials[0]!.classId;
    const first = await call<{ id: number; added: boolean }>('/topics/categories/add', { classId, name: '  民生实事  ' });
    expect(first.statusCode, first.message).toBe(200);
    expect(first.data.added).toBe(true);
    const again = await call<{ id: number; added: boolean }>('/topics/categories/add', { classId, name: '民生实事' });
    expect(again.data).toMatchObject({ id: first.data.id, added: false });
    const id = first.data.id;
    expect((await special(classId)).categories.at(-1)).toMatchObject({ id, name: '民生实事', items: [] });
    expect(await audits('topics.category.add', id)).toHaveLength(1);

    const taken = await call('/topics/categories/rename', { id, name: (await special(classId)).categories[0]!.name });
    expect(taken.message).toBe('这个专题已有同名栏目');
    expect((await call('/topics/categories/rename', { id, name: '民生答卷' })).statusCode).toBe(200);
    expect((await get<Special>(`/v1/news/specailCategory?classId=${classId}`)).data.category.find((c) => c.id === id)?.name).toBe('民生答卷');

    expect((await call('/topics/items/add', { owner: 'category', ownerId: id, newsId: stories[0]!.id })).statusCode).toBe(200);
    expect(await readerCategory(classId, id)).toEqual([stories[0]!.id]);
    const full = await call('/topics/categories/remove', { id });
    expect(full.statusCode).toBe(422);
    expect(full.message).toBe('栏目中还有稿件，请先移除稿件再删除栏目');
    expect((await call('/topics/items/remove', { owner: 'category', ownerId: id, newsId: stories[0]!.id })).statusCode).toBe(200);
    const gone = await call<{ removed: boolean }>('/topics/categories/remove', { id });
    expect(gone.data.removed).toBe(true);
    expect((await special(classId)).categories.some((c) => c.id === id)).toBe(false);
    expect(await audits('topics.category.remove', id)).toHaveLength(1);
  });
});

interface Made {
  id?: number;
  classId?: number;
  title: string;
  intro: string;
  cover: string;
  logo?: string;
  timeline?: boolean;
  readerPath: string;
  created?: boolean;
  changed?: boolean;
}

describe('creating and editing the collections', () => {
  let cover: string;
  let logo: string;
  let keyN = 0;
  const key = () => `topic-create-test-${++keyN}-${Date.now()}`;
  beforeAll(async () => {
    cover = await uploadBannerPicture(t, '/topics/picture', editor, { r: 200, g: 40, b: 40 });
    logo = await uploadBannerPicture(t, '/topics/picture', editor, { r: 20, g: 140, b: 60 });
  });

  it('creates a 话题 once however often the create is retried, last in the collection; readers and the writing desk find it', async () => {
    const body = { key: key(), title: '  新建话题：江边夜跑  ', intro: '晒出你的夜跑路线。', cover, logo, timeline: false };
    const sent = await Promise.all([1, 2, 3].map(() => call<Made>('/topics/create', body)));
    expect(sent.map((r) => [r.statusCode, r.message])).toEqual([200, 200, 200].map((c) => [c, '成功']));
    const id = sent[0]!.data.id!;
    expect(sent.map((r) => r.data.id)).toEqual([id, id, id]);
    expect(sent.filter((r) => r.data.created)).toHaveLength(1);
    expect(sent[0]!.data).toMatchObject({
      title: '新建话题：江边夜跑',
      intro: '晒出你的夜跑路线。',
      cover,
      logo,
      timeline: false,
      readerPath: `/shancheng/timeTopic?topicId=${id}`,
    });
    expect(await t.database.db.select().from(topics).where(eq(topics.title, '新建话题：江边夜跑'))).toHaveLength(1);
    expect(await audits('topics.create', id)).toHaveLength(1);
    // Its id is the next after the seed's (the table's ids are not serial).
    expect(id).toBe(Math.max(...listing.topics.map((x) => x.id)) + 1);

    const shown = (await get<Topic>(`/kratos/v1/topics/show?topicId=${id}`)).data;
    expect(shown).toMatchObject({ id, title: '新建话题：江边夜跑', intro: '晒出你的夜跑路线。', logo, pictures: [cover], contentCount: 0, isTimeline: 0 });
    const collection = (await get<Topic[]>('/kratos/v1/topicsCollect?columnId=105&page=1&pageSize=50')).data;
    expect(collection.at(-1)!.id).toBe(id);
    const options = await consoleCall<{ topics: { id: number; title: string }[] }>(t, 'GET', '/publish/options', undefined, editor.headers);
    expect(options.data.topics).toContainEqual({ id, title: '新建话题：江边夜跑' });
    const desk = (await consoleCall<Listing>(t, 'GET', '/topics', undefined, editor.headers)).data;
    expect(desk.topics).toContainEqual({ id, title: '新建话题：江边夜跑', isTimeline: false, items: 0 });

    // Stories go in at once, and readers see them on its page.
    const story = stories[0]!;
    expect((await call('/topics/items/add', { owner: 'topic', ownerId: id, newsId: story.id })).statusCode).toBe(200);
    expect(await readerTopic(id)).toEqual([story.id]);
  });

  it('creates a 时间线专题 whose icon is its cover when none is given', async () => {
    const made = await call<Made>('/topics/create', { key: key(), title: '轻轨穿楼十年', cover, timeline: true });
    expect(made.statusCode, made.message).toBe(200);
    expect(made.data).toMatchObject({ intro: '', cover, logo: cover, timeline: true });
    const id = made.data.id!;
    expect((await topic(id)).isTimeline).toBe(true);
    const [older, newer] = [...stories.slice(0, 2)].sort((a, b) => a.id - b.id);
    for (const s of [newer!, older!]) expect((await call('/topics/items/add', { owner: 'topic', ownerId: id, newsId: s.id })).statusCode).toBe(200);
    const items = (await topic(id)).items;
    expect(items.map((i) => i.publishTime)).toEqual(items.map((i) => i.publishTime).sort());
  });

  it('edits a topic: readers see the new title, intro and cover; the same fields again write nothing', async () => {
    const made = (await call<Made>('/topics/create', { key: key(), title: '待修改的话题', intro: '旧简介', cover, timeline: false })).data;
    const id = made.id!;
    const edit = { id, title: '修改后的话题', intro: '新简介', cover: logo, logo: cover, timeline: false };
    for (const changed of [true, false]) {
      const res = await call<Made>('/topics/edit', edit);
      expect(res.statusCode, res.message).toBe(200);
      expect(res.data.changed).toBe(changed);
    }
    expect(await audits('topics.edit', id)).toHaveLength(1);
    const [row] = await t.database.db.select().from(topics).where(eq(topics.id, id));
    expect(row).toMatchObject({ title: '修改后的话题', intro: '新简介', logo: cover, pictures: [logo, cover], isTimeline: false, columnId: 105 });
    expect((await get<Topic>(`/kratos/v1/topics/show?topicId=${id}`)).data).toMatchObject({ title: '修改后的话题', intro: '新简介', pictures: [logo, cover] });
    // A seeded topic keeps its own pictures (not the desk's uploads) through an edit that does not change them.
    const seeded = await topic(listing.topics[0]!.id);
    const res = await call<Made>('/topics/edit', {
      id: seeded.id,
      title: seeded.title,
      intro: '编辑改过的简介',
      cover: seeded.cover,
      logo: seeded.logo,
      timeline: seeded.isTimeline,
    });
    expect(res.statusCode, res.message).toBe(200);
    expect(res.data.changed).toBe(true);
  });

  it('creates a 专题 with its categories once per key; readers open its page and a story in it leads there', async () => {
    const body = { key: key(), title: '新建专题：两江四岸', intro: '两江四岸的治理与新生。', cover, categories: ['江岸新貌', '人物故事'] };
    const sent = await Promise.all([1, 2].map(() => call<Made>('/topics/specials/create', body)));
    expect(sent.map((r) => r.statusCode)).toEqual([200, 200]);
    const classId = sent[0]!.data.classId!;
    expect(sent[1]!.data.classId).toBe(classId);
    expect(sent.filter((r) => r.data.created)).toHaveLength(1);
    expect(sent[0]!.data.readerPath).toBe(`/shancheng/SpecialPage?classId=${classId}`);
    expect(await t.database.db.select().from(specialTopics).where(eq(specialTopics.title, '新建专题：两江四岸'))).toHaveLength(1);
    expect(await audits('topics.special.create', classId)).toHaveLength(1);
    expect(classId).toBeGreaterThan(Math.max(...listing.specials.map((x) => x.classId)));

    const info = (await get<Special>(`/v1/news/specailCategory?classId=${classId}`)).data;
    expect(info).toMatchObject({ classId, topicTitle: '新建专题：两江四岸', topicImg: cover, intro: '两江四岸的治理与新生。' });
    expect(info.category.map((c) => c.name)).toEqual(['江岸新貌', '人物故事']);
    const sp = await special(classId);
    expect(sp.categories.map((c) => c.name)).toEqual(['江岸新貌', '人物故事']);

    // A story in no other special topic: its detail's 专题 box opens the new one.
    const placed = new Set((await t.database.db.select().from(specialCategoryNews)).map((r) => r.newsId));
    const story = stories.find((s) => !placed.has(s.id))!;
    const first = info.category[0]!.id;
    expect((await call('/topics/items/add', { owner: 'category', ownerId: first, newsId: story.id })).statusCode).toBe(200);
    expect(await readerCategory(classId, first)).toEqual([story.id]);
    const [row] = await t.database.db.select({ classId: news.classId }).from(news).where(eq(news.id, story.id));
    const detail = (await get<NewsDetail>(`/kratos/v1/detail?classId=${row!.classId}&newsId=${story.id}`)).data;
    expect(detail.topic).toMatchObject({ classId, title: '新建专题：两江四岸' });
  });

  it('a channel banner opens a new 专题 by the reader address the desk shows (data type 5 with its class id)', async () => {
    const made = (await call<Made>('/topics/specials/create', { key: key(), title: '轮播图打开的专题', cover, categories: ['要闻'] })).data;
    const classId = made.classId!;
    const picture = await uploadBannerPicture(t, '/placement/banners/picture', editor, { r: 10, g: 60, b: 90 });
    const [seeded] = await t.database.db.select({ channelId: banners.channelId }).from(banners).limit(1);
    const channelId = seeded!.channelId;
    const saved = await consoleCall<{ id: number; link: string; newsId: number }>(
      t,
      'POST',
      '/placement/banners/save',
      { channelId, key: key(), title: '去看新专题', picture, newsId: 0, link: made.readerPath },
      editor.headers,
    );
    expect(saved.statusCode, saved.message).toBe(200);
    expect(saved.data).toMatchObject({ link: `/shancheng/SpecialPage?classId=${classId}`, newsId: 0 });
    const [row] = await t.database.db.select().from(banners).where(eq(banners.id, saved.data.id));
    expect(row).toMatchObject({ dataType: 5, classId, newsId: 0, targetUrl: '' });
    const shown = (await get<{ banner: Banner[] }>(`/kratos/v1/channel/home?channelId=${channelId}&page=1`)).data.banner;
    expect(shown.find((b) => b.title === '去看新专题')).toMatchObject({ dataType: 5, classId });
    // A 专题 that does not exist is refused, in Chinese, with nothing written.
    const before = await t.database.db.select().from(banners);
    const missing = await consoleCall(
      t,
      'POST',
      '/placement/banners/save',
      { channelId, key: key(), title: '不存在的专题', picture, newsId: 0, link: '/shancheng/SpecialPage?classId=999999999' },
      editor.headers,
    );
    expect(missing.message).toBe('这个专题不存在，请在专题编排里复制专题的读者地址');
    expect(await t.database.db.select().from(banners)).toEqual(before);
  });

  it('edits a 专题’s title, intro and cover; the same fields again write nothing', async () => {
    const made = (await call<Made>('/topics/specials/create', { key: key(), title: '待修改的专题', cover, categories: ['要闻'] })).data;
    const classId = made.classId!;
    const edit = { classId, title: '修改后的专题', intro: '修改后的导语', cover: logo };
    for (const changed of [true, false]) {
      const res = await call<Made>('/topics/specials/edit', edit);
      expect(res.statusCode, res.message).toBe(200);
      expect(res.data.changed).toBe(changed);
    }
    expect(await audits('topics.special.edit', classId)).toHaveLength(1);
    expect((await get<Special>(`/v1/news/specailCategory?classId=${classId}`)).data).toMatchObject({
      topicTitle: '修改后的专题',
      intro: '修改后的导语',
      topicImg: logo,
    });
  });
});
