/**
 * 问答指派 through its endpoints (docs/security.md "Answering desks"): the desk gives an open 问答 question to an
 * approved answerer or reporter; they see it first in their list, marked 指派给我, answer it as their own account,
 * and the asker sees it answered. Reassigning and taking back are one audit row each; a retry writes nothing.
 * Also: the console's /session names the kind of answering unit a person answers for.
 */
import { describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AssignedQuestion, ConsoleAnswerer, ConsoleQuestion } from '../../src/contract/qaDesk.ts';
import type { MyItem } from '../../src/contract/interact.ts';
import { QA_MESSAGES } from '../../src/server/answer/qa/qaDesk.ts';
import { answerUnits } from '../../src/server/db/schema/answer.ts';
import { bangMembers } from '../../src/server/db/schema/bangbang.ts';
import { suiteApp, suiteRequests } from '../support/testApp.ts';
import { createTestUser, type TestUser } from '../support/testUsers.ts';
import { askQuestion, makeMember, questionAudits } from '../support/qaFixtures.ts';
import { consoleCall, createTestStaff } from '../support/testStaff.ts';

// Each test signs staff in (argon2 and TOTP) on a shared 2-core machine.
vi.setConfig({ testTimeout: 120_000 });
const t = suiteApp();
const { get, postJson: post } = suiteRequests(() => t);

const ask = (asker: TestUser) =>
  askQuestion(t, asker, { title: '渝中区解放碑附近哪里能办居住证？', content: '刚搬来重庆，租的房子在较场口，想知道要带哪些材料。' });
/** A reader made an approved member (as 身份认证 would): 2 记者, 1 入驻答人. */
const answerer = (userType = 2, typeName = '记者', reviewState = 'approved') => makeMember(t, userType, typeName, reviewState);
const assigned = async (u: TestUser, extra = '') => get<AssignedQuestion[]>(`/v1/bangbang/wenda/assigned?page=1${extra}`, u.headers);
const auditOf = (questionId: number) => questionAudits(t, questionId);

