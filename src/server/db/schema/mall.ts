/**
 * Points and the points mall (ADR 012; spec 2.10). Money-like rules:
 * - `points_ledger` is append-only: every change of a reader's points is one row (amount, reason,
 *   reference, Beijing day, idempotency key). `users.credit` is the running sum of the rows, moved in
 *   the same transaction under the reader's row lock; each row keeps the balance after it, and both are
 *   checked never negative by the database.
 * - `(user_id, idem_key)` is unique: a retry or a race of the same earning or exchange writes nothing.
 * - `mall_goods.stock` is checked never negative and is taken with a conditional update, so stock
 *   cannot be oversold; an exchange row and its ledger row are written in one transaction.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt, pictureList, updatedAt } from './columnBuilders.ts';
import { staff } from './staff.ts';

export const pointsLedger = pgTable(
  'points_ledger',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** Positive: earned or refunded; negative: spent or expired. Never 0. */
    amount: integer('amount').notNull(),
    /** The reader's balance right after this row. */
    balanceAfter: integer('balance_after').notNull(),
    /** signin, read, comment, share, question, answer, tip, post, profile, exchange, refund, expire, grant. */
    reason: text('reason').notNull(),
    /** What the row is about: an article `classId:newsId`, a comment id, an exchange id, a year. */
    ref: text('ref').notNull().default(''),
    /** The Beijing calendar day the row counts for (daily caps, streaks, expiry by year). */
    day: date('day', { mode: 'string' }).notNull(),
    idemKey: text('idem_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('points_ledger_user_key').on(t.userId, t.idemKey),
    index('points_ledger_user_day_idx').on(t.userId, t.reason, t.day),
    index('points_ledger_user_id_idx').on(t.userId, t.id),
    index('points_ledger_day_idx').on(t.day, t.id),
    check('points_ledger_amount_nonzero', sql`${t.amount} <> 0`),
    check('points_ledger_balance_nonnegative', sql`${t.balanceAfter} >= 0`),
  ],
);

/** One sign-in per reader per Beijing day; `streak` counts consecutive days including this one. */
export const pointsSignins = pgTable(
  'points_signins',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    day: date('day', { mode: 'string' }).notNull(),
    streak: integer('streak').notNull(),
    points: integer('points').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/** Points settings by name (amounts, daily caps, level thresholds, expiry): JSON values over the defaults in code. */
export const pointsSettings = pgTable('points_settings', {
  /** One row per setting name (amounts, daily caps, level thresholds); values are JSON. */
  name: text('name').primaryKey(),
  value: jsonb('value').notNull(),
});

export const mallCategories = pgTable('mall_categories', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  icon: text('icon').notNull().default(''),
  sort: integer('sort').notNull().default(0),
});

/**
 * A good of the mall. `kind`: physical (shipped to an address), coupon (a merchant coupon code, used
 * in the shop), card (a card code / 卡密 such as a film or membership code) or virtual (topped up to a
 * phone: 话费, 流量). `perUserLimit` 0 means no limit.
 */
export const mallGoods = pgTable(
  'mall_goods',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => mallCategories.id),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    subtitle: text('subtitle').notNull().default(''),
    /** Plain text paragraphs separated by blank lines. */
    description: text('description').notNull().default(''),
    pictures: pictureList(),
    price: integer('price').notNull(),
    marketPrice: text('market_price').notNull().default(''),
    stock: integer('stock').notNull(),
    sold: integer('sold').notNull().default(0),
    perUserLimit: integer('per_user_limit').notNull().default(0),
    merchant: text('merchant').notNull().default(''),
    /** Last day an exchanged coupon or card code can be used (Beijing), null when it does not expire. */
    validUntil: date('valid_until', { mode: 'string' }),
    /** How the reader uses what they exchanged (shown on the detail and the exchange). */
    usage: text('usage').notNull().default(''),
    isHot: boolean('is_hot').notNull().default(false),
    isNew: boolean('is_new').notNull().default(false),
    onSale: boolean('on_sale').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
    /** Sale window (console): exchangeable from `saleStart` until `saleEnd`; null: no bound. */
    saleStart: timestamp('sale_start', { withTimezone: true }),
    saleEnd: timestamp('sale_end', { withTimezone: true }),
    updatedAt: updatedAt(),
    /** The console's Idempotency-Key of the create that wrote the row (a retried create writes nothing new). */
    clientKey: text('client_key'),
  },
  (t) => [
    uniqueIndex('mall_goods_client_key').on(t.clientKey),
    index('mall_goods_category_idx').on(t.categoryId, t.sort),
    check('mall_goods_stock_nonnegative', sql`${t.stock} >= 0`),
    check('mall_goods_price_positive', sql`${t.price} > 0`),
  ],
);

