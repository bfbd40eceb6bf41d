/**
 * The 问政 answering desk through its endpoints (docs/security.md "Answering desks"): a reader asks, the
 * desk accepts and assigns (or declines with a reason), the department signs for it, asks for more time
 * once, hands back once, replies; the asker sees the timeline and the official reply and rates it once;
 * the department's figures move. The overdue rule runs on a controlled clock (the services take `now`).
 */
import { describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { DepartmentPage, PoliticsHandling } from '../../src/contract/answerDesk.ts';
import type { PoliticsDetail } from '../../src/contract/bangbang.ts';
import type { Department } from '../../src/contract/bangbangBoard.ts';
import { acceptService, deskQueueService, extendService, unitQueueService, type DeskActor } from '../../src/server/answer/politicsDesk.ts';
import { answerUnits } from '../../src/server/db/schema/answer.ts';
import { auditLog } from '../../src/server/db/schema/staff.ts';
import { appendAudit } from '../../src/server/audit/repo.ts';
import { suiteApp, suiteRequests } from '../support/testApp.ts';
import { createTestUser, type TestUser } from '../support/testUsers.ts';
import { consoleCall, createTestStaff, type TestStaff } from '../support/testStaff.ts';

// Each test signs several staff in (argon2 and TOTP) on a shared 2-core machine.
vi.setConfig({ testTimeout: 120_000 });
const t = suiteApp();
const { get, postJson: post } = suiteRequests(() => t);

interface ConsoleQuestion {
  id: number;
  state: string;
  unitId: number;
  unitName: string;
  overdue: boolean;
  dueAt: string;
  chosenUnitId: number;
  declineReason: string;
}

async function unitId(name: string): Promise<number> {
  const [row] = await t.database.db
    .select()
    .from(answerUnits)
    .where(and(eq(answerUnits.kind, 'department'), eq(answerUnits.name, name)));
  return row!.id;
}

let asked = 0;
async function ask(asker: TestUser, department = '渝中区城市管理局'): Promise<number> {
  const departments = (await get<Department[]>('/v1/bangbang/wenzheng/getMemberList')).data;
  const target = departments.find((d) => d.name === department)!;
  asked += 1;
  const sent = await post<PoliticsDetail>(
    '/v1/bangbang/wenzheng/add',
    { departmentId: target.id, title: `解放碑步行街的井盖松动了 ${asked}`, content: '走过去哐当作响，晚上看不清容易绊倒，希望尽快修好。' },
    { ...asker.headers, 'idempotency-key': `ask-${process.pid}-${asked}` },
  );
  expect(sent.statusCode, sent.message).toBe(200);
  return sent.data.id;
}

async function departmentStaff(admin: TestStaff, unitName: string): Promise<TestStaff> {
  const person = await createTestStaff(t, 'department', { name: `${unitName}办理员` });
  const linked = await consoleCall(t, 'POST', '/answer/units/link', { staffId: person.id, unitId: await unitId(unitName) }, admin.headers);
  expect(linked.statusCode, linked.message).toBe(200);
  return person;
}

const handling = (id: number, user?: TestUser) => get<PoliticsHandling>(`/v1/bangbang/wenzheng/handling?id=${id}`, user?.headers ?? {});

describe('问政: ask → accept and assign → the department replies → the asker rates', () => {
  it('walks the whole way, each step on the timeline with its date, the reply as the official reply, the figures changed', async () => {
    const admin = await createTestStaff(t, 'admin');
    const editor = await createTestStaff(t, 'editor');
    const yuzhong = await departmentStaff(admin, '渝中区城市管理局');
    const jiangbei = await departmentStaff(admin, '江北区城市管理局');
    const asker = await createTestUser(t.database);
    const other = await createTestUser(t.database);
    const id = await ask(asker);

    const before = await get<DepartmentPage>(`/v1/bangbang/wenzheng/department?id=${await unitId('江北区城市管理局')}`);
    expect((await handling(id)).data).toMatchObject({ state: 'submitted', stateText: '待受理', officialReply: null });

    const queue = await consoleCall<{ items: ConsoleQuestion[] }>(t, 'GET', '/answer/desk/questions?queue=submitted&page=1', undefined, editor.headers);
    const waiting = queue.data.items.find((q) => q.id === id)!;
    expect(waiting.chosenUnitId).toBe(await unitId('渝中区城市管理局'));

    // The desk assigns it to another department than the one chosen; a retry answers the same.
    const to = await unitId('江北区城市管理局');
    const accepted = await consoleCall<ConsoleQuestion>(t, 'POST', '/answer/desk/accept', { id, unitId: to }, editor.headers);
    expect(accepted.data).toMatchObject({ state: 'accepted', unitName: '江北区城市管理局' });
    expect((await consoleCall(t, 'POST', '/answer/desk/accept', { id, unitId: to }, editor.headers)).statusCode).toBe(200);
    expect((await consoleCall(t, 'POST', '/answer/desk/accept', { id, unitId: await unitId('渝中区城市管理局') }, editor.headers)).message).toBe(
      '该问政已受理或已处理，请刷新后查看',
    );

    // The department it was not assigned to can neither read nor answer it.
    expect((await consoleCall(t, 'GET', `/answer/unit/question?id=${id}`, undefined, yuzhong.headers)).message).toBe('该问政不属于你的部门');
    const stolen = await consoleCall(t, 'POST', '/answer/unit/reply', { id, content: '这是渝中区城管局越权写的回复内容。' }, yuzhong.headers);
    expect(stolen.message).toBe('该问政不属于你的部门');
    const mine = await consoleCall<{ items: ConsoleQuestion[] }>(t, 'GET', '/answer/unit/questions?queue=open&page=1', undefined, yuzhong.headers);
    expect(mine.data.items.some((q) => q.id === id)).toBe(false);

    expect((await consoleCall(t, 'POST', '/answer/unit/start', { id }, jiangbei.headers)).statusCode).toBe(200);
    const extended = await consoleCall<ConsoleQuestion>(t, 'POST', '/answer/unit/extend', { id, reason: '需要会同市政设施管理处现场勘查' }, jiangbei.headers);
    expect(extended.statusCode, extended.message).toBe(200);
    expect((await consoleCall(t, 'POST', '/answer/unit/extend', { id, reason: '还要再等一周' }, jiangbei.headers)).message).toBe('每个问政只能申请一次延期');

    const reply = await consoleCall(
      t,
      'POST',
      '/answer/unit/reply',
      {
        id,
        content: '网友您好：\n经现场核实，该井盖已于今日更换加固。\n感谢您对城市管理工作的支持！<script>alert(1)</script>',
        pictures: ['/media/bangbang/tip-1-1.webp'],
        newsUrl: '/NewsDetail?classId=1&newsId=2',
      },
      jiangbei.headers,
    );
    expect(reply.statusCode, reply.message).toBe(200);

    const seen = (await handling(id, asker)).data;
    expect(seen.state).toBe('replied');
    expect(seen.steps.map((s) => [s.name, s.done])).toEqual([
      ['已提交', true],
      ['已受理', true],
      ['办理中', true],
      ['已回复', true],
    ]);
    expect(seen.steps.every((s) => /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/.test(s.time))).toBe(true);
    expect(seen.steps[1]!.note).toBe('转交江北区城市管理局');
    expect(seen.steps[2]!.note).toBe('部门申请延期办理：需要会同市政设施管理处现场勘查');
    expect(seen.officialReply).toMatchObject({
      username: '江北区城市管理局',
      label: '官方',
      newsStruct: { url: '/NewsDetail?classId=1&newsId=2' },
      pictures: ['/media/bangbang/tip-1-1.webp'],
      unitId: to,
    });
    expect(seen.officialReply!.content).toContain('<p>经现场核实，该井盖已于今日更换加固。</p>');
    expect(seen.officialReply!.content).not.toContain('<script');
    expect(seen).toMatchObject({ mine: true, canRate: true, rating: 0 });
    expect((await handling(id, other)).data).toMatchObject({ mine: false, canRate: false });

    // Only the asker rates, once.
    expect((await post('/v1/bangbang/wenzheng/rate', { id, rating: 1 }, other.headers)).message).toBe('只有提问人可以评价');
    const rated = await post<PoliticsHandling>('/v1/bangbang/wenzheng/rate', { id, rating: 1 }, asker.headers);
    expect(rated).toMatchObject({ statusCode: 200, message: '感谢你的评价', data: { rating: 1, canRate: false } });
    expect((await post('/v1/bangbang/wenzheng/rate', { id, rating: 1 }, asker.headers)).statusCode).toBe(200);
    expect((await post('/v1/bangbang/wenzheng/rate', { id, rating: 2 }, asker.headers)).message).toBe('你已评价过，不能更改');
    expect(
      (await get<{ state: string }[]>('/api/mine/questions?page=1', asker.headers)).data.find((x) => (x as unknown as { id: number }).id === id)?.state,
    ).toBe('问政 · 已回复 · 满意');

    const after = await get<DepartmentPage>(`/v1/bangbang/wenzheng/department?id=${to}`);
    expect(after.data.figures.received).toBe(before.data.figures.received + 1);
    expect(after.data.figures.replied).toBe(before.data.figures.replied + 1);
    expect(after.data.figures.satisfied).toBe(before.data.figures.satisfied + 1);
    expect(after.data.recent[0]!.id).toBe(id);

    const actions = (
      await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.itemKind, 'politics'), eq(auditLog.itemId, String(id))))
        .orderBy(auditLog.id)
    ).map((r) => r.action);
    expect(actions).toEqual(['answer.accept', 'answer.start', 'answer.extend', 'answer.reply']);
  });

  it('a declined question shows its reason to the asker; a question handed back returns to 待受理, once per department', async () => {
    const admin = await createTestStaff(t, 'admin');
    const moderator = await createTestStaff(t, 'moderator');
    const dept = await departmentStaff(admin, '渝中区城市管理局');
    const asker = await createTestUser(t.database);

    const declinedId = await ask(asker);
    const declined = await consoleCall(
      t,
      'POST',
      '/answer/desk/decline',
      { id: declinedId, reason: '该问题属于物业服务纠纷，请联系所在小区物业' },
      moderator.headers,
    );
    expect(declined.statusCode, declined.message).toBe(200);
    const seen = (await handling(declinedId, asker)).data;
    expect(seen).toMatchObject({ state: 'declined', declineReason: '该问题属于物业服务纠纷，请联系所在小区物业' });
    expect(seen.steps.map((s) => s.name)).toEqual(['已提交', '不予受理']);

    const id = await ask(await createTestUser(t.database));
    const unit = await unitId('渝中区城市管理局');
    await consoleCall(t, 'POST', '/answer/desk/accept', { id, unitId: unit }, moderator.headers);
    const back = await consoleCall(t, 'POST', '/answer/unit/return', { id, reason: '该路段由市政设施管理处负责' }, dept.headers);
    expect(back.statusCode, back.message).toBe(200);
    const queue = await consoleCall<{ items: ConsoleQuestion[] }>(t, 'GET', '/answer/desk/questions?queue=submitted&page=1', undefined, moderator.headers);
    expect(queue.data.items.some((q) => q.id === id)).toBe(true);
    expect((await handling(id)).data.steps[1]).toMatchObject({ done: false, note: '部门已退回，等待重新转交' });
    await consoleCall(t, 'POST', '/answer/desk/accept', { id, unitId: unit }, moderator.headers);
    expect((await consoleCall(t, 'POST', '/answer/unit/return', { id, reason: '再次退回试试看' }, dept.headers)).message).toBe(
      '你的部门已退回过该问政一次，不能再次退回',
    );
  });

  it('permissions: a reader token and the wrong roles are refused', async () => {
    const reporter = await createTestStaff(t, 'reporter');
    const department = await createTestStaff(t, 'department');
    expect((await consoleCall(t, 'GET', '/answer/desk/questions', undefined, reporter.headers)).res.status).toBe(403);
    expect((await consoleCall(t, 'POST', '/answer/desk/accept', { id: 1, unitId: 1 }, department.headers)).res.status).toBe(403);
    // A department person not linked to a department answers nothing.
    expect((await consoleCall(t, 'GET', '/answer/unit/questions', undefined, department.headers)).message).toBe('你的账号尚未关联部门，请联系管理员');
  });
});

