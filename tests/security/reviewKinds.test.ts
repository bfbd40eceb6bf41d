/**
 * Attacks on the one review gate as every kind's write now passes it (docs/security.md "The moderation desk";
 * docs/adr/018-one-review-model.md): a body that claims its own review state, a block word disguised in a title, a
 * retried send used to slip past a mute, a held item reached by its id, a live comment handed to a moderator of news
 * comments, and a report on an essay comment that nobody may see.
 */
import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { news } from '../../src/server/db/schema/core.ts';
import { bangQuestions } from '../../src/server/db/schema/bangbang.ts';
import { compositionComments, compositionEssays } from '../../src/server/db/schema/composition.ts';
import { moderationItems } from '../../src/server/db/schema/moderation.ts';
import { decide, muteReader, putWord, setReviewBeforePublish } from '../../src/server/moderation/desk.ts';
import { suiteApp, suiteRequests } from '../support/testApp.ts';
import { consoleCall, createTestStaff } from '../support/testStaff.ts';
import { createTestUser } from '../support/testUsers.ts';
import { TEST_MODERATOR, testDesk } from '../support/desk.ts';

/** The reader endpoints these tests call (spec paths). */
const COMPOSITION_PATHS = {
  contribute: '/v1/composition/contribute',
  detail: '/v1/composition/detail',
  like: '/v1/composition/like',
  comments: '/v1/composition/comment/list',
  commentStore: '/v1/composition/comment/store',
  report: '/v1/composition/report',
} as const;

const t = suiteApp();
const { get, postJson: post } = suiteRequests(() => t);
const desk = () => testDesk(t.database);

afterEach(async () => {
  await setReviewBeforePublish(desk(), TEST_MODERATOR, 'bangbang', false);
  await setReviewBeforePublish(desk(), TEST_MODERATOR, 'composition', false);
});

async function deskRow(kind: string, itemId: number) {
  const [row] = await t.database.db
    .select()
    .from(moderationItems)
    .where(and(eq(moderationItems.kind, kind), eq(moderationItems.itemId, itemId)));
  return row;
}

describe('the gate on every kind', () => {
  it('a question that sends reviewState=approved in a reviewing area is still held', async () => {
    await setReviewBeforePublish(desk(), TEST_MODERATOR, 'bangbang', true);
    const asker = await createTestUser(t.database);
    const res = await post<{ id: number; reviewState: string }>(
      '/v1/bangbang/wenda/add',
      { title: '自己给自己通过审核的问题', content: '试试', reviewState: 'approved' },
      asker.headers,
    );
    expect(res.statusCode, res.message).toBe(200);
    const [row] = await t.database.db.select({ state: bangQuestions.reviewState }).from(bangQuestions).where(eq(bangQuestions.id, res.data.id));
    expect(row!.state).toBe('pending');
    expect((await get(`/v1/bangbang/wenda/getAnswerDetail?id=${res.data.id}`)).statusCode).toBe(404);
  });

  it('a block word disguised with spaces and full-width letters in a question title is refused, and nothing is written', async () => {
    await putWord(desk(), TEST_MODERATOR, { word: '代开发票', action: 'block' });
    const asker = await createTestUser(t.database);
    const res = await post('/v1/bangbang/wenda/add', { title: '哪里可以 代·开 发-票？', content: '急' }, asker.headers);
    expect(res).toMatchObject({ statusCode: 100, message: '内容含有违规词语，请修改后再发' });
    expect(await t.database.db.select().from(bangQuestions).where(eq(bangQuestions.userId, asker.userId))).toEqual([]);
  });

  it('a muted reader cannot write with a new Idempotency-Key; a retry of a send made before the mute answers that send only', async () => {
    const writer = await createTestUser(t.database);
    const key = { 'idempotency-key': 'tip-before-mute-01' };
    const body = { content: '石桥铺转盘有一处井盖松动，车开过去哐哐响。', place: '九龙坡区石桥铺' };
    const first = await post<{ id: number }>('/v1/bangbang/baoliao/add', body, { ...writer.headers, ...key });
    expect(first.statusCode).toBe(200);
    await muteReader(desk(), TEST_MODERATOR, { userId: writer.userId, days: 30, reason: '多次发布广告' });
    const retry = await post<{ id: number }>('/v1/bangbang/baoliao/add', body, { ...writer.headers, ...key });
    expect(retry.data.id).toBe(first.data.id);
    const fresh = await post(
      '/v1/bangbang/baoliao/add',
      { ...body, content: `${body.content}又一条` },
      { ...writer.headers, 'idempotency-key': 'tip-after-mute-02' },
    );
    expect(fresh.statusCode).toBe(403);
    expect(fresh.message).toMatch(/^你已被禁言，/);
  });
});

