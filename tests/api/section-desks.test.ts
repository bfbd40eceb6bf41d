/**
 * The 作文 and 裕农 desks in the console (docs/security.md "Section desks"): an essay picked
 * for 推荐 and the newspaper list shows there for readers; an essay kept out of the rankings leaves them and
 * its author (only) reads why; a teacher withdrawn cannot review and reads the reason, verified again can;
 * a pinned 农友说 post leads the board; every change is an audit row, undone by the opposite change; the
 * desks refuse people without their permission. Runs on PGlite and on PostgreSQL.
 */
import { and, desc, eq, isNull } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import type { Essay, EssaySummary, Role } from '../../src/contract/composition.ts';
import type { FarmerPost } from '../../src/contract/rural.ts';
import { compositionEssays, compositionTeachers } from '../../src/server/db/schema/composition.ts';
import { ruralPosts } from '../../src/server/db/schema/rural.ts';
import { auditLog } from '../../src/server/db/schema/staff.ts';
import { suiteApp, suiteRequests } from '../support/testApp.ts';
import { consoleCall, createTestStaff } from '../support/testStaff.ts';
import { createTestUser } from '../support/testUsers.ts';

vi.setConfig({ testTimeout: 120_000 });
const t = suiteApp();
const { get } = suiteRequests(() => t);

async function auditCount(action: string, itemId: number): Promise<number> {
  return (
    await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.itemId, String(itemId))))
      .orderBy(auditLog.id)
  ).length;
}

/** A published essay written by a fresh reader (so the author's view can be read with their token). */
async function essayOfNewReader() {
  const author = await createTestUser(t.database, '周语桐');
  const [row] = await t.database.db
    .select()
    .from(compositionEssays)
    .where(and(eq(compositionEssays.reviewState, 'approved'), isNull(compositionEssays.deletedAt)))
    .orderBy(desc(compositionEssays.likeNum))
    .limit(1);
  const [essay] = await t.database.db
    .insert(compositionEssays)
    .values({
      userId: author.userId,
      studentName: '周语桐',
      schoolId: row!.schoolId,
      grade: 5,
      title: '嘉陵江边的黄葛树',
      content: '外婆家门口有一棵黄葛树。\n每到春天，它就换上一身新叶。',
      reviewState: 'approved',
      pv: 100_000,
      likeNum: 5000,
      score: 99,
      reviewText: '写景细致。',
      reviewedAt: new Date(),
    })
    .returning();
  return { author, id: essay!.id };
}

