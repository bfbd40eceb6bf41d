/**
 * Attacks on the complaint desk (docs/security.md "Answering desks"): a seller reading or answering a complaint
 * not addressed to it (another seller's, or one the desk kept), a government department's person on the sellers'
 * endpoints, a reader confirming or following up another's complaint, two follow-ups at once.
 */
import { describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { ComplaintDetail } from '../../src/contract/interact.ts';
import { answerUnits } from '../../src/server/db/schema/answer.ts';
import { complaintFollowUps, complaints } from '../../src/server/db/schema/community.ts';
import { auditLog } from '../../src/server/db/schema/staff.ts';
import { suiteApp, suiteRequests } from '../support/testApp.ts';
import { createTestUser, type TestUser } from '../support/testUsers.ts';
import { consoleCall, createTestStaff, type TestStaff } from '../support/testStaff.ts';

// Each test signs several staff in (argon2 and TOTP) on a shared 2-core machine.
vi.setConfig({ testTimeout: 120_000 });
const t = suiteApp();
const { postJson: post } = suiteRequests(() => t);

async function unitId(name: string, kind = 'seller'): Promise<number> {
  const [row] = await t.database.db
    .select()
    .from(answerUnits)
    .where(and(eq(answerUnits.kind, kind), eq(answerUnits.name, name)));
  return row!.id;
}

let n = 0;
async function file(user: TestUser, shopName: string): Promise<number> {
  n += 1;
  const res = await post<ComplaintDetail>(
    '/api/complaints/create',
    {
      platform: '快手',
      shopName,
      amount: '45.00',
      problemType: '虚假宣传',
      content: `直播间说是纯棉的，收到后标签写的是涤纶，和主播说的不一样。${n}`,
      demand: '退货退款',
      contactPhone: '139 0013 9000',
    },
    user.headers,
  );
  expect(res.statusCode, res.message).toBe(200);
  return res.data.id;
}

async function linked(admin: TestStaff, name: string, kind = 'seller'): Promise<TestStaff> {
  const person = await createTestStaff(t, 'department');
  expect((await consoleCall(t, 'POST', '/answer/units/link', { staffId: person.id, unitId: await unitId(name, kind) }, admin.headers)).statusCode).toBe(200);
  return person;
}

describe('a seller and a complaint not addressed to it', () => {
  it('cannot read, list or answer another seller’s complaint or one the desk kept; nothing changes and no audit row is written', async () => {
    const admin = await createTestStaff(t, 'admin');
    const owner = await linked(admin, '童装工厂店');
    const intruder = await linked(admin, '潮鞋严选');
    const sent = await file(await createTestUser(t.database), '童装工厂店');
    const kept = await file(await createTestUser(t.database), '童装工厂店');
    expect((await consoleCall(t, 'POST', '/complaints/desk/assign', { id: sent, unitId: await unitId('童装工厂店') }, admin.headers)).statusCode).toBe(200);
    expect((await consoleCall(t, 'POST', '/complaints/desk/assign', { id: kept, unitId: 0 }, admin.headers)).statusCode).toBe(200);
    for (const id of [sent, kept]) {
      const tries = [
        await consoleCall(t, 'GET', `/complaints/seller/complaint?id=${id}`, undefined, intruder.headers),
        await consoleCall(t, 'POST', '/complaints/seller/reply', { id, content: '这是另一个商家越权写的回复。' }, intruder.headers),
      ];
      expect(tries.map((r) => r.message)).toEqual(Array(2).fill('该投诉不属于你的店铺'));
      expect(tries.map((r) => r.statusCode)).toEqual(Array(2).fill(403));
    }
    // Its list holds only its own.
    const list = await consoleCall<{ items: { id: number }[] }>(t, 'GET', '/complaints/seller/list?queue=open', undefined, intruder.headers);
    expect(list.data.items.map((c) => c.id)).not.toContain(sent);
    expect(list.data.items.map((c) => c.id)).not.toContain(kept);
    // Nor the desk's endpoints (complaints.desk is not a 部门 permission).
    expect((await consoleCall(t, 'GET', `/complaints/desk/complaint?id=${sent}`, undefined, intruder.headers)).statusCode).toBe(403);

    const [row] = await t.database.db.select().from(complaints).where(eq(complaints.id, sent));
    expect(row).toMatchObject({ status: 'processing', sellerReply: '', replyStaffId: null });
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.itemKind, 'complaint'), eq(auditLog.itemId, String(sent))))
      .orderBy(auditLog.id);
    expect(rows.map((r) => r.action)).toEqual(['complaints.assign']);
    // The owner still can.
    expect((await consoleCall(t, 'GET', `/complaints/seller/complaint?id=${sent}`, undefined, owner.headers)).statusCode).toBe(200);
  });

  it('a government department’s person (role 部门, not a seller) is refused the sellers’ desk', async () => {
    const admin = await createTestStaff(t, 'admin');
    const department = await linked(admin, '南岸区交通局', 'department');
    const id = await file(await createTestUser(t.database), '户外露营装备馆');
    await consoleCall(t, 'POST', '/complaints/desk/assign', { id, unitId: await unitId('户外露营装备馆') }, admin.headers);
    const tries = [
      await consoleCall(t, 'GET', '/complaints/seller/list', undefined, department.headers),
      await consoleCall(t, 'GET', `/complaints/seller/complaint?id=${id}`, undefined, department.headers),
      await consoleCall(t, 'POST', '/complaints/seller/reply', { id, content: '政府部门越权写的商家回复。' }, department.headers),
    ];
    expect(tries.map((r) => r.message)).toEqual(Array(3).fill('你的账号尚未关联商家，请联系管理员'));
  });
});

describe('a reader and another’s complaint', () => {
  it('cannot confirm it or ask again on it; two follow-ups at once land one', async () => {
    const admin = await createTestStaff(t, 'admin');
    const seller = await linked(admin, '渔具大叔');
    const owner = await createTestUser(t.database);
    const id = await file(owner, '渔具大叔');
    await consoleCall(t, 'POST', '/complaints/desk/assign', { id, unitId: await unitId('渔具大叔') }, admin.headers);
    await consoleCall(t, 'POST', '/complaints/seller/reply', { id, content: '已补发缺少的鱼竿配件。' }, seller.headers);
    const other = await createTestUser(t.database);
    expect((await post('/api/complaints/confirm', { id }, other.headers)).message).toBe('只有投诉人可以操作');
    expect((await post('/api/complaints/follow-up', { id, content: '我替别人追问一下进度。' }, other.headers)).message).toBe('只有投诉人可以操作');
    expect((await t.database.db.select().from(complaints).where(eq(complaints.id, id)))[0]!.status).toBe('replied');

    const both = await Promise.all([
      post('/api/complaints/follow-up', { id, content: '配件还是没有收到，请查一下物流。' }, { ...owner.headers, 'idempotency-key': `race-a-${id}` }),
      post('/api/complaints/follow-up', { id, content: '配件还是没有收到，请再查一下。' }, { ...owner.headers, 'idempotency-key': `race-b-${id}` }),
    ]);
    expect(both.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect((await t.database.db.select().from(complaintFollowUps).where(eq(complaintFollowUps.complaintId, id))).length).toBe(1);
  });
});
