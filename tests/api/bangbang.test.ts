/**
 * The bangbang board (ADR 007; spec 7.3–7.6, 9): the read endpoints of the Q&A and politics detail pages,
 * and the bangbang variants of comments (from=bang, classid, id), likes (types 3 and 6, from=bang) and
 * reports (/v1/bangbang/news/doreport), on the seeded demo board.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Answer, PoliticsDetail, PoliticsListItem, QuestionDetail } from '../../src/contract/bangbang.ts';
import type { CommentItem, CommentReply } from '../../src/contract/interaction.ts';
import { sanitizeHtml } from '../../src/features/richtext/sanitizeHtml.server.ts';
import { BANG_ROOM_CLASS } from '../../src/contract/bangbangRooms.ts';
import { roomKeyOf } from '../../src/server/realtime/roomId.ts';
import { bangAnswers, bangPolitics, bangQuestions } from '../../src/server/db/schema/bangbang.ts';
import { news } from '../../src/server/db/schema/core.ts';
import { comments, likes, reports } from '../../src/server/db/schema/interaction.ts';
import { createTestApp, envelope, postFormOrJson, recordingApp, type TestApp } from '../support/testApp.ts';
import { createTestUser, type TestUser } from '../support/testUsers.ts';

let t: TestApp;
/** Seeded items: a question with answers and comments, another question, a replied and a waiting politics item. */
let question: typeof bangQuestions.$inferSelect;
let quietQuestion: typeof bangQuestions.$inferSelect;
let replied: typeof bangPolitics.$inferSelect;
let waiting: typeof bangPolitics.$inferSelect;

beforeAll(async () => {
  t = await createTestApp();
  const qs = await t.database.db.select().from(bangQuestions).orderBy(bangQuestions.id);
  question = qs[0]!;
  quietQuestion = qs[5]!;
  const ps = await t.database.db.select().from(bangPolitics).orderBy(bangPolitics.id);
  replied = ps.find((p) => p.status === 1)!;
  waiting = ps.find((p) => p.status === 0)!;
});
afterAll(async () => {
  await t.close();
});

function post(path: string, body: Record<string, unknown> | string, headers: Record<string, string> = {}): Promise<Response> {
  return postFormOrJson(t.app, path, body, headers);
}

async function get<T>(path: string, headers: Record<string, string> = {}) {
  return envelope<T>(await t.app.request(path, { headers }));
}

async function questionRow(id: number) {
  return (await t.database.db.select().from(bangQuestions).where(eq(bangQuestions.id, id)))[0]!;
}

async function politicsRow(id: number) {
  return (await t.database.db.select().from(bangPolitics).where(eq(bangPolitics.id, id)))[0]!;
}

/** Posts a bangbang comment as a fresh reader (posts are limited to one per 5 s per reader). */
async function bangComment(item: { classid: 1 | 2; id: number }, body: Record<string, unknown> = {}, user?: TestUser) {
  const author = user ?? (await createTestUser(t.database));
  const res = await envelope<CommentReply>(await post('/v1/comment/store', { from: 'bang', ...item, sayText: '帮帮评论', ...body }, author.headers));
  return { author, res };
}

describe('the seeded board', () => {
  it('has about 20 Q&A questions with answers and 15 politics items, some replied, with counters matching the rows', async () => {
    const qs = await t.database.db.select().from(bangQuestions);
    const ps = await t.database.db.select().from(bangPolitics);
    expect(qs.length).toBeGreaterThanOrEqual(18);
    expect(ps.length).toBeGreaterThanOrEqual(12);
    expect(ps.some((p) => p.status === 1) && ps.some((p) => p.status === 0)).toBe(true);
    for (const q of qs) {
      const answers = await t.database.db.select().from(bangAnswers).where(eq(bangAnswers.questionId, q.id));
      expect(answers.length).toBe(q.answerCount);
      const live = await t.database.db
        .select()
        .from(comments)
        // Public comments only: the moderation desk's demo holds a comment on a question (moderationSeed.ts).
        .where(and(eq(comments.scope, 'bang2'), eq(comments.newsId, q.id), isNull(comments.deletedAt), eq(comments.reviewState, 'approved')));
      expect(live.length).toBe(q.commentCount);
    }
    // Every public question is answered but the two the board seed leaves waiting (ADR 010; the 待回答 tag);
    // the demo reader's question in review (ownItemsSeed.ts) has none yet.
    expect(qs.filter((q) => q.reviewState === 'approved' && q.answerCount === 0).length).toBeLessThanOrEqual(2);
    // Official replies are stored as the one sanitiser leaves them.
    for (const p of ps) expect(p.replyHtml).toBe(sanitizeHtml(p.replyHtml));
  });
});