describe('the overdue rule (5 working days, on a controlled clock)', () => {
  it('is not overdue on the fifth working day, is on the sixth, listed first; an extension adds 5 more', async () => {
    const admin = await createTestStaff(t, 'admin');
    const dept = await departmentStaff(admin, '北碚区商务委');
    const asker = await createTestUser(t.database);
    const id = await ask(asker, '北碚区商务委');
    const actor = (staffId: number): DeskActor => ({ staffId, name: '测试', audit: (tx, e) => appendAudit(tx, { ...e, staffId, staffName: '测试' }) });
    const monday = new Date('2026-11-23T02:00:00Z'); // Monday 10:00 Beijing
    await acceptService(t.console.deps, actor(admin.id), { id, unitId: await unitId('北碚区商务委') }, monday);
    const at = (iso: string) => new Date(iso);
    const open = async (now: Date) => (await unitQueueService(t.database.db, dept.id, 'open', 1, now)).items.find((q) => q.id === id)!;
    expect((await open(at('2026-11-30T01:59:00Z'))).overdue).toBe(false); // next Monday 09:59
    expect((await open(at('2026-11-30T02:01:00Z'))).overdue).toBe(true);
    const desk = await deskQueueService(t.database.db, 'open', 1, at('2026-11-30T02:01:00Z'));
    expect(desk.items[0]!.overdue).toBe(true);
    expect(desk.overdue).toBeGreaterThan(0);
    await extendService(t.console.deps, actor(dept.id), { id, reason: '涉及多个商户，需要逐一核实' }, at('2026-11-27T02:00:00Z'));
    expect((await open(at('2026-12-07T01:59:00Z'))).overdue).toBe(false);
    expect((await open(at('2026-12-07T02:01:00Z'))).overdue).toBe(true);
  });
});

