/**
 * The live-commerce complaint desk through its endpoints (docs/security.md "Answering desks"): a reader files a
 * complaint, the desk sends it to the seller it names (or keeps it, or refuses it), the seller replies in the
 * console, the complainant sees the reply on the timeline and confirms it solved or asks again once, and the
 * seller's public figures move. The 7-day close runs on a controlled clock (the job takes `now`).
 */
import { describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { FOLLOW_UP_REFUSED_NOTE, type ComplaintActions, type SellerPage } from '../../src/contract/complaintDesk.ts';
import type { ComplaintDetail } from '../../src/contract/interact.ts';
import { COMPLAINT_NOTES } from '../../src/server/answer/complaints/complaintDesk.ts';
import { answerUnits } from '../../src/server/db/schema/answer.ts';
import { complaintFollowUps, complaints } from '../../src/server/db/schema/community.ts';
import { auditLog } from '../../src/server/db/schema/staff.ts';
import { complaintAutoClose } from '../../src/server/jobs/productJobs.ts';
import { decide } from '../../src/server/moderation/desk.ts';
import { mediaOf } from '../../src/server/media/storage.ts';
import { suiteApp, suiteRequests } from '../support/testApp.ts';
import { createTestUser, type TestUser } from '../support/testUsers.ts';
import { consoleCall, createTestStaff, type TestStaff } from '../support/testStaff.ts';
import { TEST_MODERATOR, testDesk } from '../support/desk.ts';

// Each test signs several staff in (argon2 and TOTP) on a shared 2-core machine.
vi.setConfig({ testTimeout: 120_000 });
const t = suiteApp();
const { get, postJson: post } = suiteRequests(() => t);
const DAY = 86_400_000;
const SHOP = '山货直供旗舰店';

async function sellerId(name = SHOP): Promise<number> {
  const [row] = await t.database.db
    .select()
    .from(answerUnits)
    .where(and(eq(answerUnits.kind, 'seller'), eq(answerUnits.name, name)));
  return row!.id;
}

let filed = 0;
async function file(user: TestUser, shopName = SHOP): Promise<number> {
  filed += 1;
  const res = await post<ComplaintDetail>(
    '/api/complaints/create',
    {
      platform: '抖音',
      shopName,
      orderNo: `DY20261127${String(filed).padStart(6, '0')}`,
      amount: '89.00',
      problemType: '货不对板',
      content: `直播间说是城口老腊肉，收到的肉没有烟熏味，和展示的不一样。第 ${filed} 单`,
      demand: '全额退款',
      contactPhone: '138 0013 8000',
    },
    { ...user.headers, 'idempotency-key': `file-${process.pid}-${filed}` },
  );
  expect(res.statusCode, res.message).toBe(200);
  return res.data.id;
}

async function sellerStaff(admin: TestStaff, name = SHOP): Promise<TestStaff> {
  const person = await createTestStaff(t, 'department', { name: `${name}客服` });
  const linked = await consoleCall(t, 'POST', '/answer/units/link', { staffId: person.id, unitId: await sellerId(name) }, admin.headers);
  expect(linked.statusCode, linked.message).toBe(200);
  return person;
}

const detail = async (id: number, user?: TestUser) => (await get<ComplaintDetail>(`/api/complaints/detail?id=${id}`, user?.headers)).data;
const actions = async (id: number, user?: TestUser) => (await get<ComplaintActions>(`/api/complaints/actions?id=${id}`, user?.headers)).data;
const page = async () => (await get<SellerPage>(`/api/complaints/seller?id=${await sellerId()}`)).data;

describe('the complaint desk, from the reader to the seller and back', () => {
  it('a complaint → sent to its seller → the seller replies → the complainant confirms → 已完结, and the figures move', async () => {
    const admin = await createTestStaff(t, 'admin');
    const desk = await createTestStaff(t, 'editor');
    const seller = await sellerStaff(admin);
    const reader = await createTestUser(t.database);
    const before = (await page()).figures;
    const id = await file(reader);

    const queue = await consoleCall<{ items: { id: number; suggestedUnitId: number; statusText: string }[] }>(
      t,
      'GET',
      '/complaints/desk/list?queue=submitted',
      undefined,
      desk.headers,
    );
    const mine = queue.data.items.find((c) => c.id === id)!;
    expect(mine).toMatchObject({ suggestedUnitId: await sellerId(), statusText: '已提交' });

    const assigned = await consoleCall<{ status: string; unitName: string }>(
      t,
      'POST',
      '/complaints/desk/assign',
      { id, unitId: await sellerId() },
      desk.headers,
    );
    expect(assigned.data).toMatchObject({ status: 'processing', unitName: SHOP });
    // A retry of the same assignment answers as it is; another seller is refused.
    expect((await consoleCall(t, 'POST', '/complaints/desk/assign', { id, unitId: await sellerId() }, desk.headers)).statusCode).toBe(200);
    expect((await consoleCall(t, 'POST', '/complaints/desk/assign', { id, unitId: await sellerId('小美家居好物') }, desk.headers)).message).toBe(
      '该投诉已受理或已处理，请刷新后查看',
    );

    const open = await consoleCall<{ unit: { name: string }; items: { id: number }[] }>(
      t,
      'GET',
      '/complaints/seller/list?queue=open',
      undefined,
      seller.headers,
    );
    expect(open.data.unit.name).toBe(SHOP);
    expect(open.data.items.map((c) => c.id)).toContain(id);
    const reply = '非常抱歉，已为您全额退款 89 元，并补发一块真正的烟熏腊肉。';
    const replied = await consoleCall<{ status: string }>(t, 'POST', '/complaints/seller/reply', { id, content: reply }, seller.headers);
    expect(replied.data.status, replied.message).toBe('replied');
    expect((await consoleCall(t, 'POST', '/complaints/seller/reply', { id, content: reply }, seller.headers)).statusCode).toBe(200);
    expect((await consoleCall(t, 'POST', '/complaints/seller/reply', { id, content: '另一段不同的回复内容。' }, seller.headers)).message).toBe(
      '该投诉已回复，不能重复回复',
    );

    const seen = await detail(id);
    expect(seen.statusText).toBe('已回复');
    expect(seen.timeline.map((s) => s.statusText)).toEqual(['已提交', '处理中', '已回复']);
    expect(seen.timeline[2]!.note).toBe(`${SHOP}回复：${reply}`);
    expect(await actions(id)).toMatchObject({ mine: false, canConfirm: false, canFollowUp: false, sellerName: SHOP });
    const own = await actions(id, reader);
    expect(own).toMatchObject({ mine: true, canConfirm: true, canFollowUp: true, followUp: null });
    expect(own.autoCloseAt).not.toBe('');

    const other = await createTestUser(t.database);
    expect((await post('/api/complaints/confirm', { id }, other.headers)).message).toBe('只有投诉人可以操作');
    const confirmed = await post<ComplaintDetail>('/api/complaints/confirm', { id }, reader.headers);
    expect(confirmed.message).toBe('感谢确认，投诉已完结');
    expect(confirmed.data.status).toBe('completed');
    expect(confirmed.data.statusText).toBe('已完结');
    expect(confirmed.data.timeline.at(-1)!.note).toBe(COMPLAINT_NOTES.confirmed);
    // A retry answers as it is.
    expect((await post('/api/complaints/confirm', { id }, reader.headers)).statusCode).toBe(200);
    expect(await actions(id, reader)).toMatchObject({ canConfirm: false, canFollowUp: false });

    const after = (await page()).figures;
    expect(after.received).toBe(before.received + 1);
    expect(after.replied).toBe(before.replied + 1);
    expect(after.solved).toBe(before.solved + 1);

    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.itemKind, 'complaint'), eq(auditLog.itemId, String(id))))
      .orderBy(auditLog.id);
    expect(rows.map((r) => [r.action, r.staffId])).toEqual([
      ['complaints.assign', desk.id],
      ['complaints.reply', seller.id],
    ]);
  });

  it('asks again once; the second reply closes itself 7 days later on a controlled clock, not earlier', async () => {
    const admin = await createTestStaff(t, 'admin');
    const seller = await sellerStaff(admin);
    const reader = await createTestUser(t.database);
    const id = await file(reader);
    await consoleCall(t, 'POST', '/complaints/desk/assign', { id, unitId: await sellerId() }, admin.headers);
    await consoleCall(t, 'POST', '/complaints/seller/reply', { id, content: '已安排退款，请耐心等待到账。' }, seller.headers);

    const key = { ...reader.headers, 'idempotency-key': `follow-${process.pid}-${id}` };
    const asked = await post<ComplaintDetail>('/api/complaints/follow-up', { id, content: '三天了退款还没到账，请给个准确时间。' }, key);
    expect(asked.message).toBe('追问已提交，商家将再次答复');
    expect(asked.data.status).toBe('processing');
    // The same send again (a retry) answers as it is; a second question is refused.
    expect((await post('/api/complaints/follow-up', { id, content: '三天了退款还没到账，请给个准确时间。' }, key)).statusCode).toBe(200);
    expect((await post('/api/complaints/follow-up', { id, content: '再问一次可以吗？可以吗？' }, reader.headers)).message).toBe('每个投诉只能追问一次');
    expect((await actions(id)).followUp?.content).toBe('三天了退款还没到账，请给个准确时间。');

    await consoleCall(t, 'POST', '/complaints/seller/reply', { id, content: '退款已于今天原路退回，请查收。' }, seller.headers);
    expect(await actions(id, reader)).toMatchObject({ canConfirm: true, canFollowUp: false });
    expect((await post('/api/complaints/follow-up', { id, content: '再问一次可以吗？可以吗？' }, reader.headers)).message).toBe('每个投诉只能追问一次');

    const [row] = await t.database.db.select().from(complaints).where(eq(complaints.id, id));
    const repliedAt = row!.sellerReplyAt!.getTime();
    const log = { info: () => undefined, warn: () => undefined, error: () => undefined } as never;
    const early = (await complaintAutoClose.run({ database: t.database, media: mediaOf(t), log, now: new Date(repliedAt + 7 * DAY - 60_000) })) as number[];
    expect(early).not.toContain(id);
    expect((await detail(id)).status).toBe('replied');
    const late = (await complaintAutoClose.run({ database: t.database, media: mediaOf(t), log, now: new Date(repliedAt + 7 * DAY + 60_000) })) as number[];
    expect(late).toContain(id);
    const closed = await detail(id);
    expect(closed.statusText).toBe('已完结');
    expect(closed.timeline.at(-1)!.note).toBe(COMPLAINT_NOTES.autoClosed);
    const [after] = await t.database.db.select().from(complaints).where(eq(complaints.id, id));
    expect(after!.closedBy).toBe('auto');
    // Closed by the clock, not solved: the complainant can no longer confirm, and it is not counted solved.
    expect(await actions(id, reader)).toMatchObject({ canConfirm: false });
    expect((await complaintAutoClose.run({ database: t.database, media: mediaOf(t), log, now: new Date(repliedAt + 30 * DAY) })) as number[]).not.toContain(id);
  });

  it('a follow-up the moderation desk takes down sends the complaint back to 已回复 (unless answered meanwhile)', async () => {
    const admin = await createTestStaff(t, 'admin');
    const seller = await sellerStaff(admin);
    const reader = await createTestUser(t.database);
    const followUpId = async (id: number) => (await t.database.db.select().from(complaintFollowUps).where(eq(complaintFollowUps.complaintId, id)))[0]!.id;
    const takeDown = async (id: number) =>
      decide(testDesk(t.database), TEST_MODERATOR, { kind: 'complaint_follow_up', itemId: await followUpId(id), action: 'remove', reason: '含有人身攻击' });

    const id = await file(reader);
    await consoleCall(t, 'POST', '/complaints/desk/assign', { id, unitId: await sellerId() }, admin.headers);
    await consoleCall(t, 'POST', '/complaints/seller/reply', { id, content: '已安排退款，请耐心等待到账。' }, seller.headers);
    const asked = await post('/api/complaints/follow-up', { id, content: '你们就是骗子，三天了还不退钱。' }, reader.headers);
    expect(asked.statusCode, asked.message).toBe(200);
    expect((await detail(id)).status).toBe('processing');
    await takeDown(id);
    const back = await detail(id, reader);
    expect(back.status).toBe('replied');
    expect(back.timeline.at(-1)!.note).toBe(FOLLOW_UP_REFUSED_NOTE);
    // The complainant reads the refusal, can confirm the first reply, and asks no second time.
    expect(await actions(id, reader)).toMatchObject({ canConfirm: true, canFollowUp: false, followUp: { reviewState: 'rejected' } });

    // Answered a second time before the take-down: the complaint stays as the seller's second reply left it.
    const another = await createTestUser(t.database);
    const other = await file(another);
    await consoleCall(t, 'POST', '/complaints/desk/assign', { id: other, unitId: await sellerId() }, admin.headers);
    await consoleCall(t, 'POST', '/complaints/seller/reply', { id: other, content: '已安排补发，请留意物流。' }, seller.headers);
    expect((await post('/api/complaints/follow-up', { id: other, content: '补发的还是不对，请退款处理。' }, another.headers)).statusCode).toBe(200);
    await consoleCall(t, 'POST', '/complaints/seller/reply', { id: other, content: '已为您办理退款。' }, seller.headers);
    const before = await detail(other);
    await takeDown(other);
    expect(await detail(other)).toMatchObject({ status: before.status, timeline: before.timeline });
  });

  it('the desk keeps one and replies itself, or refuses one with a reason the complainant reads', async () => {
    const desk = await createTestStaff(t, 'moderator');
    const kept = await file(await createTestUser(t.database), '某个不在平台的小店');
    const assigned = await consoleCall<{ unitId: number; status: string }>(t, 'POST', '/complaints/desk/assign', { id: kept, unitId: 0 }, desk.headers);
    expect(assigned.data).toMatchObject({ unitId: 0, status: 'processing' });
    const replied = await consoleCall<{ status: string }>(t, 'POST', '/complaints/desk/reply', { id: kept, content: '平台已联系商家协商退款。' }, desk.headers);
    expect(replied.data.status, replied.message).toBe('replied');
    expect((await detail(kept)).timeline.at(-1)!.note).toBe('平台客服回复：平台已联系商家协商退款。');

    const refusedId = await file(await createTestUser(t.database));
    const refused = await consoleCall<{ status: string }>(t, 'POST', '/complaints/desk/refuse', { id: refusedId, reason: '订单不属于直播带货' }, desk.headers);
    expect(refused.data.status).toBe('refused');
    expect((await detail(refusedId)).refuseReason).toBe('订单不属于直播带货');
    // The desk cannot reply in a seller's place.
    const sent = await file(await createTestUser(t.database));
    await consoleCall(t, 'POST', '/complaints/desk/assign', { id: sent, unitId: await sellerId() }, desk.headers);
    expect((await consoleCall(t, 'POST', '/complaints/desk/reply', { id: sent, content: '受理台越过商家写的回复。' }, desk.headers)).message).toBe(
      '该投诉已转交商家，由商家回复',
    );
  });

  it('bad input is refused in Chinese and writes nothing', async () => {
    const desk = await createTestStaff(t, 'editor');
    const id = await file(await createTestUser(t.database));
    const tries = [
      await consoleCall(t, 'POST', '/complaints/desk/assign', { id, unitId: -1 }, desk.headers),
      await consoleCall(t, 'POST', '/complaints/desk/assign', { id, unitId: 999_999 }, desk.headers),
      await consoleCall(t, 'POST', '/complaints/desk/refuse', { id, reason: '' }, desk.headers),
    ];
    for (const r of tries) {
      expect(r.statusCode).not.toBe(200);
      expect(r.message).toMatch(/[\u4e00-\u9fff]/);
      expect(r.message).not.toMatch(/[A-Za-z]{3,}/);
    }
    const [row] = await t.database.db.select().from(complaints).where(eq(complaints.id, id));
    expect(row).toMatchObject({ status: 'submitted', unitId: null });
  });
});
