/**
 * The points mall desk in the console (docs/security.md "Points mall desk"): goods and stock with their
 * reasons, the fulfilment queue with masked addresses (whole ones for 商城运营 only, each showing an audit
 * row), shipping that the reader reads as 已发货, the warehouse batch and the tracking import with its report
 * of refused rows, cancel with exactly one refund under 50 parallel cancels, merchants' 核销 of their own
 * codes only and once, points rules taking effect on the next earning, the ledger export with formulas
 * neutralised and the reconciliation. Runs on PGlite and on PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ExchangeDetail } from '../../src/contract/mall.ts';
import { users } from '../../src/server/db/schema/accounts.ts';
import { mallCategories, mallExchanges, mallGoods, pointsLedger } from '../../src/server/db/schema/mall.ts';
import { auditLog } from '../../src/server/db/schema/staff.ts';
import { grantPoints } from '../../src/server/points/service.ts';
import { beijingDay } from '../../src/lib/beijingDay.ts';
import { linkMerchant } from '../../src/server/mallDesk/service.ts';
import { envelope, suiteApp, suiteRequests } from '../support/testApp.ts';
import { consoleCall, createTestStaff, type TestStaff } from '../support/testStaff.ts';
import { createTestUser, type TestUser } from '../support/testUsers.ts';

const t = suiteApp();
const { get, postForm } = suiteRequests(() => t);
let categoryId: number;
let operator: TestStaff;
let admin: TestStaff;
let editor: TestStaff;
let merchantA: TestStaff;
let merchantB: TestStaff;
/** A goods picture uploaded through the desk (every new good's pictures are such uploads). */
let picture: string;

const key = () => randomUUID().replace(/-/g, '');
const noAudit = async () => undefined;

beforeAll(async () => {
  const [cat] = await t.database.db.select({ id: mallCategories.id }).from(mallCategories).orderBy(asc(mallCategories.id)).limit(1);
  categoryId = cat!.id;
  operator = await createTestStaff(t, 'mallOperator', { name: '黄运营' });
  admin = await createTestStaff(t, 'admin');
  editor = await createTestStaff(t, 'editor');
  merchantA = await createTestStaff(t, 'department', { name: '巷子火锅收银台' });
  merchantB = await createTestStaff(t, 'department', { name: '江岸咖啡收银台' });
  await linkMerchant(t.database, { staffId: merchantA.id, merchant: '测试·巷子火锅' }, noAudit);
  await linkMerchant(t.database, { staffId: merchantB.id, merchant: '测试·江岸咖啡' }, noAudit);
  const png = await sharp({ create: { width: 800, height: 800, channels: 3, background: { r: 200, g: 90, b: 40 } } })
    .png()
    .toBuffer();
  const up = await consoleCall<{ url: string }>(t, 'POST', '/mall/goods/picture', { data: png.toString('base64') }, operator.headers);
  expect(up.statusCode, up.message).toBe(200);
  picture = up.data.url;
});

const desk = <T>(who: TestStaff, method: 'GET' | 'POST', path: string, body: Record<string, unknown> = {}) =>
  method === 'GET'
    ? consoleCall<T>(t, 'GET', `${path}?${new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])).toString()}`, undefined, who.headers)
    : consoleCall<T>(t, 'POST', path, body, who.headers);

async function give(reader: TestUser, amount: number): Promise<void> {
  await t.database.write((tx) => grantPoints(tx, { userId: reader.userId, amount, ref: 'test', idemKey: key() }));
}

async function credit(userId: number): Promise<number> {
  const [row] = await t.database.db.select({ credit: users.credit }).from(users).where(eq(users.id, userId));
  return row!.credit;
}

async function goodsRow(id: number) {
  const [row] = await t.database.db.select().from(mallGoods).where(eq(mallGoods.id, id));
  return row!;
}

const goodsForm = (over: Record<string, unknown> = {}) => ({
  key: key(),
  categoryId,
  kind: 'physical',
  name: '山城新闻帆布袋',
  subtitle: '解放碑手绘',
  description: '12 安帆布。',
  pictures: [picture],
  price: 100,
  stock: 10,
  perUserLimit: 0,
  merchant: '山城新闻文创',
  onSale: true,
  ...over,
});

async function newGoods(over: Record<string, unknown> = {}): Promise<number> {
  const made = await desk<{ id: number }>(operator, 'POST', '/mall/goods/save', goodsForm(over));
  expect(made.statusCode, made.message).toBe(200);
  return made.data.id;
}

