/**
 * The points mall (ADR 012): home, goods, exchanges with stock and per-reader limits, my
 * exchanges, coupons, tickets, confirm, cooperation; the exactness rules (100 readers racing for 7 units,
 * one reader racing 20 exchanges with points for 3, a retried key exchanging once) and attacks (authz,
 * mass assignment, hostile text, duplicate submits). Runs on PGlite and on PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ExchangeDetail, ExchangeItem, GoodsCard, GoodsDetail, MallHome } from '../../src/contract/mall.ts';
import { users } from '../../src/server/db/schema/accounts.ts';
import { mallCategories, mallCooperation, mallExchanges, mallGoods, pointsLedger } from '../../src/server/db/schema/mall.ts';
import { grantPoints } from '../../src/server/points/service.ts';
import { envelope, suiteApp, suiteRequests } from '../support/testApp.ts';
import { createTestUser, createTestUsers, type TestUser } from '../support/testUsers.ts';

const t = suiteApp();
let categoryId: number;

beforeAll(async () => {
  const [cat] = await t.database.db.select({ id: mallCategories.id }).from(mallCategories).orderBy(asc(mallCategories.id)).limit(1);
  categoryId = cat!.id;
});

const { get, postForm: post } = suiteRequests(() => t);

function key(): string {
  return randomUUID().replace(/-/g, '');
}

async function exchange(reader: TestUser, body: Record<string, string | number>, idem = key()) {
  return envelope<ExchangeDetail>(await post('/v1/mall/exchange', body, { ...reader.headers, 'idempotency-key': idem }));
}

async function give(reader: TestUser, amount: number): Promise<void> {
  await t.database.write((tx) => grantPoints(tx, { userId: reader.userId, amount, ref: 'test', idemKey: key() }));
}

async function makeGoods(values: Partial<typeof mallGoods.$inferInsert> = {}): Promise<number> {
  const [row] = await t.database.db
    .insert(mallGoods)
    .values({ categoryId, kind: 'coupon', name: `测试券 ${key().slice(0, 6)}`, price: 10, stock: 100, validUntil: '2099-12-31', ...values })
    .returning({ id: mallGoods.id });
  return row!.id;
}

async function credit(userId: number): Promise<number> {
  const [row] = await t.database.db.select({ credit: users.credit }).from(users).where(eq(users.id, userId));
  return row!.credit;
}

async function stockOf(goodsId: number): Promise<{ stock: number; sold: number }> {
  const [row] = await t.database.db.select({ stock: mallGoods.stock, sold: mallGoods.sold }).from(mallGoods).where(eq(mallGoods.id, goodsId));
  return row!;
}

/** Every exchange of the reader has exactly one ledger row of its price, and no exchange ledger row is without its exchange. */
async function expectBooksBalanced(userId: number): Promise<void> {
  const exchanges = await t.database.db.select().from(mallExchanges).where(eq(mallExchanges.userId, userId));
  const rows = await t.database.db
    .select()
    .from(pointsLedger)
    .where(and(eq(pointsLedger.userId, userId), eq(pointsLedger.reason, 'exchange')));
  expect(rows).toHaveLength(exchanges.length);
  for (const e of exchanges) {
    const mine = rows.filter((r) => r.ref === String(e.id));
    expect(mine).toHaveLength(1);
    expect(mine[0]!.amount).toBe(-e.points);
  }
  const all = await t.database.db.select().from(pointsLedger).where(eq(pointsLedger.userId, userId)).orderBy(asc(pointsLedger.id));
  let running = 0;
  for (const r of all) {
    running += r.amount;
    expect(r.balanceAfter).toBe(running);
    expect(r.balanceAfter).toBeGreaterThanOrEqual(0);
  }
  expect(await credit(userId)).toBe(running);
}

