/** Likes and comments (ADR 007; spec 4, 5, 7.3, 7.4; security.md E34–E37, F40–F46, G52, J76–J79, M97–M101). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { news } from '../../src/server/db/schema/core.ts';
import { newsDetailExtras } from '../../src/server/db/schema/detail.ts';
import { comments, likes } from '../../src/server/db/schema/interaction.ts';
import type { CommentItem, CommentReply } from '../../src/contract/interaction.ts';
import { createTestApp, envelope, postFormOrJson, type TestApp } from '../support/testApp.ts';
import { createTestUser, createTestUsers, type TestUser } from '../support/testUsers.ts';
import { approveOnDesk } from '../support/desk.ts';
import { users } from '../../src/server/db/schema/accounts.ts';
import { listCommentsService, listRepliesService } from '../../src/server/interaction/service.ts';
import { watchedDb as watchedDbOf } from '../support/watchedDb.ts';

let t: TestApp;
/** Articles picked from the demo seed by their flags. */
let open: { id: number; classId: number };
let other: { id: number; classId: number };
let noLike: { id: number; classId: number };
let closed: { id: number; classId: number };

async function pick(where: ReturnType<typeof and>, skip = 0): Promise<{ id: number; classId: number }> {
  const rows = await t.database.db
    .select({ id: news.id, classId: news.classId })
    .from(news)
    .leftJoin(newsDetailExtras, eq(newsDetailExtras.newsId, news.id))
    .where(where)
    .orderBy(news.id)
    .limit(1)
    .offset(skip);
  return rows[0]!;
}

const usable = and(eq(news.dataType, 3), eq(news.permission, 0), eq(news.allowPl, true), sql`coalesce(${newsDetailExtras.hideComments}, false) = false`);
/** Usable articles the demo seed gave no readers' comments (it comments most articles). */
const uncommented = and(usable, sql`not exists (select 1 from comments c where c.scope = 'news' and c.news_id = ${news.id})`);

beforeAll(async () => {
  t = await createTestApp();
  open = await pick(usable);
  other = await pick(usable, 1);
  noLike = await pick(and(eq(news.dataType, 3), eq(news.permission, 8)));
  closed = await pick(and(eq(news.dataType, 3), eq(news.allowPl, false)));
});
afterAll(async () => {
  await t.close();
});

function post(path: string, body: Record<string, unknown> | string, headers: Record<string, string> = {}): Promise<Response> {
  return postFormOrJson(t.app, path, body, headers);
}

function get(path: string, headers: Record<string, string> = {}): Promise<Response> {
  return Promise.resolve(t.app.request(path, { headers }));
}

async function newsRow(id: number) {
  const [row] = await t.database.db.select().from(news).where(eq(news.id, id));
  return row!;
}

async function comment(user: TestUser, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return envelope<CommentReply>(await post('/v1/comment/store', { classId: open.classId, newsId: open.id, ...body }, { ...user.headers, ...headers }));
}

/** A comment that is then approved on the moderation desk (news comments are reviewed before publication by default). */
async function published(user: TestUser, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  const answer = await comment(user, body, headers);
  if (answer.statusCode === 200) {
    expect(answer.data.reviewState).toBe('pending');
    await approveOnDesk(t.database, answer.data.id);
  }
  return answer;
}

/** Posts through `path` and approves the comment on the desk; the answer as posted. */
async function postPublished(path: string, body: Record<string, unknown>, headers: Record<string, string>) {
  const answer = await envelope<CommentReply>(await post(path, body, headers));
  if (answer.statusCode === 200) await approveOnDesk(t.database, answer.data.id);
  return answer;
}