describe('问答指派: console → answerer → asker', () => {
  it('assigns an open question, the answerer sees it first as 指派给我, answers, and the asker sees it answered', async () => {
    const editor = await createTestStaff(t, 'editor');
    const asker = await createTestUser(t.database);
    const reporter = await answerer();
    const id = await ask(asker);

    const options = await consoleCall<{ items: ConsoleAnswerer[] }>(t, 'GET', '/qa/answerers', undefined, editor.headers);
    expect(options.data.items.some((a) => a.userId === reporter.userId && a.typeName === '记者')).toBe(true);
    const open = await consoleCall<{ items: ConsoleQuestion[] }>(t, 'GET', '/qa/questions?queue=open&page=1', undefined, editor.headers);
    expect(open.data.items.find((q) => q.id === id)?.assignee).toBeNull();

    const done = await consoleCall<ConsoleQuestion>(t, 'POST', '/qa/assign', { questionId: id, userId: reporter.userId }, editor.headers);
    expect(done.statusCode, done.message).toBe(200);
    expect(done.data.assignee).toMatchObject({ userId: reporter.userId, name: `答人${reporter.userId}`, answered: false });
    // A retried click: the same answer, no second audit row.
    const again = await consoleCall<ConsoleQuestion>(t, 'POST', '/qa/assign', { questionId: id, userId: reporter.userId }, editor.headers);
    expect(again.data.assignee?.userId).toBe(reporter.userId);
    const rows = await auditOf(id);
    expect(rows.map((r) => r.action)).toEqual(['qa.assign']);
    expect(rows[0]).toMatchObject({ staffId: editor.id });

    const list = await assigned(reporter);
    expect(list.statusCode).toBe(200);
    expect(list.data[0]).toMatchObject({ id, mark: '指派给我', answered: false, replyHref: `/BangBang/QA/reply?id=${id}` });

    const answer = await post('/v1/bangbang/wenda/reply', { id, content: '带身份证和租房合同去较场口派出所户籍窗口，可以先在渝快办预约。' }, reporter.headers);
    expect(answer.statusCode, answer.message).toBe(200);
    expect((await assigned(reporter)).data.find((q) => q.id === id)?.answered).toBe(true);

    const mine = await get<MyItem[]>('/api/mine/questions?page=1', asker.headers);
    expect(mine.data.find((i) => i.id === id)?.state).toContain('1 个回答');
    const desk = await consoleCall<{ items: ConsoleQuestion[] }>(t, 'GET', '/qa/questions?queue=assigned&page=1', undefined, editor.headers);
    expect(desk.data.items.find((q) => q.id === id)?.assignee?.answered).toBe(true);
    // Answered: no longer open, and not given to anyone else.
    const other = await answerer(1, '入驻答人');
    const late = await consoleCall(t, 'POST', '/qa/assign', { questionId: id, userId: other.userId }, editor.headers);
    expect(late.res.status).toBe(200);
    expect(late.statusCode).toBe(422);
    expect(late.message).toBe(QA_MESSAGES.answered);
  });

  it('reassigns and takes back (undo), one audit row each; the list follows', async () => {
    const editor = await createTestStaff(t, 'chief');
    const asker = await createTestUser(t.database);
    const first = await answerer();
    const second = await answerer(1, '入驻答人');
    const id = await ask(asker);

    await consoleCall(t, 'POST', '/qa/assign', { questionId: id, userId: first.userId }, editor.headers);
    const moved = await consoleCall<ConsoleQuestion>(t, 'POST', '/qa/assign', { questionId: id, userId: second.userId }, editor.headers);
    expect(moved.data.assignee?.userId).toBe(second.userId);
    expect((await assigned(first)).data.some((q) => q.id === id)).toBe(false);
    expect((await assigned(second)).data.some((q) => q.id === id)).toBe(true);

    const back = await consoleCall<ConsoleQuestion>(t, 'POST', '/qa/unassign', { questionId: id }, editor.headers);
    expect(back.statusCode, back.message).toBe(200);
    expect(back.data.assignee).toBeNull();
    expect((await assigned(second)).data.some((q) => q.id === id)).toBe(false);
    // Taking back again is safe and writes nothing.
    expect((await consoleCall(t, 'POST', '/qa/unassign', { questionId: id }, editor.headers)).statusCode).toBe(200);
    const rows = await auditOf(id);
    expect(rows.map((r) => r.action)).toEqual(['qa.assign', 'qa.reassign', 'qa.unassign']);
    expect(rows[1]).toMatchObject({ before: { userId: first.userId }, after: { userId: second.userId } });
  });

  it('refuses in Chinese: not an answerer, a pending applicant, a 问政 department account, the asker, a missing question', async () => {
    const editor = await createTestStaff(t, 'editor');
    const asker = await createTestUser(t.database);
    const id = await ask(asker);
    const reader = await createTestUser(t.database);
    const pending = await answerer(2, '记者', 'pending');
    const dept = await createTestUser(t.database);
    await t.database.write((tx) =>
      tx
        .insert(bangMembers)
        .values({ userId: dept.userId, userType: 3, typeName: '官方', department: '重庆市交通局' })
        .then(() => undefined),
    );
    for (const who of [reader, pending, dept]) {
      const res = await consoleCall(t, 'POST', '/qa/assign', { questionId: id, userId: who.userId }, editor.headers);
      expect(res.statusCode).toBe(422);
      expect(res.message).toBe(QA_MESSAGES.notAnswerer);
    }
    await t.database.write((tx) =>
      tx
        .insert(bangMembers)
        .values({ userId: asker.userId, userType: 1, typeName: '入驻答人' })
        .then(() => undefined),
    );
    const own = await consoleCall(t, 'POST', '/qa/assign', { questionId: id, userId: asker.userId }, editor.headers);
    expect(own.message).toBe(QA_MESSAGES.ownQuestion);
    const reporter = await answerer();
    const missing = await consoleCall(t, 'POST', '/qa/assign', { questionId: 99_999_999, userId: reporter.userId }, editor.headers);
    expect(missing.message).toBe(QA_MESSAGES.missing);
    const bad = await consoleCall(t, 'POST', '/qa/assign', { questionId: 'abc', userId: reporter.userId }, editor.headers);
    expect(bad.res.status).toBe(400);
    expect(bad.message).toMatch(/[\u4e00-\u9fa5]/);
    expect(await auditOf(id)).toEqual([]);
  });

  it('pages the open queue: 20 a page, newest first, the next page goes on without repeating one; hasMore is false on the last page, a full one too', async () => {
    const editor = await createTestStaff(t, 'editor');
    // Questions are paced per reader and per address: 21 readers, each from an address of their own.
    const ids: number[] = [];
    for (let i = 0; i < 21; i++) {
      const asker = await createTestUser(t.database);
      ids.push(await ask({ ...asker, headers: { ...asker.headers, 'x-forwarded-for': `10.77.${i}.9` } }));
    }
    const page = async (n: number) =>
      (
        await consoleCall<{ items: ConsoleQuestion[]; hasMore: boolean; pageSize: number }>(
          t,
          'GET',
          `/qa/questions?queue=open&page=${n}`,
          undefined,
          editor.headers,
        )
      ).data;
    const first = await page(1);
    const second = await page(2);
    expect(first.pageSize).toBe(20);
    expect(first.items).toHaveLength(20);
    expect(first.hasMore).toBe(true);
    expect(first.items.map((q) => q.id).slice(0, 20)).toEqual([...ids].reverse().slice(0, 20));
    expect(second.items[0]?.id).toBe(ids[0]);
    const seen = [...first.items, ...second.items].map((q) => q.id);
    expect(new Set(seen).size).toBe(seen.length);

    // 下一页 only when there is one: with the queue a whole number of pages, the last full page says so.
    const pages = async () => {
      const all: Awaited<ReturnType<typeof page>>[] = [];
      for (let n = 1; ; n++) {
        all.push(await page(n));
        if (!all.at(-1)!.hasMore) return all;
      }
    };
    const total = (await pages()).reduce((sum, p) => sum + p.items.length, 0);
    for (let i = 0; i < (20 - (total % 20)) % 20; i++) {
      const asker = await createTestUser(t.database);
      await ask({ ...asker, headers: { ...asker.headers, 'x-forwarded-for': `10.78.${i}.9` } });
    }
    const whole = await pages();
    expect(whole.map((p) => p.items.length)).toEqual(whole.map(() => 20));
    expect(whole.map((p) => p.hasMore)).toEqual([...whole.slice(1).map(() => true), false]);
    expect((await page(whole.length + 1)).items).toEqual([]);
  });
});

