/**
 * The live desk (ADR 025 "Live events"): a 直播 is made as its kind, saved with its sources, start and cover, sent
 * through 三审 and published as the reader row LiveDetail reads (data type 1, videoUrls, live_type 0, its start);
 * an editor then moves its state forward only (未开始 → 直播中 → 回放) and writes its 图文直播 feed, each change one
 * audit row, seen by the detail API at once and pushed to the item's realtime room.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ArticleFields, ArticleView, LivePostView } from '../../src/contract/publish.ts';
import type { NewsDetail } from '../../src/contract/detail.ts';
import { news } from '../../src/server/db/schema/core.ts';
import { envelope, recordingApp, suiteApp, type Published } from '../support/testApp.ts';
import type { TestStaff } from '../support/testStaff.ts';
import {
  auditActions,
  createStory,
  newsColumn,
  reviewDesk,
  saveStory,
  staffCaller,
  throughReviews,
  uploadPicture,
  type StoryPlace,
} from '../support/publishDesk.ts';

const t = suiteApp();
let rec: ReturnType<typeof recordingApp>;
let reporter: TestStaff;
let editorA: TestStaff;
let editorB: TestStaff;
let chief: TestStaff;
let place: StoryPlace;
let cover: string;
let call: ReturnType<typeof staffCaller>;

beforeAll(async () => {
  rec = recordingApp(t);
  call = staffCaller(rec);
  ({ reporter, editorA, editorB, chief } = await reviewDesk(t, { reporter: '记者罗兰', editorA: '编辑陈航', editorB: '编辑吴敏', chief: '总编辑郑强' }));
  place = await newsColumn(t);
  cover = await uploadPicture(rec, reporter, { width: 960, height: 540 }, { r: 180, g: 30, b: 40 });
});

const START = '2026-12-01T11:30:00.000Z';
const SOURCES = [
  { name: '主会场', url: 'https://live.cqnews.net/main/index.m3u8' },
  { name: '江北分会场', url: 'https://live.cqnews.net/jiangbei/index.m3u8' },
];
const fieldsOf = (over: Partial<ArticleFields> = {}): Partial<ArticleFields> => ({
  title: '直播｜2026 重庆马拉松鸣枪开跑',
  smallText: '三万名跑者从海棠溪出发。',
  channelId: place.channelId,
  classId: place.classId,
  covers: [cover],
  liveSources: SOURCES,
  liveStart: START,
  ...over,
});

async function createLive(): Promise<ArticleView> {
  const made = await createStory(rec, reporter, 'live');
  expect(made.fields).toMatchObject({ kind: 'live', liveSources: [], liveStart: '', liveType: 0 });
  return made;
}
const save = (who: TestStaff, story: ArticleView, fields: Partial<ArticleFields>, content = '<p>比赛当天的交通管制与观赛点位。</p>') =>
  saveStory(rec, who, story, fields, content);
const reviewed = (id: number) => throughReviews(rec, id, { author: reporter, reviewers: [editorA, editorB, chief], publisher: editorA });

async function publishedLive(): Promise<ArticleView> {
  const story = await createLive();
  const saved = await save(reporter, story, fieldsOf());
  expect(saved.statusCode, saved.message).toBe(200);
  return reviewed(story.id);
}
const readerDetail = async (newsId: number) =>
  (await envelope<NewsDetail>(await t.app.request(`/kratos/v1/detail?classId=${place.classId}&newsId=${newsId}`))).data;
const pushesFor = (newsId: number): Published[] => rec.published.filter((p) => (p.body as { newsId?: number }).newsId === newsId);

describe('直播 (live event) on the writing desk', () => {
  it('names what a live still needs in Chinese, then publishes it as data type 1 with its sources, state 0 and start', async () => {
    const story = await createLive();
    const notReady = await call(reporter, 'POST', '/publish/submit', { id: story.id });
    expect(notReady.message).toContain('直播至少需要 1 个直播源');
    expect(notReady.message).toContain('请填写直播开始时间');
    expect(notReady.message).toContain('直播需要 1 张封面');
    const half = await save(reporter, story, fieldsOf({ liveSources: [{ name: '', url: 'https://live.cqnews.net/a.m3u8' }] }));
    expect(half.statusCode, half.message).toBe(200);
    expect((await call(reporter, 'POST', '/publish/submit', { id: story.id })).message).toContain('请填写第 1 个直播源的名称');
    const saved = await save(reporter, half.data, fieldsOf());
    expect(saved.statusCode, saved.message).toBe(200);
    expect(saved.data.fields.liveSources).toEqual(SOURCES);
    const published = await reviewed(story.id);
    const newsId = published.newsId!;
    expect(published.readerUrl).toBe(`/shancheng/LiveDetail?classId=${place.classId}&newsId=${newsId}`);
    expect(published.can).toMatchObject({ live: true, correct: false });
    const [row] = await t.database.db.select().from(news).where(eq(news.id, newsId));
    expect(row).toMatchObject({
      dataType: 1,
      liveType: 0,
      imageUrls: [cover],
      videoUrls: SOURCES.map((s) => ({ name: s.name, videoUrl: s.url })),
    });
    expect(row!.liveStartTime?.toISOString()).toBe(START);
    const detail = await readerDetail(newsId);
    expect(detail).toMatchObject({ dataType: 1, liveType: 0, startTime: '2026-12-01 19:30', livePosts: [] });
    expect(await auditActions(t, story.id)).toEqual([
      'publish.create',
      'publish.save',
      'publish.save',
      'publish.submit',
      'publish.approve',
      'publish.approve',
      'publish.approve',
      'publish.publish',
    ]);
    // Corrections stay 图文-only.
    const correct = await call(editorA, 'POST', '/publish/correct', { id: story.id, key: randomUUID(), note: '更正直播的开始时间' });
    expect(correct.message).toBe('只有图文稿件可以发布更正；图集、视频和外链请修改后更新发布');
  });

  it('moves its state forward only, one audit row per change, seen by readers at once and pushed to its room', async () => {
    const live = await publishedLive();
    const newsId = live.newsId!;
    const room = `news:${place.classId}:${newsId}`;
    expect((await readerDetail(newsId)).liveType).toBe(0);
    const skip = await call(editorA, 'POST', '/publish/live/state', { id: live.id, liveType: 2 });
    expect(skip.message).toBe('直播状态只能依次从“未开始”到“直播中”、再到“回放”，不能倒退或跳过');
    const on = await call<ArticleView>(editorA, 'POST', '/publish/live/state', { id: live.id, liveType: 1 });
    expect(on.statusCode, on.message).toBe(200);
    expect(on.data.fields.liveType).toBe(1);
    expect(await readerDetail(newsId)).toMatchObject({ liveType: 1 });
    // A retry of the same change answers without a second change, audit row or push.
    const again = await call<ArticleView>(editorA, 'POST', '/publish/live/state', { id: live.id, liveType: 1 });
    expect(again.statusCode).toBe(200);
    expect(pushesFor(newsId)).toEqual([{ room, op: 1003, body: { newsId, what: 'state', liveType: 1 } }]);
    // An edit of the published live (更新发布) keeps the state: a save never moves it.
    const edited = await save(editorA, on.data, fieldsOf({ title: '直播｜2026 重庆马拉松鸣枪开跑（更新）', liveType: 0 }));
    expect(edited.data.fields.liveType).toBe(1);
    expect((await call(editorA, 'POST', '/publish/publish', { id: live.id })).statusCode).toBe(200);
    expect(await readerDetail(newsId)).toMatchObject({ liveType: 1, title: '直播｜2026 重庆马拉松鸣枪开跑（更新）' });
    const off = await call<ArticleView>(chief, 'POST', '/publish/live/state', { id: live.id, liveType: 2 });
    expect(off.data.fields.liveType).toBe(2);
    const back = await call(chief, 'POST', '/publish/live/state', { id: live.id, liveType: 1 });
    expect(back.message).toContain('不能倒退或跳过');
    const detail = await readerDetail(newsId);
    expect(detail.liveType).toBe(2);
    expect((await auditActions(t, live.id)).filter((a) => a === 'publish.liveState')).toHaveLength(2);
    expect(pushesFor(newsId).map((p) => p.body)).toEqual([
      { newsId, what: 'state', liveType: 1 },
      { newsId, what: 'state', liveType: 2 },
    ]);
  });

  it('takes 图文直播 updates newest first, a retried send once, and withdrawals, each with its audit row and push', async () => {
    const live = await publishedLive();
    const newsId = live.newsId!;
    const first = await call<LivePostView[]>(editorA, 'POST', '/publish/live/post', { id: live.id, key: randomUUID(), text: '07:30 鸣枪，全程组出发。' });
    expect(first.statusCode, first.message).toBe(200);
    const key = randomUUID();
    const second = await call<LivePostView[]>(editorB, 'POST', '/publish/live/post', {
      id: live.id,
      key,
      text: '领先集团已过长江大桥 <b>10 公里</b>',
      picture: cover,
    });
    const retry = await call<LivePostView[]>(editorB, 'POST', '/publish/live/post', {
      id: live.id,
      key,
      text: '领先集团已过长江大桥 <b>10 公里</b>',
      picture: cover,
    });
    expect(retry.data).toEqual(second.data);
    expect(second.data.map((p) => p.text)).toEqual(['领先集团已过长江大桥 <b>10 公里</b>', '07:30 鸣枪，全程组出发。']);
    const feed = (await readerDetail(newsId)).livePosts;
    expect(feed.map((p) => ({ text: p.text, picture: p.picture }))).toEqual([
      { text: '领先集团已过长江大桥 <b>10 公里</b>', picture: cover },
      { text: '07:30 鸣枪，全程组出发。', picture: '' },
    ]);
    expect(feed[0]!.time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    const [newest] = second.data;
    const withdrawn = await call<LivePostView[]>(editorA, 'POST', '/publish/live/withdraw', { id: live.id, postId: newest!.id });
    expect(withdrawn.data.find((p) => p.id === newest!.id)?.withdrawnAt).not.toBeNull();
    expect((await call(editorA, 'POST', '/publish/live/withdraw', { id: live.id, postId: newest!.id })).statusCode).toBe(200);
    expect((await readerDetail(newsId)).livePosts.map((p) => p.text)).toEqual(['07:30 鸣枪，全程组出发。']);
    const actions = await auditActions(t, live.id);
    expect(actions.filter((a) => a === 'publish.livePost')).toHaveLength(2);
    expect(actions.filter((a) => a === 'publish.liveWithdraw')).toHaveLength(1);
    expect(pushesFor(newsId).map((p) => (p.body as { what: string }).what)).toEqual(['post', 'post', 'withdraw']);
    expect(pushesFor(newsId)[1]!.body).toMatchObject({ what: 'post', post: { id: newest!.id, text: '领先集团已过长江大桥 <b>10 公里</b>', picture: cover } });
    const empty = await call(editorA, 'POST', '/publish/live/post', { id: live.id, key: randomUUID(), text: '   ' });
    expect(empty.message).toContain('请填写直播动态');
    const long = await call(editorA, 'POST', '/publish/live/post', { id: live.id, key: randomUUID(), text: '长'.repeat(501) });
    expect(long.message).toContain('直播动态最多 500 字');
    const list = await call<LivePostView[]>(editorA, 'GET', '/publish/live/posts', { id: live.id });
    expect(list.data).toHaveLength(2);
  });

  it('refuses the live desk on a live not yet published and on another kind, in Chinese', async () => {
    const draft = await createLive();
    await save(reporter, draft, fieldsOf());
    expect((await call(editorA, 'POST', '/publish/live/state', { id: draft.id, liveType: 1 })).message).toBe('直播未发布，不能切换状态或发布动态');
    expect((await call(editorA, 'POST', '/publish/live/post', { id: draft.id, key: randomUUID(), text: '还没发布' })).message).toBe(
      '直播未发布，不能切换状态或发布动态',
    );
    const article = await call<ArticleView>(reporter, 'POST', '/publish/create', { key: randomUUID(), kind: 'article' });
    expect((await call(editorA, 'POST', '/publish/live/state', { id: article.data.id, liveType: 1 })).message).toBe('只有直播稿件有直播状态和图文直播');
    expect(await auditActions(t, draft.id)).toEqual(['publish.create', 'publish.save']);
  });
});
