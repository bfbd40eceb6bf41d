/** Accounts data access: users, SMS codes, one-time tickets (bearer tokens and server secrets: src/server/tokens/repo.ts). */
import { and, desc, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { accountTickets, smsCodes, users } from '../db/schema/accounts.ts';

type Q = Db | Tx;

export type UserRow = typeof users.$inferSelect;
export type TicketRow = typeof accountTickets.$inferSelect;

// ── users ──────────────────────────────────────────────────────────────────────────────────────

export async function findUserByIdRepo(db: Q, id: number): Promise<UserRow | null> {
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function findUserByPhoneRepo(db: Q, phone: string): Promise<UserRow | null> {
  const rows = await db.select().from(users).where(eq(users.phone, phone)).limit(1);
  return rows[0] ?? null;
}

export async function findUserByUnionIdRepo(db: Q, unionId: string): Promise<UserRow | null> {
  const rows = await db.select().from(users).where(eq(users.unionId, unionId)).limit(1);
  return rows[0] ?? null;
}

export interface NewUser {
  phone: string | null;
  unionId?: string | null;
  nickname: string;
  userPic?: string;
  passwordHash?: string | null;
}

export async function createUserRepo(tx: Tx, user: NewUser): Promise<UserRow> {
  const rows = await tx
    .insert(users)
    .values({
      phone: user.phone,
      unionId: user.unionId ?? null,
      nickname: user.nickname,
      userPic: user.userPic ?? '',
      passwordHash: user.passwordHash ?? null,
    })
    .returning();
  return rows[0]!;
}

/** Sets a new password and lifts the failure counter and the lock (an SMS-checked step did this). */
export async function setPasswordRepo(tx: Tx, userId: number, passwordHash: string): Promise<void> {
  await tx.update(users).set({ passwordHash, failedLogins: 0, passwordLocked: false }).where(eq(users.id, userId));
}

/** Counts one more consecutive failure; at `lockAt` the password is locked. Returns the new count. */
export async function recordPasswordFailureRepo(tx: Tx, userId: number, lockAt: number): Promise<number> {
  const rows = await tx
    .update(users)
    .set({
      failedLogins: sql`${users.failedLogins} + 1`,
      passwordLocked: sql`${users.passwordLocked} or ${users.failedLogins} + 1 >= ${lockAt}`,
    })
    .where(eq(users.id, userId))
    .returning({ failedLogins: users.failedLogins });
  return rows[0]?.failedLogins ?? 0;
}

export async function clearPasswordFailuresRepo(tx: Tx, userId: number): Promise<void> {
  await tx
    .update(users)
    .set({ failedLogins: 0 })
    .where(and(eq(users.id, userId), ne(users.failedLogins, 0)));
}

export async function setUnionIdRepo(tx: Tx, userId: number, unionId: string): Promise<void> {
  await tx.update(users).set({ unionId }).where(eq(users.id, userId));
}

// ── SMS codes ─────────────────────────────────────────────────────────────────────────────────

/** A new code closes the live one for the same (phone, purpose) (security.md A12). */
export async function issueCodeRepo(tx: Tx, code: { phone: string; purpose: string; codeHash: string; createdAt: Date; expiresAt: Date }): Promise<void> {
  await tx
    .update(smsCodes)
    .set({ closedAt: code.createdAt })
    .where(and(eq(smsCodes.phone, code.phone), eq(smsCodes.purpose, code.purpose), isNull(smsCodes.closedAt)));
  await tx.insert(smsCodes).values(code);
}

export type CodeCheck = 'ok' | 'wrong' | 'none';

/**
 * Checks a code for (phone, purpose): the newest open, unexpired one. A match closes it (single use);
 * a miss counts a try, and the `maxTries`-th miss closes it (security.md A5).
 */
export async function checkCodeRepo(
  tx: Tx,
  input: { phone: string; purpose: string; now: Date; maxTries: number; matches: (codeHash: string) => boolean },
): Promise<CodeCheck> {
  const rows = await tx
    .select()
    .from(smsCodes)
    .where(and(eq(smsCodes.phone, input.phone), eq(smsCodes.purpose, input.purpose), isNull(smsCodes.closedAt)))
    .orderBy(desc(smsCodes.createdAt), desc(smsCodes.id))
    .limit(1)
    .for('update');
  const row = rows[0];
  if (!row || row.expiresAt <= input.now) return 'none';
  if (input.matches(row.codeHash)) {
    const closed = await tx
      .update(smsCodes)
      .set({ closedAt: input.now })
      .where(and(eq(smsCodes.id, row.id), isNull(smsCodes.closedAt)))
      .returning({ id: smsCodes.id });
    return closed.length === 1 ? 'ok' : 'none';
  }
  const attempts = row.attempts + 1;
  await tx
    .update(smsCodes)
    .set({ attempts, ...(attempts >= input.maxTries ? { closedAt: input.now } : {}) })
    .where(eq(smsCodes.id, row.id));
  return 'wrong';
}

// ── one-time tickets ──────────────────────────────────────────────────────────────────────────

export interface NewTicket {
  kind: string;
  ticketHash: string;
  phone?: string | null;
  userId?: number | null;
  unionId?: string | null;
  nickname?: string;
  userPic?: string;
  expiresAt: Date;
}

export async function insertTicketRepo(tx: Tx, ticket: NewTicket): Promise<void> {
  await tx.insert(accountTickets).values(ticket);
}

/** A live ticket without using it up (unionIdIsBind only looks). */
export async function findTicketRepo(db: Q, kind: string, ticketHash: string, now: Date): Promise<TicketRow | null> {
  const rows = await db
    .select()
    .from(accountTickets)
    .where(and(eq(accountTickets.kind, kind), eq(accountTickets.ticketHash, ticketHash), isNull(accountTickets.usedAt), gt(accountTickets.expiresAt, now)))
    .limit(1);
  return rows[0] ?? null;
}

/** Uses a ticket up; null when unknown, of another kind, used or expired. One caller wins a race. */
export async function consumeTicketRepo(tx: Tx, kind: string, ticketHash: string, now: Date): Promise<TicketRow | null> {
  const rows = await tx
    .update(accountTickets)
    .set({ usedAt: now })
    .where(and(eq(accountTickets.kind, kind), eq(accountTickets.ticketHash, ticketHash), isNull(accountTickets.usedAt), gt(accountTickets.expiresAt, now)))
    .returning();
  return rows[0] ?? null;
}

// ── clean-up ───────────────────────────────────────────────────────────────────────────────────

/** Deletes SMS codes and one-time tickets that expired before `before` (nobody can use them). Returns how many of each. */
export async function deleteExpiredCodesAndTicketsRepo(tx: Tx, before: Date): Promise<{ codes: number; tickets: number }> {
  const codes = await tx.delete(smsCodes).where(lt(smsCodes.expiresAt, before)).returning({ id: smsCodes.id });
  const tickets = await tx.delete(accountTickets).where(lt(accountTickets.expiresAt, before)).returning({ id: accountTickets.id });
  return { codes: codes.length, tickets: tickets.length };
}
