/**
 * Bangbang questions, 问政 items and answers in review or refused (team rule: reader-written content is
 * seen by its author only; security.md E, "Rough edges" rows): for everyone else they are missing in every
 * path that touches them — like, comment, comment lists (anonymous too), report, the comments' likes and
 * reports — and each answer is word for word the answer for an id that never existed, so no status code or
 * message tells which ids are in review. Their author still reaches them.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Answer } from '../../src/contract/bangbang.ts';
import type { CommentItem, ReportOptions } from '../../src/contract/interaction.ts';
import * as interactionEndpoints from '../../src/contract/interaction.ts';
import { bangAnswers, bangPolitics, bangQuestions } from '../../src/server/db/schema/bangbang.ts';
import { comments } from '../../src/server/db/schema/interaction.ts';
import { envelope, suiteApp } from '../support/testApp.ts';
import { createTestUser, type TestUser } from '../support/testUsers.ts';

const P = {
  likeDo: interactionEndpoints.likeDo.path,
  commentStore: interactionEndpoints.commentStore.path,
  bangDoReport: interactionEndpoints.bangDoReport.path,
  commentGetList: interactionEndpoints.commentGetList.path,
  reportContent: interactionEndpoints.reportContent.path,
  commentDoReport: interactionEndpoints.commentDoReport.path,
} as const;

const t = suiteApp();

/** An id no row has (the columns are 32-bit; the seed is far below this). */
const NEVER = 2_000_000_000;

async function call(method: 'GET' | 'POST', path: string, body: Record<string, unknown> | null, user: TestUser | null) {
  const headers: Record<string, string> = user ? { ...user.headers } : {};
  if (body) headers['content-type'] = 'application/json';
  const res = await t.app.request(path, { method, headers, ...(body ? { body: JSON.stringify(body) } : {}) });
  const env = await envelope(res.clone());
  return { status: res.status, statusCode: env.statusCode, message: env.message, data: env.data };
}

/** What a caller can tell apart: the HTTP status, the envelope's code and message. */
const seen = (r: { status: number; statusCode: number; message: string }) => ({ status: r.status, statusCode: r.statusCode, message: r.message });

type Board = { classid: 1 | 2; table: typeof bangQuestions | typeof bangPolitics };

async function writeItem(board: Board, author: TestUser, reviewState: 'pending' | 'rejected'): Promise<number> {
  if (board.classid === 2) {
    const [row] = await t.database.db
      .insert(bangQuestions)
      .values({
        userId: author.userId,
        title: '楼下的共享单车能挪走吗？',
        content: '堆满了人行道。',
        reviewState,
        reviewReason: reviewState === 'rejected' ? '重复提问' : '',
      })
      .returning({ id: bangQuestions.id });
    return row!.id;
  }
  const [row] = await t.database.db
    .insert(bangPolitics)
    .values({
      userId: author.userId,
      title: '公交站牌字太小看不清',
      content: '在南岸区某站。',
      department: '南岸区交通局',
      reviewState,
      reviewReason: reviewState === 'rejected' ? '重复提问' : '',
    })
    .returning({ id: bangPolitics.id });
  return row!.id;
}

/** Every path a reader can use on a bangbang item by its id, as [name, method, path, body]. */
function pathsFor(classid: 1 | 2, id: number, reason: string, n: number): [string, 'GET' | 'POST', string, Record<string, unknown> | null][] {
  return [
    ['like', 'POST', P.likeDo, { from: 'bang', type: classid, newsId: id }],
    ['comment', 'POST', P.commentStore, { from: 'bang', classid, id, sayText: `看到了，谢谢 ${n}` }],
    ['report', 'POST', P.bangDoReport, { classid, id, content: reason }],
    ['comment list', 'GET', `${P.commentGetList}?from=bang&classid=${classid}&id=${id}`, null],
    ['bangbang comment list', 'GET', `/api/bangbang/comment/bangbanglist?classid=${classid}&id=${id}`, null],
  ];
}