describe('节假日安排: the year’s holidays and 调休 count in the due time', () => {
  it('the desk enters 国庆 and a 调休 Saturday; a question accepted before the holiday is due after it; wrong entries are refused in Chinese', async () => {
    const admin = await createTestStaff(t, 'admin');
    const editor = await createTestStaff(t, 'editor');
    const dept = await departmentStaff(admin, '南岸区交通局');
    const set = (body: Record<string, unknown>, who: TestStaff = editor) =>
      consoleCall<{ items: { day: string; weekday: string; kind: string; note: string; updatedBy: string }[] }>(
        t,
        'POST',
        '/answer/calendar/set',
        body,
        who.headers,
      );
    for (const day of ['2026-10-01', '2026-10-02', '2026-10-05', '2026-10-06', '2026-10-07']) {
      const done = await set({ day, kind: 'holiday', note: '国庆节' });
      expect(done.statusCode, done.message).toBe(200);
    }
    const worked = await set({ day: '2026-10-10', kind: 'workday', note: '国庆调休' });
    expect(worked.data.items.find((d) => d.day === '2026-10-10')).toMatchObject({
      weekday: '星期六',
      kind: 'workday',
      note: '国庆调休',
      updatedBy: editor.name,
    });
    const year = await consoleCall<{ items: { day: string }[] }>(t, 'GET', '/answer/calendar?year=2026', undefined, editor.headers);
    expect(year.data.items.map((d) => d.day)).toEqual(['2026-10-01', '2026-10-02', '2026-10-05', '2026-10-06', '2026-10-07', '2026-10-10']);

    // Wednesday 30 Sep 10:00 Beijing + 5 working days: Thu 8, Fri 9, Sat 10 (调休), Mon 12, Tue 13 Oct.
    const asker = await createTestUser(t.database);
    const id = await ask(asker, '南岸区交通局');
    const actor: DeskActor = { staffId: admin.id, name: '测试', audit: (tx, e) => appendAudit(tx, { ...e, staffId: admin.id, staffName: '测试' }) };
    await acceptService(t.console.deps, actor, { id, unitId: await unitId('南岸区交通局') }, new Date('2026-09-30T02:00:00Z'));
    const open = async (now: string) => (await unitQueueService(t.database.db, dept.id, 'open', 1, new Date(now))).items.find((q) => q.id === id)!;
    expect((await open('2026-10-13T01:59:00Z')).overdue).toBe(false);
    expect((await open('2026-10-13T02:01:00Z')).overdue).toBe(true);

    // Refused, in Chinese, nothing written: a weekend holiday, a weekday 调休, a day that does not exist, a department.
    expect((await set({ day: '2026-10-03', kind: 'holiday' })).message).toBe('周末本就不上班，无需设为放假');
    expect((await set({ day: '2026-10-09', kind: 'workday' })).message).toBe('工作日本就上班，无需设为调休上班');
    expect((await set({ day: '2026-02-30', kind: 'holiday' })).message).toContain('请选择日期');
    expect((await set({ day: '2026-10-08', kind: 'holiday', note: '<b>'.repeat(10) })).message).toContain('说明不能超过 20 个字');
    expect((await set({ day: '2026-10-08', kind: 'holiday' }, dept)).res.status).toBe(403);
    expect((await consoleCall(t, 'GET', '/answer/calendar?year=1999', undefined, editor.headers)).message).toContain('年份不正确');
    expect((await consoleCall<{ items: unknown[] }>(t, 'GET', '/answer/calendar?year=2026', undefined, editor.headers)).data.items).toHaveLength(6);

    // Taken away again; a day with nothing set is 404; each change is one audit row with its before and after.
    const removed = await consoleCall<{ items: { day: string }[] }>(t, 'POST', '/answer/calendar/remove', { day: '2026-10-10' }, editor.headers);
    expect(removed.data.items.map((d) => d.day)).not.toContain('2026-10-10');
    const again = await consoleCall(t, 'POST', '/answer/calendar/remove', { day: '2026-10-10' }, editor.headers);
    expect([again.statusCode, again.message]).toEqual([404, '这一天没有特殊安排']);
    const trail = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.itemKind, 'work_day'), eq(auditLog.itemId, '2026-10-10')))
      .orderBy(auditLog.id);
    expect(trail.map((r) => r.action).sort()).toEqual(['answer.calendar.remove', 'answer.calendar.set']);
    // The same entry twice writes once.
    await set({ day: '2026-10-01', kind: 'holiday', note: '国庆节' });
    expect(
      await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.itemKind, 'work_day'), eq(auditLog.itemId, '2026-10-01')))
        .orderBy(auditLog.id),
    ).toHaveLength(1);
  });
});
