/**
 * The other kinds of story on the writing desk (ADR 025 "Kinds"): an external link, a photo set, a video and a VR
 * panorama are made as their kind, saved, sent through 三审 by three different people, published as the reader row's
 * data type their page reads, and withdrawn; bad input is refused in Chinese with nothing written.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ArticleFields, ArticleSummary, ArticleView, StoryKind } from '../../src/contract/publish.ts';
import type { NewsDetail } from '../../src/contract/detail.ts';
import type { ListItem } from '../../src/contract/news.ts';
import { news } from '../../src/server/db/schema/core.ts';
import { articles } from '../../src/server/db/schema/publish.ts';
import { auditLog } from '../../src/server/db/schema/staff.ts';
import { mediaOf } from '../../src/server/media/storage.ts';
import { publishDue } from '../../src/server/publish/service.ts';
import { envelope, suiteApp } from '../support/testApp.ts';
import type { TestStaff } from '../support/testStaff.ts';
import {
  auditActions,
  expectScheduleRefused,
  createStory,
  newsColumn,
  reviewDesk,
  saveStory,
  staffCaller,
  throughReviews,
  uploadPicture,
  uploadVideo,
  type StoryPlace,
} from '../support/publishDesk.ts';
import { sampleMp4 } from '../support/videoFixtures.ts';
import { STAFF_VIDEO_URL } from '../../src/contract/publish.ts';

const t = suiteApp();
let reporter: TestStaff;
let editorA: TestStaff;
let editorB: TestStaff;
let chief: TestStaff;
let place: StoryPlace;
let pictures: string[];

beforeAll(async () => {
  ({ reporter, editorA, editorB, chief } = await reviewDesk(t, { reporter: '记者周敏', editorA: '编辑黄磊', editorB: '编辑何佳', chief: '总编辑孙卫' }));
  place = await newsColumn(t);
  pictures = [];
  for (const [r, g, b] of [
    [200, 60, 40],
    [40, 160, 90],
    [30, 80, 200],
  ] as const)
    pictures.push(await uploadPicture(t, reporter, { width: 600, height: 400 }, { r, g, b }));
});

const call = staffCaller(t);

const base = (over: Partial<ArticleFields>): Partial<ArticleFields> => ({
  title: '两江四岸夜景灯光秀今晚上演',
  smallText: '灯光秀每晚 19:30 起在朝天门一带上演。',
  befrom: '山城新闻',
  channelId: place.channelId,
  classId: place.classId,
  ...over,
});

async function create(kind: StoryKind): Promise<ArticleView> {
  const made = await createStory(t, reporter, kind);
  expect(made.fields.kind).toBe(kind);
  return made;
}

const save = (story: ArticleView, fields: Partial<ArticleFields>, content = '') => saveStory(t, reporter, story, fields, content);

/** Submit, 一审 二审 三审 by three other people, then publish: answers the published view. */
const reviewed = (id: number) => throughReviews(t, id, { author: reporter, reviewers: [editorA, editorB, chief], publisher: editorA });

async function readerList(): Promise<ListItem[]> {
  return (await envelope<ListItem[]>(await t.app.request(`/kratos/v1/channel/list?channelId=${place.channelId}&page=1`))).data;
}
async function readerDetail(newsId: number) {
  return envelope<NewsDetail>(await t.app.request(`/kratos/v1/detail?classId=${place.classId}&newsId=${newsId}`));
}
async function storedFields(id: number): Promise<unknown> {
  const [row] = await t.database.db.select({ fields: articles.fields, revision: articles.revision }).from(articles).where(eq(articles.id, id));
  return row;
}

