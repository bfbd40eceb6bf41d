/**
 * The operator's review of identity applications (身份认证; issue 16, ADR 015; docs/security.md "Bangbang
 * board writes"): only the server's OPERATOR_TOKEN opens the API — a reader's login, a department
 * account, a wrong or missing token, or a server without a token are all refused and change nothing. A
 * decision moves a pending application to 已通过 (the type tag on every answer) or 未通过 with its reason
 * (what /BangBang/applyfor shows); a retry of the same decision is harmless, a second different decision refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Answer } from '../../src/contract/bangbang.ts';
import type { MemberInfo } from '../../src/contract/bangbangBoard.ts';
import type { Application } from '../../src/contract/bangbangOperator.ts';
import { readConfig } from '../../src/server/config.ts';
import { bangMembers, bangQuestions } from '../../src/server/db/schema/bangbang.ts';
import { createApiApp } from '../../src/server/http/createApiApp.ts';
import { createLogger } from '../../src/server/log.ts';
import { createTestApp, envelope, type TestApp, uploadTestPng } from '../support/testApp.ts';
import { createTestUser, type TestUser } from '../support/testUsers.ts';

const TOKEN = 'op-test-token-0123456789abcdefghijklmnopqrstuvwxyz';
let t: TestApp;
/** The same database behind an app configured with the operator token. */
let op: ReturnType<typeof createApiApp>;