describe('POST /v1/like/do', () => {
  it('answers 301 with the login message for an anonymous caller, and changes nothing', async () => {
    const before = await newsRow(open.id);
    const res = await post('/v1/like/do', { classId: open.classId, newsId: open.id, type: 1 });
    expect(res.status).toBe(200);
    expect(await envelope(res)).toEqual({ statusCode: 301, message: '未登录或登录过期，请重新登录', data: null });
    expect((await newsRow(open.id)).likeNum).toBe(before.likeNum);
  });

  it('likes an article once: 100 concurrent calls by one reader add one row and +1', async () => {
    const user = await createTestUser(t.database);
    const before = (await newsRow(open.id)).likeNum;
    const answers = await Promise.all(
      Array.from({ length: 100 }, () =>
        post('/v1/like/do', `classId=${open.classId}&newsId=${open.id}&type=1`, user.headers).then((r) => envelope<{ voteType: number; likeNum: number }>(r)),
      ),
    );
    const rows = await t.database.db
      .select()
      .from(likes)
      .where(and(eq(likes.userId, user.userId), eq(likes.kind, 'news'), eq(likes.targetId, open.id)));
    expect(rows).toHaveLength(1);
    expect((await newsRow(open.id)).likeNum).toBe(before + 1);
    expect(answers.filter((a) => a.message === '点赞成功')).toHaveLength(1);
    // Every other answer is either "already liked" or the rate limit, never a second like.
    for (const a of answers) expect(['点赞成功', '你已经点过赞了', '操作过于频繁，请稍后再试']).toContain(a.message);
  });

  it('answers a retried like with statusCode 200 and the already-liked message, changing nothing', async () => {
    const user = await createTestUser(t.database);
    const first = await envelope<{ voteType: number; likeNum: number }>(
      await post('/v1/like/do', { classId: other.classId, newsId: other.id, type: 1 }, user.headers),
    );
    expect(first.statusCode).toBe(200);
    expect(first.message).toBe('点赞成功');
    expect(first.data.voteType).toBe(1);
    const again = await envelope<{ voteType: number; likeNum: number }>(
      await post('/api/praise/AddPraise', { classId: other.classId, newsId: other.id, type: 1 }, user.headers),
    );
    expect(again).toEqual({ statusCode: 200, message: '你已经点过赞了', data: { voteType: 1, likeNum: first.data.likeNum } });
    expect((await newsRow(other.id)).likeNum).toBe(first.data.likeNum);
  });

  it('counts 50 readers liking in parallel as exactly 50', async () => {
    const users = await createTestUsers(t.database, 50);
    const target = await pick(usable, 5);
    const before = (await newsRow(target.id)).likeNum;
    const answers = await Promise.all(
      users.map((u) => post('/v1/like/do', { classId: target.classId, newsId: target.id, type: 1 }, u.headers).then((r) => envelope(r))),
    );
    expect(answers.every((a) => a.statusCode === 200 && a.message === '点赞成功')).toBe(true);
    expect((await newsRow(target.id)).likeNum).toBe(before + 50);
    const [count] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(likes)
      .where(and(eq(likes.kind, 'news'), eq(likes.targetId, target.id)));
    expect(count!.n).toBe(50);
  });

  it('refuses a like where permission bit 8 hides the like button', async () => {
    const user = await createTestUser(t.database);
    const before = (await newsRow(noLike.id)).likeNum;
    const a = await envelope(await post('/v1/like/do', { classId: noLike.classId, newsId: noLike.id, type: 1 }, user.headers));
    expect(a).toEqual({ statusCode: 100, message: '该内容不支持点赞', data: null });
    expect((await newsRow(noLike.id)).likeNum).toBe(before);
  });

  it.each([
    ['an unknown article', { classId: 1, newsId: 999999, type: 1 }, 100],
    ['a class id that is not the article’s', { classId: 424242, newsId: 1, type: 1 }, 100],
    ['an unknown comment', { commentId: 999999, type: 2 }, 100],
    ['an unknown Q&A answer', { bangId: 999999, type: 6 }, 100],
    ['an unknown politics item (from=bang)', { newsId: 999999, type: 1, from: 'bang' }, 100],
    ['type 4', { classId: 1, newsId: 1, type: 4 }, 400],
    ['a newsId of "1e3"', { classId: 1, newsId: '1e3', type: 1 }, 400],
    ['a newsId that is an object', { classId: 1, newsId: { $gt: '' }, type: 1 }, 400],
  ])('refuses %s', async (_name, body, statusCode) => {
    const user = await createTestUser(t.database);
    const a = await envelope(await post('/v1/like/do', body, user.headers));
    expect(a.statusCode).toBe(statusCode);
    const rows = await t.database.db.select().from(likes).where(eq(likes.userId, user.userId));
    expect(rows).toHaveLength(0);
  });

  it('likes a comment (type 2) once and shows it as liked to that reader only', async () => {
    const author = await createTestUser(t.database);
    const fan = await createTestUser(t.database);
    const c = await published(author, { sayText: '值得一赞的评论' });
    expect(c.statusCode).toBe(200);
    const a = await envelope<{ likeNum: number }>(
      await post('/v1/like/do', { classId: open.classId, newsId: open.id, commentId: c.data.id, type: 2 }, fan.headers),
    );
    expect(a.statusCode).toBe(200);
    expect(a.data.likeNum).toBe(1);
    await post('/v1/like/do', { commentId: c.data.id, type: 2 }, fan.headers);
    const forFan = await envelope<CommentItem[]>(await get(`/v1/comment/getList?classId=${open.classId}&newsId=${open.id}`, fan.headers));
    const seen = forFan.data.find((x) => x.id === c.data.id)!;
    expect(seen.zcNum).toBe(1);
    expect(seen.isDoLike).toBe(1);
    const forAuthor = await envelope<CommentItem[]>(await get(`/v1/comment/getList?classId=${open.classId}&newsId=${open.id}`, author.headers));
    expect(forAuthor.data.find((x) => x.id === c.data.id)!.isDoLike).toBe(0);
  });
});

