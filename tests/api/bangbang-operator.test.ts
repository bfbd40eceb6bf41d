/**
 * The review of identity applications (身份认证; spec 2.7, now in the newsroom console: ADR 017, which
 * replaces ADR 015's operator token; docs/security.md "Newsroom staff"): only a signed-in person whose role
 * holds `identity.review` may list or decide — a reader's login, a department account, a moderator or a
 * reporter are refused and change nothing, and the old token endpoints are gone. A decision moves a pending
 * application to 已通过 (the type tag on every answer) or 未通过 with its reason (what /BangBang/applyfor
 * shows); a retry of the same decision is harmless, a second different decision refused; each decision
 * appends an audit row.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Answer } from '../../src/contract/bangbang.ts';
import type { MemberInfo } from '../../src/contract/bangbangBoard.ts';
import type { Application } from '../../src/contract/bangbangOperator.ts';
import { bangMembers, bangQuestions } from '../../src/server/db/schema/bangbang.ts';
import { createTestApp, envelope, type TestApp, uploadTestPng } from '../support/testApp.ts';
import { consoleCall, createTestStaff, type TestStaff } from '../support/testStaff.ts';
import { createTestUser, type TestUser } from '../support/testUsers.ts';

let t: TestApp;
/** An editor: the role that reviews applications day to day (ROLE_PERMISSIONS). */
let reviewer: TestStaff;

beforeAll(async () => {
  t = await createTestApp();
  reviewer = await createTestStaff(t, 'editor');
});
afterAll(async () => {
  await t.close();
});

type App = { request: (path: string, init?: RequestInit) => Response | Promise<Response> };

async function get<T>(app: App, path: string, headers: Record<string, string> = {}) {
  return envelope<T>(await app.request(path, { headers }));
}
async function post<T>(app: App, path: string, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return envelope<T>(await app.request(path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) }));
}

/** The console's review as `who` (the reviewer unless said): the envelope only. */
async function review<T = Application>(body: Record<string, unknown>, who: { headers: Record<string, string> } = reviewer) {
  const { statusCode, message, data } = await consoleCall<T>(t, 'POST', '/identity/review', body, who.headers);
  return { statusCode, message, data };
}
async function applications(state: 'pending' | 'approved' | 'rejected', who: { headers: Record<string, string> } = reviewer) {
  const { statusCode, message, data } = await consoleCall<Application[]>(t, 'GET', `/identity/applications?state=${state}&pageSize=50`, undefined, who.headers);
  return { statusCode, message, data };
}

const uploadPng = (user: TestUser): Promise<string> => uploadTestPng(t, user, { width: 10, height: 8 });

async function applicant(userType: 1 | 2): Promise<TestUser> {
  const reader = await createTestUser(t.database);
  const body = {
    userType,
    realName: '周晓',
    job: userType === 2 ? '重庆某报社 记者' : '社区医生',
    introduction: '在基层工作多年，愿意回答邻里的问题。',
    proofPicture: await uploadPng(reader),
  };
  const res = await post<MemberInfo>(t.app, '/api/bangbang/member/useredit', body, reader.headers);
  expect(res.data.state).toBe('pending');
  return reader;
}

async function memberRow(userId: number) {
  return (await t.database.db.select().from(bangMembers).where(eq(bangMembers.userId, userId)))[0]!;
}

describe('who may review (authorization)', () => {
  it('a reader, a department account, a moderator or a reporter cannot list or decide; nothing changes', async () => {
    const reader = await applicant(2);
    const department = await createTestUser(t.database);
    await t.database.db.insert(bangMembers).values({ userId: department.userId, userType: 4, typeName: '官方', department: '市城市管理局', isJump: false });
    const moderator = await createTestStaff(t, 'moderator');
    const reporter = await createTestStaff(t, 'reporter');
    for (const who of [reader, department]) {
      expect((await review({ userId: reader.userId, decision: 'approve' }, who)).statusCode).toBe(301);
      expect((await applications('pending', who)).statusCode).toBe(301);
    }
    for (const who of [moderator, reporter]) {
      expect(await review({ userId: reader.userId, decision: 'approve' }, who)).toEqual({ statusCode: 403, message: '无权操作', data: null });
      expect((await applications('pending', who)).statusCode).toBe(403);
    }
    // The token endpoints of ADR 015 are gone from the reader API.
    expect(
      (await post(t.app, '/v1/bangbang/operator/review', { userId: reader.userId, decision: 'approve' }, { 'x-operator-token': 'x'.repeat(40) })).statusCode,
    ).toBe(404);
    expect((await get(t.app, '/v1/bangbang/operator/applications')).statusCode).toBe(404);
    expect((await memberRow(reader.userId)).reviewState).toBe('pending');
  });

  it('a decision appends one audit row with who, the state before and after, and the reason', async () => {
    const reader = await applicant(1);
    expect((await review({ userId: reader.userId, decision: 'reject', reason: '证明材料模糊' })).statusCode).toBe(200);
    const admin = await createTestStaff(t, 'admin');
    const audit = await consoleCall<{ rows: { action: string; staffName: string; before: unknown; after: unknown; reason: string }[] }>(
      t,
      'GET',
      `/audit?itemKind=bangMember&itemId=${reader.userId}`,
      undefined,
      admin.headers,
    );
    expect(audit.data.rows).toHaveLength(1);
    expect(audit.data.rows[0]).toMatchObject({
      action: 'identity.reject',
      staffName: reviewer.name,
      before: { state: 'pending' },
      after: { state: 'rejected' },
      reason: '证明材料模糊',
    });
  });
});