async function exchange(reader: TestUser, goodsId: number, extra: Record<string, string> = {}): Promise<ExchangeDetail> {
  const res = await envelope<ExchangeDetail>(
    await postForm(
      '/v1/mall/exchange',
      { goodsId, name: '李娟', phone: '13812345678', region: '重庆市 渝中区', address: '解放碑八一路 88 号', ...extra },
      { ...reader.headers, 'idempotency-key': key() },
    ),
  );
  expect(res.statusCode, res.message).toBe(200);
  return res.data;
}

async function auditCount(action: string, itemId: string | number): Promise<number> {
  const rows = await t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.itemId, String(itemId))))
    .orderBy(auditLog.id);
  return rows.length;
}

describe('goods and stock', () => {
  it('creates a good once per key, edits it with an audit row, and records each stock change with who and why', async () => {
    const form = goodsForm();
    const first = await desk<{ id: number }>(operator, 'POST', '/mall/goods/save', form);
    const retried = await desk<{ id: number }>(operator, 'POST', '/mall/goods/save', form);
    expect(retried.data.id).toBe(first.data.id);
    const id = first.data.id;
    expect(await auditCount('mall.goods.create', id)).toBe(1);

    const edited = await desk<{ price: number }>(operator, 'POST', '/mall/goods/save', { ...form, id, key: key(), price: 120, stock: 999 });
    expect(edited.data.price).toBe(120);
    expect((await goodsRow(id)).stock).toBe(10);

    const stockKey = key();
    const added = await desk<{ stock: number }>(operator, 'POST', '/mall/goods/stock', { id, key: stockKey, delta: 5, reason: '仓库补货' });
    expect(added.data.stock).toBe(15);
    expect((await desk<{ stock: number }>(operator, 'POST', '/mall/goods/stock', { id, key: stockKey, delta: 5, reason: '仓库补货' })).data.stock).toBe(15);
    const detail = await desk<{ stockChanges: { delta: number; reason: string; staffName: string }[] }>(operator, 'GET', '/mall/goods/detail', { id });
    expect(detail.data.stockChanges.map((c) => [c.delta, c.reason, c.staffName])).toEqual([
      [5, '仓库补货', '黄运营'],
      [10, '新建商品的初始库存', '黄运营'],
    ]);
  });

  it('never takes stock below what is already promised to readers', async () => {
    const id = await newGoods({ stock: 3 });
    const reader = await createTestUser(t.database);
    await give(reader, 1000);
    await exchange(reader, id);
    await exchange(reader, id);
    const refused = await desk(operator, 'POST', '/mall/goods/stock', { id, key: key(), delta: -2, reason: '盘点损耗' });
    expect(refused).toMatchObject({ statusCode: 422, message: '库存不足以减少：当前可兑库存 1 件，已兑出的不能收回' });
    expect((await desk<{ stock: number }>(operator, 'POST', '/mall/goods/stock', { id, key: key(), delta: -1, reason: '盘点损耗' })).data.stock).toBe(0);
  });

  it('off sale or outside its sale window, a good cannot be exchanged', async () => {
    const later = new Date(Date.now() + 86_400_000).toISOString();
    const id = await newGoods({ saleStart: later });
    const reader = await createTestUser(t.database);
    await give(reader, 1000);
    const early = await envelope(
      await postForm(
        '/v1/mall/exchange',
        { goodsId: id, name: '李娟', phone: '13812345678', region: '重庆', address: '解放碑' },
        { ...reader.headers, 'idempotency-key': key() },
      ),
    );
    expect(early.statusCode).not.toBe(200);
    const open = await newGoods();
    await desk(operator, 'POST', '/mall/goods/sale', { id: open, onSale: false });
    expect((await get(`/v1/mall/goods/detail?id=${open}`)).statusCode).toBe(404);
    expect(await auditCount('mall.goods.offSale', open)).toBe(1);
  });

  it('takes goods pictures uploaded once through the desk, never a hand-typed or missing address', async () => {
    const jpg = await sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 30, g: 140, b: 90 } } })
      .jpeg()
      .toBuffer();
    const first = await desk<{ url: string; width: number; height: number }>(operator, 'POST', '/mall/goods/picture', { data: jpg.toString('base64') });
    const again = await desk<{ url: string }>(operator, 'POST', '/mall/goods/picture', { data: jpg.toString('base64') });
    expect(first.statusCode, first.message).toBe(200);
    expect(first.data).toMatchObject({ width: 1200, height: 900 });
    expect(first.data.url).toMatch(/^\/media\/newsroom\/[0-9a-f]{64}\.jpg$/);
    expect(again.data.url).toBe(first.data.url);
    expect(existsSync(path.join(t.mediaDir, first.data.url.slice('/media/'.length)))).toBe(true);
    expect(await auditCount('mall.goods.picture', first.data.url)).toBe(2);

    const id = await newGoods({ pictures: [first.data.url, picture] });
    expect((await goodsRow(id)).pictures).toEqual([first.data.url, picture]);
    for (const typed of ['/media/mall/bag.svg', '/media/newsroom/' + 'a'.repeat(64) + '.png']) {
      const refused = await desk(operator, 'POST', '/mall/goods/save', goodsForm({ pictures: [typed] }));
      expect(refused).toMatchObject({ statusCode: 422, message: '商品图片须在本页上传，请重新上传图片' });
      const edit = await desk(operator, 'POST', '/mall/goods/save', goodsForm({ id, pictures: [picture, typed] }));
      expect(edit.message).toBe('商品图片须在本页上传，请重新上传图片');
    }
    expect((await goodsRow(id)).pictures).toEqual([first.data.url, picture]);
    const fake = await desk(operator, 'POST', '/mall/goods/picture', { data: Buffer.from('<svg onload="alert(1)"></svg>').toString('base64') });
    expect(fake.message).toBe('仅支持 JPG、PNG、GIF、WebP 格式的图片');
    expect((await desk(editor, 'POST', '/mall/goods/picture', { data: jpg.toString('base64') })).statusCode).toBe(403);
  });

  it("keeps a good's pictures from before the upload desk when it is edited", async () => {
    const [seeded] = await t.database.db.select().from(mallGoods).orderBy(asc(mallGoods.id)).limit(1);
    const kept = seeded!.pictures;
    const form = goodsForm({
      id: seeded!.id,
      categoryId: seeded!.categoryId,
      kind: seeded!.kind,
      merchant: seeded!.merchant || '山城新闻文创',
      pictures: [...kept].reverse(),
    });
    const saved = await desk<{ pictures: string[] }>(operator, 'POST', '/mall/goods/save', form);
    expect(saved.statusCode, saved.message).toBe(200);
    expect(saved.data.pictures).toEqual([...kept].reverse());
  });

  it('refuses bad input in Chinese', async () => {
    const bad = await desk(operator, 'POST', '/mall/goods/save', goodsForm({ price: 0, pictures: ['javascript:alert(1)'] }));
    expect(bad.statusCode).toBe(400);
    expect(bad.message).toMatch(/[\u4e00-\u9fa5]/);
  });
});

