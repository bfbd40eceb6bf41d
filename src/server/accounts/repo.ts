/** Accounts data access: users, bearer tokens, SMS codes, one-time tickets, server secrets. */
import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Database, Db, Tx } from '../db/client.ts';
import { accountTickets, authTokens, serverSecrets, smsCodes, users } from '../db/schema/accounts.ts';

type Q = Db | Tx;

export type UserRow = typeof users.$inferSelect;
export type TokenRow = typeof authTokens.$inferSelect;
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
  await tx.update(users).set({ failedLogins: 0 }).where(and(eq(users.id, userId), ne(users.failedLogins, 0)));
}

export async function setUnionIdRepo(tx: Tx, userId: number, unionId: string): Promise<void> {
  await tx.update(users).set({ unionId }).where(eq(users.id, userId));
}

// ── bearer tokens ─────────────────────────────────────────────────────────────────────────────

export interface NewToken {
  userId: number;
  family: string;
  tokenHash: string;
  issuedAt: Date;
  expiresAt: Date;
}

export async function insertTokenRepo(tx: Tx, token: NewToken): Promise<void> {
  await tx.insert(authTokens).values(token);
}

/** A live token row (not revoked, not expired at `now`) by its hash. */
export async function findLiveTokenRepo(db: Q, tokenHash: string, now: Date): Promise<TokenRow | null> {
  const rows = await db
    .select()
    .from(authTokens)
    .where(and(eq(authTokens.tokenHash, tokenHash), isNull(authTokens.revokedAt), gt(authTokens.expiresAt, now)))
    .limit(1);
  return rows[0] ?? null;
}

/**
 * Replaces a token by a new one of the same family. Only one caller wins a race (the conditional
 * update); the loser gets false and its old token stays valid for the grace period.
 */
export async function rotateTokenRepo(database: Database, oldId: number, graceUntil: Date, next: NewToken): Promise<boolean> {
  return database.write(async (tx) => {
    const won = await tx
      .update(authTokens)
      .set({ replacedAt: next.issuedAt, expiresAt: sql`least(${authTokens.expiresAt}, ${graceUntil.toISOString()}::timestamptz)` })
      .where(and(eq(authTokens.id, oldId), isNull(authTokens.replacedAt), isNull(authTokens.revokedAt)))
      .returning({ id: authTokens.id });
    if (won.length === 0) return false;
    await tx.insert(authTokens).values(next);
    return true;
  });
}

/** Logout: every token of one login (the current one and any refreshed ones). */
export async function revokeFamilyRepo(tx: Tx, family: string, now: Date): Promise<void> {
  await tx.update(authTokens).set({ revokedAt: now }).where(and(eq(authTokens.family, family), isNull(authTokens.revokedAt)));
}

/** Password reset or change: every login of the user, except `keepFamily` (the session that changed it). */
export async function revokeUserTokensRepo(tx: Tx, userId: number, now: Date, keepFamily?: string): Promise<void> {
  const conditions = [eq(authTokens.userId, userId), isNull(authTokens.revokedAt)];
  if (keepFamily !== undefined) conditions.push(ne(authTokens.family, keepFamily));
  await tx.update(authTokens).set({ revokedAt: now }).where(and(...conditions));
}

// ── SMS codes ─────────────────────────────────────────────────────────────────────────────────

/** A new code closes the live one for the same (phone, purpose) (security.md A12). */
export async function issueCodeRepo(
  tx: Tx,
  code: { phone: string; purpose: string; codeHash: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
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
    .where(
      and(eq(accountTickets.kind, kind), eq(accountTickets.ticketHash, ticketHash), isNull(accountTickets.usedAt), gt(accountTickets.expiresAt, now)),
    )
    .limit(1);
  return rows[0] ?? null;
}

/** Uses a ticket up; null when unknown, of another kind, used or expired. One caller wins a race. */
export async function consumeTicketRepo(tx: Tx, kind: string, ticketHash: string, now: Date): Promise<TicketRow | null> {
  const rows = await tx
    .update(accountTickets)
    .set({ usedAt: now })
    .where(
      and(eq(accountTickets.kind, kind), eq(accountTickets.ticketHash, ticketHash), isNull(accountTickets.usedAt), gt(accountTickets.expiresAt, now)),
    )
    .returning();
  return rows[0] ?? null;
}

// ── server secrets ────────────────────────────────────────────────────────────────────────────

/** The named secret; the first caller's random value wins, so every node agrees. */
export async function getOrCreateSecretRepo(database: Database, name: string, generate: () => string): Promise<string> {
  const existing = await database.db.select().from(serverSecrets).where(eq(serverSecrets.name, name)).limit(1);
  if (existing[0]) return existing[0].value;
  return database.write(async (tx) => {
    await tx.insert(serverSecrets).values({ name, value: generate() }).onConflictDoNothing();
    const rows = await tx.select().from(serverSecrets).where(eq(serverSecrets.name, name)).limit(1);
    return rows[0]!.value;
  });
}
