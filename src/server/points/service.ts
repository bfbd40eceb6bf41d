/**
 * The points of a reader (ADR 012): earning (awardPoints, signIn), spending (spendPoints, used by the
 * mall in its exchange transaction), the yearly expiry job. Other areas call `awardPoints` inside their
 * own write transaction, so the thing earned and its points commit together or not at all:
 *
 *   await database.write(async (tx) => {
 *     const row = await insertAnswerRepo(tx, …);
 *     await awardPoints(tx, { userId, reason: 'answer', ref: String(row.id) });
 *   });
 *
 * Every change takes the reader's row lock first, so caps, idempotency and the balance are decided on
 * what is committed; the ledger's unique (user, key) index is the last guard against a double payment.
 */
import type { Database, Db, Tx } from '../db/client.ts';
import {
  appendLedgerRepo,
  countReasonOnDayRepo,
  expiryTotalsRepo,
  findSigninRepo,
  hasLedgerKeyRepo,
  insertSigninRepo,
  lockAccountRepo,
  moveAccountRepo,
  readSettingsRepo,
  usersWithEarningsBeforeRepo,
  type Account,
} from './repo.ts';
import { beijingDay, previousDay } from '../../lib/beijingDay.ts';
import { decideLevel, decideSettings, decideSigninPoints, type EarnReason, type PointsSettings } from './settings.ts';

export async function loadSettings(db: Db | Tx): Promise<PointsSettings> {
  return decideSettings(await readSettingsRepo(db));
}

export interface AwardInput {
  userId: number;
  reason: Exclude<EarnReason, 'signin'>;
  /** What was earned on: `classId:newsId` of an article, a comment or item id; '' for profile. */
  ref: string;
  now?: Date;
}

export type AwardResult = { awarded: true; points: number; account: Account } | { awarded: false; why: 'duplicate' | 'capped' | 'noUser' };

/**
 * The key that makes an earning happen once: an article read, shared or an approved item pays once
 * ever; the first comment pays once a day; the profile once.
 */
export function earnKey(reason: AwardInput['reason'], ref: string, day: string): string {
  if (reason === 'comment') return `comment:${day}`;
  if (reason === 'profile') return 'profile';
  if (reason === 'share') return `share:${ref}:${day}`;
  return `${reason}:${ref}`;
}

async function credit(
  tx: Tx,
  userId: number,
  account: Account,
  settings: PointsSettings,
  entry: { amount: number; reason: string; ref: string; day: string; idemKey: string },
): Promise<Account | null> {
  const balance = account.credit + entry.amount;
  // Earnings raise growth; spending, refunds and expiry never touch it (growth only rises).
  const earning = entry.amount > 0 && entry.reason !== 'refund';
  const integral = earning ? account.integral + entry.amount : account.integral;
  const row = await appendLedgerRepo(tx, {
    userId,
    amount: entry.amount,
    balanceAfter: balance,
    reason: entry.reason,
    ref: entry.ref,
    day: entry.day,
    idemKey: entry.idemKey,
  });
  if (!row) return null;
  const next = { credit: balance, integral, creditLevel: Math.max(account.creditLevel, decideLevel(integral, settings.levelThresholds)) };
  await moveAccountRepo(tx, userId, next.credit, next.integral, next.creditLevel);
  return next;
}

/**
 * Pays one earning inside the caller's transaction, at most once per key and within the reason's
 * daily cap. Never throws for a duplicate or a reached cap: the caller's own write stands either way.
 */
export async function awardPoints(tx: Tx, input: AwardInput): Promise<AwardResult> {
  const account = await lockAccountRepo(tx, input.userId);
  if (!account) return { awarded: false, why: 'noUser' };
  const settings = await loadSettings(tx);
  const rule = settings.earn[input.reason];
  const day = beijingDay(input.now ?? new Date());
  const idemKey = earnKey(input.reason, input.ref, day);
  if (await hasLedgerKeyRepo(tx, input.userId, idemKey)) return { awarded: false, why: 'duplicate' };
  if ((await countReasonOnDayRepo(tx, input.userId, input.reason, day)) >= rule.dailyCap) return { awarded: false, why: 'capped' };
  const next = await credit(tx, input.userId, account, settings, { amount: rule.points, reason: input.reason, ref: input.ref, day, idemKey });
  return next ? { awarded: true, points: rule.points, account: next } : { awarded: false, why: 'duplicate' };
}

export interface SigninResult {
  /** false when the reader had already signed in today (nothing paid this time). */
  signed: boolean;
  streak: number;
  points: number;
  account: Account;
}

