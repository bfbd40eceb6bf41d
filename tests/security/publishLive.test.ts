/**
 * Attacks on the live desk (ADR 025 "Live events"; docs/security.md P15, P16): a live source that would run script,
 * leave https or lead into a private network is refused in Chinese with nothing stored; script in a 图文直播 update
 * stays text on its way to readers; only whoever may publish moves a live or writes its feed; the state never
 * goes back; a retried request changes nothing twice.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ArticleFields, ArticleView, LivePostView } from '../../src/contract/publish.ts';
import type { NewsDetail } from '../../src/contract/detail.ts';
import { news } from '../../src/server/db/schema/core.ts';
import { articles, livePosts } from '../../src/server/db/schema/publish.ts';
import { envelope, recordingApp, suiteApp } from '../support/testApp.ts';
import { createTestStaff, type TestStaff } from '../support/testStaff.ts';
import { auditActions, createStory, newsColumn, saveStory, staffPoster, uploadPicture, type StoryPlace } from '../support/publishDesk.ts';

const t = suiteApp();
let rec: ReturnType<typeof recordingApp>;
let reporter: TestStaff;
let editor: TestStaff;
let chief: TestStaff;
let place: StoryPlace;
let cover: string;
let post: ReturnType<typeof staffPoster>;

beforeAll(async () => {
  rec = recordingApp(t);
  post = staffPoster(rec);
  reporter = await createTestStaff(t, 'reporter');
  editor = await createTestStaff(t, 'editor');
  chief = await createTestStaff(t, 'chief');
  place = await newsColumn(t);
  cover = await uploadPicture(rec, reporter, { width: 320, height: 180 }, { r: 20, g: 40, b: 60 });
});

const create = () => createStory(rec, reporter, 'live');
const save = (story: ArticleView, fields: Partial<ArticleFields>) =>
  saveStory(rec, reporter, story, {
    title: '直播｜一场用来测试的直播',
    channelId: place.channelId,
    classId: place.classId,
    covers: [cover],
    liveStart: '2026-12-01T11:30:00Z',
    ...fields,
  });
async function stored(id: number) {
  const [row] = await t.database.db.select({ fields: articles.fields, revision: articles.revision }).from(articles).where(eq(articles.id, id));
  return row;
}
/** A live the chief publishes at once (突发): what the live desk then allows is what matters here. */
async function publishedLive(): Promise<ArticleView> {
  const story = await create();
  const saved = await save(story, { liveSources: [{ name: '主会场', url: 'https://live.example.cn/a.m3u8' }] });
  expect(saved.statusCode, saved.message).toBe(200);
  const published = await post<ArticleView>(chief, '/publish/publish', { id: story.id });
  expect(published.statusCode, published.message).toBe(200);
  return published.data;
}
const auditCount = async (articleId: number, action: string): Promise<number> => (await auditActions(t, articleId)).filter((a) => a === action).length;

describe('live sources (P15)', () => {
  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    '  javascript:alert(1)',
    'java\tscript:alert(1)',
    'data:video/mp4;base64,AAAA',
    'http://live.example.cn/a.m3u8',
    '//evil.example/a.m3u8',
    'https://user:pw@live.example.cn/a.m3u8',
    'rtmp://live.example.cn/app/stream',
  ])('a source %j is refused in Chinese and nothing is stored', async (url) => {
    const story = await create();
    const before = await stored(story.id);
    const res = await save(story, { liveSources: [{ name: '主会场', url }] });
    expect(res.statusCode).not.toBe(200);
    expect(res.message).toContain('直播源地址须是以 https:// 开头的网址');
    expect(await stored(story.id)).toEqual(before);
  });

  it.each([
    'https://127.0.0.1/live.m3u8',
    'https://2130706433/live.m3u8',
    'https://10.1.2.3/live.m3u8',
    'https://192.168.1.1/live.m3u8',
    'https://169.254.169.254/latest/meta-data/',
    'https://[::1]/live.m3u8',
    'https://localhost/live.m3u8',
    'https://camera.local/live.m3u8',
    'https://encoder.internal/live.m3u8',
  ])('a source into a private network %s is refused', async (url) => {
    const story = await create();
    const before = await stored(story.id);
    const res = await save(story, {
      liveSources: [
        { name: '主会场', url: 'https://live.example.cn/a.m3u8' },
        { name: '内网', url },
      ],
    });
    expect(res.message).toBe('直播源地址不能指向内部网络');
    expect(await stored(story.id)).toEqual(before);
  });

  it('script in a source name is dropped at save; the reader row holds the rest as text', async () => {
    const story = await create();
    const saved = await save(story, { liveSources: [{ name: '<b>主</b>会场', url: 'https://live.example.cn/a.m3u8' }] });
    expect(saved.data.fields.liveSources).toEqual([{ name: '主会场', url: 'https://live.example.cn/a.m3u8' }]);
  });
});

