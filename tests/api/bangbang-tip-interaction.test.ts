/**
 * A tip (爆料, jump 20 "tip detail") is commented on, liked and reported like the board's other items
 * (spec 4, 7.3–7.5): comments from=bang with classid 4, likes from=bang with type 4, a comment report with
 * platform id 4 (spec 9), an item report through /v1/bangbang/news/doreport. A tip in review is missing for
 * everyone but its author on every path (ADR 016).
 */
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Tip } from '../../src/contract/bangbangBoard.ts';
import type { CommentItem, CommentReply, LikeResult } from '../../src/contract/interaction.ts';
import { bangTips } from '../../src/server/db/schema/bangbang.ts';
import { reports } from '../../src/server/db/schema/interaction.ts';
import { envelope, postFormOrJson, suiteApp, suiteRequests } from '../support/testApp.ts';
import { createTestUser } from '../support/testUsers.ts';

const t = suiteApp();
const { get } = suiteRequests(() => t);
const post = (path: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  postFormOrJson(t.app, path, body, headers).then((r) => envelope<unknown>(r));

async function approvedTip() {
  const [tip] = await t.database.db.select().from(bangTips).where(eq(bangTips.reviewState, 'approved')).limit(1);
  return (await t.database.db.select().from(bangTips).where(eq(bangTips.id, tip!.id)))[0]!;
}

async function reason(): Promise<string> {
  return (await get<{ type: string[] }>('/v1/comment/reportContent')).data.type[0]!;
}

describe('comments on a tip (from=bang, classid 4)', () => {
  it('are written, listed under both list paths and counted on the tip', async () => {
    const tip = await approvedTip();
    const reader = await createTestUser(t.database);
    const made = await post('/v1/comment/store', { from: 'bang', classid: 4, id: tip.id, sayText: '这条线索我也看到了，确实很危险' }, reader.headers);
    expect(made.statusCode).toBe(200);
    const id = (made.data as CommentReply).id;
    const list = await get<CommentItem[]>(`/v1/comment/getList?from=bang&classid=4&id=${tip.id}`);
    expect(list.data.map((c) => c.id)).toContain(id);
    const bang = await get<CommentItem[]>(`/api/bangbang/comment/bangbanglist?classid=4&id=${tip.id}`);
    expect(bang.data.map((c) => c.id)).toContain(id);
    const detail = await get<Tip>(`/v1/bangbang/baoliao/detail?id=${tip.id}`);
    expect(detail.data.commentCount).toBe(tip.commentCount + 1);
  });

  it('are reported with platform id 4, the server keeping its own copy of the text', async () => {
    const tip = await approvedTip();
    const author = await createTestUser(t.database);
    const made = await post('/v1/comment/store', { from: 'bang', classid: 4, id: tip.id, sayText: '楼上说得不对' }, author.headers);
    const commentId = (made.data as CommentReply).id;
    const reporter = await createTestUser(t.database);
    const res = await post(
      '/api/comment/doReport',
      { commentId, classId: 4, newsId: tip.id, platformId: 4, content: await reason(), commentContent: '别的文字' },
      reporter.headers,
    );
    expect(res.statusCode).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(reports)
      .where(and(eq(reports.userId, reporter.userId), eq(reports.commentId, commentId)));
    expect(row).toMatchObject({ platformId: 4, commentText: '楼上说得不对' });
  });

  it('refuses a classid that names no kind of item, in Chinese', async () => {
    const reader = await createTestUser(t.database);
    const res = await post('/v1/comment/store', { from: 'bang', classid: 3, id: 1, sayText: '你好' }, reader.headers);
    expect(res.statusCode).not.toBe(200);
    expect(res.message).toContain('4（爆料）');
  });
});

describe('likes on a tip (from=bang, type 4)', () => {
  it('count once per reader, and the detail tells the reader it is liked', async () => {
    const tip = await approvedTip();
    const reader = await createTestUser(t.database);
    const results = await Promise.all(Array.from({ length: 5 }, () => post('/v1/like/do', { newsId: tip.id, type: 4, from: 'bang' }, reader.headers)));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const after = (await t.database.db.select().from(bangTips).where(eq(bangTips.id, tip.id)))[0]!;
    expect(after.likeNum).toBe(tip.likeNum + 1);
    expect((await get<Tip>(`/v1/bangbang/baoliao/detail?id=${tip.id}`, reader.headers)).data.isDoLike).toBe(1);
    expect((await get<Tip>(`/v1/bangbang/baoliao/detail?id=${tip.id}`)).data.isDoLike).toBe(0);
    const listed = (await get<Tip[]>('/v1/bangbang/baoliao/list?pageSize=50', reader.headers)).data.find((x) => x.id === tip.id);
    expect(listed?.isDoLike).toBe(1);
    expect((results[0]!.data as LikeResult).likeNum).toBeGreaterThan(0);
  });
});

describe('a tip in review', () => {
  it('is missing for every other reader on every path, and its author may still reach it', async () => {
    const author = await createTestUser(t.database);
    const other = await createTestUser(t.database);
    const [tip] = await t.database.db
      .insert(bangTips)
      .values({ userId: author.userId, content: '观音桥步行街有井盖松动，晚上很危险', reviewState: 'pending' })
      .returning();
    const id = tip!.id;
    const comment = await post('/v1/comment/store', { from: 'bang', classid: 4, id, sayText: '看看' }, other.headers);
    expect(comment.statusCode).toBe(404);
    expect((await post('/v1/like/do', { newsId: id, type: 4, from: 'bang' }, other.headers)).statusCode).toBe(100);
    expect((await post('/v1/bangbang/news/doreport', { classid: 4, id, content: await reason() }, other.headers)).statusCode).toBe(404);
    expect((await get<unknown>(`/v1/comment/getList?from=bang&classid=4&id=${id}`)).statusCode).toBe(404);
    expect((await get<unknown>(`/api/bangbang/comment/bangbanglist?classid=4&id=${id}`, other.headers)).statusCode).toBe(404);
    expect((await post('/v1/comment/store', { from: 'bang', classid: 4, id, sayText: '补充：在大融城门口' }, author.headers)).statusCode).toBe(200);
  });
});

describe('reporting a tip itself', () => {
  it('lands as a bang_tip report once per reader', async () => {
    const tip = await approvedTip();
    const reporter = await createTestUser(t.database);
    const first = await post('/v1/bangbang/news/doreport', { classid: 4, id: tip.id, content: await reason() }, reporter.headers);
    expect(first.statusCode).toBe(200);
    const again = await post('/v1/bangbang/news/doreport', { classid: 4, id: tip.id, content: await reason() }, reporter.headers);
    expect(again.statusCode).toBe(100);
    const rows = await t.database.db.select().from(reports).where(eq(reports.userId, reporter.userId));
    expect(rows.map((r) => r.kind)).toEqual(['bang_tip']);
  });
});