describe('browsing the mall', () => {
  it('the home shows categories, banners, hot and new goods of the demo data', async () => {
    const res = await get<MallHome>('/v1/mall/home');
    expect(res.statusCode).toBe(200);
    expect(res.data.categories.length).toBeGreaterThanOrEqual(5);
    expect(res.data.banners.length).toBeGreaterThanOrEqual(3);
    expect(res.data.hot.length).toBeGreaterThan(0);
    expect(res.data.fresh.length).toBeGreaterThan(0);
  });

  it('lists ≥ 30 demo goods of all four kinds, some sold out, paged until an empty page', async () => {
    const all: GoodsCard[] = [];
    for (let page = 1; page < 20; page++) {
      const res = await get<GoodsCard[]>(`/v1/mall/goods/list?page=${page}&pageSize=10`);
      expect(res.statusCode).toBe(200);
      if (res.data.length === 0) break;
      all.push(...res.data);
    }
    const demo = all.filter((g) => !g.name.startsWith('测试'));
    expect(demo.length).toBeGreaterThanOrEqual(30);
    expect(new Set(demo.map((g) => g.kind))).toEqual(new Set(['physical', 'coupon', 'card', 'virtual']));
    expect(demo.filter((g) => g.stock === 0).length).toBeGreaterThanOrEqual(3);
    expect(new Set(all.map((g) => g.id)).size).toBe(all.length);
  });

  it('filters by kind, category and keyword; a keyword with wildcards means the text', async () => {
    const cards = await get<GoodsCard[]>('/v1/mall/goods/list?kind=card&pageSize=50');
    expect(cards.data.length).toBeGreaterThan(0);
    expect(cards.data.every((g) => g.kind === 'card')).toBe(true);
    const hotpot = await get<GoodsCard[]>(`/v1/mall/goods/list?keyword=${encodeURIComponent('火锅')}`);
    expect(hotpot.data.length).toBeGreaterThan(0);
    expect(hotpot.data.every((g) => g.name.includes('火锅') || g.subtitle.includes('火锅'))).toBe(true);
    const wild = await get<GoodsCard[]>(`/v1/mall/goods/list?keyword=${encodeURIComponent('%')}`);
    expect(wild.data).toEqual([]);
    const byCategory = await get<GoodsCard[]>(`/v1/mall/goods/list?categoryId=${categoryId}&pageSize=50`);
    expect(byCategory.data.length).toBeGreaterThan(0);
    const bad = await get('/v1/mall/goods/list?kind=gold');
    expect(bad.statusCode).toBe(400);
    expect(bad.message).toContain('商品类型不正确');
  });

  it('a goods detail has pictures, price, stock, limit, validity, description; an unknown id is 404 in Chinese', async () => {
    const list = await get<GoodsCard[]>('/v1/mall/goods/list?kind=coupon&pageSize=1');
    const res = await get<GoodsDetail>(`/v1/mall/goods/detail?id=${list.data[0]!.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.data.pictures.length).toBeGreaterThan(0);
    expect(res.data.description.length).toBeGreaterThan(0);
    expect(res.data.validUntil).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const missing = await get('/v1/mall/goods/detail?id=999999');
    expect(missing).toMatchObject({ statusCode: 404, message: '商品不存在或已下架' });
    const off = await makeGoods({ onSale: false });
    expect((await get(`/v1/mall/goods/detail?id=${off}`)).statusCode).toBe(404);
  });
});

describe('exchanging', () => {
  it('a coupon: takes the price, one unit of stock, gives a code; it shows in my exchanges and my unused coupons', async () => {
    const reader = await createTestUser(t.database);
    await give(reader, 50);
    const goodsId = await makeGoods({ price: 20, stock: 5 });
    const res = await exchange(reader, { goodsId });
    expect(res).toMatchObject({ statusCode: 200, message: '兑换成功' });
    expect(res.data).toMatchObject({ goodsId, kind: 'coupon', points: 20, status: 1, statusText: '已兑换', couponState: 'unused' });
    expect(res.data.code).toMatch(/^SC\d{10}$/);
    expect(await credit(reader.userId)).toBe(30);
    expect(await stockOf(goodsId)).toEqual({ stock: 4, sold: 1 });
    const mine = await get<ExchangeItem[]>('/v1/mall/exchange/list', reader.headers);
    expect(mine.data.map((e) => e.id)).toEqual([res.data.id]);
    const unused = await get<ExchangeItem[]>('/v1/mall/coupon/list?state=unused', reader.headers);
    expect(unused.data.map((e) => e.id)).toEqual([res.data.id]);
    const used = await post('/v1/mall/coupon/use', { id: res.data.id }, reader.headers);
    expect(await envelope(used)).toMatchObject({ statusCode: 200, message: '优惠券已使用', data: { couponState: 'used', status: 3 } });
    expect((await get<ExchangeItem[]>('/v1/mall/coupon/list?state=used', reader.headers)).data).toHaveLength(1);
    expect((await get<ExchangeItem[]>('/v1/mall/coupon/list?state=unused', reader.headers)).data).toHaveLength(0);
    await expectBooksBalanced(reader.userId);
  });

  it('a physical good needs a delivery address; shipped → confirmed by the reader; the phone is masked', async () => {
    const reader = await createTestUser(t.database);
    await give(reader, 100);
    const goodsId = await makeGoods({ kind: 'physical', price: 40, validUntil: null });
    const missing = await exchange(reader, { goodsId, name: '张三', phone: '13800138000', region: '重庆市 渝中区' });
    expect(missing).toMatchObject({ statusCode: 400, message: '请填写详细地址' });
    expect(await credit(reader.userId)).toBe(100);
    const res = await exchange(reader, { goodsId, name: '张三', phone: '13800138000', region: '重庆市 渝中区', address: '解放碑民族路 88 号' });
    expect(res.statusCode).toBe(200);
    expect(res.data.address).toEqual({ name: '张三', phone: '138****8000', region: '重庆市 渝中区', detail: '解放碑民族路 88 号' });
    expect(res.data.code).toBe('');
    const early = await envelope(await post('/v1/mall/exchange/confirm', { id: res.data.id }, reader.headers));
    expect(early).toMatchObject({ statusCode: 100, message: '商品尚未发货，暂不能确认收货' });
    await t.database.db
      .update(mallExchanges)
      .set({ status: 2, expressCompany: '顺丰速运', expressNo: 'SF1234567890', shippedAt: new Date() })
      .where(eq(mallExchanges.id, res.data.id));
    const done = await envelope<ExchangeDetail>(await post('/v1/mall/exchange/confirm', { id: res.data.id }, reader.headers));
    expect(done).toMatchObject({ statusCode: 200, data: { status: 3, statusText: '已完成', expressNo: 'SF1234567890' } });
    const again = await envelope<ExchangeDetail>(await post('/v1/mall/exchange/confirm', { id: res.data.id }, reader.headers));
    expect(again.data.status).toBe(3);
  });

  it('a virtual good needs the phone to top up; a card code is shown at once and listed in my tickets', async () => {
    const reader = await createTestUser(t.database);
    await give(reader, 100);
    const topUp = await makeGoods({ kind: 'virtual', validUntil: null });
    expect(await exchange(reader, { goodsId: topUp })).toMatchObject({ statusCode: 400, message: '请填写充值手机号' });
    expect((await exchange(reader, { goodsId: topUp, mobile: 'abc' })).statusCode).toBe(400);
    const ok = await exchange(reader, { goodsId: topUp, mobile: '13912345678' });
    expect(ok.data).toMatchObject({ phone: '139****5678', status: 3 });
    const card = await makeGoods({ kind: 'card' });
    const got = await exchange(reader, { goodsId: card });
    expect(got.data.code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    const tickets = await get<ExchangeItem[]>('/v1/mall/ticket/list', reader.headers);
    expect(tickets.data.map((e) => e.id)).toEqual([got.data.id]);
    await expectBooksBalanced(reader.userId);
  });

  it('refuses with clear Chinese messages: sold out, per-reader limit, not enough points — and writes nothing', async () => {
    const reader = await createTestUser(t.database);
    await give(reader, 25);
    const soldOut = await makeGoods({ stock: 0 });
    expect(await exchange(reader, { goodsId: soldOut })).toMatchObject({ statusCode: 100, message: '商品已兑完，下次早点来' });
    const limited = await makeGoods({ perUserLimit: 1 });
    expect((await exchange(reader, { goodsId: limited })).statusCode).toBe(200);
    expect(await exchange(reader, { goodsId: limited })).toMatchObject({ statusCode: 100, message: '每人限兑 1 件，你已兑换过了' });
    const dear = await makeGoods({ price: 500 });
    expect(await exchange(reader, { goodsId: dear })).toMatchObject({ statusCode: 100, message: '积分不足，还差 485 积分' });
    expect(await credit(reader.userId)).toBe(15);
    expect(await stockOf(dear)).toEqual({ stock: 100, sold: 0 });
    await expectBooksBalanced(reader.userId);
  });

  it('a refused exchange (too few points, limit reached) does not spend the 30-a-minute exchange budget', async () => {
    const reader = await createTestUser(t.database);
    const dear = await makeGoods({ price: 500 });
    for (let i = 0; i < 31; i++) {
      expect(await exchange(reader, { goodsId: dear })).toMatchObject({
        statusCode: 100,
        message: `积分不足，还差 ${500 - (await credit(reader.userId))} 积分`,
      });
    }
    // The budget is untouched: an exchange the reader can afford goes through at once.
    await give(reader, 10);
    const cheap = await makeGoods({ price: 5 });
    expect((await exchange(reader, { goodsId: cheap })).statusCode).toBe(200);
  });

  it('needs a login and an Idempotency-Key', async () => {
    const goodsId = await makeGoods();
    expect((await envelope(await post('/v1/mall/exchange', { goodsId }))).statusCode).toBe(301);
    const reader = await createTestUser(t.database);
    expect(await envelope(await post('/v1/mall/exchange', { goodsId }, reader.headers))).toMatchObject({
      statusCode: 400,
      message: '兑换请求缺少 Idempotency-Key，请刷新页面后重试',
    });
    expect((await envelope(await post('/v1/mall/exchange', { goodsId }, { ...reader.headers, 'idempotency-key': 'bad key!' }))).statusCode).toBe(400);
    for (const path of ['/v1/mall/exchange/list', '/v1/mall/coupon/list', '/v1/mall/ticket/list', '/v1/mall/exchange/detail?id=1']) {
      expect((await get(path)).statusCode).toBe(301);
    }
  });
});

describe('exactness (ADR 012)', () => {
  it('100 parallel exchanges by 100 readers of an item with stock 7: exactly 7 succeed, stock 0, 93 clear refusals', { timeout: 120_000 }, async () => {
    const readers = await createTestUsers(t.database, 100);
    for (const r of readers) await give(r, 100);
    const goodsId = await makeGoods({ stock: 7, price: 30 });
    const answers = await Promise.all(readers.map((r) => exchange(r, { goodsId })));
    const won = answers.filter((a) => a.statusCode === 200);
    expect(won).toHaveLength(7);
    const refused = answers.filter((a) => a.statusCode !== 200);
    expect(refused).toHaveLength(93);
    expect(new Set(refused.map((a) => a.message))).toEqual(new Set(['商品已兑完，下次早点来']));
    expect(await stockOf(goodsId)).toEqual({ stock: 0, sold: 7 });
    const rows = await t.database.db.select().from(mallExchanges).where(eq(mallExchanges.goodsId, goodsId));
    expect(rows).toHaveLength(7);
    const [spent] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(pointsLedger)
      .where(
        and(
          eq(pointsLedger.reason, 'exchange'),
          sql`${pointsLedger.ref} in (${sql.join(
            rows.map((r) => sql`${String(r.id)}`),
            sql`, `,
          )})`,
        ),
      );
    expect(Number(spent!.n)).toBe(7);
    for (const r of readers.slice(0, 10)) await expectBooksBalanced(r.userId);
  });

  it('one reader, 20 parallel exchanges with points for 3: exactly 3, balance never negative', { timeout: 60_000 }, async () => {
    const reader = await createTestUser(t.database);
    await give(reader, 30);
    const goodsId = await makeGoods({ price: 10, stock: 100 });
    const answers = await Promise.all(Array.from({ length: 20 }, () => exchange(reader, { goodsId })));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(3);
    expect(answers.filter((a) => a.statusCode === 100).every((a) => a.message.startsWith('积分不足'))).toBe(true);
    expect(await credit(reader.userId)).toBe(0);
    expect(await stockOf(goodsId)).toEqual({ stock: 97, sold: 3 });
    await expectBooksBalanced(reader.userId);
  });

  it('the same exchange retried with the same key (in sequence and in parallel) is one exchange', async () => {
    const reader = await createTestUser(t.database);
    await give(reader, 100);
    const goodsId = await makeGoods({ price: 10 });
    const idem = key();
    const first = await exchange(reader, { goodsId }, idem);
    const again = await exchange(reader, { goodsId }, idem);
    expect(again.statusCode).toBe(200);
    expect(again.data.id).toBe(first.data.id);
    expect(again.data.code).toBe(first.data.code);
    const racing = key();
    const many = await Promise.all(Array.from({ length: 10 }, () => exchange(reader, { goodsId }, racing)));
    expect(many.every((a) => a.statusCode === 200)).toBe(true);
    expect(new Set(many.map((a) => a.data.id)).size).toBe(1);
    expect(await credit(reader.userId)).toBe(80);
    const other = await makeGoods();
    expect(await exchange(reader, { goodsId: other }, idem)).toMatchObject({ statusCode: 422, message: '该 Idempotency-Key 已用于其他兑换' });
    await expectBooksBalanced(reader.userId);
  });
});

describe('attacks', () => {
  it("another reader's exchange is not found, not confirmable, not usable", async () => {
    const owner = await createTestUser(t.database);
    const thief = await createTestUser(t.database);
    await give(owner, 50);
    const goodsId = await makeGoods();
    const mine = await exchange(owner, { goodsId });
    expect(await get(`/v1/mall/exchange/detail?id=${mine.data.id}`, thief.headers)).toMatchObject({ statusCode: 404, message: '兑换记录不存在' });
    expect((await envelope(await post('/v1/mall/coupon/use', { id: mine.data.id }, thief.headers))).statusCode).toBe(404);
    expect((await envelope(await post('/v1/mall/exchange/confirm', { id: mine.data.id }, thief.headers))).statusCode).toBe(404);
    expect((await get<ExchangeItem[]>('/v1/mall/exchange/list', thief.headers)).data).toEqual([]);
    const own = await get<ExchangeDetail>(`/v1/mall/exchange/detail?id=${mine.data.id}`, owner.headers);
    expect(own.data.couponState).toBe('unused');
  });

  it('mass assignment: price, status, user and stock fields in the body change nothing', async () => {
    const reader = await createTestUser(t.database);
    const victim = await createTestUser(t.database);
    await give(reader, 100);
    const goodsId = await makeGoods({ price: 40 });
    const res = await exchange(reader, { goodsId, points: 1, price: 1, status: 3, userId: victim.userId, stock: 999, code: 'FREE' });
    expect(res.statusCode).toBe(200);
    expect(res.data).toMatchObject({ points: 40, status: 1 });
    expect(res.data.code).not.toBe('FREE');
    expect(await credit(reader.userId)).toBe(60);
    expect((await get<ExchangeItem[]>('/v1/mall/exchange/list', victim.headers)).data).toEqual([]);
    expect(await stockOf(goodsId)).toEqual({ stock: 99, sold: 1 });
  });

  it('hostile text in an address is stored as text and answered as text; too long is refused in Chinese', async () => {
    const reader = await createTestUser(t.database);
    await give(reader, 100);
    const goodsId = await makeGoods({ kind: 'physical', validUntil: null });
    const evil = '<script>alert(1)</script><img src=x onerror=alert(2)>';
    const res = await exchange(reader, { goodsId, name: '李四', phone: '13800138000', region: '重庆市', address: evil });
    expect(res.data.address?.detail).toBe(evil);
    const long = await exchange(reader, { goodsId, name: '李四', phone: '13800138000', region: '重庆市', address: '长'.repeat(121) });
    expect(long).toMatchObject({ statusCode: 400 });
    expect(long.message).toContain('详细地址不能超过 120 个字');
    const nul = await exchange(reader, { goodsId, name: 'a\u0000b', phone: '13800138000', region: '重庆市', address: '解放碑' });
    expect(nul.statusCode).toBe(400);
    expect(nul.message).toContain('收货人包含非法字符');
  });

  it('the cooperation form validates in Chinese, takes anonymous messages and stores a double submit once', async () => {
    const body = { company: '重庆山城文旅有限公司', contact: '王经理', phone: '13700001111', content: '我们希望在积分商城上架景区门票兑换，长期合作。' };
    const bad = await envelope(await post('/v1/mall/cooperation', { ...body, content: '太短' }));
    expect(bad).toMatchObject({ statusCode: 400 });
    expect(bad.message).toContain('合作内容至少 10 个字');
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => post('/v1/mall/cooperation', body, { 'x-forwarded-for': '203.0.113.9' }).then((r) => envelope<{ id: number }>(r))),
    );
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(new Set(answers.map((a) => a.data.id)).size).toBe(1);
    const rows = await t.database.db.select().from(mallCooperation).where(eq(mallCooperation.phone, '13700001111'));
    expect(rows).toHaveLength(1);
  });

  it('the cooperation form is rate-limited per address', async () => {
    const answers = [];
    for (let i = 0; i < 7; i++) {
      answers.push(
        await envelope(
          await post(
            '/v1/mall/cooperation',
            { company: `测试公司${i}`, contact: '赵', phone: `1370000${String(2000 + i)}`, content: `第 ${i} 条合作留言，内容足够长。` },
            { 'x-forwarded-for': '198.51.100.7' },
          ),
        ),
      );
    }
    expect(answers.slice(0, 5).every((a) => a.statusCode === 200)).toBe(true);
    expect(answers[5]).toMatchObject({ statusCode: 429, message: '操作过于频繁，请稍后再试' });
  });
});
