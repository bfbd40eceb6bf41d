/**
 * Discover (spec 2.6, 4, 7.2): the read calls on the seeded demo data, publishing (review
 * state, own pictures, idempotency, rate limit, hostile text, mass assignment), likes and comments of
 * posts through the shared interaction calls (from=quan), concurrent likes.
 */
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Post, Topic } from '../../src/contract/discover.ts';
import type { CommentItem, CommentReply, LikeResult } from '../../src/contract/interaction.ts';
import { appConfig } from '../../src/server/db/schema/core.ts';
import { discoverPosts, discoverTopics } from '../../src/server/db/schema/discover.ts';
import { comments, likes } from '../../src/server/db/schema/interaction.ts';
import { REVIEW_SETTING_KEY } from '../../src/server/discover/service.ts';
import { suiteApp, suiteRequests, uploadTestPng } from '../support/testApp.ts';
import { createTestUser, type TestUser } from '../support/testUsers.ts';

const t = suiteApp();
const { get, postJson: post } = suiteRequests(() => t);

const uploadPng = (user: TestUser): Promise<string> => uploadTestPng(t, user, { width: 8, height: 6 });

async function firstTopic(): Promise<Topic> {
  const res = await get<Topic[]>('/v1/quan/getHotTopicList?page=1&pageSize=1');
  return res.data[0]!;
}