describe('the live desk (P16)', () => {
  it('script in an update stays text: stored as typed, given to readers and pushed as a plain string', async () => {
    const live = await publishedLive();
    const text = '<script>alert(1)</script><img src=x onerror=alert(1)>比分 3<5 & "领先"';
    const res = await post<LivePostView[]>(editor, '/publish/live/post', { id: live.id, key: randomUUID(), text });
    expect(res.statusCode, res.message).toBe(200);
    const [row] = await t.database.db.select({ text: livePosts.text }).from(livePosts).where(eq(livePosts.articleId, live.id));
    expect(row!.text).toBe(text);
    const detail = await envelope<NewsDetail>(await t.app.request(`/kratos/v1/detail?classId=${place.classId}&newsId=${live.newsId}`));
    expect(detail.data.livePosts.map((p) => p.text)).toEqual([text]);
    const pushed = rec.published.find((p) => (p.body as { newsId: number }).newsId === live.newsId);
    expect(pushed?.body).toMatchObject({ what: 'post', post: { text } });
  });

  it.each(['javascript:alert(1)', 'https://evil.example/a.png', '//evil.example/a.png', '/media/../etc/passwd'])(
    'an update picture %j outside the media store is refused, nothing written',
    async (picture) => {
      const live = await publishedLive();
      const res = await post(editor, '/publish/live/post', { id: live.id, key: randomUUID(), text: '配图测试', picture });
      expect(res.message).toContain('图片须先上传到媒体库');
      expect(await t.database.db.select().from(livePosts).where(eq(livePosts.articleId, live.id))).toEqual([]);
    },
  );

  it('a reporter may neither move a live nor write or withdraw its updates (403 无权操作)', async () => {
    const live = await publishedLive();
    const added = await post<LivePostView[]>(editor, '/publish/live/post', { id: live.id, key: randomUUID(), text: '编辑发布的动态' });
    for (const [path, body] of [
      ['/publish/live/state', { id: live.id, liveType: 1 }],
      ['/publish/live/post', { id: live.id, key: randomUUID(), text: '记者擅自发布' }],
      ['/publish/live/withdraw', { id: live.id, postId: added.data[0]!.id }],
    ] as const) {
      const res = await post(reporter, path, body);
      expect(res.res.status).toBe(403);
      expect(res.message).toBe('无权操作');
    }
    const [row] = await t.database.db.select({ liveType: news.liveType }).from(news).where(eq(news.id, live.newsId!));
    expect(row!.liveType).toBe(0);
    expect(await t.database.db.select().from(livePosts).where(eq(livePosts.articleId, live.id))).toHaveLength(1);
  });

  it('the state never goes back or skips, and a retried change, send or withdrawal happens once', async () => {
    const live = await publishedLive();
    expect((await post(editor, '/publish/live/state', { id: live.id, liveType: 2 })).message).toContain('不能倒退或跳过');
    for (let i = 0; i < 3; i++) expect((await post(editor, '/publish/live/state', { id: live.id, liveType: 1 })).statusCode).toBe(200);
    expect((await post(editor, '/publish/live/state', { id: live.id, liveType: 0 })).message).toContain('不能倒退或跳过');
    expect(await auditCount(live.id, 'publish.liveState')).toBe(1);
    const key = randomUUID();
    for (let i = 0; i < 3; i++) await post(editor, '/publish/live/post', { id: live.id, key, text: '重试三次的动态' });
    const posts = await t.database.db.select().from(livePosts).where(eq(livePosts.articleId, live.id));
    expect(posts).toHaveLength(1);
    expect(await auditCount(live.id, 'publish.livePost')).toBe(1);
    for (let i = 0; i < 3; i++) expect((await post(editor, '/publish/live/withdraw', { id: live.id, postId: posts[0]!.id })).statusCode).toBe(200);
    expect(await auditCount(live.id, 'publish.liveWithdraw')).toBe(1);
    const pushes = rec.published.filter((p) => (p.body as { newsId: number }).newsId === live.newsId).map((p) => (p.body as { what: string }).what);
    expect(pushes).toEqual(['state', 'post', 'withdraw']);
    expect((await stored(live.id))!.fields.liveType).toBe(1);
  });

  it('an update of another live cannot be withdrawn through this one (IDOR)', async () => {
    const one = await publishedLive();
    const other = await publishedLive();
    const added = await post<LivePostView[]>(editor, '/publish/live/post', { id: other.id, key: randomUUID(), text: '另一场直播的动态' });
    const res = await post(editor, '/publish/live/withdraw', { id: one.id, postId: added.data[0]!.id });
    expect(res.message).toBe('这条直播动态不存在');
    const [row] = await t.database.db.select({ withdrawnAt: livePosts.withdrawnAt }).from(livePosts).where(eq(livePosts.id, added.data[0]!.id));
    expect(row!.withdrawnAt).toBeNull();
  });

  it('updates are limited to 60 a person in 10 minutes, refused in Chinese beyond that', async () => {
    const live = await publishedLive();
    const flooder = await createTestStaff(t, 'editor');
    for (let i = 0; i < 60; i++) {
      const ok = await post(flooder, '/publish/live/post', { id: live.id, key: randomUUID(), text: `第 ${i + 1} 条` });
      expect(ok.statusCode, ok.message).toBe(200);
    }
    const refused = await post(flooder, '/publish/live/post', { id: live.id, key: randomUUID(), text: '第 61 条' });
    expect(refused.statusCode).not.toBe(200);
    expect(refused.message).toMatch(/[\u4e00-\u9fff]/);
    expect(await t.database.db.select().from(livePosts).where(eq(livePosts.articleId, live.id))).toHaveLength(60);
  });
});