describe('外链 (external link)', () => {
  it('is saved, reviewed three times and published as data type 7 whose card opens the link', async () => {
    const story = await create('link');
    const notReady = await call(reporter, 'POST', '/publish/submit', { id: story.id });
    expect(notReady.message).toContain('请填写外链地址');
    const saved = await save(story, base({ linkUrl: 'https://www.cqnews.net/html/2026-11/28/content_1.html' }), '<p>外链没有正文，这段会被丢弃</p>');
    expect(saved.statusCode, saved.message).toBe(200);
    expect(saved.data.content).toBe('');
    const published = await reviewed(story.id);
    const newsId = published.newsId!;
    expect(published.readerUrl).toBe('https://www.cqnews.net/html/2026-11/28/content_1.html');
    expect(published.can.correct).toBe(false);
    const [row] = await t.database.db.select().from(news).where(eq(news.id, newsId));
    expect(row).toMatchObject({ dataType: 7, targetUrl: 'https://www.cqnews.net/html/2026-11/28/content_1.html', content: '', isVideo: false });
    const item = (await readerList()).find((i) => i.id === newsId);
    expect(item).toMatchObject({ dataType: 7, targetUrl: 'https://www.cqnews.net/html/2026-11/28/content_1.html' });
    expect(await auditActions(t, story.id)).toEqual([
      'publish.create',
      'publish.save',
      'publish.submit',
      'publish.approve',
      'publish.approve',
      'publish.approve',
      'publish.publish',
    ]);
    const correct = await call(editorA, 'POST', '/publish/correct', { id: story.id, key: randomUUID(), note: '更正外链的标题错字' });
    expect(correct.message).toBe('只有图文稿件可以发布更正；图集、视频和外链请修改后更新发布');
    expect(published.can.push).toBe(false);
    const push = await call(chief, 'POST', '/publish/push', { id: story.id, key: randomUUID() });
    expect(push.message).toBe('外链稿件没有本站页面，不能突发推送');
    const withdrawn = await call<ArticleView>(chief, 'POST', '/publish/withdraw', { id: story.id, note: '链接失效' });
    expect(withdrawn.data.state).toBe('withdrawn');
    expect((await readerList()).some((i) => i.id === newsId)).toBe(false);
  });

  it.each([
    ['javascript:alert(1)', '外链地址须是以 http:// 或 https:// 开头的网址'],
    ['ftp://example.com/a', '外链地址须是以 http:// 或 https:// 开头的网址'],
    ['//evil.example/a', '外链地址须是以 http:// 或 https:// 开头的网址'],
    ['www.cqnews.net', '外链地址须是以 http:// 或 https:// 开头的网址'],
    ['http://192.168.1.1/admin', '外链地址不能指向内部网络'],
    ['http://localhost:8080/', '外链地址不能指向内部网络'],
  ])('refuses %s in Chinese and writes nothing', async (url, message) => {
    const story = await create('link');
    const before = await storedFields(story.id);
    const res = await save(story, base({ linkUrl: url }));
    expect(res.statusCode).not.toBe(200);
    expect(res.message).toContain(message);
    expect(await storedFields(story.id)).toEqual(before);
  });
});

describe('图集 (photo set)', () => {
  it('publishes its pictures and captions in order as data type 2, the way PictureDetail reads them', async () => {
    const story = await create('photos');
    const empty = await save(story, base({ title: '雾中的山城清晨' }));
    expect(empty.statusCode, empty.message).toBe(200);
    const notReady = await call(reporter, 'POST', '/publish/submit', { id: story.id });
    expect(notReady.message).toContain('图集至少需要 1 张图片');
    const noCaption = await save(empty.data, base({ title: '雾中的山城清晨', pictures: [{ url: pictures[0]!, caption: '' }] }));
    expect((await call(reporter, 'POST', '/publish/submit', { id: story.id })).message).toContain('请填写第 1 张图片的说明');
    const set = [
      { url: pictures[2]!, caption: '清晨的千厮门大桥 & 洪崖洞' },
      { url: pictures[0]!, caption: '长江索道的第一班车' },
      { url: pictures[1]!, caption: '南山上看渝中半岛' },
    ];
    const saved = await save(noCaption.data, base({ title: '雾中的山城清晨', showType: 1, pictures: set }), '<p>图集没有正文</p>');
    expect(saved.statusCode, saved.message).toBe(200);
    expect(saved.data.content).toBe('');
    const published = await reviewed(story.id);
    const newsId = published.newsId!;
    expect(published.readerUrl).toBe(`/shancheng/PictureDetail?classId=${place.classId}&newsId=${newsId}`);
    const detail = await readerDetail(newsId);
    expect(detail.data.dataType).toBe(2);
    expect(detail.data.allImage).toEqual(set.map((p) => ({ url: p.url, desc: p.caption })));
    const item = (await readerList()).find((i) => i.id === newsId);
    expect(item).toMatchObject({ dataType: 2, showType: 1 });
  });

  it('refuses a picture that is not in the media store, and too many pictures, writing nothing', async () => {
    const story = await create('photos');
    const before = await storedFields(story.id);
    const outside = await save(story, base({ pictures: [{ url: 'https://evil.example/a.png', caption: '外站图片' }] }));
    expect(outside.message).toContain('图片须先上传到媒体库');
    const many = await save(story, base({ pictures: Array.from({ length: 51 }, () => ({ url: pictures[0]!, caption: '重复' })) }));
    expect(many.message).toContain('图集最多 50 张图片');
    expect(await storedFields(story.id)).toEqual(before);
  });
});