describe('discover reads (spec 7.2)', () => {
  it('seeds at least 40 posts under at least 8 topics, with pictures, official replies and comments', async () => {
    const topics = await t.database.db.select().from(discoverTopics);
    expect(topics.length).toBeGreaterThanOrEqual(8);
    const all: Post[] = [];
    for (let page = 1; page < 20; page++) {
      const res = await get<Post[]>(`/v1/quan/getQuanInfo?page=${page}&pageSize=10`);
      expect(res.statusCode).toBe(200);
      if (res.data.length === 0) break;
      all.push(...res.data);
    }
    expect(all.length).toBeGreaterThanOrEqual(40);
    expect(new Set(all.map((p) => p.id)).size).toBe(all.length);
    expect(new Set(all.flatMap((p) => p.tags.map((x) => x.id))).size).toBeGreaterThanOrEqual(8);
    // Every post shows something: pictures, or a demo video (then no pictures).
    expect(all.filter((p) => p.imageUrl.length > 0 !== (p.video !== '')).length).toBe(all.length);
    const videos = all.filter((p) => p.video !== '');
    expect(videos.length).toBeGreaterThanOrEqual(2);
    // The files are copied by the seed (discoverSeed.test.ts).
    for (const p of videos) expect(p.video).toMatch(/^\/media\/discover\/post-\d+\.mp4$/);
    const counts = new Set(all.map((p) => p.imageUrl.length));
    for (const n of [1, 2, 3, 4]) expect(counts.has(n), `${n} pictures`).toBe(true);
    const official = all.filter((p) => p.official !== null);
    expect(official.length).toBeGreaterThanOrEqual(5);
    for (const p of official) expect(p.official!.newsStruct.url).toMatch(/^\/shancheng\/NewsDetail\?classId=-?\d+&newsId=\d+$/);
    expect(all.some((p) => p.comments.length === 2 && p.commentCount > 2)).toBe(true);
    // Newest first.
    const times = all.map((p) => p.createTime);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('a topic counts the comments of every post it lists (#山城打卡地# said 11条评论 over posts with 20), also after a comment', async () => {
    const topicPosts = async (id: number): Promise<Post[]> => {
      const out: Post[] = [];
      for (let page = 1; page < 20; page++) {
        const res = await get<Post[]>(`/api/topic/themeRecentList?themeId=${id}&page=${page}&pageSize=10`);
        expect(res.statusCode).toBe(200);
        if (res.data.length === 0) break;
        out.push(...res.data);
      }
      return out;
    };
    const topics = (await get<Topic[]>('/v1/quan/getHotTopicList?page=1&pageSize=50')).data;
    expect(topics.length).toBeGreaterThanOrEqual(8);
    for (const topic of topics) {
      const posts = await topicPosts(topic.id);
      expect(topic.contentCount, topic.title).toBe(posts.length);
      expect(topic.commentCount, topic.title).toBe(posts.reduce((n, p) => n + p.commentCount, 0));
    }
    // A comment on a post with two topics moves both topics' counts.
    const all = (await get<Post[]>('/v1/quan/getQuanInfo?page=1&pageSize=50')).data;
    const p = all.find((x) => x.tags.length >= 2)!;
    const reader = await createTestUser(t.database);
    const sent = await post<CommentReply>('/v1/comment/store', { from: 'quan', classId: p.classId, newsId: p.id, sayText: '两个话题都算' }, reader.headers);
    expect(sent.statusCode).toBe(200);
    const after = (await get<Topic[]>('/v1/quan/getHotTopicList?page=1&pageSize=50')).data;
    for (const tag of p.tags) {
      expect(after.find((x) => x.id === tag.id)!.commentCount, tag.title).toBe(topics.find((x) => x.id === tag.id)!.commentCount + 1);
    }
    expect((await post('/v1/comment/deleteComment', { plId: sent.data.id }, reader.headers)).statusCode).toBe(200);
    const back = (await get<Topic[]>('/v1/quan/getHotTopicList?page=1&pageSize=50')).data;
    for (const tag of p.tags) expect(back.find((x) => x.id === tag.id)!.commentCount).toBe(topics.find((x) => x.id === tag.id)!.commentCount);
  });

  it('a related report of an official reply is a real news item that answers', async () => {
    const feed = await get<Post[]>('/v1/quan/getQuanInfo?page=1&pageSize=30');
    const withReply = feed.data.find((p) => p.official?.newsStruct.url)!;
    const q = new URL(withReply.official!.newsStruct.url, 'http://x').searchParams;
    const detail = await get<{ title: string }>(`/kratos/v1/detail?classId=${q.get('classId')}&newsId=${q.get('newsId')}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.data.title).toBe(withReply.official!.newsStruct.title);
  });

  it('hot topics page until an empty array; theme info and theme posts', async () => {
    const p1 = await get<Topic[]>('/v1/quan/getHotTopicList?page=1&pageSize=6');
    const p2 = await get<Topic[]>('/v1/quan/getHotTopicList?page=2&pageSize=6');
    const p3 = await get<Topic[]>('/v1/quan/getHotTopicList?page=3&pageSize=6');
    expect(p1.data.length).toBe(6);
    expect(p2.data.length).toBeGreaterThan(0);
    expect(p3.data).toEqual([]);
    const topic = p1.data[0]!;
    expect(topic.pictures[0]).toMatch(/^\/media\/discover\//);
    const info = await get<Topic>(`/api/topic/getThemeInfo?themeId=${topic.id}`);
    expect(info.data).toEqual(topic);
    const posts = await get<Post[]>(`/api/topic/themeRecentList?themeId=${topic.id}&page=1&pageSize=50`);
    expect(posts.data.length).toBe(topic.contentCount);
    for (const p of posts.data) expect(p.tags.map((x) => x.id)).toContain(topic.id);
    const missing = await get(`/api/topic/getThemeInfo?themeId=999999`);
    expect(missing.statusCode).toBe(404);
    expect(missing.message).toBe('话题不存在');
  });

  it("search by a topic's title finds the posts under that topic, also where their text does not say it", async () => {
    const feed: Post[] = [];
    for (let page = 1; page < 20; page++) {
      const res = await get<Post[]>(`/v1/quan/getQuanInfo?page=${page}`);
      if (res.data.length === 0) break;
      feed.push(...res.data);
    }
    const post = feed.find((p) => p.tags.some((x) => !p.content.includes(x.title)))!;
    const title = post.tags.find((x) => !post.content.includes(x.title))!.title;
    const found: Post[] = [];
    for (let page = 1; page < 20; page++) {
      const res = await get<Post[]>(`/api/topic/getListByKeyWord?keyword=${encodeURIComponent(title)}&page=${page}`);
      if (res.data.length === 0) break;
      found.push(...res.data);
    }
    expect(found.map((p) => p.id)).toContain(post.id);
    for (const p of found) expect(p.content.includes(title) || p.tags.some((x) => x.title.includes(title)), `${p.id}`).toBe(true);
  });

  it('hot words, search by keyword (posts) and by recommend tag (topics)', async () => {
    const words = await get<{ id: number; word: string }[]>('/api/topic/getHotWord');
    expect(words.data.length).toBeGreaterThanOrEqual(5);
    const found = await get<Post[]>(`/api/topic/getListByKeyWord?keyword=${encodeURIComponent('火锅')}&page=1`);
    expect(found.data.length).toBeGreaterThan(0);
    for (const p of found.data) expect(p.content.includes('火锅') || p.tags.some((x) => x.title.includes('火锅'))).toBe(true);
    const topics = await get<Topic[]>(`/api/topic/getTopicListByKeyboard?keyboard=${encodeURIComponent('美食')}`);
    expect(topics.data.map((x) => x.title)).toContain('重庆美食地图');
    // LIKE wildcards are literal: '%' finds nothing rather than everything.
    const wild = await get<Post[]>(`/api/topic/getListByKeyWord?keyword=${encodeURIComponent('%')}`);
    expect(wild.data).toEqual([]);
    const empty = await get(`/api/topic/getListByKeyWord?keyword=`);
    expect(empty.statusCode).toBe(400);
    expect(empty.message).toContain('搜索词不能为空');
  });

  it('one post by classId and newsId; an unknown one is 404 in Chinese', async () => {
    const feed = await get<Post[]>('/v1/quan/getQuanInfo?page=1&pageSize=1');
    const p = feed.data[0]!;
    const detail = await get<Post>(`/v1/quan/getDetail?classId=${p.classId}&newsId=${p.id}`);
    expect(detail.data.id).toBe(p.id);
    expect(detail.data.isDoLike).toBe(0);
    const missing = await get(`/v1/quan/getDetail?classId=1&newsId=999999`);
    expect(missing.statusCode).toBe(404);
    expect(missing.message).toBe('动态不存在或已删除');
  });
});

describe('publishing (POST /v1/quan/publish)', () => {
  it('needs a login', async () => {
    const topic = await firstTopic();
    const res = await post('/v1/quan/publish', { content: '你好', HotTagsId: topic.id });
    expect(res.statusCode).toBe(301);
  });

  it('publishes text with own pictures under a topic; it leads the feed; a retried send with the same key writes nothing new', async () => {
    const reader = await createTestUser(t.database);
    const topic = await firstTopic();
    const pictures = [await uploadPng(reader), await uploadPng(reader)];
    const body = { content: '今天在 <b>朝天门</b> 看到了来福士的灯光秀', imageUrl: pictures.join(','), HotTagsId: String(topic.id) };
    const headers = { ...reader.headers, 'idempotency-key': 'quan-key-0001' };
    const first = await post<Post>('/v1/quan/publish', body, headers);
    expect(first.statusCode).toBe(200);
    expect(first.message).toBe('发布成功');
    expect(first.data.content).toBe(body.content);
    expect(first.data.imageUrl).toEqual(pictures);
    expect(first.data.reviewState).toBe('approved');
    expect(first.data.belongMyself).toBe(1);
    const again = await post<Post>('/v1/quan/publish', body, headers);
    expect(again.data.id).toBe(first.data.id);
    const rows = await t.database.db.select().from(discoverPosts).where(eq(discoverPosts.userId, reader.userId));
    expect(rows.length).toBe(1);
    const other = await post('/v1/quan/publish', { ...body, content: '另一段话' }, headers);
    expect(other.statusCode).toBe(422);
    const feed = await get<Post[]>('/v1/quan/getQuanInfo?page=1&pageSize=5');
    expect(feed.data.map((p) => p.id)).toContain(first.data.id);
    const info = await get<Topic>(`/api/topic/getThemeInfo?themeId=${topic.id}`);
    expect(info.data.contentCount).toBe(topic.contentCount + 1);
  });

  it('refuses pictures that are not the caller’s own uploads, unknown topics, empty text, too many pictures', async () => {
    const reader = await createTestUser(t.database);
    const stranger = await createTestUser(t.database);
    const topic = await firstTopic();
    const theirs = await uploadPng(stranger);
    const cases: [Record<string, unknown>, string][] = [
      [{ content: '看图', imageUrl: [theirs], HotTagsId: topic.id }, '图片无效，请重新上传'],
      [{ content: '看图', imageUrl: ['https://evil.example/x.png'], HotTagsId: topic.id }, '图片无效，请重新上传'],
      [{ content: '看图', HotTagsId: 999999 }, '话题不存在'],
      [{ content: '看图' }, '请选择话题'],
      [{ content: '   ', HotTagsId: topic.id }, '正文不能为空'],
      [{ content: '看图', imageUrl: Array.from({ length: 10 }, () => theirs), HotTagsId: topic.id }, '图片最多 9 张'],
      [{ content: '看图', video: 'https://evil.example/v.mp4', HotTagsId: topic.id }, '视频无效，请重新上传'],
    ];
    for (const [body, message] of cases) {
      const res = await post('/v1/quan/publish', body, reader.headers);
      expect(res.statusCode, JSON.stringify(body)).not.toBe(200);
      expect(res.message).toContain(message);
    }
    const rows = await t.database.db.select().from(discoverPosts).where(eq(discoverPosts.userId, reader.userId));
    expect(rows).toEqual([]);
  });

  it('ignores mass-assigned fields (counts, review state, official reply, author)', async () => {
    const reader = await createTestUser(t.database);
    const topic = await firstTopic();
    const res = await post<Post>(
      '/v1/quan/publish',
      {
        content: '解放碑的新年灯饰挂起来了',
        HotTagsId: topic.id,
        like: 9999,
        likeNum: 9999,
        commentCount: 88,
        reviewState: 'approved',
        officialHtml: '<script>alert(1)</script>',
        userId: 1,
        isTop: true,
      },
      reader.headers,
    );
    expect(res.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(discoverPosts).where(eq(discoverPosts.id, res.data.id));
    expect(row).toMatchObject({ likeNum: 0, commentCount: 0, officialHtml: '', userId: reader.userId, isTop: false });
  });

  it('keeps hostile text as text, and refuses NUL', async () => {
    const reader = await createTestUser(t.database);
    const topic = await firstTopic();
    const hostile = '<img src=x onerror=alert(1)>"><script>alert(2)</script>';
    const res = await post<Post>('/v1/quan/publish', { content: hostile, HotTagsId: topic.id }, reader.headers);
    expect(res.data.content).toBe(hostile);
    const nul = await post('/v1/quan/publish', { content: 'a\u0000b', HotTagsId: topic.id }, reader.headers);
    expect(nul.statusCode).toBe(400);
    expect(nul.message).toContain('正文包含非法字符');
  });

  it('limits a reader to one post per 10 seconds', async () => {
    const reader = await createTestUser(t.database);
    const topic = await firstTopic();
    const a = await post('/v1/quan/publish', { content: '第一条', HotTagsId: topic.id }, reader.headers);
    expect(a.statusCode).toBe(200);
    const b = await post('/v1/quan/publish', { content: '第二条', HotTagsId: topic.id }, reader.headers);
    expect(b.statusCode).toBe(429);
  });

  it('with review before publish on, a post is pending: seen by its author only, marked pending', async () => {
    await t.database.db
      .insert(appConfig)
      .values({ key: REVIEW_SETTING_KEY, value: true })
      .onConflictDoUpdate({ target: appConfig.key, set: { value: true } });
    try {
      const reader = await createTestUser(t.database);
      const topic = await firstTopic();
      const res = await post<Post>('/v1/quan/publish', { content: '洪崖洞今晚人好多', HotTagsId: topic.id }, reader.headers);
      expect(res.message).toBe('发布成功，审核通过后将公开显示');
      expect(res.data.reviewState).toBe('pending');
      const anonymous = await get<Post[]>('/v1/quan/getQuanInfo?page=1&pageSize=10');
      expect(anonymous.data.map((p) => p.id)).not.toContain(res.data.id);
      const mine = await get<Post[]>('/v1/quan/getQuanInfo?page=1&pageSize=10', reader.headers);
      expect(mine.data.find((p) => p.id === res.data.id)?.reviewState).toBe('pending');
      const other = await createTestUser(t.database);
      expect((await get(`/v1/quan/getDetail?newsId=${res.data.id}`, other.headers)).statusCode).toBe(404);
      // Others can neither like nor comment on it.
      const like = await post('/v1/like/do', { from: 'quan', classId: res.data.classId, newsId: res.data.id, type: 1 }, other.headers);
      expect(like.statusCode).toBe(100);
      const info = await get<Topic>(`/api/topic/getThemeInfo?themeId=${topic.id}`);
      expect(info.data.contentCount).toBe(topic.contentCount);
    } finally {
      await t.database.db.delete(appConfig).where(eq(appConfig.key, REVIEW_SETTING_KEY));
    }
  });
});

describe('likes and comments of posts (from=quan through the shared calls)', () => {
  it('a like: voteType and +1 the first time, the server message on a repeat; concurrent likes count once', async () => {
    const reader = await createTestUser(t.database);
    const feed = await get<Post[]>('/v1/quan/getQuanInfo?page=2&pageSize=5');
    const p = feed.data[0]!;
    const body = { from: 'quan', classId: p.classId, newsId: p.id, type: 1 };
    const results = await Promise.all(Array.from({ length: 5 }, () => post<LikeResult>('/v1/like/do', body, reader.headers)));
    expect(results.every((r) => r.statusCode === 200 && r.data.voteType === 1)).toBe(true);
    expect(results.filter((r) => r.message === '点赞成功').length).toBe(1);
    const rows = await t.database.db
      .select()
      .from(likes)
      .where(and(eq(likes.kind, 'quan_post'), eq(likes.targetId, p.id), eq(likes.userId, reader.userId)));
    expect(rows.length).toBe(1);
    const detail = await get<Post>(`/v1/quan/getDetail?classId=${p.classId}&newsId=${p.id}`, reader.headers);
    expect(detail.data.like).toBe(p.like + 1);
    expect(detail.data.isDoLike).toBe(1);
    const again = await post<LikeResult>('/v1/like/do', body, reader.headers);
    expect(again.message).toBe('你已经点过赞了');
    // A post named with another topic than its own is not found.
    const wrong = await post('/v1/like/do', { ...body, classId: p.classId + 1000 }, reader.headers);
    expect(wrong.statusCode).toBe(100);
  });

  it('comments: list, post, count moves; the feed shows the newest two; a comment like (type 2)', async () => {
    const reader = await createTestUser(t.database);
    const feed = await get<Post[]>('/v1/quan/getQuanInfo?page=3&pageSize=5');
    const p = feed.data[0]!;
    const target = `from=quan&classId=${p.classId}&newsId=${p.id}`;
    const before = await get<CommentItem[]>(`/v1/comment/getList?${target}&page=1`);
    expect(before.statusCode).toBe(200);
    expect(before.data.length).toBe(p.commentCount);
    const sent = await post<CommentReply>('/v1/comment/store', { from: 'quan', classId: p.classId, newsId: p.id, sayText: '<b>说得好</b>' }, reader.headers);
    expect(sent.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(comments).where(eq(comments.id, sent.data.id));
    expect(row).toMatchObject({ scope: 'quan', newsId: p.id, classId: p.classId, text: '<b>说得好</b>' });
    const detail = await get<Post>(`/v1/quan/getDetail?classId=${p.classId}&newsId=${p.id}`);
    expect(detail.data.commentCount).toBe(p.commentCount + 1);
    expect(detail.data.comments[0]).toMatchObject({ id: sent.data.id, sayText: '<b>说得好</b>' });
    const liker = await createTestUser(t.database);
    const like = await post<LikeResult>('/v1/like/do', { from: 'quan', classId: p.classId, newsId: p.id, commentId: sent.data.id, type: 2 }, liker.headers);
    expect(like.statusCode).toBe(200);
    expect(like.data.likeNum).toBe(1);
    // The same comment is not an article's comment.
    const asNews = await post('/v1/like/do', { classId: p.classId, newsId: p.id, commentId: sent.data.id, type: 2 }, liker.headers);
    expect(asNews.statusCode).toBe(100);
    const del = await post('/v1/comment/deleteComment', { plId: sent.data.id }, reader.headers);
    expect(del.statusCode).toBe(200);
    const after = await get<Post>(`/v1/quan/getDetail?classId=${p.classId}&newsId=${p.id}`);
    expect(after.data.commentCount).toBe(p.commentCount);
  });
});
