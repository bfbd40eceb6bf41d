/**
 * Bearer tokens and the server's named secrets: read by the HTTP token layer (src/server/http/auth.ts),
 * the realtime socket and the share signer, written by login (src/server/accounts). Its own area so the
 * framework layer does not import a feature area (docs/where-code-lives.md).
 */
import { and, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Database, Db, Tx } from '../db/client.ts';
import { authTokens, serverSecrets } from '../db/schema/accounts.ts';

type Q = Db | Tx;

export type TokenRow = typeof authTokens.$inferSelect;

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
  await tx
    .update(authTokens)
    .set({ revokedAt: now })
    .where(and(eq(authTokens.family, family), isNull(authTokens.revokedAt)));
}

/** Password reset or change: every login of the user, except `keepFamily` (the session that changed it). */
export async function revokeUserTokensRepo(tx: Tx, userId: number, now: Date, keepFamily?: string): Promise<void> {
  const conditions = [eq(authTokens.userId, userId), isNull(authTokens.revokedAt)];
  if (keepFamily !== undefined) conditions.push(ne(authTokens.family, keepFamily));
  await tx
    .update(authTokens)
    .set({ revokedAt: now })
    .where(and(...conditions));
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

/** Deletes bearer tokens that expired before `before` (every row of a login family carries its expiry); returns how many. */
export async function deleteExpiredTokensRepo(tx: Tx, before: Date): Promise<number> {
  const rows = await tx.delete(authTokens).where(lt(authTokens.expiresAt, before)).returning({ id: authTokens.id });
  return rows.length;
}