describe('GET /v1/bangbang/wenda/getAnswerDetail and getAnswerListById', () => {
  it('answers the question with its author and counts, and its answers oldest first', async () => {
    const detail = await get<QuestionDetail>(`/v1/bangbang/wenda/getAnswerDetail?id=${question.id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.data).toMatchObject({ id: question.id, title: question.title, answerCount: question.answerCount, isDoLike: 0 });
    expect(detail.data.nickname).not.toBe('');
    const list = await get<Answer[]>(`/v1/bangbang/wenda/getAnswerListById?id=${question.id}&page=1`);
    expect(list.statusCode).toBe(200);
    expect(list.data.length).toBe(question.answerCount);
    expect(list.data.map((a) => a.id)).toEqual([...list.data.map((a) => a.id)].sort((a, b) => a - b));
    expect(list.data.every((a) => a.bangId === a.id && a.questionId === question.id)).toBe(true);
    expect(list.data.some((a) => a.label === '记者')).toBe(true);
    expect((await get<Answer[]>(`/v1/bangbang/wenda/getAnswerListById?id=${question.id}&page=2`)).data).toEqual([]);
  });

  it.each([
    ['/v1/bangbang/wenda/getAnswerDetail?id=999999', 404, '问题不存在或已删除'],
    ['/v1/bangbang/wenda/getAnswerListById?id=999999', 404, '问题不存在或已删除'],
    ['/v1/bangbang/wenzheng/getDetail?id=999999', 404, '问政内容不存在或已删除'],
  ])('%s is the not-found envelope', async (path, statusCode, message) => {
    expect(await get(path)).toEqual({ statusCode, message, data: null });
  });

  it('spec 2.7 "./detail?id={answerId or item id}": an answer id no question has answers the question it answers', async () => {
    const [maxQuestion] = await t.database.db.select({ id: bangQuestions.id }).from(bangQuestions).orderBy(desc(bangQuestions.id)).limit(1);
    const [answer] = await t.database.db
      .select()
      .from(bangAnswers)
      .where(and(gt(bangAnswers.id, maxQuestion!.id), eq(bangAnswers.reviewState, 'approved'), isNull(bangAnswers.deletedAt)))
      .limit(1);
    const detail = await get<QuestionDetail>(`/v1/bangbang/wenda/getAnswerDetail?id=${answer!.id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.data.id).toBe(answer!.questionId);
    // A question id still means the question.
    expect((await get<QuestionDetail>(`/v1/bangbang/wenda/getAnswerDetail?id=${question.id}`)).data.id).toBe(question.id);
  });

  it('an answer in review opens its question for its answerer only: for anyone else the id is missing', async () => {
    const [maxQuestion] = await t.database.db.select({ id: bangQuestions.id }).from(bangQuestions).orderBy(desc(bangQuestions.id)).limit(1);
    const answerer = await createTestUser(t.database);
    // An id past every question's, so it can only be read as this answer's.
    const [row] = await t.database.db
      .insert(bangAnswers)
      .values({ id: maxQuestion!.id + 100_000, questionId: question.id, userId: answerer.userId, content: '审核中的回答', reviewState: 'pending' })
      .returning();
    expect((await get<QuestionDetail>(`/v1/bangbang/wenda/getAnswerDetail?id=${row!.id}`)).statusCode).toBe(404);
    expect((await get<QuestionDetail>(`/v1/bangbang/wenda/getAnswerDetail?id=${row!.id}`, (await createTestUser(t.database)).headers)).statusCode).toBe(404);
    expect((await get<QuestionDetail>(`/v1/bangbang/wenda/getAnswerDetail?id=${row!.id}`, answerer.headers)).data.id).toBe(question.id);
    await t.database.db.delete(bangAnswers).where(eq(bangAnswers.id, row!.id));
  });

  it.each(['0', '-1', '1e3', 'abc', ''])('an id of %j is refused with a Chinese message', async (id) => {
    const res = await t.app.request(`/v1/bangbang/wenda/getAnswerDetail?id=${id}`);
    expect(res.status).toBe(400);
    expect((await envelope(res)).message).toMatch(/^参数错误: 编号/);
  });
});

describe('GET /v1/bangbang/wenzheng/getDetail', () => {
  it('answers a replied item with its department and sanitised official reply', async () => {
    const a = await get<PoliticsDetail>(`/v1/bangbang/wenzheng/getDetail?id=${replied.id}`);
    expect(a.statusCode).toBe(200);
    expect(a.data).toMatchObject({ id: replied.id, department: replied.department, status: 1, statusText: '已回复' });
    expect(a.data.replyContent).toContain('<p>');
    expect(a.data.replyTime).not.toBe('');
  });

  it('answers a waiting item with an empty reply', async () => {
    const a = await get<PoliticsDetail>(`/v1/bangbang/wenzheng/getDetail?id=${waiting.id}`);
    expect(a.data).toMatchObject({ status: 0, statusText: '待回复', replyContent: '', replyTime: '' });
  });
});

/** Every page of a politics list until the empty page that ends it (never more than `limit` pages). */
async function allPages(path: string, pageSize: number, limit = 20) {
  const pages: PoliticsListItem[][] = [];
  for (let page = 1; page <= limit; page++) {
    const res = await t.app.request(`${path}?page=${page}&pageSize=${pageSize}`);
    expect(res.status).toBe(200);
    const env = await envelope<PoliticsListItem[]>(res);
    expect(env.statusCode).toBe(200);
    pages.push(env.data);
    if (env.data.length === 0) break;
  }
  return pages;
}

describe('GET /v1/bangbang/wenzheng/getNewList and getHotList', () => {
  it('getNewList pages newest first (createdAt, id) to an empty page, each live item once', async () => {
    // Public items only: the demo reader's turned-down 问政 (ownItemsSeed.ts) is theirs alone.
    const live = await t.database.db
      .select()
      .from(bangPolitics)
      .where(and(isNull(bangPolitics.deletedAt), eq(bangPolitics.reviewState, 'approved')));
    const expected = [...live].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id).map((p) => p.id);
    const pages = await allPages('/v1/bangbang/wenzheng/getNewList', 4);
    expect(pages.at(-1)).toEqual([]);
    expect(pages.slice(0, -1).every((p) => p.length > 0 && p.length <= 4)).toBe(true);
    expect(pages.flat().map((i) => i.id)).toEqual(expected);
  });

  it('getHotList pages most viewed first (pv desc, id desc) to an empty page', async () => {
    // Public items only: the demo reader's turned-down 问政 (ownItemsSeed.ts) is theirs alone.
    const live = await t.database.db
      .select()
      .from(bangPolitics)
      .where(and(isNull(bangPolitics.deletedAt), eq(bangPolitics.reviewState, 'approved')));
    const expected = [...live].sort((a, b) => b.pv - a.pv || b.id - a.id).map((p) => p.id);
    const pages = await allPages('/v1/bangbang/wenzheng/getHotList', 6);
    expect(pages.at(-1)).toEqual([]);
    expect(pages.flat().map((i) => i.id)).toEqual(expected);
    const pvs = pages.flat().map((i) => i.pv);
    expect(pvs).toEqual([...pvs].sort((a, b) => b - a));
  });

  it('pages by 10 unless asked, as a public, briefly cacheable answer', async () => {
    const res = await t.app.request('/v1/bangbang/wenzheng/getNewList');
    expect(res.headers.get('cache-control')).toMatch(/^public\b/);
    const first = await envelope<PoliticsListItem[]>(res);
    expect(first.data).toHaveLength(10);
    const second = await get<PoliticsListItem[]>('/v1/bangbang/wenzheng/getNewList?page=2');
    expect(second.data.length).toBeGreaterThan(0);
    expect(second.data.some((i) => first.data.some((f) => f.id === i.id))).toBe(false);
    expect((await get<PoliticsListItem[]>('/v1/bangbang/wenzheng/getNewList?page=50')).data).toEqual([]);
  });

  it('lists an item with its asker, department, status, excerpt and counts, never the reply', async () => {
    const list = (await allPages('/v1/bangbang/wenzheng/getNewList', 50)).flat();
    const item = list.find((i) => i.id === replied.id)!;
    const row = await politicsRow(replied.id);
    expect(item).toMatchObject({
      title: row.title,
      department: row.department,
      status: 1,
      statusText: '已回复',
      pv: row.pv,
      likeNum: row.likeNum,
      commentCount: row.commentCount,
      userId: row.userId,
    });
    expect(item.nickname).not.toBe('');
    expect(item.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(Array.from(item.content).length).toBeLessThanOrEqual(81);
    expect(row.content.replace(/\s+/g, ' ')).toContain(item.content.replace(/…$/, ''));
    expect(item).not.toHaveProperty('replyContent');
    expect(list.find((i) => i.id === waiting.id)).toMatchObject({ status: 0, statusText: '待回复' });
  });

  it('leaves out a deleted item', async () => {
    const [gone] = await t.database.db
      .insert(bangPolitics)
      .values({ userId: replied.userId, title: '已删除的问政', department: '测试部门', deletedAt: new Date() })
      .returning();
    const list = (await allPages('/v1/bangbang/wenzheng/getHotList', 50)).flat();
    expect(list.some((i) => i.id === gone!.id)).toBe(false);
    await t.database.db.delete(bangPolitics).where(eq(bangPolitics.id, gone!.id));
  });

  it.each([
    ['page=0', /^参数错误: 页码从 1 开始/],
    ['page=-1', /^参数错误: 页码/],
    ['page=abc', /^参数错误: 页码/],
    ['page=10001', /^参数错误: 页码过大/],
    ['pageSize=0', /^参数错误: 每页条数至少为 1/],
    ['pageSize=51', /^参数错误: 每页条数不能超过 50/],
  ])('%s is refused with a Chinese message', async (query, message) => {
    for (const path of ['/v1/bangbang/wenzheng/getNewList', '/v1/bangbang/wenzheng/getHotList']) {
      const res = await t.app.request(`${path}?${query}`);
      expect(res.status).toBe(400);
      expect((await envelope(res)).message).toMatch(message);
    }
  });
});

describe('bangbang comments (from=bang)', () => {
  it('lists the seeded comments of a question with their replies, under both paths', async () => {
    const list = await get<CommentItem[]>(`/v1/comment/getList?from=bang&classid=2&id=${question.id}`);
    expect(list.statusCode).toBe(200);
    expect(list.data.length).toBeGreaterThan(0);
    expect(list.data.every((c) => c.newsId === question.id && c.classId === 2)).toBe(true);
    expect(list.data.some((c) => c.subComments.length > 0)).toBe(true);
    const same = await get<CommentItem[]>(`/api/bangbang/comment/bangbanglist?classid=2&id=${question.id}`);
    expect(same.data.map((c) => c.id)).toEqual(list.data.map((c) => c.id));
  });

  it('keeps Q&A and politics comments apart: classid 1 with a question id lists that politics item', async () => {
    const politics = await get<CommentItem[]>(`/v1/comment/getList?from=bang&classid=1&id=${replied.id}`);
    const qa = await get<CommentItem[]>(`/v1/comment/getList?from=bang&classid=2&id=${replied.id}`);
    const ids = new Set(politics.data.map((c) => c.id));
    expect(qa.statusCode === 404 || qa.data.every((c) => !ids.has(c.id))).toBe(true);
  });

  it.each([
    ['classid 3', 'from=bang&classid=3&id=1', /^参数错误: 内容类别/],
    ['no id', 'from=bang&classid=2', /^参数错误: 编号/],
    ['no classid', 'from=bang&id=1', /^参数错误: 内容类别/],
    ['no from and no newsId', 'classid=2&id=1', /^参数错误: 内容类别/],
  ])('refuses %s with a Chinese message', async (_name, qs, message) => {
    const res = await t.app.request(`/v1/comment/getList?${qs}`);
    expect(res.status).toBe(400);
    expect((await envelope(res)).message).toMatch(message);
  });

  it('an unknown item is not found', async () => {
    expect(await get('/v1/comment/getList?from=bang&classid=2&id=999999')).toEqual({ statusCode: 404, message: '内容不存在或已删除', data: null });
  });

  it('needs a login to comment (301) and writes nothing', async () => {
    const before = await questionRow(quietQuestion.id);
    const a = await envelope(await post('/v1/comment/store', { from: 'bang', classid: 2, id: quietQuestion.id, sayText: '匿名' }));
    expect(a.statusCode).toBe(301);
    expect((await questionRow(quietQuestion.id)).commentCount).toBe(before.commentCount);
  });

  it('posts a comment and a reply on a question; the count moves in the same write; HTML stays text', async () => {
    const before = (await questionRow(quietQuestion.id)).commentCount;
    const text = '<script>alert(1)</script><b>不是粗体</b>';
    const { res } = await bangComment({ classid: 2, id: quietQuestion.id }, { sayText: `  ${text}  ` });
    expect(res.statusCode).toBe(200);
    expect(res.data).toMatchObject({ sayText: text, newsId: quietQuestion.id, classId: 2, belongMyself: 1, grandPid: 0 });
    const reply = await bangComment({ classid: 2, id: quietQuestion.id }, { plId: res.data.id, pId: res.data.id, sayText: '回复一下' });
    expect(reply.res.statusCode).toBe(200);
    expect(reply.res.data.grandPid).toBe(res.data.id);
    expect((await questionRow(quietQuestion.id)).commentCount).toBe(before + 2);
    const thread = await get<{ comment: CommentItem; list: CommentReply[] }>(
      `/v1/comment/getListByParentId?from=bang&classid=2&id=${quietQuestion.id}&plId=${res.data.id}`,
    );
    expect(thread.statusCode).toBe(200);
    expect(thread.data.list.map((r) => r.sayText)).toEqual(['回复一下']);
    // The same thread named as a politics item, or under an article, is not found.
    expect((await get(`/v1/comment/getListByParentId?from=bang&classid=1&id=${quietQuestion.id}&plId=${res.data.id}`)).statusCode).toBe(404);
  });

  it('posts on a politics item and counts it there', async () => {
    const before = (await politicsRow(waiting.id)).commentCount;
    const { res } = await bangComment({ classid: 1, id: waiting.id }, { sayText: '希望尽快处理' });
    expect(res.statusCode).toBe(200);
    expect((await politicsRow(waiting.id)).commentCount).toBe(before + 1);
  });

  it.each([
    ['empty text', { sayText: '   ' }, '参数错误: 评论内容不能为空'],
    ['501 characters', { sayText: '帮'.repeat(501) }, '参数错误: 评论内容不能超过 500 个字'],
    ['10 pictures', { conpic: Array.from({ length: 10 }, (_, i) => `/media/comments/1/${i}.png`) }, '参数错误: 图片最多 9 张'],
  ])('refuses %s', async (_name, body, message) => {
    const before = (await questionRow(quietQuestion.id)).commentCount;
    const { res } = await bangComment({ classid: 2, id: quietQuestion.id }, body);
    expect(res).toEqual({ statusCode: 400, message, data: null });
    expect((await questionRow(quietQuestion.id)).commentCount).toBe(before);
  });

  it('ignores mass-assigned author, flags and counts (security.md E35)', async () => {
    const author = await createTestUser(t.database);
    const { res } = await bangComment(
      { classid: 2, id: quietQuestion.id },
      { sayText: '我是谁', userId: 1, nickname: '记者', belongMyself: 0, isGood: 1, zcNum: 999, rsNum: 9, region: '北京', label: '官方' },
      author,
    );
    expect(res.statusCode).toBe(200);
    expect(res.data).toMatchObject({ userId: author.userId, nickname: author.nickname, belongMyself: 1, isGood: 0, zcNum: 0, rsNum: 0, region: '', label: '' });
  });

  it('accepts 500 emoji (code points, not UTF-16 units)', async () => {
    const { res } = await bangComment({ classid: 2, id: quietQuestion.id }, { sayText: '😀'.repeat(500) });
    expect(res.statusCode).toBe(200);
  });

  it('refuses forged ids: a reply to a news comment, to another item’s comment, to a deleted one', async () => {
    const [newsComment] = await t.database.db.select().from(comments).where(eq(comments.scope, 'news')).limit(1);
    const [article] = await t.database.db.select({ id: news.id, classId: news.classId }).from(news).where(eq(news.allowPl, true)).limit(1);
    let target = newsComment?.id;
    if (target === undefined) {
      const author = await createTestUser(t.database);
      const made = await envelope<CommentReply>(
        await post('/v1/comment/store', { classId: article!.classId, newsId: article!.id, sayText: '新闻评论' }, author.headers),
      );
      target = made.data.id;
    }
    const onNews = await bangComment({ classid: 2, id: quietQuestion.id }, { plId: target });
    expect(onNews.res).toEqual({ statusCode: 404, message: '回复的评论不存在或已删除', data: null });

    const elsewhere = await bangComment({ classid: 1, id: waiting.id }, { sayText: '别处的评论' });
    const crossed = await bangComment({ classid: 2, id: quietQuestion.id }, { plId: elsewhere.res.data.id });
    expect(crossed.res.statusCode).toBe(404);

    const gone = await bangComment({ classid: 2, id: quietQuestion.id }, { sayText: '马上删除' });
    expect((await envelope(await post('/v1/comment/deleteComment', { id: gone.res.data.id, from: 'bang' }, gone.author.headers))).statusCode).toBe(200);
    const late = await bangComment({ classid: 2, id: quietQuestion.id }, { plId: gone.res.data.id, pId: gone.res.data.id });
    expect(late.res).toEqual({ statusCode: 404, message: '回复的评论不存在或已删除', data: null });

    const noItem = await bangComment({ classid: 2, id: 999999 });
    expect(noItem.res).toEqual({ statusCode: 404, message: '内容不存在或已删除', data: null });
  });

  it('deletes only the author’s own comment (id=plId&from=bang); the count drops with its replies', async () => {
    const { author, res } = await bangComment({ classid: 2, id: quietQuestion.id }, { sayText: '我的评论' });
    await bangComment({ classid: 2, id: quietQuestion.id }, { plId: res.data.id, sayText: '别人的回复' });
    const before = (await questionRow(quietQuestion.id)).commentCount;

    const stranger = await createTestUser(t.database);
    const refused = await envelope(await post('/v1/comment/deleteComment', `id=${res.data.id}&from=bang`, stranger.headers));
    expect(refused).toEqual({ statusCode: 403, message: '只能删除自己的评论', data: null });
    expect((await questionRow(quietQuestion.id)).commentCount).toBe(before);

    const anonymous = await envelope(await post('/v1/comment/deleteComment', `id=${res.data.id}&from=bang`));
    expect(anonymous.statusCode).toBe(301);

    const done = await envelope<{ plId: number; commentCount: number }>(await post('/v1/comment/deleteComment', `id=${res.data.id}&from=bang`, author.headers));
    expect(done).toEqual({ statusCode: 200, message: '删除成功！', data: { plId: res.data.id, commentCount: before - 2 } });
    expect((await questionRow(quietQuestion.id)).commentCount).toBe(before - 2);
    const again = await envelope(await post('/v1/comment/deleteComment', `id=${res.data.id}&from=bang`, author.headers));
    expect(again.statusCode).toBe(404);
  });

  it('from=bang delete does not reach a news comment, and a missing id is refused in Chinese', async () => {
    const author = await createTestUser(t.database);
    const [article] = await t.database.db.select({ id: news.id, classId: news.classId }).from(news).where(eq(news.allowPl, true)).limit(1);
    const made = await envelope<CommentReply>(
      await post('/v1/comment/store', { classId: article!.classId, newsId: article!.id, sayText: '新闻评论不归帮帮删' }, author.headers),
    );
    expect(made.statusCode).toBe(200);
    expect((await envelope(await post('/v1/comment/deleteComment', { id: made.data.id, from: 'bang' }, author.headers))).statusCode).toBe(404);
    expect(await envelope(await post('/v1/comment/deleteComment', { from: 'bang' }, author.headers))).toEqual({
      statusCode: 400,
      message: '参数错误: 编号不能为空',
      data: null,
    });
  });
});

describe('bangbang likes', () => {
  it('likes a question (type 2, from=bang) once: 20 parallel calls add one row and +1', async () => {
    const user = await createTestUser(t.database);
    const before = (await questionRow(question.id)).likeNum;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        post('/v1/like/do', `newsId=${question.id}&type=2&from=bang`, user.headers).then((r) => envelope<{ likeNum: number }>(r)),
      ),
    );
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(answers.filter((a) => a.message === '点赞成功')).toHaveLength(1);
    expect((await questionRow(question.id)).likeNum).toBe(before + 1);
    const rows = await t.database.db
      .select()
      .from(likes)
      .where(and(eq(likes.userId, user.userId), eq(likes.kind, 'bang_qa')));
    expect(rows).toHaveLength(1);
    const seen = await get<QuestionDetail>(`/v1/bangbang/wenda/getAnswerDetail?id=${question.id}`, user.headers);
    expect(seen.data.isDoLike).toBe(1);
    expect((await get<QuestionDetail>(`/v1/bangbang/wenda/getAnswerDetail?id=${question.id}`)).data.isDoLike).toBe(0);
  });

  it('likes a politics item (type 1, from=bang) and not the article of the same id', async () => {
    const user = await createTestUser(t.database);
    const before = (await politicsRow(replied.id)).likeNum;
    const a = await envelope<{ likeNum: number }>(await post('/v1/like/do', { newsId: replied.id, type: 1, from: 'bang' }, user.headers));
    expect(a).toEqual({ statusCode: 200, message: '点赞成功', data: { voteType: 1, likeNum: before + 1 } });
    const again = await envelope(await post('/v1/like/do', { newsId: replied.id, type: 1, from: 'bang' }, user.headers));
    expect(again.message).toBe('你已经点过赞了');
    expect((await politicsRow(replied.id)).likeNum).toBe(before + 1);
    expect(
      await t.database.db
        .select()
        .from(likes)
        .where(and(eq(likes.userId, user.userId), eq(likes.kind, 'news'))),
    ).toHaveLength(0);
  });

  it('likes an answer by bangId (type 6) and shows it liked to that reader', async () => {
    const user = await createTestUser(t.database);
    const [answer] = await t.database.db.select().from(bangAnswers).where(eq(bangAnswers.questionId, question.id)).orderBy(bangAnswers.id).limit(1);
    const a = await envelope<{ likeNum: number }>(await post('/v1/like/do', { bangId: answer!.id, type: 6 }, user.headers));
    expect(a.data.likeNum).toBe(answer!.likeNum + 1);
    const list = await get<Answer[]>(`/v1/bangbang/wenda/getAnswerListById?id=${question.id}`, user.headers);
    expect(list.data.find((x) => x.id === answer!.id)?.isDoLike).toBe(1);
  });

  it('likes a bangbang comment (type 3, commentId) but not a news comment as type 3', async () => {
    const { res } = await bangComment({ classid: 2, id: question.id }, { sayText: '值得点赞' });
    const fan = await createTestUser(t.database);
    const a = await envelope<{ likeNum: number }>(await post('/v1/like/do', { commentId: res.data.id, type: 3 }, fan.headers));
    expect(a).toMatchObject({ statusCode: 200, data: { likeNum: 1 } });
    const [newsComment] = await t.database.db.select().from(comments).where(eq(comments.scope, 'news')).limit(1);
    if (newsComment) expect((await envelope(await post('/v1/like/do', { commentId: newsComment.id, type: 3 }, fan.headers))).statusCode).toBe(100);
    // A bangbang comment is not a news comment (type 2) either.
    expect((await envelope(await post('/v1/like/do', { commentId: res.data.id, type: 2 }, fan.headers))).statusCode).toBe(100);
  });

  it.each([
    ['an answer (type 6 by bangId, /v1/like/do)', '/v1/like/do', 'answer'],
    ['a bangbang comment (type 3, /api/praise/AddPraise)', '/api/praise/AddPraise', 'comment'],
    ['a politics item (type 1, from=bang, /api/praise/AddPraise)', '/api/praise/AddPraise', 'politics'],
  ] as const)('100 concurrent likes of %s by one reader: one row, +1', async (_name, path, what) => {
    const user = await createTestUser(t.database);
    let body: string;
    let read: () => Promise<number>;
    let kind: string;
    if (what === 'answer') {
      const [answer] = await t.database.db.select().from(bangAnswers).orderBy(bangAnswers.id).limit(1).offset(3);
      body = `bangId=${answer!.id}&type=6`;
      read = async () => (await t.database.db.select().from(bangAnswers).where(eq(bangAnswers.id, answer!.id)))[0]!.likeNum;
      kind = 'bang_answer';
    } else if (what === 'comment') {
      const { res } = await bangComment({ classid: 1, id: replied.id }, { sayText: '并发点赞的评论' });
      body = `commentId=${res.data.id}&type=3`;
      read = async () => (await t.database.db.select().from(comments).where(eq(comments.id, res.data.id)))[0]!.likeNum;
      kind = 'comment';
    } else {
      body = `newsId=${waiting.id}&type=1&from=bang`;
      read = async () => (await politicsRow(waiting.id)).likeNum;
      kind = 'bang_politics';
    }
    const before = await read();
    const answers = await Promise.all(Array.from({ length: 100 }, () => post(path, body, user.headers).then((r) => envelope(r))));
    expect(answers.filter((a) => a.message === '点赞成功')).toHaveLength(1);
    for (const a of answers) expect(['点赞成功', '你已经点过赞了', '操作过于频繁，请稍后再试']).toContain(a.message);
    expect(await read()).toBe(before + 1);
    expect(
      await t.database.db
        .select()
        .from(likes)
        .where(and(eq(likes.userId, user.userId), eq(likes.kind, kind))),
    ).toHaveLength(1);
  });

  it('needs a login (301) and changes nothing', async () => {
    const before = (await questionRow(question.id)).likeNum;
    expect((await envelope(await post('/v1/like/do', { newsId: question.id, type: 2, from: 'bang' }))).statusCode).toBe(301);
    expect((await questionRow(question.id)).likeNum).toBe(before);
  });
});

