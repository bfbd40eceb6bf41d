/**
 * The writing desk (ADR 025) through the console API: a story written, saved (retry-safe, no silent
 * overwrite), sent through 三审 by three different people, published where readers find it, withdrawn
 * (gone from lists, its page answers not-found), published by a chief at once (the skipped reviews in the
 * audit trail), and scheduled — published once at its time by runners on a controlled clock.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import pino from 'pino';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ArticleFields, ArticleVersion, ArticleView, CorrectionView, PushView, StoredPicture } from '../../src/contract/publish.ts';
import { parseBreakingNotice } from '../../src/contract/breaking.ts';
import type { NewsDetail } from '../../src/contract/detail.ts';
import { GoimOp } from '../../src/lib/goim.ts';
import { breakingPushes } from '../../src/server/db/schema/publish.ts';
import type { ListItem } from '../../src/contract/news.ts';
import { columns, news } from '../../src/server/db/schema/core.ts';
import { publisherAccounts, topics } from '../../src/server/db/schema/news.ts';
import { auditLog } from '../../src/server/db/schema/staff.ts';
import { JobRunner } from '../../src/server/jobs/jobRunner.ts';
import { scheduledPublishing } from '../../src/server/jobs/productJobs.ts';
import { publishDue } from '../../src/server/publish/service.ts';
import { mediaOf } from '../../src/server/media/storage.ts';
import { envelope, recordingApp, suiteApp } from '../support/testApp.ts';
import { consoleCall, type TestStaff } from '../support/testStaff.ts';
import { auditActions, createStory, expectScheduleRefused, newsColumn, reviewDesk, saveStory, staffCaller, type StoryPlace } from '../support/publishDesk.ts';

const t = suiteApp();
let reporter: TestStaff;
let editorA: TestStaff;
let editorB: TestStaff;
let chief: TestStaff;
let place: StoryPlace;

beforeAll(async () => {
  ({ reporter, editorA, editorB, chief } = await reviewDesk(t, { reporter: '记者刘洋', editorA: '编辑王芳', editorB: '编辑陈静', chief: '总编辑赵强' }));
  place = await newsColumn(t);
});

const call = staffCaller(t);

function storyFields(over: Partial<ArticleFields> = {}): Partial<ArticleFields> {
  return {
    title: '嘉陵江畔新添滨江步道 市民周末踏青',
    smallText: '全长 3.2 公里的滨江步道今日开放，沿线设置观景平台与休息驿站。',
    befrom: '山城新闻',
    writer: '刘洋',
    execEditor: '王芳',
    channelId: place.channelId,
    classId: place.classId,
    keyboard: ['城市更新', '滨江'],
    ...over,
  };
}
const BODY = '<h3>步道串起三处公园</h3><p>记者从市城市管理局获悉，这条步道连接了三处江边公园。</p><blockquote><p>“以后下班就能来江边走一走。”</p></blockquote>';

async function newStory(author: TestStaff, over: Partial<ArticleFields> = {}, body = BODY): Promise<ArticleView> {
  const saved = await saveStory(t, author, await createStory(t, author), storyFields(over), body);
  expect(saved.statusCode, saved.message).toBe(200);
  return saved.data;
}

async function readerList(): Promise<ListItem[]> {
  const res = await t.app.request(`/kratos/v1/channel/list?channelId=${place.channelId}&page=1`);
  return (await envelope<ListItem[]>(res)).data;
}
async function readerDetail(classId: number, newsId: number) {
  return envelope<{ title: string; originNewstext: string }>(await t.app.request(`/kratos/v1/detail?classId=${classId}&newsId=${newsId}`));
}

describe('writing and saving', () => {
  it('a retried create answers the same story; a retried save is applied once', async () => {
    const key = randomUUID();
    const a = await call<ArticleView>(reporter, 'POST', '/publish/create', { key });
    const b = await call<ArticleView>(reporter, 'POST', '/publish/create', { key });
    expect(b.data.id).toBe(a.data.id);
    const saveId = randomUUID();
    const body = { id: a.data.id, saveId, revision: 0, fields: storyFields(), content: BODY };
    const first = await call<ArticleView>(reporter, 'POST', '/publish/save', body);
    const again = await call<ArticleView>(reporter, 'POST', '/publish/save', body);
    expect(first.data.revision).toBe(1);
    expect(again.statusCode).toBe(200);
    expect(again.data.revision).toBe(1);
    expect(await auditActions(t, a.data.id)).toEqual(['publish.create', 'publish.save']);
  });

  it('a save from a stale revision is refused, never overwrites another person’s save', async () => {
    const story = await newStory(reporter);
    const stale = await call(reporter, 'POST', '/publish/save', {
      id: story.id,
      saveId: randomUUID(),
      revision: story.revision - 1,
      fields: storyFields({ title: '旧版本覆盖新版本的标题' }),
      content: BODY,
    });
    expect(stale.statusCode).toBe(422);
    expect(stale.message).toMatch(/已被他人修改/);
  });

  it('answers Chinese validation errors and refuses a column of another channel', async () => {
    const story = await newStory(reporter);
    const long = await call(reporter, 'POST', '/publish/save', {
      id: story.id,
      saveId: randomUUID(),
      revision: story.revision,
      fields: storyFields({ title: '长'.repeat(61) }),
      content: BODY,
    });
    expect(long.res.status).toBe(400);
    expect(long.message).toMatch(/标题最多 60 字/);
    const [other] = await t.database.db.select({ id: columns.id, channelId: columns.channelId }).from(columns).limit(50);
    const wrong = await t.database.db.select({ id: columns.id }).from(columns);
    const foreign = wrong.find((c) => c.id !== place.classId && c.id !== other?.id) ?? other!;
    const [own] = await t.database.db.select({ channelId: columns.channelId }).from(columns).where(eq(columns.id, foreign.id));
    if (own!.channelId !== place.channelId) {
      const mismatch = await call(reporter, 'POST', '/publish/save', {
        id: story.id,
        saveId: randomUUID(),
        revision: story.revision,
        fields: storyFields({ classId: foreign.id }),
        content: BODY,
      });
      expect(mismatch.message).toBe('栏目不属于所选频道');
    }
    const notReady = await call(reporter, 'POST', '/publish/submit', { id: (await newStory(reporter, { title: '短', channelId: 0, classId: 0 })).id });
    expect(notReady.statusCode).toBe(422);
    expect(notReady.message).toMatch(/标题至少 5 个字.*请选择频道/);
  });
});

describe('三审 and publication', () => {
  it('three different people review; the author never; then it is published where readers look', async () => {
    const story = await newStory(reporter);
    expect((await call(reporter, 'POST', '/publish/submit', { id: story.id })).statusCode).toBe(200);
    // A reporter holds neither review nor publish (security.md P2).
    expect((await call(reporter, 'POST', '/publish/review', { id: story.id, decision: 'approve' })).res.status).toBe(403);
    expect((await call(reporter, 'POST', '/publish/publish', { id: story.id })).res.status).toBe(403);

    const one = await call<ArticleView>(editorA, 'POST', '/publish/review', { id: story.id, decision: 'approve', note: '一审通过' });
    expect(one.data).toMatchObject({ state: 'review', reviewStage: 2 });
    const twice = await call(editorA, 'POST', '/publish/review', { id: story.id, decision: 'approve' });
    expect(twice.message).toMatch(/三位不同的人/);
    // Not ready for signing before the third review.
    expect((await call(editorA, 'POST', '/publish/publish', { id: story.id })).message).toBe('稿件未完成三审，不能签发');
    // The second reviewer sends it back once; the author fixes it and submits again.
    const back = await call<ArticleView>(editorB, 'POST', '/publish/review', { id: story.id, decision: 'return', note: '请补充步道开放时间' });
    expect(back.data).toMatchObject({ state: 'draft', note: '请补充步道开放时间', reviewStage: 0 });
    const fixed = await call<ArticleView>(reporter, 'POST', '/publish/save', {
      id: story.id,
      saveId: randomUUID(),
      revision: back.data.revision,
      fields: storyFields(),
      content: `${BODY}<p>步道每天 6:00 至 23:00 开放。</p>`,
    });
    expect(fixed.statusCode, fixed.message).toBe(200);
    await call(reporter, 'POST', '/publish/submit', { id: story.id });
    await call(editorA, 'POST', '/publish/review', { id: story.id, decision: 'approve' });
    await call(editorB, 'POST', '/publish/review', { id: story.id, decision: 'approve' });
    const three = await call<ArticleView>(chief, 'POST', '/publish/review', { id: story.id, decision: 'approve', note: '同意签发' });
    expect(three.data.state).toBe('approved');
    expect(three.data.reviewers.map((r) => r.name)).toEqual(['编辑王芳', '编辑陈静', '总编辑赵强']);

    const before = await readerList();
    const published = await call<ArticleView>(editorA, 'POST', '/publish/publish', { id: story.id });
    expect(published.statusCode, published.message).toBe(200);
    const newsId = published.data.newsId!;
    expect(published.data.readerUrl).toBe(`/shancheng/NewsDetail?classId=${place.classId}&newsId=${newsId}`);
    // The channel list (answered from the API cache a moment ago) shows it first after the pinned ones.
    const after = await readerList();
    expect(before.some((i) => i.id === newsId)).toBe(false);
    const firstUnpinned = after.find((i) => i.isTop === 0);
    expect(firstUnpinned?.id).toBe(newsId);
    const detail = await readerDetail(place.classId, newsId);
    expect(detail.data.title).toBe('嘉陵江畔新添滨江步道 市民周末踏青');
    expect(detail.data.originNewstext).toContain('<blockquote>');
    expect(await auditActions(t, story.id)).toEqual([
      'publish.create',
      'publish.save',
      'publish.submit',
      'publish.approve',
      'publish.return',
      'publish.save',
      'publish.submit',
      'publish.approve',
      'publish.approve',
      'publish.approve',
      'publish.publish',
    ]);
    const versions = await call<ArticleVersion[]>(reporter, 'GET', '/publish/versions', { id: story.id });
    expect(versions.data.length).toBeGreaterThanOrEqual(4);

    // Withdrawn: out of the list, its page answers not-found.
    const withdrawn = await call<ArticleView>(chief, 'POST', '/publish/withdraw', { id: story.id, note: '信息待核实' });
    expect(withdrawn.data.state).toBe('withdrawn');
    expect((await readerList()).some((i) => i.id === newsId)).toBe(false);
    expect((await readerDetail(place.classId, newsId)).statusCode).not.toBe(200);
  });

  it('an editor cannot review their own story', async () => {
    const story = await newStory(editorA);
    await call(editorA, 'POST', '/publish/submit', { id: story.id });
    const own = await call(editorA, 'POST', '/publish/review', { id: story.id, decision: 'approve' });
    expect(own.statusCode).toBe(422);
    expect(own.message).toBe('不能审核自己写的稿件');
  });

  it('a chief publishes a breaking story at once; the audit row names the reviews it skipped', async () => {
    const story = await newStory(chief, { title: '突发：渝中区一处老旧小区发生火情 无人员伤亡' });
    const res = await call<ArticleView>(chief, 'POST', '/publish/publish', { id: story.id });
    expect(res.data.state).toBe('published');
    const [row] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.itemId, String(story.id)), eq(auditLog.action, 'publish.breaking')))
      .orderBy(auditLog.id);
    expect(row?.after).toMatchObject({ skipped: ['一审', '二审', '三审'] });
    // An editor cannot skip the reviews.
    const other = await newStory(editorA);
    expect((await call(editorA, 'POST', '/publish/publish', { id: other.id })).message).toBe('稿件未完成三审，不能签发');
  });
});

describe('scheduled publishing', () => {
  it('publishes at its time exactly once, however many runners tick (controlled clock)', async () => {
    const story = await newStory(chief, { title: '今晚八点 两江夜游新航线首航' });
    const at = new Date(Date.now() + 10 * 60_000);
    const scheduled = await call<ArticleView>(chief, 'POST', '/publish/publish', { id: story.id, at: at.toISOString() });
    expect(scheduled.data.state).toBe('scheduled');
    let clock = at.getTime() - 60_000;
    const log = pino({ level: 'silent' });
    const runners = [0, 1].map(() => new JobRunner({ database: t.database, media: mediaOf(t), log, jobs: [scheduledPublishing], now: () => clock }));
    await Promise.all(runners.map((r) => r.tick()));
    const early = await call<ArticleView>(chief, 'GET', '/publish/article', { id: story.id });
    expect(early.data.state).toBe('scheduled');
    clock = at.getTime() + 1_000;
    await Promise.all(runners.map((r) => r.tick()));
    // Two overlapping runs of the job itself (a slow run meeting the next slot's): still once.
    await Promise.all([publishDue(t.database, mediaOf(t), new Date(clock)), publishDue(t.database, mediaOf(t), new Date(clock))]);
    const done = await call<ArticleView>(chief, 'GET', '/publish/article', { id: story.id });
    expect(done.data.state).toBe('published');
    expect(done.data.publishedAt).toBe(at.toISOString());
    const rows = await t.database.db.select({ id: news.id }).from(news).where(eq(news.id, done.data.newsId!));
    expect(rows).toHaveLength(1);
    expect((await auditActions(t, story.id)).filter((a) => a === 'publish.scheduled')).toHaveLength(1);
  });

  // Each removed the way its desk removes it: the row goes (no reader story is in it yet).
  const places = {
    column: {
      add: (id: number) => t.database.db.insert(columns).values({ id, channelId: place.channelId, name: '临时栏目' }),
      remove: (id: number) => t.database.db.delete(columns).where(eq(columns.id, id)),
      fields: (id: number) => ({ classId: id }),
    },
    account: {
      add: (id: number) => t.database.db.insert(publisherAccounts).values({ classId: id, name: '临时山城号' }),
      remove: (id: number) => t.database.db.delete(publisherAccounts).where(eq(publisherAccounts.classId, id)),
      fields: (id: number) => ({ publisherClassId: id }),
    },
    topic: {
      add: (id: number) => t.database.db.insert(topics).values({ id, columnId: place.classId, title: '临时话题' }),
      remove: (id: number) => t.database.db.delete(topics).where(eq(topics.id, id)),
      fields: (id: number) => ({ topicId: id }),
    },
  };
  it.each([
    ['column', 880_001, '栏目不属于所选频道'],
    ['account', 880_002, '山城号不存在'],
    ['topic', 880_003, '话题不存在'],
  ] as const)('is not published by the scheduled job when its %s was removed after scheduling: back to 待签发 with the reason', async (kind, id, reason) => {
    await places[kind].add(id);
    const story = await newStory(chief, { title: '两江新区新开三条公交线路', ...places[kind].fields(id) });
    const at = new Date(Date.now() + 10 * 60_000);
    const scheduled = await call<ArticleView>(chief, 'POST', '/publish/publish', { id: story.id, at: at.toISOString() });
    expect(scheduled.data.state, scheduled.message).toBe('scheduled');
    await places[kind].remove(id);
    const due = new Date(at.getTime() + 1_000);
    expect(await publishDue(t.database, mediaOf(t), due)).not.toContain(story.id);
    // The next run finds it no longer scheduled: nothing more is written.
    expect(await publishDue(t.database, mediaOf(t), due)).not.toContain(story.id);
    const desk = await call<ArticleView>(chief, 'GET', '/publish/article', { id: story.id });
    await expectScheduleRefused(t, desk.data, reason);
    // The same reason a publish now gives.
    expect((await call(chief, 'POST', '/publish/publish', { id: story.id })).message).toBe(reason);
  });

  it('refuses a time in the past or too far ahead, in Chinese', async () => {
    const story = await newStory(chief);
    const past = await call(chief, 'POST', '/publish/publish', { id: story.id, at: new Date(Date.now() - 3600_000).toISOString() });
    expect(past.message).toBe('定时发布时间须晚于现在');
    const far = await call(chief, 'POST', '/publish/publish', { id: story.id, at: new Date(Date.now() + 40 * 86_400_000).toISOString() });
    expect(far.message).toBe('定时发布时间不能超过 30 天后');
  });
});

describe('pictures', () => {
  it('are stored once, judged by their bytes, and a cover is cut to the card shape', async () => {
    const png = await sharp({ create: { width: 900, height: 900, channels: 3, background: { r: 40, g: 120, b: 180 } } })
      .png()
      .toBuffer();
    const data = png.toString('base64');
    const first = await call<StoredPicture>(reporter, 'POST', '/publish/picture', { data });
    const again = await call<StoredPicture>(reporter, 'POST', '/publish/picture', { data });
    expect(first.statusCode, first.message).toBe(200);
    expect(first.data).toMatchObject({ width: 900, height: 900 });
    expect(first.data.url).toMatch(/^\/media\/newsroom\/[0-9a-f]{64}\.png$/);
    expect(again.data.url).toBe(first.data.url);
    const fake = await call(reporter, 'POST', '/publish/picture', { data: Buffer.from('<svg onload="alert(1)"></svg>').toString('base64') });
    expect(fake.message).toBe('仅支持 JPG、PNG、GIF、WebP 格式的图片');
    const cover = await call<StoredPicture>(reporter, 'POST', '/publish/cover', { src: first.data.url, shape: 'card', x: 0, y: 0.1, w: 1 });
    expect(cover.statusCode, cover.message).toBe(200);
    expect(cover.data).toMatchObject({ width: 690, height: 460 });
    const stored = await sharp(path.join(t.mediaDir, cover.data.url.slice('/media/'.length))).metadata();
    expect([stored.width, stored.height]).toEqual([690, 460]);
    const outside = await call(reporter, 'POST', '/publish/cover', { src: first.data.url, shape: 'big', x: 0.5, y: 0.9, w: 1 });
    expect(outside.message).toBe('裁剪范围不正确');
    const foreign = await call(reporter, 'POST', '/publish/cover', { src: '/media/../etc/passwd', shape: 'card', x: 0, y: 0, w: 1 });
    expect(foreign.message).toBe('图片不存在，请重新上传');
  });
});

describe('corrections (更正)', () => {
  it('a published story takes a correction: readers see 更正 with its date and note; audit row; retry-safe', async () => {
    const story = await newStory(chief, { title: '轨道交通 18 号线北延段启动建设' });
    const published = await call<ArticleView>(chief, 'POST', '/publish/publish', { id: story.id });
    const newsId = published.data.newsId!;
    expect(published.data.can.correct).toBe(true);
    // Answered from the API cache before the correction; the correction drops that cache.
    expect((await envelope<NewsDetail>(await t.app.request(`/kratos/v1/detail?classId=${place.classId}&newsId=${newsId}`))).data.corrections).toEqual([]);
    const key = randomUUID();
    const body = { id: story.id, key, note: '原稿中“全长 14.6 公里”应为“全长 16.4 公里”，特此更正。' };
    const first = await call<CorrectionView[]>(chief, 'POST', '/publish/correct', body);
    expect(first.statusCode, first.message).toBe(200);
    const again = await call<CorrectionView[]>(chief, 'POST', '/publish/correct', body);
    expect(again.data).toHaveLength(1);
    expect(first.data[0]).toMatchObject({ note: body.note, staffName: '总编辑赵强' });
    const detail = await envelope<NewsDetail>(await t.app.request(`/kratos/v1/detail?classId=${place.classId}&newsId=${newsId}`));
    expect(detail.data.corrections).toEqual([{ time: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/), note: body.note }]);
    expect((await auditActions(t, story.id)).filter((a) => a === 'publish.correct')).toHaveLength(1);
    const listed = await call<CorrectionView[]>(reporter, 'GET', '/publish/corrections', { id: story.id });
    expect(listed.statusCode).toBe(404);
    expect((await call<CorrectionView[]>(editorA, 'GET', '/publish/corrections', { id: story.id })).data).toHaveLength(1);
  });

  it('refuses a story that is not published, a short note, and anyone without publish rights', async () => {
    const draft = await newStory(editorA);
    const notLive = await call(chief, 'POST', '/publish/correct', { id: draft.id, key: randomUUID(), note: '这是一条更正说明' });
    expect(notLive.message).toBe('稿件未发布，不能更正');
    const short = await call(chief, 'POST', '/publish/correct', { id: draft.id, key: randomUUID(), note: '更正' });
    expect(short.res.status).toBe(400);
    expect(short.message).toContain('请填写更正说明（至少 4 个字）');
    expect((await call(reporter, 'POST', '/publish/correct', { id: draft.id, key: randomUUID(), note: '这是一条更正说明' })).res.status).toBe(403);
  });
});

describe('breaking-news push', () => {
  it('a chief pushes a published story to the site room; one push per 10 minutes for the desk; logged', async () => {
    const rec = recordingApp(t);
    const story = await newStory(chief, { title: '暴雨橙色预警：主城多区今夜有大暴雨' });
    const pub = await consoleCall<ArticleView>(rec, 'POST', '/publish/publish', { id: story.id }, chief.headers);
    expect(pub.data.can.push).toBe(true);
    // An editor may publish but not push (publish.breaking: chief and admin).
    expect((await consoleCall(rec, 'POST', '/publish/push', { id: story.id, key: randomUUID() }, editorA.headers)).res.status).toBe(403);
    const key = randomUUID();
    const pushed = await consoleCall<PushView>(rec, 'POST', '/publish/push', { id: story.id, key, text: '<b>暴雨橙色预警</b> 主城今夜大暴雨' }, chief.headers);
    expect(pushed.statusCode, pushed.message).toBe(200);
    expect(pushed.data.text).toBe('暴雨橙色预警 主城今夜大暴雨');
    const notices = rec.published.filter((p) => p.op === GoimOp.breaking);
    expect(notices).toEqual([
      {
        room: 'live:1000',
        op: 1002,
        body: {
          newsId: pub.data.newsId,
          classId: place.classId,
          text: '暴雨橙色预警 主城今夜大暴雨',
          url: `/shancheng/NewsDetail?classId=${place.classId}&newsId=${pub.data.newsId}`,
        },
      },
    ]);
    expect(parseBreakingNotice(notices[0]!.body)).not.toBeNull();
    // A retry answers the same push and sends nothing again.
    const retry = await consoleCall<PushView>(rec, 'POST', '/publish/push', { id: story.id, key }, chief.headers);
    expect(retry.data.id).toBe(pushed.data.id);
    expect(rec.published.filter((p) => p.op === GoimOp.breaking)).toHaveLength(1);
    // A second push within 10 minutes is refused in Chinese, by anyone.
    const soon = await consoleCall(rec, 'POST', '/publish/push', { id: story.id, key: randomUUID() }, chief.headers);
    expect(soon.statusCode).toBe(422);
    expect(soon.message).toMatch(/^突发推送每 10 分钟最多一次，请于 \d{2}:\d{2} 后再试$/);
    expect(rec.published.filter((p) => p.op === GoimOp.breaking)).toHaveLength(1);
    const [row] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.itemId, String(story.id)), eq(auditLog.action, 'publish.push')))
      .orderBy(auditLog.id);
    expect(row?.after).toMatchObject({ newsId: pub.data.newsId, text: '暴雨橙色预警 主城今夜大暴雨' });
    // Ten minutes later the desk may push again (the window read from the log, moved back here).
    await t.database.db.update(breakingPushes).set({ pushedAt: new Date(Date.now() - 11 * 60_000) });
    const later = await consoleCall<PushView>(rec, 'POST', '/publish/push', { id: story.id, key: randomUUID() }, chief.headers);
    expect(later.statusCode, later.message).toBe(200);
    expect(later.data.text).toBe('暴雨橙色预警：主城多区今夜有大暴雨');
  });

  it('refuses a story that is not published', async () => {
    const draft = await newStory(chief);
    const res = await call(chief, 'POST', '/publish/push', { id: draft.id, key: randomUUID() });
    expect(res.message).toBe('稿件未发布，不能推送');
  });
});
