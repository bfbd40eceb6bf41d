/**
 * Mall data access (ADR 012): categories, banners, goods, exchanges, cooperation messages. Writes that
 * move stock or points run inside the exchange transaction of service.ts, after the reader's row lock.
 */
import { and, asc, desc, eq, gt, ilike, inArray, isNotNull, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { firstRow } from '../db/rows.ts';
import { mallBanners, mallCategories, mallCooperation, mallExchanges, mallGoods } from '../db/schema/mall.ts';

type Q = Db | Tx;

export type GoodsRow = typeof mallGoods.$inferSelect;
export type ExchangeRow = typeof mallExchanges.$inferSelect;
export type ExchangeWithGoods = ExchangeRow & { name: string; picture: string; merchant: string; usage: string };

/** Escapes LIKE wildcards so a search for "100%" means the text, not a pattern. */
function likePattern(word: string): string {
  return `%${word.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
}

export async function listCategoriesRepo(db: Q) {
  return db
    .select({ id: mallCategories.id, name: mallCategories.name, icon: mallCategories.icon })
    .from(mallCategories)
    .orderBy(asc(mallCategories.sort), asc(mallCategories.id));
}

export async function listBannersRepo(db: Q) {
  return db.select().from(mallBanners).orderBy(asc(mallBanners.sort), asc(mallBanners.id));
}

/** On sale and inside its sale window (console: 上架, 开售与停售时间). */
const ON_SALE = and(
  eq(mallGoods.onSale, true),
  or(isNull(mallGoods.saleStart), sql`${mallGoods.saleStart} <= now()`),
  or(isNull(mallGoods.saleEnd), sql`${mallGoods.saleEnd} > now()`),
)!;
const NOT_CANCELLED = ne(mallExchanges.status, 4);

/** Goods flagged hot or new, on sale, in the mall's order (sold-out ones last). */
export async function listFlaggedGoodsRepo(db: Q, flag: 'hot' | 'new', limit: number): Promise<GoodsRow[]> {
  return db
    .select()
    .from(mallGoods)
    .where(and(ON_SALE, flag === 'hot' ? eq(mallGoods.isHot, true) : eq(mallGoods.isNew, true)))
    .orderBy(sql`(${mallGoods.stock} = 0)`, flag === 'hot' ? desc(mallGoods.sold) : desc(mallGoods.createdAt), asc(mallGoods.id))
    .limit(limit);
}

export interface GoodsFilter {
  categoryId?: number | undefined;
  kind?: string | undefined;
  keyword?: string | undefined;
}

export async function listGoodsRepo(db: Q, filter: GoodsFilter, page: number, pageSize: number): Promise<GoodsRow[]> {
  const where: SQL[] = [ON_SALE];
  if (filter.categoryId !== undefined) where.push(eq(mallGoods.categoryId, filter.categoryId));
  if (filter.kind !== undefined) where.push(eq(mallGoods.kind, filter.kind));
  if (filter.keyword) {
    const pattern = likePattern(filter.keyword);
    where.push(or(ilike(mallGoods.name, pattern), ilike(mallGoods.subtitle, pattern), ilike(mallGoods.merchant, pattern))!);
  }
  return db
    .select()
    .from(mallGoods)
    .where(and(...where))
    .orderBy(asc(mallGoods.sort), asc(mallGoods.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
}

export async function findGoodsRepo(db: Q, id: number): Promise<(GoodsRow & { categoryName: string }) | null> {
  const [row] = await db
    .select({ goods: mallGoods, categoryName: mallCategories.name })
    .from(mallGoods)
    .innerJoin(mallCategories, eq(mallCategories.id, mallGoods.categoryId))
    .where(eq(mallGoods.id, id))
    .limit(1);
  return row ? { ...row.goods, categoryName: row.categoryName } : null;
}

/** How many of a good the reader has exchanged, a cancelled one not counted (inside the exchange transaction: under the reader's lock). */
export async function countExchangedRepo(db: Q, userId: number, goodsId: number): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(mallExchanges)
    .where(and(eq(mallExchanges.userId, userId), eq(mallExchanges.goodsId, goodsId), NOT_CANCELLED));
  return Number(rows[0]?.n ?? 0);
}

/**
 * Takes one unit of stock when there is one: a single conditional update, so two exchanges can never
 * take the last unit twice (PostgreSQL re-checks `stock > 0` after waiting for the row lock).
 */
export async function takeStockRepo(tx: Tx, goodsId: number): Promise<boolean> {
  const rows = await tx
    .update(mallGoods)
    .set({ stock: sql`${mallGoods.stock} - 1`, sold: sql`${mallGoods.sold} + 1` })
    .where(and(eq(mallGoods.id, goodsId), ON_SALE, gt(mallGoods.stock, 0)))
    .returning({ id: mallGoods.id });
  return rows.length > 0;
}

export type NewExchange = typeof mallExchanges.$inferInsert;

export async function insertExchangeRepo(tx: Tx, row: NewExchange): Promise<ExchangeRow> {
  const rows = await tx.insert(mallExchanges).values(row).returning();
  return rows[0]!;
}

export async function findExchangeByKeyRepo(db: Q, userId: number, idemKey: string): Promise<ExchangeRow | null> {
  return firstRow(db, mallExchanges, and(eq(mallExchanges.userId, userId), eq(mallExchanges.idemKey, idemKey)));
}

const withGoods = {
  exchange: mallExchanges,
  name: mallGoods.name,
  pictures: mallGoods.pictures,
  merchant: mallGoods.merchant,
  usage: mallGoods.usage,
};

type JoinedRow = { exchange: ExchangeRow; name: string; pictures: string[]; merchant: string; usage: string };

function flatten(r: JoinedRow): ExchangeWithGoods {
  return { ...r.exchange, name: r.name, picture: r.pictures[0] ?? '', merchant: r.merchant, usage: r.usage };
}

/** One exchange of the reader (another reader's id answers nothing). */
export async function findOwnExchangeRepo(db: Q, userId: number, id: number): Promise<ExchangeWithGoods | null> {
  const rows = await db
    .select(withGoods)
    .from(mallExchanges)
    .innerJoin(mallGoods, eq(mallGoods.id, mallExchanges.goodsId))
    .where(and(eq(mallExchanges.id, id), eq(mallExchanges.userId, userId)))
    .limit(1);
  return rows[0] ? flatten(rows[0]) : null;
}

export type CouponState = 'unused' | 'used' | 'expired';

export interface ExchangeFilter {
  kinds?: string[];
  couponState?: CouponState;
  /** Beijing day `YYYY-MM-DD` the coupon states are decided on. */
  today?: string;
}

export async function listOwnExchangesRepo(db: Q, userId: number, filter: ExchangeFilter, page: number, pageSize: number): Promise<ExchangeWithGoods[]> {
  const where: SQL[] = [eq(mallExchanges.userId, userId)];
  if (filter.kinds) where.push(inArray(mallExchanges.kind, filter.kinds));
  if (filter.couponState && filter.today) {
    where.push(NOT_CANCELLED);
    const expired = and(isNotNull(mallExchanges.validUntil), lt(mallExchanges.validUntil, filter.today));
    if (filter.couponState === 'used') where.push(isNotNull(mallExchanges.usedAt));
    else if (filter.couponState === 'expired') where.push(and(isNull(mallExchanges.usedAt), expired)!);
    else where.push(and(isNull(mallExchanges.usedAt), or(isNull(mallExchanges.validUntil), sql`${mallExchanges.validUntil} >= ${filter.today}`))!);
  }
  const rows = await db
    .select(withGoods)
    .from(mallExchanges)
    .innerJoin(mallGoods, eq(mallGoods.id, mallExchanges.goodsId))
    .where(and(...where))
    .orderBy(desc(mallExchanges.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return rows.map(flatten);
}

/** Moves an exchange from one status to the next; false when it was not in `from` (a retry, a race). */
export async function moveExchangeRepo(tx: Tx, userId: number, id: number, from: number, set: Partial<NewExchange>): Promise<boolean> {
  const rows = await tx
    .update(mallExchanges)
    .set(set)
    .where(and(eq(mallExchanges.id, id), eq(mallExchanges.userId, userId), eq(mallExchanges.status, from)))
    .returning({ id: mallExchanges.id });
  return rows.length > 0;
}

export async function insertCooperationRepo(tx: Tx, row: typeof mallCooperation.$inferInsert): Promise<number> {
  const rows = await tx.insert(mallCooperation).values(row).returning({ id: mallCooperation.id });
  return rows[0]!.id;
}

/** Holds the phone's cooperation messages until the transaction ends (two parallel submits decide one after the other). */
export async function lockCooperationPhoneRepo(tx: Tx, phone: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`mall-cooperation:${phone}`}))`);
}

/** The id of the same phone's same message since `since`, or null. */
export async function findRecentCooperationRepo(tx: Q, phone: string, content: string, since: Date): Promise<number | null> {
  const rows = await tx
    .select({ id: mallCooperation.id })
    .from(mallCooperation)
    .where(and(eq(mallCooperation.phone, phone), eq(mallCooperation.content, content), gt(mallCooperation.createdAt, since)))
    .limit(1);
  return rows[0]?.id ?? null;
}