describe('POST /v1/bangbang/news/doreport', () => {
  it('reports a question once with reasons from the list; a repeat is refused with a message', async () => {
    const user = await createTestUser(t.database);
    const a = await envelope(await post('/v1/bangbang/news/doreport', { classid: 2, id: question.id, content: '谣言虚假,广告营销' }, user.headers));
    expect(a).toMatchObject({ statusCode: 200, message: '举报成功' });
    const rows = await t.database.db.select().from(reports).where(eq(reports.userId, user.userId));
    expect(rows).toMatchObject([{ kind: 'bang_qa', classId: 2, newsId: question.id, reasons: '谣言虚假,广告营销' }]);
    const again = await envelope(await post('/v1/bangbang/news/doreport', { classid: 2, id: question.id, content: '其他' }, user.headers));
    expect(again).toEqual({ statusCode: 100, message: '你已经举报过了，我们会尽快处理', data: null });
    // The politics item of the same id is another target.
    const politics = await envelope(await post('/v1/bangbang/news/doreport', { classid: 1, id: replied.id, content: '其他' }, user.headers));
    expect(politics.statusCode).toBe(200);
  });

  it.each([
    ['no reason', { classid: 2, content: '' }, 100, '请选择举报内容'],
    ['a reason not on the list', { classid: 2, content: '随便写的' }, 400, '举报理由不在可选范围内'],
    ['an unknown item', { classid: 2, id: 999999, content: '其他' }, 404, '内容不存在或已删除'],
    ['classid 5', { classid: 5, content: '其他' }, 400, '参数错误: 内容类别只能是 1（问政）、2（问答）或 4（爆料）'],
  ])('refuses %s and records nothing', async (_name, body, statusCode, message) => {
    const user = await createTestUser(t.database);
    const a = await envelope(await post('/v1/bangbang/news/doreport', { id: question.id, ...body }, user.headers));
    expect(a).toEqual({ statusCode, message, data: null });
    expect(await t.database.db.select().from(reports).where(eq(reports.userId, user.userId))).toHaveLength(0);
  });

  it('needs a login (301)', async () => {
    expect((await envelope(await post('/v1/bangbang/news/doreport', { classid: 2, id: question.id, content: '其他' }))).statusCode).toBe(301);
  });
});

