/**
 * Attacks on the 问政 answering desk (docs/security.md "Answering desks"): a department reading or
 * answering another department's question, a reader rating another's question, two desks or two replies
 * racing, a reply's links and HTML, the wrong people on the desk's endpoints.
 */
import { describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { PoliticsHandling } from '../../src/contract/answerDesk.ts';
import type { PoliticsDetail } from '../../src/contract/bangbang.ts';
import type { Department } from '../../src/contract/bangbangBoard.ts';
import { answerUnits, politicsCases } from '../../src/server/db/schema/answer.ts';
import { auditLog } from '../../src/server/db/schema/staff.ts';
import { suiteApp, suiteRequests } from '../support/testApp.ts';
import { createTestUser } from '../support/testUsers.ts';
import { consoleCall, createTestStaff, type TestStaff } from '../support/testStaff.ts';

// Each test signs several staff in (argon2 and TOTP) on a shared 2-core machine.
vi.setConfig({ testTimeout: 120_000 });
const t = suiteApp();
const { get, postJson: post } = suiteRequests(() => t);

async function unitId(name: string): Promise<number> {
  const [row] = await t.database.db.select().from(answerUnits).where(eq(answerUnits.name, name));
  return row!.id;
}

let n = 0;
async function askAndAssign(desk: TestStaff, unitName: string): Promise<{ id: number; asker: Awaited<ReturnType<typeof createTestUser>> }> {
  const asker = await createTestUser(t.database);
  const dep = (await get<Department[]>('/v1/bangbang/wenzheng/getMemberList')).data.find((d) => d.name === unitName)!;
  n += 1;
  const sent = await post<PoliticsDetail>(
    '/v1/bangbang/wenzheng/add',
    { departmentId: dep.id, title: `观音桥的公交站台雨棚漏雨 ${n}`, content: '下雨天等车全身湿透，希望有关部门尽快维修。' },
    asker.headers,
  );
  expect(sent.statusCode, sent.message).toBe(200);
  const accepted = await consoleCall(t, 'POST', '/answer/desk/accept', { id: sent.data.id, unitId: await unitId(unitName) }, desk.headers);
  expect(accepted.statusCode, accepted.message).toBe(200);
  return { id: sent.data.id, asker };
}

async function linked(admin: TestStaff, unitName: string): Promise<TestStaff> {
  const person = await createTestStaff(t, 'department');
  expect((await consoleCall(t, 'POST', '/answer/units/link', { staffId: person.id, unitId: await unitId(unitName) }, admin.headers)).statusCode).toBe(200);
  return person;
}

describe('a department and another department’s question', () => {
  it('cannot read, sign for, extend, hand back or answer it; the question is unchanged and no audit row is written', async () => {
    const admin = await createTestStaff(t, 'admin');
    const owner = await linked(admin, '南岸区交通局');
    const intruder = await linked(admin, '巴南区交通局');
    const { id } = await askAndAssign(admin, '南岸区交通局');
    const tries = [
      await consoleCall(t, 'GET', `/answer/unit/question?id=${id}`, undefined, intruder.headers),
      await consoleCall(t, 'POST', '/answer/unit/start', { id }, intruder.headers),
      await consoleCall(t, 'POST', '/answer/unit/extend', { id, reason: '越权延期的原因' }, intruder.headers),
      await consoleCall(t, 'POST', '/answer/unit/return', { id, reason: '越权退回的原因' }, intruder.headers),
      await consoleCall(t, 'POST', '/answer/unit/reply', { id, content: '这是另一个部门越权写的官方回复。' }, intruder.headers),
    ];
    expect(tries.map((r) => r.message)).toEqual(Array(5).fill('该问政不属于你的部门'));
    const [c] = await t.database.db.select().from(politicsCases).where(eq(politicsCases.politicsId, id));
    expect(c).toMatchObject({ state: 'accepted', unitId: await unitId('南岸区交通局'), extendedAt: null });
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.itemKind, 'politics'), eq(auditLog.itemId, String(id))))
      .orderBy(auditLog.id);
    expect(rows.map((r) => r.action)).toEqual(['answer.accept']);
    // The owner still can.
    expect((await consoleCall(t, 'GET', `/answer/unit/question?id=${id}`, undefined, owner.headers)).statusCode).toBe(200);
  });

  it('the old reader-side department account cannot answer a question the desk assigned elsewhere', async () => {
    const admin = await createTestStaff(t, 'admin');
    const { id } = await askAndAssign(admin, '渝北区教委');
    const official = await createTestUser(t.database);
    const { bangMembers } = await import('../../src/server/db/schema/bangbang.ts');
    await t.database.db.insert(bangMembers).values({ userId: official.userId, userType: 4, typeName: '官方', department: '渝北区教委', isJump: false });
    const res = await post('/v1/bangbang/wenzheng/reply', { id, content: '从读者端绕过受理台写的回复内容。' }, official.headers);
    expect(res).toMatchObject({ statusCode: 403, message: '该问政已由受理台办理，请在工作台回复' });
  });
});