describe('视频 (video)', () => {
  it('publishes as data type 8 with its address, length and cover, the way NewsVideoDetail plays it', async () => {
    const story = await create('video');
    const notReady = await call(reporter, 'POST', '/publish/submit', { id: story.id });
    expect(notReady.message).toContain('请填写视频地址');
    expect(notReady.message).toContain('请填写视频时长');
    const saved = await save(
      story,
      base({
        title: '视频｜朝天门灯光秀航拍',
        showType: 2,
        covers: [pictures[1]!],
        videoUrl: 'https://video.cqnews.net/2026/1128/light.mp4',
        videoTime: '03:25',
      }),
      '<p>航拍镜头下的两江四岸灯光秀，持续约二十分钟。</p>',
    );
    expect(saved.statusCode, saved.message).toBe(200);
    const published = await reviewed(story.id);
    const newsId = published.newsId!;
    expect(published.readerUrl).toBe(`/shancheng/NewsVideoDetail?classId=${place.classId}&newsId=${newsId}`);
    const [row] = await t.database.db.select().from(news).where(eq(news.id, newsId));
    expect(row).toMatchObject({
      dataType: 8,
      isVideo: true,
      videoUrl: 'https://video.cqnews.net/2026/1128/light.mp4',
      videoTime: '03:25',
      imageUrls: [pictures[1]],
    });
    const detail = await readerDetail(newsId);
    expect(detail.data).toMatchObject({ dataType: 8, videoUrl: 'https://video.cqnews.net/2026/1128/light.mp4', videoTime: '03:25' });
    expect(detail.data.originNewstext).toContain('航拍镜头下');
  });

  it('plays a file uploaded on the desk: stored once under the person’s folder, published and played from our origin', async () => {
    const key = randomUUID();
    const up = await uploadVideo(t, reporter, new Uint8Array(sampleMp4()), { 'idempotency-key': key });
    expect(up.statusCode, up.message).toBe(200);
    expect(up.data).toMatchObject({ type: 'video/mp4', size: sampleMp4().length });
    expect(up.data.url).toMatch(STAFF_VIDEO_URL);
    expect(up.data.url).toContain(`/media/newsroom/videos/${reporter.id}/`);
    // A retry of the same attempt answers the same file.
    const again = await uploadVideo(t, reporter, new Uint8Array(sampleMp4()), { 'idempotency-key': key });
    expect(again.data).toEqual(up.data);
    const story = await create('video');
    const saved = await save(
      story,
      base({ title: '视频｜洪崖洞夜景延时摄影', showType: 2, covers: [pictures[0]!], videoUrl: up.data.url, videoTime: '00:10' }),
      '<p>一段十秒的延时摄影，记录洪崖洞亮灯的时刻。</p>',
    );
    expect(saved.statusCode, saved.message).toBe(200);
    const published = await reviewed(story.id);
    const detail = await readerDetail(published.newsId!);
    expect(detail.data).toMatchObject({ dataType: 8, videoUrl: up.data.url, videoTime: '00:10' });
    const audits = await t.database.db.select({ action: auditLog.action, itemId: auditLog.itemId }).from(auditLog).where(eq(auditLog.action, 'publish.video'));
    expect(audits.filter((a) => a.itemId === up.data.url)).toHaveLength(1);
  });

  it.each([
    [{ videoUrl: 'http://video.cqnews.net/a.mp4' }, '视频地址须是以 https:// 开头的网址'],
    [{ videoUrl: 'javascript:alert(1)' }, '视频地址须是以 https:// 开头的网址'],
    [{ videoTime: '三分钟' }, '视频时长请写成 分:秒，如 03:25'],
    [{ videoTime: '03:75' }, '视频时长请写成 分:秒，如 03:25'],
  ])('refuses %o in Chinese and writes nothing', async (over, message) => {
    const story = await create('video');
    const before = await storedFields(story.id);
    const res = await save(story, base(over));
    expect(res.message).toContain(message);
    expect(await storedFields(story.id)).toEqual(before);
  });
});

