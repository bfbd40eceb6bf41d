/**
 * Attacks on 问答指派 (docs/security.md "Answering desks"): people without qa.assign (a reporter, a department, a
 * moderator) and readers cannot give questions; a question is given only to an approved answerer or reporter;
 * one answerer cannot read another's assigned list (who reads comes from the token only); racing assignments
 * leave one row and one audit row each.
 */
import { describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AssignedQuestion, ConsoleQuestion } from '../../src/contract/qaDesk.ts';
import { qaAssignments } from '../../src/server/db/schema/answer.ts';
import { suiteApp, suiteRequests } from '../support/testApp.ts';
import { createTestUser, type TestUser } from '../support/testUsers.ts';
import { askQuestion, makeMember, questionAudits } from '../support/qaFixtures.ts';
import { consoleCall, createTestStaff } from '../support/testStaff.ts';

// Each test signs several staff in (argon2 and TOTP) on a shared 2-core machine.
vi.setConfig({ testTimeout: 120_000 });
const t = suiteApp();
const { get } = suiteRequests(() => t);

const ask = (asker: TestUser) => askQuestion(t, asker, { title: '江北嘴到观音桥晚上还有公交吗？', content: '加班到十一点，想知道有没有夜班车。' });
const reporter = () => makeMember(t, 2, '记者', 'approved', (userId) => `记者${userId}`);
const audits = (questionId: number) => questionAudits(t, questionId);

describe('问答指派 attacks', () => {
  it('a reporter, a department, a moderator: 403 on every endpoint; a reader: 401; nothing written', async () => {
    const id = await ask(await createTestUser(t.database));
    const target = await reporter();
    for (const role of ['reporter', 'department', 'moderator'] as const) {
      const person = await createTestStaff(t, role);
      for (const [method, path, body] of [
        ['GET', '/qa/questions?queue=open&page=1', undefined],
        ['GET', '/qa/answerers', undefined],
        ['POST', '/qa/assign', { questionId: id, userId: target.userId }],
        ['POST', '/qa/unassign', { questionId: id }],
      ] as const) {
        const res = await consoleCall(t, method, path, body, person.headers);
        expect(res.res.status, `${role} ${path}`).toBe(403);
        expect(res.message).toBe('无权操作');
      }
    }
    const reader = await createTestUser(t.database);
    const asReader = await consoleCall(t, 'POST', '/qa/assign', { questionId: id, userId: target.userId }, reader.headers);
    expect(asReader.res.status).toBe(401);
    expect(await t.database.db.select().from(qaAssignments).where(eq(qaAssignments.questionId, id))).toEqual([]);
    expect(await audits(id)).toEqual([]);
  });

  it('assigning to a reader who is no answerer is refused; the reader’s list stays empty', async () => {
    const editor = await createTestStaff(t, 'editor');
    const id = await ask(await createTestUser(t.database));
    const reader = await createTestUser(t.database);
    const res = await consoleCall(t, 'POST', '/qa/assign', { questionId: id, userId: reader.userId }, editor.headers);
    expect(res.statusCode).toBe(422);
    expect(res.message).toBe('只能指派给已认证的答人或记者');
    expect((await get<AssignedQuestion[]>('/v1/bangbang/wenda/assigned?page=1', reader.headers)).data).toEqual([]);
  });

  it('an answerer cannot read another’s assigned list: the token decides, a userId in the query is ignored; anonymous is 301', async () => {
    const editor = await createTestStaff(t, 'editor');
    const id = await ask(await createTestUser(t.database));
    const mine = await reporter();
    const other = await reporter();
    expect((await consoleCall(t, 'POST', '/qa/assign', { questionId: id, userId: mine.userId }, editor.headers)).statusCode).toBe(200);
    const snooped = await get<AssignedQuestion[]>(`/v1/bangbang/wenda/assigned?page=1&userId=${mine.userId}&uid=${mine.userId}`, other.headers);
    expect(snooped.data.some((q) => q.id === id)).toBe(false);
    const anonymous = await get(`/v1/bangbang/wenda/assigned?page=1&userId=${mine.userId}`);
    expect(anonymous.statusCode).toBe(301);
    expect((await get<AssignedQuestion[]>('/v1/bangbang/wenda/assigned?page=1', mine.headers)).data.map((q) => q.id)).toContain(id);
  });

  it('two desks assigning one question at once to different answerers: one row, one audit row per change', async () => {
    const [a, b] = [await createTestStaff(t, 'editor'), await createTestStaff(t, 'chief')];
    const id = await ask(await createTestUser(t.database));
    const [r1, r2] = [await reporter(), await reporter()];
    const results = await Promise.all([
      consoleCall<ConsoleQuestion>(t, 'POST', '/qa/assign', { questionId: id, userId: r1.userId }, a.headers),
      consoleCall<ConsoleQuestion>(t, 'POST', '/qa/assign', { questionId: id, userId: r2.userId }, b.headers),
      consoleCall<ConsoleQuestion>(t, 'POST', '/qa/assign', { questionId: id, userId: r1.userId }, a.headers),
    ]);
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const rows = await t.database.db.select().from(qaAssignments).where(eq(qaAssignments.questionId, id));
    expect(rows).toHaveLength(1);
    const trail = await audits(id);
    // Each audit row records a real change: the first a new assignment, any later one a reassignment.
    expect(trail[0]!.action).toBe('qa.assign');
    expect(trail.slice(1).every((r) => r.action === 'qa.reassign')).toBe(true);
    expect((trail.at(-1)!.after as { userId: number }).userId).toBe(rows[0]!.userId);
  });
});