export const mallBanners = pgTable('mall_banners', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  image: text('image').notNull(),
  goodsId: integer('goods_id').references(() => mallGoods.id),
  sort: integer('sort').notNull().default(0),
});

/** A warehouse batch: the physical orders one export handed over, under the export's Idempotency-Key. */
export const mallShipBatches = pgTable(
  'mall_ship_batches',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id'),
    staffName: text('staff_name').notNull(),
    orders: integer('orders').notNull(),
    idemKey: text('idem_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('mall_ship_batches_key').on(t.idemKey)],
);

/** Every change of a good's stock by the console: who, why, by how much, and the stock after it. */
export const mallStockChanges = pgTable(
  'mall_stock_changes',
  {
    id: serial('id').primaryKey(),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => mallGoods.id),
    delta: integer('delta').notNull(),
    stockAfter: integer('stock_after').notNull(),
    reason: text('reason').notNull(),
    staffId: integer('staff_id'),
    staffName: text('staff_name').notNull(),
    idemKey: text('idem_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('mall_stock_changes_key').on(t.idemKey),
    index('mall_stock_changes_goods_idx').on(t.goodsId, t.id),
    check('mall_stock_changes_delta_nonzero', sql`${t.delta} <> 0`),
    check('mall_stock_changes_after_nonnegative', sql`${t.stockAfter} >= 0`),
  ],
);

/** A merchant's staff account (role 部门): it verifies (核销) the codes of goods whose `merchant` is this name. */
export const mallMerchantStaff = pgTable(
  'mall_merchant_staff',
  {
    staffId: integer('staff_id')
      .primaryKey()
      .references(() => staff.id),
    merchant: text('merchant').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('mall_merchant_staff_merchant_idx').on(t.merchant)],
);

/**
 * One exchange of one good by one reader. `status`: 1 已兑换, 2 已发货, 3 已完成, 4 已取消. `code` is the coupon or
 * card code (null for physical and virtual goods); `usedAt` marks a coupon the reader has used.
 */
export const mallExchanges = pgTable(
  'mall_exchanges',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => mallGoods.id),
    kind: text('kind').notNull(),
    points: integer('points').notNull(),
    status: integer('status').notNull().default(1),
    /** Physical goods: { name, phone, region, detail }. */
    address: jsonb('address').$type<{ name: string; phone: string; region: string; detail: string }>(),
    /** Virtual goods: the phone topped up. */
    phone: text('phone'),
    code: text('code'),
    validUntil: date('valid_until', { mode: 'string' }),
    usedAt: timestamp('used_at', { withTimezone: true }),
    expressCompany: text('express_company'),
    expressNo: text('express_no'),
    idemKey: text('idem_key').notNull(),
    createdAt: createdAt(),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    doneAt: timestamp('done_at', { withTimezone: true }),
    /** Status 4 已取消: when and why the operator cancelled it (the points went back through the ledger). */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    /** The warehouse batch the order was exported in (null: not exported yet). */
    batchId: integer('batch_id').references(() => mallShipBatches.id),
    /** The merchant's staff account that verified (核销) the code. */
    verifiedBy: integer('verified_by'),
  },
  (t) => [
    index('mall_exchanges_queue_idx').on(t.kind, t.status, t.id),
    index('mall_exchanges_code_idx').on(t.code),
    uniqueIndex('mall_exchanges_user_key').on(t.userId, t.idemKey),
    index('mall_exchanges_user_idx').on(t.userId, t.id),
    index('mall_exchanges_goods_user_idx').on(t.goodsId, t.userId),
    check('mall_exchanges_points_positive', sql`${t.points} > 0`),
  ],
);

/** Messages of the mall's cooperation form (商务合作), kept for the business team. */
export const mallCooperation = pgTable(
  'mall_cooperation',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id'),
    company: text('company').notNull(),
    contact: text('contact').notNull(),
    phone: text('phone').notNull(),
    content: text('content').notNull(),
    ip: text('ip').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('mall_cooperation_created_idx').on(t.createdAt)],
);
