/**
 * Points data access (ADR 012): the append-only ledger, sign-ins and settings. Every write here runs in
 * the caller's transaction after `lockAccountRepo` took the reader's row lock, so the reads that decide
 * a write (caps, idempotency, balance) see every committed change of that reader.
 */
import { and, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { firstRow, hasRow } from '../db/rows.ts';
import { users } from '../db/schema/accounts.ts';
import { pointsLedger, pointsSettings, pointsSignins } from '../db/schema/mall.ts';

type Q = Db | Tx;

export type LedgerRow = typeof pointsLedger.$inferSelect;

export interface Account {
  credit: number;
  integral: number;
  creditLevel: number;
}

/** Locks the reader's row until the transaction ends (PostgreSQL row lock; PGlite runs one transaction at a time). */
export async function lockAccountRepo(tx: Tx, userId: number): Promise<Account | null> {
  const rows = await tx
    .select({ credit: users.credit, integral: users.integral, creditLevel: users.creditLevel })
    .from(users)
    .where(eq(users.id, userId))
    .for('update')
    .limit(1);
  return rows[0] ?? null;
}

export async function readAccountRepo(db: Q, userId: number): Promise<Account | null> {
  const rows = await db
    .select({ credit: users.credit, integral: users.integral, creditLevel: users.creditLevel })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return rows[0] ?? null;
}

export async function hasLedgerKeyRepo(tx: Q, userId: number, idemKey: string): Promise<boolean> {
  return hasRow(tx, pointsLedger, and(eq(pointsLedger.userId, userId), eq(pointsLedger.idemKey, idemKey)));
}

/** How many rows of one reason the reader has on one Beijing day. */
export async function countReasonOnDayRepo(tx: Q, userId: number, reason: string, day: string): Promise<number> {
  const rows = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(pointsLedger)
    .where(and(eq(pointsLedger.userId, userId), eq(pointsLedger.reason, reason), eq(pointsLedger.day, day)));
  return Number(rows[0]?.n ?? 0);
}

export interface NewLedgerRow {
  userId: number;
  amount: number;
  balanceAfter: number;
  reason: string;
  ref: string;
  day: string;
  idemKey: string;
}

/** Appends a row; null when the reader already has a row with this key (nothing written). */
export async function appendLedgerRepo(tx: Tx, row: NewLedgerRow): Promise<LedgerRow | null> {
  const rows = await tx
    .insert(pointsLedger)
    .values(row)
    .onConflictDoNothing({ target: [pointsLedger.userId, pointsLedger.idemKey] })
    .returning();
  return rows[0] ?? null;
}

/** Moves the reader's balance (and growth, for earnings); the row check keeps credit ≥ 0. */
export async function moveAccountRepo(tx: Tx, userId: number, credit: number, integral: number, creditLevel: number): Promise<void> {
  await tx.update(users).set({ credit, integral, creditLevel }).where(eq(users.id, userId));
}

export async function listLedgerRepo(db: Q, userId: number, page: number, pageSize: number): Promise<LedgerRow[]> {
  return db
    .select()
    .from(pointsLedger)
    .where(eq(pointsLedger.userId, userId))
    .orderBy(desc(pointsLedger.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
}

/** Sum of the reader's earnings on a day (for the mall home: 今日已获得). */
export async function earnedOnDayRepo(db: Q, userId: number, day: string): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`coalesce(sum(${pointsLedger.amount}), 0)::int` })
    .from(pointsLedger)
    .where(and(eq(pointsLedger.userId, userId), eq(pointsLedger.day, day), sql`${pointsLedger.amount} > 0`, sql`${pointsLedger.reason} <> 'refund'`));
  return Number(rows[0]?.n ?? 0);
}

// ── sign-ins ───────────────────────────────────────────────────────────────────────────────────

export type SigninRow = typeof pointsSignins.$inferSelect;

export async function findSigninRepo(db: Q, userId: number, day: string): Promise<SigninRow | null> {
  return firstRow(db, pointsSignins, and(eq(pointsSignins.userId, userId), eq(pointsSignins.day, day)));
}

export async function insertSigninRepo(tx: Tx, row: { userId: number; day: string; streak: number; points: number }): Promise<boolean> {
  const rows = await tx.insert(pointsSignins).values(row).onConflictDoNothing().returning({ day: pointsSignins.day });
  return rows.length > 0;
}

/** The reader's sign-in days between two days (inclusive), newest first. */
export async function signinDaysRepo(db: Q, userId: number, from: string, to: string): Promise<SigninRow[]> {
  return db
    .select()
    .from(pointsSignins)
    .where(and(eq(pointsSignins.userId, userId), gte(pointsSignins.day, from), lte(pointsSignins.day, to)))
    .orderBy(desc(pointsSignins.day));
}

// ── settings ───────────────────────────────────────────────────────────────────────────────────

export async function readSettingsRepo(db: Q): Promise<Map<string, unknown>> {
  const rows = await db.select().from(pointsSettings);
  return new Map(rows.map((r) => [r.name, r.value]));
}

export async function writeSettingRepo(tx: Tx, name: string, value: unknown): Promise<void> {
  await tx.insert(pointsSettings).values({ name, value }).onConflictDoUpdate({ target: pointsSettings.name, set: { value } });
}

// ── expiry ─────────────────────────────────────────────────────────────────────────────────────

/** Readers with earnings on or before `lastDay` (candidates of the yearly expiry). */
export async function usersWithEarningsBeforeRepo(db: Q, lastDay: string): Promise<number[]> {
  const rows = await db
    .selectDistinct({ userId: pointsLedger.userId })
    .from(pointsLedger)
    .where(and(lte(pointsLedger.day, lastDay), sql`${pointsLedger.amount} > 0`, sql`${pointsLedger.reason} <> 'refund'`));
  return rows.map((r) => r.userId);
}

/**
 * What a reader's ledger says for the expiry of earnings up to `lastDay`: earned up to it (refunds
 * excluded) and everything taken out since the first row (spending net of refunds, earlier expiries).
 */
export async function expiryTotalsRepo(tx: Q, userId: number, lastDay: string): Promise<{ earned: number; spent: number }> {
  const rows = await tx
    .select({
      earned: sql<number>`coalesce(sum(case when ${pointsLedger.amount} > 0 and ${pointsLedger.reason} <> 'refund' and ${pointsLedger.day} <= ${lastDay} then ${pointsLedger.amount} else 0 end), 0)::int`,
      spent: sql<number>`coalesce(sum(case when ${pointsLedger.amount} < 0 then -${pointsLedger.amount} when ${pointsLedger.reason} = 'refund' then -${pointsLedger.amount} else 0 end), 0)::int`,
    })
    .from(pointsLedger)
    .where(eq(pointsLedger.userId, userId));
  return { earned: Number(rows[0]?.earned ?? 0), spent: Number(rows[0]?.spent ?? 0) };
}