describe('bangbang items in review are missing for everyone but their author', () => {
  it('like, comment, report and comment lists answer exactly as for an id that never existed', async () => {
    const options = (await envelope<ReportOptions>(await t.app.request(P.reportContent))).data;
    const reason = options.type[0]!;
    let n = 0;
    for (const board of [
      { classid: 2, table: bangQuestions },
      { classid: 1, table: bangPolitics },
    ] as Board[]) {
      for (const state of ['pending', 'rejected'] as const) {
        // A reader each time: comments are paced per reader (one per 5 s).
        const author = await createTestUser(t.database);
        const other = await createTestUser(t.database);
        const id = await writeItem(board, author, state);
        for (const [name, method, path] of pathsFor(board.classid, id, reason, n++)) {
          const missing = pathsFor(board.classid, NEVER, reason, n++).find((p) => p[0] === name)!;
          for (const who of [other, null]) {
            if (method === 'POST' && who === null) continue;
            const body = pathsFor(board.classid, id, reason, n++).find((p) => p[0] === name)![3];
            const inReview = await call(method, path, body, who);
            const never = await call(missing[1], missing[2], missing[3], who);
            expect(seen(inReview), `${name} of a ${state} item (classid ${board.classid}) by ${who ? 'another reader' : 'anyone'}`).toEqual(seen(never));
            expect(inReview.statusCode).not.toBe(200);
          }
        }
        // Nothing was written for the other reader.
        const [row] = await t.database.db
          .select({ likeNum: board.table.likeNum, commentCount: board.table.commentCount })
          .from(board.table)
          .where(eq(board.table.id, id));
        expect([row!.likeNum, row!.commentCount]).toEqual([0, 0]);
        // The author reaches the item: likes it, comments, reads the comments.
        expect((await call('POST', P.likeDo, { from: 'bang', type: board.classid, newsId: id }, author)).statusCode).toBe(200);
        expect((await call('POST', P.commentStore, { from: 'bang', classid: board.classid, id, sayText: `我补充一下 ${n++}` }, author)).statusCode).toBe(200);
        const own = await call('GET', `/api/bangbang/comment/bangbanglist?classid=${board.classid}&id=${id}`, null, author);
        expect((own.data as CommentItem[]).length).toBe(1);
        // The author's comment on the item is still out of others' reach: its like and its report.
        const scopeComments = await t.database.db
          .select()
          .from(comments)
          .where(and(eq(comments.newsId, id), eq(comments.scope, board.classid === 2 ? 'bang2' : 'bang1')));
        expect(scopeComments.length).toBe(1);
        const commentId = scopeComments[0]!.id;
        const likeComment = await call('POST', P.likeDo, { type: 3, commentId, newsId: id }, other);
        const likeNever = await call('POST', P.likeDo, { type: 3, commentId: NEVER, newsId: id }, other);
        expect(seen(likeComment)).toEqual(seen(likeNever));
        const reportComment = await call('POST', P.commentDoReport, { commentId, classId: board.classid, newsId: id, platformId: 0, content: reason }, other);
        const reportNever = await call(
          'POST',
          P.commentDoReport,
          { commentId: NEVER, classId: board.classid, newsId: id, platformId: 0, content: reason },
          other,
        );
        expect(seen(reportComment)).toEqual(seen(reportNever));
        expect(reportComment.statusCode).not.toBe(200);
      }
    }
  });

  it('an answer in review: others cannot like it, its answerer sees it in getAnswerListById', async () => {
    const answerer = await createTestUser(t.database);
    const other = await createTestUser(t.database);
    const [question] = await t.database.db.select().from(bangQuestions).where(eq(bangQuestions.reviewState, 'approved')).limit(1);
    const [answer] = await t.database.db
      .insert(bangAnswers)
      .values({ questionId: question!.id, userId: answerer.userId, content: '可以去街道办问问，一般一周内答复。', reviewState: 'pending' })
      .returning({ id: bangAnswers.id });
    const like = await call('POST', P.likeDo, { type: 6, bangId: answer!.id }, other);
    const never = await call('POST', P.likeDo, { type: 6, bangId: NEVER }, other);
    expect(seen(like)).toEqual(seen(never));
    expect(like.statusCode).not.toBe(200);

    const list = async (who: TestUser | null) => {
      const all: Answer[] = [];
      for (let page = 1; page < 50; page++) {
        const r = await call('GET', `/v1/bangbang/wenda/getAnswerListById?id=${question!.id}&page=${page}&pageSize=50`, null, who);
        const rows = r.data as Answer[];
        all.push(...rows);
        if (rows.length < 50) break;
      }
      return all;
    };
    const mine = (await list(answerer)).find((a) => a.id === answer!.id);
    expect(mine?.reviewState).toBe('pending');
    expect((await list(other)).some((a) => a.id === answer!.id)).toBe(false);
    expect((await list(null)).some((a) => a.id === answer!.id)).toBe(false);
    expect((await call('POST', P.likeDo, { type: 6, bangId: answer!.id }, answerer)).statusCode).toBe(200);
  });
});