describe('VR', () => {
  it('publishes as an article of the category vr whose panorama the VR viewer turns, opened at /VRPage', async () => {
    const panorama = await uploadPicture(t, reporter, { width: 2048, height: 1024 }, { r: 20, g: 40, b: 90 });
    const story = await create('vr');
    const notReady = await call(reporter, 'POST', '/publish/submit', { id: story.id });
    expect(notReady.message).toContain('请上传全景图');
    expect(notReady.message).toContain('VR 稿件需要 1 张封面');
    const saved = await save(
      story,
      base({ title: 'VR｜夜游洪崖洞 360° 看吊脚楼灯火', showType: 2, covers: [pictures[2]!], vrPicture: panorama }),
      '<p>转动画面，从千厮门大桥看洪崖洞的吊脚楼与嘉陵江夜色。</p>',
    );
    expect(saved.statusCode, saved.message).toBe(200);
    const published = await reviewed(story.id);
    const newsId = published.newsId!;
    expect(published.readerUrl).toBe(`/shancheng/VRPage?classId=${place.classId}&newsId=${newsId}`);
    const [row] = await t.database.db.select().from(news).where(eq(news.id, newsId));
    expect(row).toMatchObject({ dataType: 3, category: 'vr', vrUrl: panorama, imageUrls: [pictures[2]] });
    const detail = await readerDetail(newsId);
    expect(detail.data).toMatchObject({ dataType: 3, vrUrl: panorama });
    expect(detail.data.originNewstext).toContain('吊脚楼');
    // The card in its channel's list is a VR card (category vr).
    expect((await readerList()).find((i) => i.id === newsId)).toMatchObject({ category: 'vr' });
  });

  it.each([
    [{ vrPicture: 'https://evil.example/pano.jpg' }, '图片须先上传到媒体库'],
    [{ vrPicture: '/media/../etc/passwd' }, '图片须先上传到媒体库'],
  ])('refuses the panorama %o in Chinese and writes nothing', async (over, message) => {
    const story = await create('vr');
    const before = await storedFields(story.id);
    const res = await save(story, base(over));
    expect(res.message).toContain(message);
    expect(await storedFields(story.id)).toEqual(before);
  });

  it.each([
    [{ width: 1024, height: 1024 }, '全景图的宽度至少是高度的 2 倍（如 4096×2048），这张是 1024×1024'],
    [{ width: 1999, height: 1000 }, '全景图的宽度至少是高度的 2 倍（如 4096×2048），这张是 1999×1000'],
  ])('refuses a stored picture of %o as the panorama, by its own pixels, and writes nothing', async (size, message) => {
    const narrow = await uploadPicture(t, reporter, size, { r: 90, g: 40, b: 20 });
    const story = await create('vr');
    const before = await storedFields(story.id);
    const res = await save(story, base({ showType: 2, covers: [pictures[0]!], vrPicture: narrow }), '<p>转动画面看洪崖洞的吊脚楼灯火。</p>');
    expect(res.statusCode).not.toBe(200);
    expect(res.message).toBe(message);
    expect(await storedFields(story.id)).toEqual(before);
  });

  it('takes a stored picture exactly twice as wide as high, and refuses a panorama no longer stored', async () => {
    const wide = await uploadPicture(t, reporter, { width: 2000, height: 1000 }, { r: 90, g: 40, b: 20 });
    const story = await create('vr');
    const saved = await save(story, base({ showType: 2, covers: [pictures[0]!], vrPicture: wide }), '<p>转动画面看洪崖洞的吊脚楼灯火。</p>');
    expect(saved.statusCode, saved.message).toBe(200);
    expect(saved.data.fields.vrPicture).toBe(wide);
    const other = await create('vr');
    const before = await storedFields(other.id);
    const gone = await save(other, base({ vrPicture: `/media/newsroom/${'0'.repeat(64)}.png` }));
    expect(gone.message).toBe('图片不存在，请重新上传');
    expect(await storedFields(other.id)).toEqual(before);
  });

  it('refuses to submit or publish a VR story whose stored panorama is narrower than 2:1 (saved before the server checked it)', async () => {
    const wide = await uploadPicture(t, reporter, { width: 2048, height: 1024 }, { r: 10, g: 90, b: 60 });
    const square = await uploadPicture(t, reporter, { width: 800, height: 800 }, { r: 10, g: 90, b: 60 });
    const story = await create('vr');
    const saved = await save(story, base({ showType: 2, covers: [pictures[1]!], vrPicture: wide }), '<p>转动画面看洪崖洞的吊脚楼灯火。</p>');
    expect(saved.statusCode, saved.message).toBe(200);
    // A story stored with a square panorama, as the server took any picture of ours before.
    await t.database.db
      .update(articles)
      .set({ fields: { ...saved.data.fields, vrPicture: square } })
      .where(eq(articles.id, story.id));
    const submitted = await call(reporter, 'POST', '/publish/submit', { id: story.id });
    expect(submitted.message).toBe('全景图的宽度至少是高度的 2 倍（如 4096×2048），这张是 800×800');
    const published = await call(chief, 'POST', '/publish/publish', { id: story.id });
    expect(published.message).toBe('全景图的宽度至少是高度的 2 倍（如 4096×2048），这张是 800×800');
    const [row] = await t.database.db.select({ state: articles.state, newsId: articles.newsId }).from(articles).where(eq(articles.id, story.id));
    expect(row).toEqual({ state: 'draft', newsId: null });
  });

  it.each([
    ['a save after scheduling took its panorama away (a save checks a panorama, not readiness)', 'cleared', '请上传全景图'],
    ['it was scheduled with a square panorama before the server read the pixels', 'square', '全景图的宽度至少是高度的 2 倍（如 4096×2048），这张是 800×800'],
  ])('is not published by the scheduled job when %s: back to 待签发 with the reason on the desk, one audit row', async (_when, change, reason) => {
    const wide = await uploadPicture(t, reporter, { width: 2048, height: 1024 }, { r: 60, g: 20, b: 90 });
    const story = await create('vr');
    const body = '<p>转动画面，从来福士看朝天门两江交汇。</p>';
    const fields = base({ title: 'VR｜朝天门两江交汇', showType: 2, covers: [pictures[0]!], vrPicture: wide });
    expect((await save(story, fields, body)).statusCode).toBe(200);
    const at = new Date(Date.now() + 10 * 60_000);
    const scheduled = await call<ArticleView>(chief, 'POST', '/publish/publish', { id: story.id, at: at.toISOString() });
    expect(scheduled.data.state, scheduled.message).toBe('scheduled');
    if (change === 'cleared') {
      const edited = await saveStory(t, chief, scheduled.data, { ...fields, vrPicture: '' }, body);
      expect(edited.data.state, edited.message).toBe('scheduled');
    } else {
      const square = await uploadPicture(t, reporter, { width: 800, height: 800 }, { r: 60, g: 20, b: 90 });
      await t.database.db
        .update(articles)
        .set({ fields: { ...scheduled.data.fields, vrPicture: square } })
        .where(eq(articles.id, story.id));
    }
    const due = new Date(at.getTime() + 1_000);
    expect(await publishDue(t.database, mediaOf(t), due)).not.toContain(story.id);
    // The next run finds it no longer scheduled: nothing more is written.
    expect(await publishDue(t.database, mediaOf(t), due)).not.toContain(story.id);
    const desk = await call<ArticleView>(chief, 'GET', '/publish/article', { id: story.id });
    await expectScheduleRefused(t, desk.data, reason);
    expect(desk.data.can.publish).toBe(true);
  });
});