describe('held items reached by id', () => {
  it('an essay rejected on the desk: others get 404 on its page, cannot like, comment on or report it', async () => {
    await setReviewBeforePublish(desk(), TEST_MODERATOR, 'composition', true);
    const [essay] = await t.database.db.select({ schoolId: compositionEssays.schoolId }).from(compositionEssays).limit(1);
    const author = await createTestUser(t.database);
    const other = await createTestUser(t.database);
    const sent = await post<{ id: number }>(
      COMPOSITION_PATHS.contribute,
      { grade: 4, studentName: '小周', schoolId: essay!.schoolId, title: '被退回的作文', content: '第一段。' },
      author.headers,
    );
    await decide(desk(), TEST_MODERATOR, { kind: 'essay', itemId: sent.data.id, action: 'reject', reason: '内容与本栏目无关' });
    expect((await get(`${COMPOSITION_PATHS.detail}?id=${sent.data.id}`, other.headers)).statusCode).toBe(404);
    expect((await post(COMPOSITION_PATHS.like, { id: sent.data.id }, other.headers)).statusCode).not.toBe(200);
    expect((await post(COMPOSITION_PATHS.commentStore, { id: sent.data.id, content: '写得好' }, other.headers)).statusCode).not.toBe(200);
    expect((await post(COMPOSITION_PATHS.report, { id: sent.data.id, isTitle: 1, type: 7, replayId: 0, content: '广告' }, other.headers)).statusCode).not.toBe(
      200,
    );
    expect(await deskRow('essay', sent.data.id)).toMatchObject({ state: 'rejected', reportCount: 0 });
  });

  it('an essay comment in review cannot be reported (its existence stays the author’s); a public one lands in 被举报 and a decision settles it', async () => {
    const [essay] = await t.database.db
      .select({ id: compositionEssays.id })
      .from(compositionEssays)
      .where(eq(compositionEssays.reviewState, 'approved'))
      .limit(1);
    const writer = await createTestUser(t.database);
    const reporter = await createTestUser(t.database);
    const options = await get<{ type: string[] }>('/v1/comment/reportContent');
    const reason = options.data.type[0]!;
    await setReviewBeforePublish(desk(), TEST_MODERATOR, 'composition', true);
    const held = await post<{ id: number }>(COMPOSITION_PATHS.commentStore, { id: essay!.id, content: '审核中的评论' }, writer.headers);
    expect(
      (await post(COMPOSITION_PATHS.report, { id: essay!.id, isTitle: 0, type: 7, replayId: held.data.id, content: reason }, reporter.headers)).statusCode,
    ).toBe(404);
    await decide(desk(), TEST_MODERATOR, { kind: 'essay_comment', itemId: held.data.id, action: 'approve' });
    const reported = await post(COMPOSITION_PATHS.report, { id: essay!.id, isTitle: 0, type: 7, replayId: held.data.id, content: reason }, reporter.headers);
    expect(reported.statusCode, reported.message).toBe(200);
    expect(await deskRow('essay_comment', held.data.id)).toMatchObject({ reportsOpen: true, reportCount: 1, area: 'composition' });
    await decide(desk(), TEST_MODERATOR, { kind: 'essay_comment', itemId: held.data.id, action: 'remove', reason: '人身攻击' });
    expect(await deskRow('essay_comment', held.data.id)).toMatchObject({ reportsOpen: false, state: 'removed' });
    const [row] = await t.database.db.select().from(compositionComments).where(eq(compositionComments.id, held.data.id));
    expect(row).toMatchObject({ reviewState: 'rejected', rejectReason: '人身攻击' });
  });
});

describe('areas', () => {
  it('a live broadcast’s comment is filed under 直播与视频: a moderator scoped to news comments cannot decide it', async () => {
    const [article] = await t.database.db
      .select({ id: news.id, classId: news.classId })
      .from(news)
      .where(and(eq(news.allowPl, true), eq(news.permission, 0)))
      .limit(1)
      .offset(11);
    await t.database.db.update(news).set({ dataType: 1 }).where(eq(news.id, article!.id));
    await setReviewBeforePublish(desk(), TEST_MODERATOR, 'live', true);
    try {
      const reader = await createTestUser(t.database);
      const posted = await post<{ id: number }>(
        '/v1/comment/store',
        { classId: article!.classId, newsId: article!.id, sayText: '直播画面很清楚' },
        reader.headers,
      );
      expect(await deskRow('comment', posted.data.id)).toMatchObject({ area: 'live', state: 'pending' });
      const newsOnly = await createTestStaff(t, 'moderator', { scopes: ['news'] });
      const decided = await consoleCall(t, 'POST', '/moderation/decide', { kind: 'comment', itemId: posted.data.id, action: 'approve' }, newsOnly.headers);
      expect(decided.res.status).toBe(403);
      expect((await deskRow('comment', posted.data.id))!.state).toBe('pending');
    } finally {
      await setReviewBeforePublish(desk(), TEST_MODERATOR, 'live', false);
    }
  });
});