describe('the fulfilment queue', () => {
  it('masks addresses in the queue; only 商城运营 sees one whole, and each showing is an audit row', async () => {
    const id = await newGoods();
    const reader = await createTestUser(t.database);
    await give(reader, 500);
    const ex = await exchange(reader, id);
    const queue = await desk<{ items: { id: number; address: { name: string; phone: string; detail: string } }[] }>(operator, 'GET', '/mall/orders', {
      keyword: String(ex.id),
    });
    expect(queue.data.items[0]!.address).toMatchObject({ name: '李*', phone: '138****5678', detail: '****' });

    const whole = await desk<{ address: { detail: string; phone: string } }>(operator, 'POST', '/mall/orders/address', { id: ex.id });
    expect(whole.data.address).toMatchObject({ detail: '解放碑八一路 88 号', phone: '13812345678' });
    expect(await auditCount('mall.address.view', ex.id)).toBe(1);

    // An admin holds the permission but not the role; an editor neither.
    expect(await desk(admin, 'POST', '/mall/orders/address', { id: ex.id })).toMatchObject({ statusCode: 422, message: '收货信息仅商城运营可查看' });
    expect(await desk(editor, 'POST', '/mall/orders/address', { id: ex.id })).toMatchObject({ statusCode: 403, message: '无权操作' });
    expect(await desk(admin, 'POST', '/mall/orders/export', { key: key() })).toMatchObject({ statusCode: 422, message: '收货信息仅商城运营可查看' });
  });

  it('ships an order: the reader reads 已发货 with the carrier and number, then confirms it 已完成', async () => {
    const id = await newGoods();
    const reader = await createTestUser(t.database);
    await give(reader, 500);
    const ex = await exchange(reader, id);
    const shipped = await desk<{ statusText: string }>(operator, 'POST', '/mall/orders/ship', { id: ex.id, carrier: '顺丰速运', trackingNo: 'SF1234567890' });
    expect(shipped.data.statusText).toBe('已发货');
    // The same number again is a retry; another number is refused.
    expect((await desk(operator, 'POST', '/mall/orders/ship', { id: ex.id, carrier: '顺丰速运', trackingNo: 'SF1234567890' })).statusCode).toBe(200);
    expect(await desk(operator, 'POST', '/mall/orders/ship', { id: ex.id, carrier: '中通快递', trackingNo: 'ZT9999999' })).toMatchObject({
      statusCode: 422,
      message: '订单已发货（顺丰速运 SF1234567890）',
    });
    const seen = await get<ExchangeDetail>(`/v1/mall/exchange/detail?id=${ex.id}`, reader.headers);
    expect(seen.data).toMatchObject({ status: 2, statusText: '已发货', expressCompany: '顺丰速运', expressNo: 'SF1234567890' });
    const done = await envelope<ExchangeDetail>(await postForm('/v1/mall/exchange/confirm', { id: ex.id }, reader.headers));
    expect(done.data).toMatchObject({ status: 3, statusText: '已完成' });
    expect(await auditCount('mall.ship', ex.id)).toBe(1);
  });

  it('exports a batch with whole addresses and formulas neutralised; imports tracking numbers with a report of refused rows', async () => {
    const id = await newGoods();
    const reader = await createTestUser(t.database);
    await give(reader, 2000);
    const a = await exchange(reader, id, { name: "=cmd|' /C calc'!A0", address: '@SUM(1+1) 观音桥' });
    const b = await exchange(reader, id);
    const c = await exchange(reader, id);
    const cancelledOne = await exchange(reader, id);
    await desk(operator, 'POST', '/mall/orders/cancel', { id: cancelledOne.id, reason: '读者申请取消' });

    const exportKey = key();
    const exported = await desk<{ csv: string; batch: { id: number; orders: number } }>(operator, 'POST', '/mall/orders/export', { key: exportKey });
    expect(exported.statusCode, exported.message).toBe(200);
    const lines = exported.data.csv.split('\r\n');
    const lineOf = (exId: number) => lines.find((l) => l.startsWith(`${exId},`))!;
    expect(lineOf(a.id)).toContain("'=cmd|' /C calc'!A0");
    expect(lineOf(a.id)).toContain("'@SUM(1+1) 观音桥");
    expect(lineOf(b.id)).toContain('13812345678');
    expect(exported.data.csv).not.toContain(`\r\n${cancelledOne.id},`);
    // The same key answers the same batch; the orders are no longer waiting.
    const again = await desk<{ batch: { id: number } }>(operator, 'POST', '/mall/orders/export', { key: exportKey });
    expect(again.data.batch.id).toBe(exported.data.batch.id);
    expect(await auditCount('mall.batch.export', exported.data.batch.id)).toBe(1);

    const csv = [
      '兑换单号,快递公司,快递单号',
      `${a.id},顺丰速运,SF100000001`,
      `${b.id},中通快递,ZT1`,
      `${cancelledOne.id},中通快递,ZT200000002`,
      `999999999,中通快递,ZT300000003`,
      `${c.id},中通快递,ZT400000004`,
      `${c.id},中通快递,ZT400000005`,
    ].join('\n');
    const report = await desk<{ shipped: number; unchanged: number; refused: { line: number; reason: string }[] }>(operator, 'POST', '/mall/orders/import', {
      csv,
    });
    expect(report.data).toEqual({
      shipped: 2,
      unchanged: 0,
      refused: [
        { line: 3, id: String(b.id), reason: '快递单号只能是 6–30 位字母、数字或横线' },
        { line: 4, id: String(cancelledOne.id), reason: '订单已取消' },
        { line: 5, id: '999999999', reason: '订单不存在' },
        { line: 7, id: String(c.id), reason: '同一订单在文件中重复出现' },
      ],
    });
    // The same file again ships nothing twice.
    const twice = await desk<{ shipped: number; unchanged: number }>(operator, 'POST', '/mall/orders/import', { csv });
    expect(twice.data).toMatchObject({ shipped: 0, unchanged: 2 });
    const seen = await get<ExchangeDetail>(`/v1/mall/exchange/detail?id=${a.id}`, reader.headers);
    expect(seen.data).toMatchObject({ statusText: '已发货', expressNo: 'SF100000001' });
  });
});