describe('kinds on the desk', () => {
  it('a story keeps the kind it was made as; the list names each kind; an old story without a kind is 图文', async () => {
    const story = await create('photos');
    const changed = await save(story, base({ kind: 'link', linkUrl: 'https://www.cqnews.net/' }));
    expect(changed.data.fields.kind).toBe('photos');
    const bad = await call(reporter, 'POST', '/publish/create', { key: randomUUID(), kind: 'poll' });
    expect(bad.message).toContain('稿件类型不正确');
    // A story stored before kinds existed (its fields have no kind) opens and lists as 图文.
    const old = await create('article');
    const { kind: _dropped, linkUrl: _l, pictures: _p, videoUrl: _v, videoTime: _t, ...legacy } = old.fields;
    await t.database.db
      .update(articles)
      .set({ fields: legacy as ArticleFields })
      .where(eq(articles.id, old.id));
    const opened = await call<ArticleView>(reporter, 'GET', '/publish/article', { id: old.id });
    expect(opened.data.fields).toMatchObject({ kind: 'article', pictures: [], linkUrl: '' });
    const list = await call<ArticleSummary[]>(reporter, 'GET', '/publish/articles');
    expect(list.data.find((a) => a.id === old.id)?.kind).toBe('article');
    expect(list.data.find((a) => a.id === story.id)?.kind).toBe('photos');
  });
});