describe('the 作文 desk', () => {
  it('picks an essay for 推荐 and the newspaper list, keeps a copied one out of the rankings with a reason its author reads', async () => {
    const editor = await createTestStaff(t, 'editor');
    const { author, id } = await essayOfNewReader();
    const desk = <T>(path: string, body: Record<string, unknown>) => consoleCall<T>(t, 'POST', path, body, editor.headers);

    const listed = await consoleCall<{ items: { id: number; title: string; score: number | null }[] }>(
      t,
      'GET',
      '/composition/essays?filter=all&keyword=' + encodeURIComponent('黄葛树'),
      undefined,
      editor.headers,
    );
    expect(listed.data.items.map((e) => [e.id, e.score])).toContainEqual([id, 99]);

    expect((await desk('/composition/essays/recommend', { id, recommend: true })).statusCode).toBe(200);
    expect((await desk('/composition/essays/recommend', { id, recommend: true })).statusCode).toBe(200);
    expect(await auditCount('composition.recommend', id)).toBe(1);
    const recommended = await get<EssaySummary[]>('/v1/composition/list?kind=recommend&page=1&pageSize=50');
    expect(recommended.data.map((e) => e.id)).toContain(id);

    const paper = await desk('/composition/essays/newspaper', { id, edition: '第 12 版 · 校园', date: '2026-11-20' });
    expect(paper.statusCode, paper.message).toBe(200);
    const papers = await get<EssaySummary[]>('/v1/composition/list?kind=newspaper&page=1&pageSize=50');
    expect(papers.data.find((e) => e.id === id)).toMatchObject({ newspaperEdition: '第 12 版 · 校园', newspaperDate: '2026-11-20' });
    expect((await desk('/composition/essays/newspaper', { id, edition: '第 12 版', date: '' })).message).toBe('参数错误: 请同时填写刊登版面与日期');

    const rank = async () => (await get<EssaySummary[]>('/v1/composition/rank?type=rank&page=1&pageSize=10')).data.map((e) => e.id);
    const top = async () => (await get<EssaySummary[]>('/v1/composition/rank?type=start&page=1&pageSize=10')).data.map((e) => e.id);
    expect(await rank()).toContain(id);
    expect(await top()).toContain(id);
    expect((await desk('/composition/essays/rank', { id, excluded: true, reason: '' })).message).toBe('参数错误: 请写明排除出排行榜的原因（作者可见）');
    expect((await desk('/composition/essays/rank', { id, excluded: true, reason: '经核实与已发表作品雷同' })).statusCode).toBe(200);
    expect(await rank()).not.toContain(id);
    expect(await top()).not.toContain(id);
    expect((await get<Essay>(`/v1/composition/detail?id=${id}`, author.headers)).data.rankExcludedReason).toBe('经核实与已发表作品雷同');
    const other = await createTestUser(t.database);
    expect((await get<Essay>(`/v1/composition/detail?id=${id}`, other.headers)).data.rankExcludedReason).toBe('');
    expect((await get<Essay>(`/v1/composition/detail?id=${id}`)).data.rankExcludedReason).toBe('');

    // Undo: the opposite change puts it back, each an audit row.
    expect((await desk('/composition/essays/rank', { id, excluded: false })).statusCode).toBe(200);
    expect(await rank()).toContain(id);
    expect(await auditCount('composition.rankExclude', id)).toBe(1);
    expect(await auditCount('composition.rankRestore', id)).toBe(1);
  });

  it('will not pick an essay still in review, and refuses an unknown one in Chinese', async () => {
    const editor = await createTestStaff(t, 'editor');
    const [pending] = await t.database.db.select().from(compositionEssays).where(eq(compositionEssays.reviewState, 'pending')).limit(1);
    if (pending) {
      expect((await consoleCall(t, 'POST', '/composition/essays/recommend', { id: pending.id, recommend: true }, editor.headers)).message).toBe(
        '作文尚未通过审核，不能选用',
      );
    }
    expect((await consoleCall(t, 'POST', '/composition/essays/recommend', { id: 99_999_999, recommend: true }, editor.headers)).message).toBe(
      '作文不存在或已删除',
    );
  });

  it('withdraws a teacher with a reason the teacher reads (they can no longer review), and verifies them again', async () => {
    const editor = await createTestStaff(t, 'editor');
    const [teacher] = await t.database.db.select().from(compositionTeachers).where(eq(compositionTeachers.verified, true)).limit(1);
    const user = await createTestUser(t.database);
    await t.database.db.update(compositionTeachers).set({ userId: user.userId }).where(eq(compositionTeachers.id, teacher!.id));
    const withdrawn = await consoleCall(
      t,
      'POST',
      '/composition/teachers/verify',
      { id: teacher!.id, verified: false, reason: '已调离该校，暂停点评' },
      editor.headers,
    );
    expect(withdrawn.statusCode, withdrawn.message).toBe(200);
    const role = await get<Role>('/v1/composition/role', user.headers);
    expect(role.data).toMatchObject({ role: 'student', teacher: null, verified: false, verifyReason: '已调离该校，暂停点评' });
    expect((await get('/v1/composition/assigned', user.headers)).statusCode).toBe(403);
    const teachers = await consoleCall<{ items: { id: number; verified: boolean }[] }>(t, 'GET', '/composition/teachers', undefined, editor.headers);
    expect(teachers.data.items.find((x) => x.id === teacher!.id)).toMatchObject({ verified: false });
    expect(teachers.data.items.findIndex((x) => x.verified)).toBeGreaterThan(teachers.data.items.findIndex((x) => x.id === teacher!.id));
    expect((await consoleCall(t, 'POST', '/composition/teachers/verify', { id: teacher!.id, verified: true, reason: '' }, editor.headers)).message).toMatch(
      /原因/,
    );
    expect(
      (await consoleCall(t, 'POST', '/composition/teachers/verify', { id: teacher!.id, verified: true, reason: '在职证明核实无误' }, editor.headers))
        .statusCode,
    ).toBe(200);
    expect((await get<Role>('/v1/composition/role', user.headers)).data).toMatchObject({ role: 'teacher', verified: true, verifyReason: '在职证明核实无误' });
    expect(await auditCount('composition.teacherWithdraw', teacher!.id)).toBe(1);
    expect(await auditCount('composition.teacherVerify', teacher!.id)).toBe(1);
  });
});

describe('the 裕农 desk', () => {
  it('pins a 农友说 post to lead the board and takes the pin down, each an audit row', async () => {
    const editor = await createTestStaff(t, 'editor');
    const [oldest] = await t.database.db.select().from(ruralPosts).where(eq(ruralPosts.reviewState, 'approved')).orderBy(ruralPosts.createdAt).limit(1);
    const id = oldest!.id;
    const board = async () => (await get<FarmerPost[]>('/v1/yunong/posts?page=1&pageSize=10')).data;
    expect((await board())[0]!.id).not.toBe(id);
    const pinned = await consoleCall(t, 'POST', '/rural/posts/pin', { id, pinned: true }, editor.headers);
    expect(pinned.statusCode, pinned.message).toBe(200);
    expect((await board())[0]).toMatchObject({ id, pinned: 1 });
    const desk = await consoleCall<{ items: { id: number; pinned: boolean }[] }>(t, 'GET', '/rural/posts?page=1', undefined, editor.headers);
    expect(desk.data.items[0]).toMatchObject({ id, pinned: true });
    expect((await consoleCall(t, 'POST', '/rural/posts/pin', { id, pinned: false }, editor.headers)).statusCode).toBe(200);
    expect((await board())[0]!.id).not.toBe(id);
    expect(await auditCount('rural.pin', id)).toBe(1);
    expect(await auditCount('rural.unpin', id)).toBe(1);
  });

  it('pins at most five posts at once, even when editors pin in parallel', async () => {
    const editor = await createTestStaff(t, 'editor');
    const rows = await t.database.db.select().from(ruralPosts).where(eq(ruralPosts.reviewState, 'approved')).limit(8);
    const answers = await Promise.all(rows.map((r) => consoleCall(t, 'POST', '/rural/posts/pin', { id: r.id, pinned: true }, editor.headers)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(5);
    expect(answers.filter((a) => a.statusCode !== 200).map((a) => a.message)).toEqual(Array(rows.length - 5).fill('农友说至多同时置顶 5 条，请先取消一条置顶'));
    for (const r of rows) await consoleCall(t, 'POST', '/rural/posts/pin', { id: r.id, pinned: false }, editor.headers);
  });
});