describe('the console session names the kind of answering unit', () => {
  it('a seller’s person: seller; a 问政 department’s person: department; an editor: none', async () => {
    const admin = await createTestStaff(t, 'admin');
    const editor = await createTestStaff(t, 'editor');
    const [shop] = await t.database.db.select().from(answerUnits).where(eq(answerUnits.kind, 'seller')).limit(1);
    const [dept] = await t.database.db.select().from(answerUnits).where(eq(answerUnits.kind, 'department')).limit(1);
    const seller = await createTestStaff(t, 'department', { name: '店铺客服' });
    const clerk = await createTestStaff(t, 'department', { name: '部门办理员' });
    expect((await consoleCall(t, 'POST', '/answer/units/link', { staffId: seller.id, unitId: shop!.id }, admin.headers)).statusCode).toBe(200);
    expect((await consoleCall(t, 'POST', '/answer/units/link', { staffId: clerk.id, unitId: dept!.id }, admin.headers)).statusCode).toBe(200);
    const kind = async (headers: Record<string, string>) =>
      (await consoleCall<{ unitKind: string | null }>(t, 'GET', '/session', undefined, headers)).data.unitKind;
    expect(await kind(seller.headers)).toBe('seller');
    expect(await kind(clerk.headers)).toBe('department');
    expect(await kind(editor.headers)).toBeNull();
    // The server still refuses the other desk.
    const other = await consoleCall(t, 'GET', '/answer/unit/questions?page=1', undefined, seller.headers);
    expect(other.statusCode).not.toBe(200);
  });
});