describe('the review (state change)', () => {
  it('lists pending applications with the proof picture; approving makes 已通过 and tags every answer of the member', async () => {
    const reader = await applicant(2);
    const [q1] = await t.database.db.select().from(bangQuestions).where(eq(bangQuestions.replyClosed, false)).limit(2);
    const a1 = await post<Answer>(t.app, '/v1/bangbang/wenda/reply', { id: q1!.id, content: '审核前写下的第一条回答' }, reader.headers);
    expect(a1.data.typeName).toBe('');

    const pending = await applications('pending');
    expect(pending.statusCode).toBe(200);
    const mine = pending.data.find((a) => a.userId === reader.userId)!;
    expect(mine).toMatchObject({ state: 'pending', userType: 2, typeName: '记者', realName: '周晓' });
    expect(mine.proofPicture).toMatch(/^\/media\//);
    expect(pending.data.every((a) => a.state === 'pending')).toBe(true);

    const approved = await review({ userId: reader.userId, decision: 'approve', reason: '不会留下' });
    expect(approved.statusCode, approved.message).toBe(200);
    expect(approved.data).toMatchObject({ state: 'approved', reason: '' });
    // Retrying the same decision is harmless; a different one is refused.
    expect((await review({ userId: reader.userId, decision: 'approve' })).statusCode).toBe(200);
    expect(await review({ userId: reader.userId, decision: 'reject', reason: '材料不清楚' })).toEqual({
      statusCode: 422,
      message: '该申请已处理，不能更改',
      data: null,
    });

    expect((await get<MemberInfo>(t.app, '/api/bangbang/member/getInfo', reader.headers)).data).toMatchObject({ state: 'approved', reason: '' });
    // The tag on the answer written before approval, wherever it is listed (answers are rate-limited, so one answer).
    const list = await get<Answer[]>(t.app, `/v1/bangbang/wenda/getAnswerListById?id=${q1!.id}&pageSize=50`);
    expect(list.data.find((a) => a.id === a1.data.id)).toMatchObject({ typeName: '记者', userType: 2 });
    const newest = await get<Answer[]>(t.app, '/v1/bangbang/wenda/getNewAnswerList?pageSize=50');
    expect(newest.data.find((a) => a.id === a1.data.id)).toMatchObject({ typeName: '记者', userType: 2 });
    const approvedList = await applications('approved');
    expect(approvedList.data.some((a) => a.userId === reader.userId)).toBe(true);
  });

  it('rejecting needs a reason, which the applicant reads; the applicant may apply again (pending once more)', async () => {
    const reader = await applicant(1);
    const noReason = await review({ userId: reader.userId, decision: 'reject' });
    expect(noReason).toMatchObject({ statusCode: 400 });
    expect(noReason.message).toContain('请填写不通过的原因');
    expect((await review({ userId: reader.userId, decision: 'maybe' })).message).toContain('请选择通过或不通过');
    const hostile = '<script>alert(1)</script>证明材料模糊';
    const rejected = await review({ userId: reader.userId, decision: 'reject', reason: hostile });
    expect(rejected.data).toMatchObject({ state: 'rejected', reason: hostile });
    const info = await get<MemberInfo>(t.app, '/api/bangbang/member/getInfo', reader.headers);
    expect(info.data).toMatchObject({ state: 'rejected', reason: hostile });
    // Concurrent approvals of a refused application all fail: only pending rows change.
    const racing = await Promise.all([1, 2, 3].map(() => review({ userId: reader.userId, decision: 'approve' })));
    expect(racing.every((r) => r.statusCode === 422)).toBe(true);
    expect((await memberRow(reader.userId)).reviewState).toBe('rejected');
    // Applying again reopens it.
    const again = await post<MemberInfo>(
      t.app,
      '/api/bangbang/member/useredit',
      { userType: 1, realName: '周晓', job: '社区医生', introduction: '补充了清楚的执业证照片，请再审核。', proofPicture: await uploadPng(reader) },
      reader.headers,
    );
    expect(again.data).toMatchObject({ state: 'pending', reason: '' });
  });

  it('two operators deciding a pending application at once: one decision lands', async () => {
    const reader = await applicant(2);
    const [a, b] = await Promise.all([
      review({ userId: reader.userId, decision: 'approve' }),
      review({ userId: reader.userId, decision: 'reject', reason: '与所填单位不符' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 422]);
    const row = await memberRow(reader.userId);
    expect(row.reviewState).toBe(a.statusCode === 200 ? 'approved' : 'rejected');
  });

  it('an unknown user or a department account is no application (404); a bad id is refused in Chinese', async () => {
    expect(await review({ userId: 99999999, decision: 'approve' })).toEqual({ statusCode: 404, message: '申请不存在', data: null });
    const [department] = await t.database.db.select().from(bangMembers).where(eq(bangMembers.userType, 4)).limit(1);
    expect((await review({ userId: department!.userId, decision: 'reject', reason: '试图撤销部门' })).statusCode).toBe(404);
    expect((await memberRow(department!.userId)).reviewState).toBe('approved');
    const bad = await review({ userId: 'abc', decision: 'approve' });
    expect(bad.statusCode).toBe(400);
  });
});