describe('GET /v1/like/state', () => {
  it('tells the bar whether this reader liked the article, with fresh counts', async () => {
    const user = await createTestUser(t.database);
    const target = await pick(usable, 7);
    const anon = await envelope<{ isDoLike: number; doLikeNum: number }>(await get(`/v1/like/state?classId=${target.classId}&newsId=${target.id}`));
    expect(anon.data.isDoLike).toBe(0);
    await post('/v1/like/do', { classId: target.classId, newsId: target.id, type: 1 }, user.headers);
    const mine = await envelope<{ isDoLike: number; doLikeNum: number }>(
      await get(`/v1/like/state?classId=${target.classId}&newsId=${target.id}`, user.headers),
    );
    expect(mine.data).toMatchObject({ isDoLike: 1, doLikeNum: anon.data.doLikeNum + 1 });
  });
});

describe('POST /v1/comment/store', () => {
  it('answers 301 for an anonymous caller and stores nothing', async () => {
    const before = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(comments);
    const a = await envelope(await post('/v1/comment/store', { classId: open.classId, newsId: open.id, sayText: '匿名评论' }));
    expect(a.statusCode).toBe(301);
    const after = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(comments);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('stores a trimmed comment held for review (先审后发): its author sees it 审核中, nobody else until it is approved, then it is counted and listed first', async () => {
    const user = await createTestUser(t.database, '山城读者');
    const before = (await newsRow(open.id)).commentCount;
    const a = await comment(user, { sayText: '  解放碑的夜景真好看  ' });
    expect(a.statusCode).toBe(200);
    expect(a.message).toBe('评论成功，审核通过后将公开显示');
    expect(a.data).toMatchObject({
      sayText: '解放碑的夜景真好看',
      nickname: '山城读者',
      belongMyself: 1,
      pId: 0,
      grandPid: 0,
      userId: user.userId,
      reviewState: 'pending',
    });
    expect((await newsRow(open.id)).commentCount).toBe(before);
    const url = `/v1/comment/getList?classId=${open.classId}&newsId=${open.id}`;
    expect((await envelope<CommentItem[]>(await get(url))).data.some((x) => x.id === a.data.id)).toBe(false);
    expect((await envelope<CommentItem[]>(await get(url, user.headers))).data[0]).toMatchObject({ id: a.data.id, belongMyself: 1, reviewState: 'pending' });
    const mine = await envelope<{ id: number; state: string }[]>(await get('/api/mine/comments?page=1', user.headers));
    expect(mine.data.find((x) => x.id === a.data.id)?.state).toBe('审核中');

    await approveOnDesk(t.database, a.data.id);
    expect((await newsRow(open.id)).commentCount).toBe(before + 1);
    const list = await envelope<CommentItem[]>(await get(url));
    expect(list.data[0]).toMatchObject({ id: a.data.id, belongMyself: 0, subComments: [], hasMoreSubComments: false, reviewState: 'approved' });
  });

  it('ignores mass-assigned fields: author, flags and counts come from the server', async () => {
    const user = await createTestUser(t.database, '真实昵称');
    const a = await comment(user, {
      sayText: '我只是普通读者',
      userId: 1,
      nickname: '记者',
      userPic: 'https://evil.example/x.png',
      belongMyself: 1,
      isGood: 1,
      zcNum: 999,
      rsNum: 50,
      region: '北京',
      label: '官方',
      userType: 1,
    });
    expect(a.statusCode).toBe(200);
    expect(a.data).toMatchObject({ userId: user.userId, nickname: '真实昵称', userPic: '', isGood: 0, zcNum: 0, rsNum: 0, region: '', label: '' });
  });

  it('stores HTML and script as plain text, unchanged', async () => {
    const user = await createTestUser(t.database);
    const text = '<img src=x onerror=alert(1)> "><svg onload=alert(2)> {{7*7}} ${7*7}';
    const a = await comment(user, { sayText: text });
    expect(a.statusCode).toBe(200);
    expect(a.data.sayText).toBe(text);
  });

  it.each([
    ['empty text', '', '评论内容不能为空'],
    ['only spaces', '   \n ', '评论内容不能为空'],
    ['501 code points', '字'.repeat(501), '评论内容不能超过 500 个字'],
    ['a NUL byte', 'abc\u0000def', '评论内容包含非法字符'],
    ['a lone surrogate', 'abc\uD800', '评论内容包含非法字符'],
  ])('refuses %s with HTTP 400 and a Chinese message', async (_name, sayText, message) => {
    const user = await createTestUser(t.database);
    const res = await post('/v1/comment/store', { classId: open.classId, newsId: open.id, sayText }, user.headers);
    expect(res.status).toBe(400);
    const a = await envelope(res);
    expect(a.message).toContain(message);
    const rows = await t.database.db.select().from(comments).where(eq(comments.userId, user.userId));
    expect(rows).toHaveLength(0);
  });

  it('accepts 500 emoji (500 code points, 1,000 UTF-16 units) and keeps them unchanged', async () => {
    const user = await createTestUser(t.database);
    const text = '😀'.repeat(500);
    const a = await comment(user, { sayText: text });
    expect(a.statusCode).toBe(200);
    expect(a.data.sayText).toBe(text);
  });

  it('refuses comments where allowPl is false (the server enforces it, not only the page)', async () => {
    const user = await createTestUser(t.database);
    const a = await envelope(await post('/v1/comment/store', { classId: closed.classId, newsId: closed.id, sayText: '关闭评论也要说' }, user.headers));
    expect(a).toEqual({ statusCode: 403, message: '该内容暂不开放评论', data: null });
  });

  it('refuses an unknown article and a forged class id', async () => {
    const user = await createTestUser(t.database);
    const a = await envelope(await post('/v1/comment/store', { classId: open.classId, newsId: 999999, sayText: '不存在' }, user.headers));
    expect(a.statusCode).toBe(404);
    const b = await envelope(await post('/v1/comment/store', { classId: 424242, newsId: open.id, sayText: '错栏目' }, user.headers));
    expect(b.statusCode).toBe(404);
  });

  it('refuses the same text twice within 5 minutes, and a second post within 5 s', async () => {
    const user = await createTestUser(t.database);
    expect((await comment(user, { sayText: '重复的话说一次就好' })).statusCode).toBe(200);
    expect(await comment(user, { sayText: '重复的话说一次就好' })).toEqual({ statusCode: 100, message: '请勿重复发表相同的内容', data: null });
    expect(await comment(user, { sayText: '换一句话马上再发' })).toEqual({ statusCode: 429, message: '操作过于频繁，请稍后再试', data: null });
  });

  it('refuses picture URLs that were not uploaded by this reader', async () => {
    const user = await createTestUser(t.database);
    const a = await comment(user, { sayText: '带图', conpic: ['https://evil.example/a.jpg'] });
    expect(a).toEqual({ statusCode: 400, message: '图片无效，请重新上传', data: null });
    const b = await comment(user, { sayText: '带图', conpic: Array.from({ length: 10 }, (_, i) => `/media/comments/${user.userId}/${i}.jpg`) });
    expect(b.statusCode).toBe(400);
    expect(b.message).toContain('图片最多 9 张');
  });

  describe('Idempotency-Key', () => {
    it('answers a retry with the same key and body with the same comment, storing one', async () => {
      const user = await createTestUser(t.database);
      const headers = { 'idempotency-key': 'retry-key-0001' };
      const first = await comment(user, { sayText: '网络不好重发了' }, headers);
      const second = await comment(user, { sayText: '网络不好重发了' }, headers);
      expect(first.statusCode).toBe(200);
      expect(second).toEqual(first);
      const rows = await t.database.db.select().from(comments).where(eq(comments.userId, user.userId));
      expect(rows).toHaveLength(1);
    });

    it('refuses the same key with another body (422) and a malformed key (400)', async () => {
      const user = await createTestUser(t.database);
      const headers = { 'idempotency-key': 'retry-key-0002' };
      expect((await comment(user, { sayText: '第一版' }, headers)).statusCode).toBe(200);
      expect(await comment(user, { sayText: '第二版' }, headers)).toEqual({ statusCode: 422, message: '该 Idempotency-Key 已用于其他内容', data: null });
      expect((await comment(user, { sayText: '坏钥匙' }, { 'idempotency-key': 'bad key!' })).statusCode).toBe(400);
    });

    it('stores one comment when the same keyed request races itself', async () => {
      const user = await createTestUser(t.database);
      const headers = { 'idempotency-key': 'race-key-00003' };
      const answers = await Promise.all(Array.from({ length: 5 }, () => comment(user, { sayText: '并发重试' }, headers)));
      const rows = await t.database.db.select().from(comments).where(eq(comments.userId, user.userId));
      expect(rows).toHaveLength(1);
      // Each answer is the stored comment, or the 5 s limit for a copy that lost the race before the key existed.
      for (const a of answers) expect(a.statusCode === 429 || a.data?.id === rows[0]!.id).toBe(true);
    });
  });
});

describe('replies', () => {
  it('threads replies: subComments, hasMoreSubComments, beCommenter, getListByParentId', async () => {
    const [a, b, c, d] = await createTestUsers(t.database, 4);
    const root = (await published(a!, { sayText: '楼主：洪崖洞人太多了' })).data;
    const r1 = await published(b!, { plId: root.id, sayText: '一楼回复' });
    expect(r1.data).toMatchObject({ grandPid: root.id, pId: root.id, beCommenter: '' });
    const r2 = await published(c!, { plId: root.id, pId: r1.data.id, sayText: '回复一楼' });
    expect(r2.data).toMatchObject({ grandPid: root.id, pId: r1.data.id, beCommenter: b!.nickname });
    // pId alone finds the thread.
    const r3 = await published(d!, { pId: r2.data.id, sayText: '只给 pId 也行' });
    expect(r3.data.grandPid).toBe(root.id);

    const list = await envelope<CommentItem[]>(await get(`/v1/comment/getList?classId=${open.classId}&newsId=${open.id}`, a!.headers));
    const item = list.data.find((x) => x.id === root.id)!;
    expect(item.rsNum).toBe(3);
    expect(item.subComments.map((s) => s.id)).toEqual([r1.data.id, r2.data.id]);
    expect(item.hasMoreSubComments).toBe(true);
    expect(item.belongMyself).toBe(1);
    expect(item.subComments[0]!.belongMyself).toBe(0);

    const all = await envelope<{ comment: CommentItem; list: CommentReply[] }>(
      await get(`/v1/comment/getListByParentId?classId=${open.classId}&newsId=${open.id}&plId=${root.id}`),
    );
    expect(all.data.comment.id).toBe(root.id);
    expect(all.data.list.map((s) => s.id)).toEqual([r1.data.id, r2.data.id, r3.data.id]);
  });

  it('names each writer from the comment reads themselves, and whom a reply answers when that reply is not shown', async () => {
    const target = await pick(uncommented, 2);
    const [a, b, c, d] = await createTestUsers(t.database, 4);
    const on = { classId: target.classId, newsId: target.id };
    const root = (await postPublished('/v1/comment/store', { ...on, sayText: '楼主：轻轨穿楼' }, a!.headers)).data;
    const r1 = (await postPublished('/v1/comment/store', { ...on, plId: root.id, sayText: '第一条回复' }, b!.headers)).data;
    await postPublished('/v1/comment/store', { ...on, plId: root.id, sayText: '第二条回复' }, c!.headers);
    // Answers the first reply, and is the third: past the two replies a list shows under its comment.
    await postPublished('/v1/comment/store', { ...on, plId: root.id, pId: r1.id, sayText: '回复第一条' }, d!.headers);
    await t.database.db.update(users).set({ nickname: '改名后的楼主' }).where(eq(users.id, a!.userId));

    const seen: string[] = [];
    const list = await listCommentsService(watchedDbOf(t.database, seen), null, { scope: 'news', ...on }, { page: 1, pageSize: 5, maxId: undefined });
    expect(list.map((x) => [x.nickname, x.subComments.map((s) => [s.nickname, s.beCommenter])])).toEqual([
      [
        '改名后的楼主',
        [
          [b!.nickname, ''],
          [c!.nickname, ''],
        ],
      ],
    ]);
    // The item, beside its comments and their first replies with their writers in one read: no read of profiles after.
    expect(seen.filter((q) => /from "users"/.test(q) && !/from "comments"/.test(q))).toEqual([]);
    expect(seen).toHaveLength(2);

    const all = await envelope<{ list: CommentReply[] }>(await get(`/v1/comment/getListByParentId?classId=${on.classId}&newsId=${on.newsId}&plId=${root.id}`));
    expect(all.data.list.map((s) => [s.nickname, s.beCommenter])).toEqual([
      [b!.nickname, ''],
      [c!.nickname, ''],
      [d!.nickname, b!.nickname],
    ]);

    // The reply page: the item, the root and its replies, each with its writer — three reads, no read of profiles.
    const onReplies: string[] = [];
    const thread = await listRepliesService(watchedDbOf(t.database, onReplies), null, { scope: 'news', ...on }, root.id, {
      page: 1,
      pageSize: 20,
      maxId: undefined,
    });
    expect(thread.comment.nickname).toBe('改名后的楼主');
    expect(thread.list.map((s) => [s.nickname, s.beCommenter])).toEqual(all.data.list.map((s) => [s.nickname, s.beCommenter]));
    expect(onReplies.filter((q) => /from "users"/.test(q) && !/from "comments"/.test(q))).toEqual([]);
    expect(onReplies).toHaveLength(3);
  });

  it('refuses replies across articles, to unknown ids and to deleted comments', async () => {
    const [a, b] = await createTestUsers(t.database, 2);
    const root = (await published(a!, { sayText: '别的文章的评论' })).data;
    const across = await envelope(
      await post('/v1/comment/store', { classId: other.classId, newsId: other.id, plId: root.id, sayText: '跨文章回复' }, b!.headers),
    );
    expect(across).toEqual({ statusCode: 404, message: '回复的评论不存在或已删除', data: null });
    expect((await comment(b!, { plId: 99999999, sayText: '伪造的 id' })).statusCode).toBe(404);
    const reply = (await published(b!, { plId: root.id, sayText: '先回复一条' })).data;
    // A reply's id is not a thread root.
    const c = await createTestUser(t.database);
    expect((await comment(c, { plId: reply.id, sayText: '把回复当楼主' })).statusCode).toBe(404);
    await post('/v1/comment/deleteComment', { plId: root.id }, a!.headers);
    const d = await createTestUser(t.database);
    expect(await comment(d, { plId: root.id, sayText: '回复已删除的' })).toEqual({ statusCode: 404, message: '回复的评论不存在或已删除', data: null });
  });
});

describe('POST /v1/comment/deleteComment', () => {
  it('deletes only the author’s own comment; someone else is refused and the row is unchanged', async () => {
    const [owner, stranger] = await createTestUsers(t.database, 2);
    const c = (await published(owner!, { sayText: '要删除的评论' })).data;
    const countBefore = (await newsRow(open.id)).commentCount;
    const refused = await envelope(await post('/v1/comment/deleteComment', `plId=${c.id}`, stranger!.headers));
    expect(refused).toEqual({ statusCode: 403, message: '只能删除自己的评论', data: null });
    const [row] = await t.database.db.select().from(comments).where(eq(comments.id, c.id));
    expect(row!.deletedAt).toBeNull();
    expect((await newsRow(open.id)).commentCount).toBe(countBefore);

    const done = await envelope<{ commentCount: number }>(await post('/v1/comment/deleteComment', `plId=${c.id}`, owner!.headers));
    expect(done.statusCode).toBe(200);
    expect(done.message).toBe('删除成功！');
    expect(done.data.commentCount).toBe(countBefore - 1);
    const list = await envelope<CommentItem[]>(await get(`/v1/comment/getList?classId=${open.classId}&newsId=${open.id}&pageSize=50`));
    expect(list.data.some((x) => x.id === c.id)).toBe(false);
    expect((await envelope(await post('/v1/comment/deleteComment', `plId=${c.id}`, owner!.headers))).statusCode).toBe(404);
  });

  it('deleting a thread removes its replies from the count', async () => {
    const [a, b] = await createTestUsers(t.database, 2);
    const root = (await published(a!, { sayText: '有回复的楼' })).data;
    await published(b!, { plId: root.id, sayText: '楼下回复' });
    const before = (await newsRow(open.id)).commentCount;
    await post('/v1/comment/deleteComment', { plId: root.id }, a!.headers);
    expect((await newsRow(open.id)).commentCount).toBe(before - 2);
    const live = await t.database.db
      .select()
      .from(comments)
      .where(and(eq(comments.rootId, root.id), isNull(comments.deletedAt)));
    expect(live).toHaveLength(0);
  });

  it('allows at most 2 deletes a minute', async () => {
    const user = await createTestUser(t.database);
    // Written directly as the author: the 5 s post interval would otherwise slow this test down.
    const rows = await t.database.db
      .insert(comments)
      .values([1, 2, 3].map((i) => ({ classId: open.classId, newsId: open.id, userId: user.userId, text: `第${i}条` })))
      .returning({ id: comments.id });
    const answers = [];
    for (const { id } of rows) answers.push((await envelope(await post('/v1/comment/deleteComment', { plId: id }, user.headers))).statusCode);
    expect(answers).toEqual([200, 200, 429]);
    const [third] = await t.database.db.select().from(comments).where(eq(comments.id, rows[2]!.id));
    expect(third!.deletedAt).toBeNull();
  });
});

describe('GET /v1/comment/getList paging', () => {
  it('names a malformed item id in plain Chinese, for news and bangbang items alike', async () => {
    for (const [query, field] of [
      [`classId=${open.classId}&newsId=abc`, '内容编号'],
      [`classId=${open.classId}&newsId=-5`, '内容编号'],
      ['from=bang&classid=2&id=abc', '编号'],
    ] as const) {
      expect(await envelope(await get(`/v1/comment/getList?${query}`))).toEqual({ statusCode: 400, message: `参数错误: ${field}必须是正整数`, data: null });
    }
  });

  it('keeps pages stable with maxId while new comments arrive', async () => {
    const target = await pick(uncommented);
    const users = await createTestUsers(t.database, 5);
    for (const [i, u] of users.entries()) {
      await postPublished('/v1/comment/store', { classId: target.classId, newsId: target.id, sayText: `第${i}条` }, u.headers);
    }
    const url = `/v1/comment/getList?classId=${target.classId}&newsId=${target.id}&pageSize=2`;
    const p1 = await envelope<CommentItem[]>(await get(`${url}&page=1`));
    const maxId = p1.data[0]!.id;
    const late = await createTestUser(t.database);
    await postPublished('/v1/comment/store', { classId: target.classId, newsId: target.id, sayText: '读的时候新来的' }, late.headers);
    const p2 = await envelope<CommentItem[]>(await get(`${url}&page=2&maxId=${maxId}`));
    const p3 = await envelope<CommentItem[]>(await get(`${url}&page=3&maxId=${maxId}`));
    const p4 = await envelope<CommentItem[]>(await get(`${url}&page=4&maxId=${maxId}`));
    const seen = [...p1.data, ...p2.data, ...p3.data].map((x) => x.sayText);
    expect(seen).toEqual(['第4条', '第3条', '第2条', '第1条', '第0条']);
    expect(p4.data).toEqual([]);
  });

  it.each([['page=0'], ['pageSize=100000'], ['newsId=1%20OR%201=1'], ['maxId=-1']])('refuses %s with 400', async (bad) => {
    const res = await get(`/v1/comment/getList?classId=${open.classId}&newsId=${open.id}&${bad}`.replace(/newsId=\d+&newsId/, 'newsId'));
    expect(res.status).toBe(400);
  });
});

describe('/api/bv/comment', () => {
  it('publishes, lists, lists replies and deletes with the same rules as /v1/comment', async () => {
    const [a, b] = await createTestUsers(t.database, 2);
    const target = await pick(uncommented, 1);
    const q = `classId=${target.classId}&newsId=${target.id}`;
    expect((await envelope(await post('/api/bv/comment/publish', { classId: target.classId, newsId: target.id, sayText: '' }, a!.headers))).statusCode).toBe(
      400,
    );
    const root = await postPublished('/api/bv/comment/publish', { classId: target.classId, newsId: target.id, sayText: '视频评论' }, a!.headers);
    expect(root.statusCode).toBe(200);
    await postPublished('/api/bv/comment/publish', { classId: target.classId, newsId: target.id, plId: root.data.id, sayText: '视频回复' }, b!.headers);
    const list = await envelope<CommentItem[]>(await get(`/api/bv/comment/list?${q}`));
    expect(list.data.map((x) => x.sayText)).toEqual(['视频评论']);
    const single = await envelope<{ list: CommentReply[] }>(await get(`/api/bv/comment/singlelist?${q}&plId=${root.data.id}`));
    expect(single.data.list.map((x) => x.sayText)).toEqual(['视频回复']);
    expect((await envelope(await post('/api/bv/comment/del', { plId: root.data.id }, b!.headers))).statusCode).toBe(403);
    expect((await envelope(await post('/api/bv/comment/del', { plId: root.data.id }, a!.headers))).statusCode).toBe(200);
    expect((await envelope(await post('/api/bv/comment/publish', { classId: target.classId, newsId: target.id, sayText: '匿名' }))).statusCode).toBe(301);
  });
});