describe('readers and the rating', () => {
  it('a reader cannot rate another’s question; the asker rates once, even when two ratings race', async () => {
    const admin = await createTestStaff(t, 'admin');
    const dept = await linked(admin, '渝北区城市管理局');
    const { id, asker } = await askAndAssign(admin, '渝北区城市管理局');
    expect((await post('/v1/bangbang/wenzheng/rate', { id, rating: 1 }, asker.headers)).message).toBe('部门回复后才能评价');
    await consoleCall(t, 'POST', '/answer/unit/reply', { id, content: '经核实，雨棚已于本周完成维修，感谢反映。' }, dept.headers);
    const other = await createTestUser(t.database);
    expect(await post('/v1/bangbang/wenzheng/rate', { id, rating: 2 }, other.headers)).toMatchObject({ statusCode: 403, message: '只有提问人可以评价' });
    expect((await post('/v1/bangbang/wenzheng/rate', { id, rating: 2 }, {})).statusCode).toBe(301);
    const [a, b] = await Promise.all([
      post<PoliticsHandling>('/v1/bangbang/wenzheng/rate', { id, rating: 1 }, asker.headers),
      post<PoliticsHandling>('/v1/bangbang/wenzheng/rate', { id, rating: 2 }, asker.headers),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 422]);
    const [c] = await t.database.db.select().from(politicsCases).where(eq(politicsCases.politicsId, id));
    expect([1, 2]).toContain(c!.rating);
    expect((await post('/v1/bangbang/wenzheng/rate', { id, rating: 3 }, asker.headers)).message).toBe('参数错误: 请选择满意或不满意');
  });
});

describe('races and retries', () => {
  it('two desks accepting at once: one assignment lands, one audit row', async () => {
    const [editor, moderator] = [await createTestStaff(t, 'editor'), await createTestStaff(t, 'moderator')];
    const asker = await createTestUser(t.database);
    const dep = (await get<Department[]>('/v1/bangbang/wenzheng/getMemberList')).data.find((d) => d.name === '北碚区城市管理局')!;
    const sent = await post<PoliticsDetail>(
      '/v1/bangbang/wenzheng/add',
      { departmentId: dep.id, title: '缙云山脚下的垃圾桶满了没人清', content: '周末游客多，垃圾桶满了溢出来，影响环境。' },
      asker.headers,
    );
    const id = sent.data.id;
    const [x, y] = await Promise.all([
      consoleCall(t, 'POST', '/answer/desk/accept', { id, unitId: await unitId('北碚区城市管理局') }, editor.headers),
      consoleCall(t, 'POST', '/answer/desk/accept', { id, unitId: await unitId('北碚区商务委') }, moderator.headers),
    ]);
    expect([x.statusCode, y.statusCode].sort()).toEqual([200, 422]);
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'answer.accept'), eq(auditLog.itemId, String(id))))
      .orderBy(auditLog.id);
    expect(rows).toHaveLength(1);
  });

  it('two replies at once: one lands; a retry of the same reply answers as it is', async () => {
    const admin = await createTestStaff(t, 'admin');
    const dept = await linked(admin, '九龙坡区卫生健康委');
    const { id } = await askAndAssign(admin, '九龙坡区卫生健康委');
    const body = { id, content: '网友您好，社区卫生服务中心已延长周末门诊时间至下午五点。' };
    const [a, b] = await Promise.all([
      consoleCall(t, 'POST', '/answer/unit/reply', body, dept.headers),
      consoleCall(t, 'POST', '/answer/unit/reply', { ...body, content: `${body.content}（第二遍）` }, dept.headers),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 422]);
    const won = a.statusCode === 200 ? body : { ...body, content: `${body.content}（第二遍）` };
    expect((await consoleCall(t, 'POST', '/answer/unit/reply', won, dept.headers)).statusCode).toBe(200);
    expect(
      (
        await t.database.db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.action, 'answer.reply'), eq(auditLog.itemId, String(id))))
          .orderBy(auditLog.id)
      ).length,
    ).toBe(1);
  });
});

describe('the reply’s content', () => {
  it('escapes HTML written as text and refuses javascript: links and foreign picture schemes', async () => {
    const admin = await createTestStaff(t, 'admin');
    const dept = await linked(admin, '两江新区社会发展局');
    const { id } = await askAndAssign(admin, '两江新区社会发展局');
    expect(
      (await consoleCall(t, 'POST', '/answer/unit/reply', { id, content: '链接测试的回复内容文字', newsUrl: 'javascript:alert(1)' }, dept.headers)).message,
    ).toBe('参数错误: 相关报道链接须以 https:// 或 / 开头');
    expect(
      (await consoleCall(t, 'POST', '/answer/unit/reply', { id, content: '链接测试的回复内容文字', newsUrl: '//evil.example/x' }, dept.headers)).message,
    ).toBe('参数错误: 相关报道链接须以 https:// 或 / 开头');
    expect(
      (await consoleCall(t, 'POST', '/answer/unit/reply', { id, content: '图片测试的回复内容文字', pictures: ['data:image/png;base64,AAAA'] }, dept.headers))
        .message,
    ).toBe('参数错误: 图片地址须以 https:// 或 /media/ 开头');
    const ok = await consoleCall(t, 'POST', '/answer/unit/reply', { id, content: '<img src=x onerror=alert(1)>学校已经开始报名了' }, dept.headers);
    expect(ok.statusCode).toBe(200);
    const seen = (await get<PoliticsHandling>(`/v1/bangbang/wenzheng/handling?id=${id}`)).data;
    expect(seen.officialReply!.content).toBe('<p>&lt;img src=x onerror=alert(1)&gt;学校已经开始报名了</p>');
  });
});