describe('live counts of bangbang items over /sub (op 1001 on the item room)', () => {
  /** The same database behind an app whose socket publisher records what it is asked to broadcast. */
  function recordingSender() {
    const { app, published } = recordingApp(t);
    const send = async (path: string, body: Record<string, unknown>, headers: Record<string, string>) =>
      envelope<{ likeNum: number; id: number; commentCount: number }>(
        await app.request(path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) }),
      );
    return { published, send };
  }

  it('a question like and a comment push the counts on the Q&A room, never on a news room', async () => {
    const { published, send } = recordingSender();
    const user = await createTestUser(t.database);
    const item = await questionRow(quietQuestion.id);
    const room = `news:${BANG_ROOM_CLASS[2]}:${item.id}`;
    // The client names the room as news://<room class>:<id>; the server keys it as the publish call does.
    expect(roomKeyOf(`news://${BANG_ROOM_CLASS[2]}:${item.id}`)).toBe(room);
    const like = await send('/v1/like/do', { newsId: item.id, type: 2, from: 'bang' }, user.headers);
    expect(like.statusCode).toBe(200);
    expect(published).toEqual([{ room, op: 1001, body: { likeNum: item.likeNum + 1, commentCount: item.commentCount } }]);
    // A repeated like moves nothing and pushes nothing.
    await send('/v1/like/do', { newsId: item.id, type: 2, from: 'bang' }, user.headers);
    expect(published).toHaveLength(1);
    const comment = await send('/v1/comment/store', { from: 'bang', classid: 2, id: item.id, sayText: '实时评论数' }, user.headers);
    expect(comment.statusCode).toBe(200);
    expect(published[1]).toEqual({ room, op: 1001, body: { likeNum: item.likeNum + 1, commentCount: item.commentCount + 1 } });
    const removed = await send('/v1/comment/deleteComment', { id: comment.data.id, from: 'bang' }, user.headers);
    expect(removed.statusCode).toBe(200);
    expect(published[2]).toEqual({ room, op: 1001, body: { likeNum: item.likeNum + 1, commentCount: item.commentCount } });
  });

  it('a politics like and comment push on the politics room (not the Q&A or news room of the same id)', async () => {
    const { published, send } = recordingSender();
    const user = await createTestUser(t.database);
    const item = await politicsRow(waiting.id);
    const room = `news:${BANG_ROOM_CLASS[1]}:${item.id}`;
    expect((await send('/v1/like/do', { newsId: item.id, type: 1, from: 'bang' }, user.headers)).statusCode).toBe(200);
    expect((await send('/v1/comment/store', { from: 'bang', classid: 1, id: item.id, sayText: '盼复' }, user.headers)).statusCode).toBe(200);
    expect(published.map((p) => p.room)).toEqual([room, room]);
    expect(published[1]!.body).toEqual({ likeNum: item.likeNum + 1, commentCount: item.commentCount + 1 });
  });

  it('a refused like (no login) pushes nothing', async () => {
    const { published, send } = recordingSender();
    expect((await send('/v1/like/do', { newsId: question.id, type: 2, from: 'bang' }, {})).statusCode).toBe(301);
    expect(published).toEqual([]);
  });
});