/** The daily sign-in: one per Beijing day, the streak counts consecutive days (a missed day restarts it). */
export async function signIn(database: Database, userId: number, now = new Date()): Promise<SigninResult | null> {
  return database.write(async (tx) => {
    const account = await lockAccountRepo(tx, userId);
    if (!account) return null;
    const day = beijingDay(now);
    const today = await findSigninRepo(tx, userId, day);
    if (today) return { signed: false, streak: today.streak, points: today.points, account };
    const settings = await loadSettings(tx);
    const yesterday = await findSigninRepo(tx, userId, previousDay(day));
    const streak = (yesterday?.streak ?? 0) + 1;
    const points = decideSigninPoints(settings, streak);
    if (!(await insertSigninRepo(tx, { userId, day, streak, points }))) {
      return { signed: false, streak, points, account };
    }
    const next = await credit(tx, userId, account, settings, { amount: points, reason: 'signin', ref: day, day, idemKey: `signin:${day}` });
    return { signed: next !== null, streak, points, account: next ?? account };
  });
}

export class InsufficientPoints extends Error {}

/**
 * Takes `amount` points for a purchase inside the caller's transaction; throws InsufficientPoints when
 * the balance is short (the caller's transaction then rolls back). The caller took the row lock.
 */
export async function spendPoints(tx: Tx, input: { userId: number; amount: number; ref: string; idemKey: string; now?: Date }): Promise<Account> {
  const account = await lockAccountRepo(tx, input.userId);
  if (!account || account.credit < input.amount) throw new InsufficientPoints();
  const settings = await loadSettings(tx);
  const day = beijingDay(input.now ?? new Date());
  const next = await credit(tx, input.userId, account, settings, { amount: -input.amount, reason: 'exchange', ref: input.ref, day, idemKey: input.idemKey });
  if (!next) throw new Error(`ledger key ${input.idemKey} already used`);
  return next;
}

/** Gives points back for an exchange that could not be fulfilled (growth unchanged). */
export async function refundPoints(tx: Tx, input: { userId: number; amount: number; ref: string; idemKey: string; now?: Date }): Promise<Account | null> {
  const account = await lockAccountRepo(tx, input.userId);
  if (!account) return null;
  const settings = await loadSettings(tx);
  return credit(tx, input.userId, account, settings, {
    amount: input.amount,
    reason: 'refund',
    ref: input.ref,
    day: beijingDay(input.now ?? new Date()),
    idemKey: input.idemKey,
  });
}

/**
 * The yearly expiry (rules page): points earned in year Y that are still unspent at the end of year
 * Y + expiryYears expire. Spending uses the oldest points first, so what expires is what was earned up
 * to the end of Y minus everything spent or expired since, never more than the balance. One ledger row
 * per reader and year under the key `expire:Y`: running the job twice (or on two nodes) expires once.
 */
export async function expirePoints(database: Database, now = new Date()): Promise<{ year: number; readers: number; points: number } | null> {
  const settings = await loadSettings(database.db);
  if (settings.expiryYears === 0) return null;
  const year = Number(beijingDay(now).slice(0, 4)) - 1 - settings.expiryYears;
  const lastDay = `${year}-12-31`;
  let readers = 0;
  let points = 0;
  for (const userId of await usersWithEarningsBeforeRepo(database.db, lastDay)) {
    const expired = await database.write(async (tx) => {
      const account = await lockAccountRepo(tx, userId);
      if (!account) return 0;
      const idemKey = `expire:${year}`;
      if (await hasLedgerKeyRepo(tx, userId, idemKey)) return 0;
      const totals = await expiryTotalsRepo(tx, userId, lastDay);
      const amount = Math.min(account.credit, totals.earned - totals.spent);
      if (amount <= 0) return 0;
      const next = await credit(tx, userId, account, settings, { amount: -amount, reason: 'expire', ref: String(year), day: beijingDay(now), idemKey });
      return next ? amount : 0;
    });
    if (expired > 0) {
      readers += 1;
      points += expired;
    }
  }
  return { year, readers, points };
}

/**
 * An operator's grant (活动奖励: a campaign prize, a new-reader gift), once per key; it counts as
 * earned, so growth rises with it. Runs inside the caller's transaction.
 */
export async function grantPoints(tx: Tx, input: { userId: number; amount: number; ref: string; idemKey: string; now?: Date }): Promise<Account | null> {
  const account = await lockAccountRepo(tx, input.userId);
  if (!account || input.amount <= 0) return null;
  const settings = await loadSettings(tx);
  return credit(tx, input.userId, account, settings, {
    amount: input.amount,
    reason: 'grant',
    ref: input.ref,
    day: beijingDay(input.now ?? new Date()),
    idemKey: `grant:${input.idemKey}`,
  });
}