describe('cancel with refund', () => {
  it('50 parallel cancels of one order refund once and put one unit back', async () => {
    const id = await newGoods({ price: 300, stock: 5 });
    const reader = await createTestUser(t.database);
    await give(reader, 1000);
    const ex = await exchange(reader, id);
    expect(await credit(reader.userId)).toBe(700);
    const before = await goodsRow(id);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => desk<{ statusText: string }>(operator, 'POST', '/mall/orders/cancel', { id: ex.id, reason: '缺货，联系读者后取消' })),
    );
    expect(answers.every((a) => a.statusCode === 200 && a.data.statusText === '已取消')).toBe(true);
    expect(await credit(reader.userId)).toBe(1000);
    const refunds = await t.database.db
      .select()
      .from(pointsLedger)
      .where(and(eq(pointsLedger.userId, reader.userId), eq(pointsLedger.reason, 'refund')));
    expect(refunds.map((r) => r.amount)).toEqual([300]);
    const after = await goodsRow(id);
    expect([after.stock, after.sold]).toEqual([before.stock + 1, before.sold - 1]);
    expect(await auditCount('mall.cancel', ex.id)).toBe(1);
    const seen = await get<ExchangeDetail>(`/v1/mall/exchange/detail?id=${ex.id}`, reader.headers);
    expect(seen.data).toMatchObject({ status: 4, statusText: '已取消' });
  });

  it('a shipped order, a used code and a topped-up phone cannot be cancelled', async () => {
    const id = await newGoods();
    const reader = await createTestUser(t.database);
    await give(reader, 500);
    const ex = await exchange(reader, id);
    await desk(operator, 'POST', '/mall/orders/ship', { id: ex.id, carrier: '顺丰速运', trackingNo: 'SF5550001' });
    expect(await desk(operator, 'POST', '/mall/orders/cancel', { id: ex.id, reason: '读者申请' })).toMatchObject({
      statusCode: 422,
      message: '订单已发货，不能取消',
    });
    expect(await credit(reader.userId)).toBe(400);
  });
});

