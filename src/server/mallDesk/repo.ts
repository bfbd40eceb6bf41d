/**
 * The mall desk's data access: goods as the operator sees them (off sale included), stock changes, the
 * fulfilment queue, warehouse batches, cancellations, the merchants' 核销 and the finance ledger. Every
 * move of an order is one conditional update (`where status = …`), so a retry, a race or a second
 * operator finds the row already moved and writes nothing.
 */
import { and, asc, desc, eq, gte, ilike, inArray, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { users } from '../db/schema/accounts.ts';
import { mallCategories, mallExchanges, mallGoods, mallMerchantStaff, mallShipBatches, mallStockChanges, pointsLedger } from '../db/schema/mall.ts';
import { staff } from '../db/schema/staff.ts';
import { qualified } from '../db/qualified.ts';

type Q = Db | Tx;

export type DeskGoodsRow = typeof mallGoods.$inferSelect;
export type NewGoods = typeof mallGoods.$inferInsert;
export type OrderRow = typeof mallExchanges.$inferSelect & { goodsName: string; merchant: string; nickname: string };

function likePattern(word: string): string {
  return `%${word.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
}

/** Physical orders waiting for the warehouse, per good (the stock already promised to readers). */
const waitingCount = sql<number>`(select count(*)::int from ${mallExchanges} e where e.goods_id = ${qualified(mallGoods.id)} and e.kind = 'physical' and e.status = 1)`;

export async function listDeskGoodsRepo(db: Q, keyword: string | undefined, page: number, pageSize: number) {
  const where = keyword ? or(ilike(mallGoods.name, likePattern(keyword)), ilike(mallGoods.merchant, likePattern(keyword))) : undefined;
  return db
    .select({ goods: mallGoods, categoryName: mallCategories.name, waiting: waitingCount })
    .from(mallGoods)
    .innerJoin(mallCategories, eq(mallCategories.id, mallGoods.categoryId))
    .where(where)
    .orderBy(desc(mallGoods.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
}

export async function listAllCategoriesRepo(db: Q) {
  return db.select({ id: mallCategories.id, name: mallCategories.name }).from(mallCategories).orderBy(asc(mallCategories.sort), asc(mallCategories.id));
}

export async function findDeskGoodsRepo(db: Q, id: number): Promise<DeskGoodsRow | null> {
  const rows = await db.select().from(mallGoods).where(eq(mallGoods.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function lockGoodsRepo(tx: Tx, id: number): Promise<DeskGoodsRow | null> {
  const rows = await tx.select().from(mallGoods).where(eq(mallGoods.id, id)).for('update').limit(1);
  return rows[0] ?? null;
}

export async function findGoodsByKeyRepo(db: Q, key: string): Promise<DeskGoodsRow | null> {
  const rows = await db.select().from(mallGoods).where(eq(mallGoods.clientKey, key)).limit(1);
  return rows[0] ?? null;
}

/** Inserts a good once per console key; null when the key was used already (a retried create). */
export async function insertGoodsRepo(tx: Tx, row: NewGoods): Promise<DeskGoodsRow | null> {
  const rows = await tx.insert(mallGoods).values(row).onConflictDoNothing({ target: mallGoods.clientKey }).returning();
  return rows[0] ?? null;
}

export async function updateGoodsRepo(tx: Tx, id: number, set: Partial<NewGoods>): Promise<DeskGoodsRow | null> {
  const rows = await tx.update(mallGoods).set(set).where(eq(mallGoods.id, id)).returning();
  return rows[0] ?? null;
}

export async function categoryExistsRepo(db: Q, id: number): Promise<boolean> {
  const rows = await db.select({ id: mallCategories.id }).from(mallCategories).where(eq(mallCategories.id, id)).limit(1);
  return rows.length > 0;
}

export async function countGoodsExchangesRepo(db: Q, goodsId: number): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(mallExchanges)
    .where(eq(mallExchanges.goodsId, goodsId));
  return Number(rows[0]?.n ?? 0);
}

/**
 * Moves the stock by `delta` unless that would take it below 0: the units already exchanged are no
 * longer in `stock`, so they can never be taken back from readers. Null when refused.
 */
export async function moveStockRepo(tx: Tx, goodsId: number, delta: number): Promise<number | null> {
  const rows = await tx
    .update(mallGoods)
    .set({ stock: sql`${mallGoods.stock} + ${delta}`, updatedAt: new Date() })
    .where(and(eq(mallGoods.id, goodsId), sql`${mallGoods.stock} + ${delta} >= 0`))
    .returning({ stock: mallGoods.stock });
  return rows[0]?.stock ?? null;
}

export type StockChangeRow = typeof mallStockChanges.$inferSelect;

export async function findStockChangeByKeyRepo(db: Q, key: string): Promise<StockChangeRow | null> {
  const rows = await db.select().from(mallStockChanges).where(eq(mallStockChanges.idemKey, key)).limit(1);
  return rows[0] ?? null;
}

export async function insertStockChangeRepo(tx: Tx, row: typeof mallStockChanges.$inferInsert): Promise<StockChangeRow> {
  const rows = await tx.insert(mallStockChanges).values(row).returning();
  return rows[0]!;
}

export async function listStockChangesRepo(db: Q, goodsId: number, limit: number): Promise<StockChangeRow[]> {
  return db.select().from(mallStockChanges).where(eq(mallStockChanges.goodsId, goodsId)).orderBy(desc(mallStockChanges.id)).limit(limit);
}

// ── orders ────────────────────────────────────────────────────────────────────────────────────

const orderColumns = { exchange: mallExchanges, goodsName: mallGoods.name, merchant: mallGoods.merchant, nickname: users.nickname };

function flatten(r: { exchange: typeof mallExchanges.$inferSelect; goodsName: string; merchant: string; nickname: string | null }): OrderRow {
  return { ...r.exchange, goodsName: r.goodsName, merchant: r.merchant, nickname: r.nickname ?? '' };
}

export type QueueFilter = 'waiting' | 'batched' | 'shipped' | 'done' | 'cancelled';

function queueWhere(state: QueueFilter): SQL {
  const physical = eq(mallExchanges.kind, 'physical');
  if (state === 'waiting') return and(physical, eq(mallExchanges.status, 1), isNull(mallExchanges.batchId))!;
  if (state === 'batched') return and(physical, eq(mallExchanges.status, 1), sql`${mallExchanges.batchId} is not null`)!;
  if (state === 'shipped') return and(physical, eq(mallExchanges.status, 2))!;
  if (state === 'done') return and(physical, eq(mallExchanges.status, 3))!;
  return eq(mallExchanges.status, 4);
}

export async function listQueueRepo(db: Q, state: QueueFilter, keyword: string | undefined, page: number, pageSize: number): Promise<OrderRow[]> {
  const where: SQL[] = [queueWhere(state)];
  if (keyword) {
    const asId = /^\d{1,9}$/.test(keyword) ? Number(keyword) : 0;
    where.push(or(eq(mallExchanges.id, asId), ilike(mallGoods.name, likePattern(keyword)), eq(mallExchanges.expressNo, keyword))!);
  }
  const rows = await db
    .select(orderColumns)
    .from(mallExchanges)
    .innerJoin(mallGoods, eq(mallGoods.id, mallExchanges.goodsId))
    .leftJoin(users, eq(users.id, mallExchanges.userId))
    .where(and(...where))
    // The oldest order waiting ships first; finished ones newest first.
    .orderBy(state === 'waiting' || state === 'batched' ? asc(mallExchanges.id) : desc(mallExchanges.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return rows.map(flatten);
}

export async function countQueueRepo(db: Q): Promise<Record<QueueFilter, number>> {
  const out = { waiting: 0, batched: 0, shipped: 0, done: 0, cancelled: 0 };
  for (const state of Object.keys(out) as QueueFilter[]) {
    const rows = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(mallExchanges)
      .where(queueWhere(state));
    out[state] = Number(rows[0]?.n ?? 0);
  }
  return out;
}

export async function findOrderRepo(db: Q, id: number): Promise<OrderRow | null> {
  const rows = await db
    .select(orderColumns)
    .from(mallExchanges)
    .innerJoin(mallGoods, eq(mallGoods.id, mallExchanges.goodsId))
    .leftJoin(users, eq(users.id, mallExchanges.userId))
    .where(eq(mallExchanges.id, id))
    .limit(1);
  return rows[0] ? flatten(rows[0]) : null;
}

/** 已兑换 → 已发货 with the carrier and number; false when the order was not waiting (a retry, a race, a cancel). */
export async function shipOrderRepo(tx: Tx, id: number, carrier: string, trackingNo: string, now: Date): Promise<boolean> {
  const rows = await tx
    .update(mallExchanges)
    .set({ status: 2, expressCompany: carrier, expressNo: trackingNo, shippedAt: now })
    .where(and(eq(mallExchanges.id, id), eq(mallExchanges.kind, 'physical'), eq(mallExchanges.status, 1)))
    .returning({ id: mallExchanges.id });
  return rows.length > 0;
}

/**
 * Cancels an order that can still be cancelled: a physical good not shipped, or a coupon or card whose code
 * has not been used. One conditional update: of any number of parallel cancels exactly one moves the row.
 */
export async function cancelOrderRepo(tx: Tx, id: number, reason: string, now: Date): Promise<typeof mallExchanges.$inferSelect | null> {
  const cancellable = or(
    and(eq(mallExchanges.kind, 'physical'), eq(mallExchanges.status, 1)),
    and(inArray(mallExchanges.kind, ['coupon', 'card']), isNull(mallExchanges.usedAt), ne(mallExchanges.status, 4)),
  );
  const rows = await tx
    .update(mallExchanges)
    .set({ status: 4, cancelledAt: now, cancelReason: reason })
    .where(and(eq(mallExchanges.id, id), cancellable))
    .returning();
  return rows[0] ?? null;
}

/** The unit of a cancelled order goes back on sale. */
export async function restockOneRepo(tx: Tx, goodsId: number): Promise<void> {
  await tx
    .update(mallGoods)
    .set({ stock: sql`${mallGoods.stock} + 1`, sold: sql`greatest(${mallGoods.sold} - 1, 0)` })
    .where(eq(mallGoods.id, goodsId));
}

// ── warehouse batches ─────────────────────────────────────────────────────────────────────────

export type BatchRow = typeof mallShipBatches.$inferSelect;

export async function findBatchByKeyRepo(db: Q, key: string): Promise<BatchRow | null> {
  const rows = await db.select().from(mallShipBatches).where(eq(mallShipBatches.idemKey, key)).limit(1);
  return rows[0] ?? null;
}

export async function findBatchRepo(db: Q, id: number): Promise<BatchRow | null> {
  const rows = await db.select().from(mallShipBatches).where(eq(mallShipBatches.id, id)).limit(1);
  return rows[0] ?? null;
}

/** Serialises batch making: two exports at once would otherwise each take the same waiting orders. */
export async function lockBatchesRepo(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('mall-ship-batch'))`);
}