beforeAll(async () => {
  t = await createTestApp();
  op = createApiApp({
    database: t.database,
    log: createLogger('silent'),
    config: { ...readConfig({ NODE_ENV: 'test', OPERATOR_TOKEN: TOKEN }), checkResponses: true },
    mediaDir: t.mediaDir,
  });
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
const asOperator = { 'x-operator-token': TOKEN };

const uploadPng = (user: TestUser): Promise<string> => uploadTestPng(t, user, { width: 10, height: 8 });

async function applicant(userType: 1 | 2): Promise<TestUser> {
  const reader = await createTestUser(t.database);
  const body = { userType, realName: '周晓', job: userType === 2 ? '重庆某报社 记者' : '社区医生', introduction: '在基层工作多年，愿意回答邻里的问题。', proofPicture: await uploadPng(reader) };
  const res = await post<MemberInfo>(t.app, '/api/bangbang/member/useredit', body, reader.headers);
  expect(res.data.state).toBe('pending');
  return reader;
}

async function memberRow(userId: number) {
  return (await t.database.db.select().from(bangMembers).where(eq(bangMembers.userId, userId)))[0]!;
}

describe('who may review (authorization)', () => {
  it('a reader, a department account, a wrong or missing token cannot list or decide; nothing changes', async () => {
    const reader = await applicant(2);
    const department = await createTestUser(t.database);
    await t.database.db.insert(bangMembers).values({ userId: department.userId, userType: 4, typeName: '官方', department: '市城市管理局', isJump: false });
    const attempts: Array<Record<string, string>> = [
      reader.headers,
      department.headers,
      {},
      { 'x-operator-token': 'wrong' },
      { 'x-operator-token': `${TOKEN}x` },
      { ...reader.headers, 'x-operator-token': TOKEN.slice(0, -1) },
      // The token in the reader's header is not the operator's header.
      { authorization: `Bearer ${TOKEN}` },
    ];
    for (const headers of attempts) {
      expect(await post(op.app, '/v1/bangbang/operator/review', { userId: reader.userId, decision: 'approve' }, headers)).toEqual({ statusCode: 403, message: '无权操作', data: null });
      expect((await get(op.app, '/v1/bangbang/operator/applications', headers)).statusCode).toBe(403);
    }
    // A reader approving themself, with the operator's body fields forged, changes nothing either.
    await post(op.app, '/v1/bangbang/operator/review', { userId: reader.userId, decision: 'approve', state: 'approved' }, reader.headers);
    expect((await memberRow(reader.userId)).reviewState).toBe('pending');
  });

  it('a server without OPERATOR_TOKEN (or with one too short) refuses even the right-looking header', async () => {
    const reader = await applicant(1);
    expect(readConfig({ OPERATOR_TOKEN: 'short' }).operatorToken).toBeUndefined();
    // t.app is configured without a token.
    expect((await post(t.app, '/v1/bangbang/operator/review', { userId: reader.userId, decision: 'approve' }, asOperator)).statusCode).toBe(403);
    expect((await post(t.app, '/v1/bangbang/operator/review', { userId: reader.userId, decision: 'approve' }, { 'x-operator-token': '' })).statusCode).toBe(403);
    expect((await memberRow(reader.userId)).reviewState).toBe('pending');
  });
});

describe('the review (state change)', () => {
  it('lists pending applications with the proof picture; approving makes 已通过 and tags every answer of the member', async () => {
    const reader = await applicant(2);
    const [q1] = await t.database.db.select().from(bangQuestions).where(eq(bangQuestions.replyClosed, false)).limit(2);
    const a1 = await post<Answer>(t.app, '/v1/bangbang/wenda/reply', { id: q1!.id, content: '审核前写下的第一条回答' }, reader.headers);
    expect(a1.data.typeName).toBe('');

    const pending = await get<Application[]>(op.app, '/v1/bangbang/operator/applications?pageSize=50', asOperator);
    expect(pending.statusCode).toBe(200);
    const mine = pending.data.find((a) => a.userId === reader.userId)!;
    expect(mine).toMatchObject({ state: 'pending', userType: 2, typeName: '记者', realName: '周晓' });
    expect(mine.proofPicture).toMatch(/^\/media\//);
    expect(pending.data.every((a) => a.state === 'pending')).toBe(true);

    const approved = await post<Application>(op.app, '/v1/bangbang/operator/review', { userId: reader.userId, decision: 'approve', reason: '不会留下' }, asOperator);
    expect(approved.statusCode, approved.message).toBe(200);
    expect(approved.data).toMatchObject({ state: 'approved', reason: '' });
    // Retrying the same decision is harmless; a different one is refused.
    expect((await post(op.app, '/v1/bangbang/operator/review', { userId: reader.userId, decision: 'approve' }, asOperator)).statusCode).toBe(200);
    expect(await post(op.app, '/v1/bangbang/operator/review', { userId: reader.userId, decision: 'reject', reason: '材料不清楚' }, asOperator)).toEqual({
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
    const approvedList = await get<Application[]>(op.app, '/v1/bangbang/operator/applications?state=approved&pageSize=50', asOperator);
    expect(approvedList.data.some((a) => a.userId === reader.userId)).toBe(true);
  });

  it('rejecting needs a reason, which the applicant reads; the applicant may apply again (pending once more)', async () => {
    const reader = await applicant(1);
    const noReason = await post(op.app, '/v1/bangbang/operator/review', { userId: reader.userId, decision: 'reject' }, asOperator);
    expect(noReason).toMatchObject({ statusCode: 400 });
    expect(noReason.message).toContain('请填写不通过的原因');
    expect((await post(op.app, '/v1/bangbang/operator/review', { userId: reader.userId, decision: 'maybe' }, asOperator)).message).toContain('请选择通过或不通过');
    const hostile = '<script>alert(1)</script>证明材料模糊';
    const rejected = await post<Application>(op.app, '/v1/bangbang/operator/review', { userId: reader.userId, decision: 'reject', reason: hostile }, asOperator);
    expect(rejected.data).toMatchObject({ state: 'rejected', reason: hostile });
    const info = await get<MemberInfo>(t.app, '/api/bangbang/member/getInfo', reader.headers);
    expect(info.data).toMatchObject({ state: 'rejected', reason: hostile });
    // Concurrent approvals of a refused application all fail: only pending rows change.
    const racing = await Promise.all([1, 2, 3].map(() => post(op.app, '/v1/bangbang/operator/review', { userId: reader.userId, decision: 'approve' }, asOperator)));
    expect(racing.every((r) => r.statusCode === 422)).toBe(true);
    expect((await memberRow(reader.userId)).reviewState).toBe('rejected');
    // Applying again reopens it.
    const again = await post<MemberInfo>(t.app, '/api/bangbang/member/useredit', { userType: 1, realName: '周晓', job: '社区医生', introduction: '补充了清楚的执业证照片，请再审核。', proofPicture: await uploadPng(reader) }, reader.headers);
    expect(again.data).toMatchObject({ state: 'pending', reason: '' });
  });

  it('two operators deciding a pending application at once: one decision lands', async () => {
    const reader = await applicant(2);
    const [a, b] = await Promise.all([
      post(op.app, '/v1/bangbang/operator/review', { userId: reader.userId, decision: 'approve' }, asOperator),
      post(op.app, '/v1/bangbang/operator/review', { userId: reader.userId, decision: 'reject', reason: '与所填单位不符' }, asOperator),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 422]);
    const row = await memberRow(reader.userId);
    expect(row.reviewState).toBe(a.statusCode === 200 ? 'approved' : 'rejected');
  });

  it('an unknown user or a department account is no application (404); a bad id is refused in Chinese', async () => {
    expect(await post(op.app, '/v1/bangbang/operator/review', { userId: 99999999, decision: 'approve' }, asOperator)).toEqual({ statusCode: 404, message: '申请不存在', data: null });
    const [department] = await t.database.db.select().from(bangMembers).where(eq(bangMembers.userType, 4)).limit(1);
    expect((await post(op.app, '/v1/bangbang/operator/review', { userId: department!.userId, decision: 'reject', reason: '试图撤销部门' }, asOperator)).statusCode).toBe(404);
    expect((await memberRow(department!.userId)).reviewState).toBe('approved');
    const bad = await post(op.app, '/v1/bangbang/operator/review', { userId: 'abc', decision: 'approve' }, asOperator);
    expect(bad.statusCode).toBe(400);
  });
});