describe('核销 at the merchant', () => {
  it('a merchant verifies its own code once; another merchant cannot see or use it', async () => {
    const id = await newGoods({ kind: 'coupon', merchant: '测试·巷子火锅', validUntil: '2099-12-31' });
    const reader = await createTestUser(t.database);
    await give(reader, 500);
    const ex = await exchange(reader, id);
    expect(ex.code).toMatch(/^SC\d{10}$/);

    expect(await desk(merchantB, 'GET', '/mall/verify/lookup', { code: ex.code })).toMatchObject({ statusCode: 422, message: '券码不存在' });
    expect(await desk(merchantB, 'POST', '/mall/verify', { code: ex.code })).toMatchObject({ statusCode: 422, message: '券码不存在' });
    expect(await desk(operator, 'POST', '/mall/verify', { code: ex.code })).toMatchObject({ statusCode: 403 });

    const looked = await desk<{ code: { state: string } }>(merchantA, 'GET', '/mall/verify/lookup', { code: ex.code });
    expect(looked.data.code.state).toBe('unused');
    const tries = await Promise.all(Array.from({ length: 10 }, () => desk(merchantA, 'POST', '/mall/verify', { code: ex.code })));
    expect(tries.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(tries.filter((r) => r.statusCode !== 200).every((r) => r.message.startsWith('券码已于'))).toBe(true);
    const seen = await get<ExchangeDetail>(`/v1/mall/exchange/detail?id=${ex.id}`, reader.headers);
    expect(seen.data.couponState).toBe('used');
    expect(await auditCount('mall.verify', ex.id)).toBe(1);
    const list = await desk<{ items: { code: string }[] }>(merchantB, 'GET', '/mall/verify/list', {});
    expect(list.data.items.some((i) => i.code === ex.code)).toBe(false);
    // A used code cannot be cancelled and refunded afterwards.
    expect(await desk(operator, 'POST', '/mall/orders/cancel', { id: ex.id, reason: '读者申请' })).toMatchObject({
      statusCode: 422,
      message: '券码已核销，不能取消',
    });
  });

  it('a cancelled code is void at the counter', async () => {
    const id = await newGoods({ kind: 'coupon', merchant: '测试·巷子火锅', validUntil: '2099-12-31' });
    const reader = await createTestUser(t.database);
    await give(reader, 500);
    const ex = await exchange(reader, id);
    await desk(operator, 'POST', '/mall/orders/cancel', { id: ex.id, reason: '商户停业' });
    expect(await desk(merchantA, 'POST', '/mall/verify', { code: ex.code })).toMatchObject({ statusCode: 422, message: '该兑换已取消，券码作废' });
    expect(await credit(reader.userId)).toBe(500);
  });
});

describe('points rules and finance', () => {
  it('a rule change takes effect on the next earning and is logged; a role without the permission is refused', async () => {
    expect(await desk(editor, 'POST', '/mall/points/rule', { reason: 'signin', points: 50, dailyCap: 1, note: '国庆活动' })).toMatchObject({
      statusCode: 403,
      message: '无权操作',
    });
    const changed = await desk<{ rules: { reason: string; points: number }[] }>(operator, 'POST', '/mall/points/rule', {
      reason: 'signin',
      points: 50,
      dailyCap: 1,
      note: '国庆活动',
    });
    expect(changed.data.rules.find((r) => r.reason === 'signin')?.points).toBe(50);
    const reader = await createTestUser(t.database);
    const signed = await envelope<{ points: number }>(await postForm('/v1/points/signin', {}, reader.headers));
    expect(signed.data.points).toBe(50);
    expect(await auditCount('mall.points.rule', 'signin')).toBe(1);
    await desk(operator, 'POST', '/mall/points/rule', { reason: 'signin', points: 5, dailyCap: 1, note: '活动结束' });
  });

  it('exports the ledger of a date range with formulas neutralised, and the reconciliation balances', async () => {
    const reader = await createTestUser(t.database);
    await give(reader, 77);
    const today = beijingDay(new Date());
    expect(await desk(editor, 'POST', '/mall/ledger/export', { from: today, to: today })).toMatchObject({ statusCode: 403 });
    const out = await desk<{ csv: string; rows: number; totals: { net: number } }>(operator, 'POST', '/mall/ledger/export', { from: today, to: today });
    expect(out.statusCode, out.message).toBe(200);
    expect(out.data.csv.split('\r\n')[0]).toBe('\uFEFF流水号,读者ID,北京日期,时间,类型,说明,变动积分,变动后余额,关联单号');
    expect(out.data.csv).toContain(`,${reader.userId},${today},`);
    // Negative amounts are numbers the file writes, not text from a reader: left as numbers.
    expect(out.data.csv).toMatch(/,-\d+,/);
    const check = await desk<{ balanced: boolean; mismatchCount: number; balances: number; ledgerSum: number }>(operator, 'GET', '/mall/ledger/reconcile');
    expect(check.data).toMatchObject({ balanced: true, mismatchCount: 0 });
    expect(check.data.balances).toBe(check.data.ledgerSum);
  });

  it('the reconciliation names a reader whose balance drifted from the ledger', async () => {
    const reader = await createTestUser(t.database);
    await give(reader, 10);
    await t.database.write((tx) => tx.update(users).set({ credit: 11 }).where(eq(users.id, reader.userId)));
    const check = await desk<{ balanced: boolean; mismatches: { userId: number; credit: number; ledgerSum: number }[] }>(
      operator,
      'GET',
      '/mall/ledger/reconcile',
    );
    expect(check.data.balanced).toBe(false);
    expect(check.data.mismatches).toContainEqual({ userId: reader.userId, credit: 11, ledgerSum: 10, lastBalance: 10 });
    await t.database.write((tx) => tx.update(users).set({ credit: 10 }).where(eq(users.id, reader.userId)));
  });
});

describe('the books after everything above', () => {
  it('every exchange not cancelled has its spend; every cancelled one its single refund', async () => {
    const cancelled = await t.database.db.select().from(mallExchanges).where(eq(mallExchanges.status, 4));
    for (const ex of cancelled) {
      const refunds = await t.database.db
        .select()
        .from(pointsLedger)
        .where(and(eq(pointsLedger.userId, ex.userId), eq(pointsLedger.idemKey, `refund:exchange:${ex.id}`)));
      expect(refunds.map((r) => r.amount)).toEqual([ex.points]);
    }
    expect(cancelled.length).toBeGreaterThan(2);
  });
});