export async function insertBatchRepo(tx: Tx, row: typeof mallShipBatches.$inferInsert): Promise<BatchRow> {
  const rows = await tx.insert(mallShipBatches).values(row).returning();
  return rows[0]!;
}

/** Puts up to `limit` waiting orders (oldest first) in the batch; answers their ids. */
export async function fillBatchRepo(tx: Tx, batchId: number, limit: number): Promise<number[]> {
  const waiting = await tx.select({ id: mallExchanges.id }).from(mallExchanges).where(queueWhere('waiting')).orderBy(asc(mallExchanges.id)).limit(limit);
  if (waiting.length === 0) return [];
  const ids = waiting.map((r) => r.id);
  const rows = await tx
    .update(mallExchanges)
    .set({ batchId })
    .where(and(inArray(mallExchanges.id, ids), eq(mallExchanges.status, 1), isNull(mallExchanges.batchId)))
    .returning({ id: mallExchanges.id });
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

export async function setBatchCountRepo(tx: Tx, batchId: number, orders: number): Promise<void> {
  await tx.update(mallShipBatches).set({ orders }).where(eq(mallShipBatches.id, batchId));
}

export async function listBatchOrdersRepo(db: Q, batchId: number): Promise<OrderRow[]> {
  const rows = await db
    .select(orderColumns)
    .from(mallExchanges)
    .innerJoin(mallGoods, eq(mallGoods.id, mallExchanges.goodsId))
    .leftJoin(users, eq(users.id, mallExchanges.userId))
    .where(eq(mallExchanges.batchId, batchId))
    .orderBy(asc(mallExchanges.id));
  return rows.map(flatten);
}

export async function listBatchesRepo(db: Q, limit: number): Promise<BatchRow[]> {
  return db.select().from(mallShipBatches).orderBy(desc(mallShipBatches.id)).limit(limit);
}

// ── merchants and 核销 ────────────────────────────────────────────────────────────────────────

export async function merchantOfStaffRepo(db: Q, staffId: number): Promise<string | null> {
  const rows = await db.select({ merchant: mallMerchantStaff.merchant }).from(mallMerchantStaff).where(eq(mallMerchantStaff.staffId, staffId)).limit(1);
  return rows[0]?.merchant ?? null;
}

export async function linkMerchantRepo(tx: Tx, staffId: number, merchant: string): Promise<string | null> {
  const before = await merchantOfStaffRepo(tx, staffId);
  if (merchant === '') await tx.delete(mallMerchantStaff).where(eq(mallMerchantStaff.staffId, staffId));
  else await tx.insert(mallMerchantStaff).values({ staffId, merchant }).onConflictDoUpdate({ target: mallMerchantStaff.staffId, set: { merchant } });
  return before;
}

/** The 部门 accounts with the merchant each verifies for ('' when none yet). */
export async function listMerchantAccountsRepo(db: Q) {
  return db
    .select({ staffId: staff.id, account: staff.account, name: staff.name, merchant: mallMerchantStaff.merchant })
    .from(staff)
    .leftJoin(mallMerchantStaff, eq(mallMerchantStaff.staffId, staff.id))
    .where(and(eq(staff.role, 'department'), isNull(staff.disabledAt)))
    .orderBy(asc(staff.id));
}

export async function findStaffRoleRepo(db: Q, staffId: number): Promise<string | null> {
  const rows = await db.select({ role: staff.role }).from(staff).where(eq(staff.id, staffId)).limit(1);
  return rows[0]?.role ?? null;
}

/** Names of the merchants that have coupons or cards in the mall. */
export async function listMerchantNamesRepo(db: Q): Promise<string[]> {
  const rows = await db
    .selectDistinct({ merchant: mallGoods.merchant })
    .from(mallGoods)
    .where(and(inArray(mallGoods.kind, ['coupon', 'card']), ne(mallGoods.merchant, '')))
    .orderBy(asc(mallGoods.merchant));
  return rows.map((r) => r.merchant);
}

/** A code of one of the merchant's own goods; another merchant's code is not found. */
export async function findMerchantCodeRepo(db: Q, merchant: string, code: string): Promise<OrderRow | null> {
  const rows = await db
    .select(orderColumns)
    .from(mallExchanges)
    .innerJoin(mallGoods, eq(mallGoods.id, mallExchanges.goodsId))
    .leftJoin(users, eq(users.id, mallExchanges.userId))
    .where(and(eq(mallExchanges.code, code), eq(mallGoods.merchant, merchant), inArray(mallExchanges.kind, ['coupon', 'card'])))
    .limit(1);
  return rows[0] ? flatten(rows[0]) : null;
}

/** Marks the code used, once: false when it was used (or cancelled) already. */
export async function useCodeRepo(tx: Tx, id: number, staffId: number, now: Date): Promise<boolean> {
  const rows = await tx
    .update(mallExchanges)
    .set({ usedAt: now, verifiedBy: staffId, status: 3, doneAt: sql`coalesce(${mallExchanges.doneAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(mallExchanges.id, id), isNull(mallExchanges.usedAt), ne(mallExchanges.status, 4)))
    .returning({ id: mallExchanges.id });
  return rows.length > 0;
}

/** The merchant's codes verified at its counter, newest first. */
export async function listVerifiedRepo(db: Q, merchant: string, page: number, pageSize: number): Promise<OrderRow[]> {
  const rows = await db
    .select(orderColumns)
    .from(mallExchanges)
    .innerJoin(mallGoods, eq(mallGoods.id, mallExchanges.goodsId))
    .leftJoin(users, eq(users.id, mallExchanges.userId))
    .where(and(eq(mallGoods.merchant, merchant), sql`${mallExchanges.usedAt} is not null`))
    .orderBy(desc(mallExchanges.usedAt))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return rows.map(flatten);
}

// ── finance ───────────────────────────────────────────────────────────────────────────────────

export type LedgerExportRow = typeof pointsLedger.$inferSelect;

/** Ledger rows of Beijing days `from`..`to` (inclusive), oldest first, at most `limit`. */
export async function ledgerRangeRepo(db: Q, from: string, to: string, limit: number): Promise<LedgerExportRow[]> {
  return db
    .select()
    .from(pointsLedger)
    .where(and(gte(pointsLedger.day, from), lte(pointsLedger.day, to)))
    .orderBy(asc(pointsLedger.id))
    .limit(limit);
}

export async function ledgerTotalsRepo(db: Q, from: string, to: string) {
  return db
    .select({ reason: pointsLedger.reason, rows: sql<number>`count(*)::int`, amount: sql<number>`coalesce(sum(${pointsLedger.amount}), 0)::bigint` })
    .from(pointsLedger)
    .where(and(gte(pointsLedger.day, from), lte(pointsLedger.day, to)))
    .groupBy(pointsLedger.reason)
    .orderBy(asc(pointsLedger.reason));
}

export interface Reconciliation {
  readers: number;
  balances: number;
  ledgerSum: number;
  /** Readers whose balance is not the sum of their ledger, or not their last row's balance after. */
  mismatches: { userId: number; credit: number; ledgerSum: number; lastBalance: number | null }[];
  mismatchCount: number;
}

/** Every reader's balance against their ledger: the sum of the rows and the last row's balance after. */
export async function reconcileRepo(db: Q, sample: number): Promise<Reconciliation> {
  const totals = await db.execute(
    sql`select (select count(*) from ${users}) as readers, (select coalesce(sum(credit), 0) from ${users}) as balances, (select coalesce(sum(amount), 0) from ${pointsLedger}) as ledger`,
  );
  const wrong = sql`
    with sums as (select user_id, sum(amount) as s, max(id) as last_id from ${pointsLedger} group by user_id)
    select u.id as user_id, u.credit, coalesce(s.s, 0) as ledger_sum, l.balance_after as last_balance
    from ${users} u
    left join sums s on s.user_id = u.id
    left join ${pointsLedger} l on l.id = s.last_id
    where u.credit <> coalesce(s.s, 0) or (l.id is not null and l.balance_after <> u.credit)`;
  const count = await db.execute(sql`select count(*) as n from (${wrong}) w`);
  const rows = await db.execute(sql`${wrong} order by u.id limit ${sample}`);
  const t = rowsOf<{ readers: string | number; balances: string | number | null; ledger: string | number | null }>(totals)[0]!;
  return {
    readers: Number(t.readers),
    balances: Number(t.balances ?? 0),
    ledgerSum: Number(t.ledger ?? 0),
    mismatchCount: Number(rowsOf<{ n: string | number }>(count)[0]?.n ?? 0),
    mismatches: rowsOf<{ user_id: number; credit: number; ledger_sum: string | number; last_balance: number | null }>(rows).map((r) => ({
      userId: r.user_id,
      credit: r.credit,
      ledgerSum: Number(r.ledger_sum),
      lastBalance: r.last_balance,
    })),
  };
}

/** `db.execute` answers rows directly on some drivers and `{ rows }` on others. */
function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? []);
}
