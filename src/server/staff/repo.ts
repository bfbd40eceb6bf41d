/** The staff tables (ADR 017): accounts, enrolment links, sign-in challenges, sessions. */
import { and, asc, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { staff, staffChallenges, staffEnrolments, staffSessions } from '../db/schema/staff.ts';

export type StaffRow = typeof staff.$inferSelect;
export type SessionRow = typeof staffSessions.$inferSelect;

export async function findStaffByAccountRepo(db: Db | Tx, account: string): Promise<StaffRow | null> {
  return (await db.select().from(staff).where(eq(staff.account, account)).limit(1))[0] ?? null;
}

export async function findStaffRepo(db: Db | Tx, id: number): Promise<StaffRow | null> {
  return (await db.select().from(staff).where(eq(staff.id, id)).limit(1))[0] ?? null;
}

/** The row, locked for the rest of the transaction (two admins changing one person queue up). */
export async function lockStaffRepo(tx: Tx, id: number): Promise<StaffRow | null> {
  return (await tx.select().from(staff).where(eq(staff.id, id)).for('update').limit(1))[0] ?? null;
}

export async function listStaffRepo(db: Db): Promise<StaffRow[]> {
  return db.select().from(staff).orderBy(asc(staff.id));
}

export async function countActiveAdminsRepo(db: Db | Tx): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(staff)
    .where(and(eq(staff.role, 'admin'), isNull(staff.disabledAt)));
  return rows[0]?.n ?? 0;
}

/** Inserts a person; null when the account name is taken (unique index). */
export async function insertStaffRepo(
  tx: Tx,
  row: { account: string; name: string; role: string; scopes: string[]; createdBy: number | null },
): Promise<StaffRow | null> {
  const inserted = await tx.insert(staff).values(row).onConflictDoNothing({ target: staff.account }).returning();
  return inserted[0] ?? null;
}

export async function updateStaffRepo(
  tx: Tx,
  id: number,
  change: Partial<Pick<StaffRow, 'name' | 'role' | 'scopes' | 'passwordHash' | 'totpSecret' | 'totpLastStep' | 'disabledAt'>>,
): Promise<void> {
  await tx.update(staff).set(change).where(eq(staff.id, id));
}

/**
 * Moves the accepted TOTP step forward only: false when `step` is not newer than the last accepted one
 * (the same code used twice, security.md "TOTP replay").
 */
export async function advanceTotpStepRepo(tx: Tx, id: number, step: number): Promise<boolean> {
  const rows = await tx
    .update(staff)
    .set({ totpLastStep: step })
    .where(and(eq(staff.id, id), sql`${staff.totpLastStep} < ${step}`))
    .returning({ id: staff.id });
  return rows.length === 1;
}

// ---- enrolment links ----

export async function insertEnrolmentRepo(tx: Tx, row: { staffId: number; tokenHash: string; expiresAt: Date; createdBy: number | null }): Promise<void> {
  // A new link replaces the person's unused ones.
  await tx
    .update(staffEnrolments)
    .set({ usedAt: new Date() })
    .where(and(eq(staffEnrolments.staffId, row.staffId), isNull(staffEnrolments.usedAt)));
  await tx.insert(staffEnrolments).values(row);
}

export type EnrolmentRow = typeof staffEnrolments.$inferSelect;

export async function findLiveEnrolmentRepo(db: Db | Tx, tokenHash: string, now: Date, lock = false): Promise<EnrolmentRow | null> {
  const q = db
    .select()
    .from(staffEnrolments)
    .where(and(eq(staffEnrolments.tokenHash, tokenHash), isNull(staffEnrolments.usedAt), gt(staffEnrolments.expiresAt, now)))
    .limit(1);
  return (await (lock ? q.for('update') : q))[0] ?? null;
}

/** Offers a secret once: false when one was already offered (the QR code is shown once). */
export async function offerEnrolmentSecretRepo(tx: Tx, id: number, secret: string): Promise<boolean> {
  const rows = await tx
    .update(staffEnrolments)
    .set({ offeredSecret: secret })
    .where(and(eq(staffEnrolments.id, id), isNull(staffEnrolments.offeredSecret)))
    .returning({ id: staffEnrolments.id });
  return rows.length === 1;
}

export async function useEnrolmentRepo(tx: Tx, id: number, now: Date): Promise<boolean> {
  const rows = await tx
    .update(staffEnrolments)
    .set({ usedAt: now })
    .where(and(eq(staffEnrolments.id, id), isNull(staffEnrolments.usedAt)))
    .returning({ id: staffEnrolments.id });
  return rows.length === 1;
}

// ---- sign-in challenges ----

export async function insertChallengeRepo(tx: Tx, row: { staffId: number; tokenHash: string; expiresAt: Date }): Promise<void> {
  await tx.insert(staffChallenges).values(row);
}

/** Claims a live challenge (used once): its person, or null. */
export async function claimChallengeRepo(tx: Tx, tokenHash: string, now: Date): Promise<number | null> {
  const rows = await tx
    .update(staffChallenges)
    .set({ usedAt: now })
    .where(and(eq(staffChallenges.tokenHash, tokenHash), isNull(staffChallenges.usedAt), gt(staffChallenges.expiresAt, now)))
    .returning({ staffId: staffChallenges.staffId });
  return rows[0]?.staffId ?? null;
}

export async function findLiveChallengeRepo(db: Db | Tx, tokenHash: string, now: Date): Promise<number | null> {
  const rows = await db
    .select({ staffId: staffChallenges.staffId })
    .from(staffChallenges)
    .where(and(eq(staffChallenges.tokenHash, tokenHash), isNull(staffChallenges.usedAt), gt(staffChallenges.expiresAt, now)))
    .limit(1);
  return rows[0]?.staffId ?? null;
}

// ---- sessions ----

export async function insertSessionRepo(
  tx: Tx,
  row: { staffId: number; tokenHash: string; csrfToken: string; lastSeenAt: Date; expiresAt: Date; ip: string; device: string },
): Promise<SessionRow> {
  return (await tx.insert(staffSessions).values(row).returning())[0]!;
}

/** A session that is not revoked, not past its absolute end, with its person. */
export async function findSessionRepo(db: Db, tokenHash: string, now: Date): Promise<{ session: SessionRow; person: StaffRow } | null> {
  const rows = await db
    .select({ session: staffSessions, person: staff })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .where(and(eq(staffSessions.tokenHash, tokenHash), isNull(staffSessions.revokedAt), gt(staffSessions.expiresAt, now)))
    .limit(1);
  return rows[0] ?? null;
}

export async function touchSessionRepo(db: Db, id: number, now: Date): Promise<void> {
  await db.update(staffSessions).set({ lastSeenAt: now }).where(eq(staffSessions.id, id));
}

export async function listSessionsRepo(db: Db, staffId: number, now: Date): Promise<SessionRow[]> {
  return db
    .select()
    .from(staffSessions)
    .where(and(eq(staffSessions.staffId, staffId), isNull(staffSessions.revokedAt), gt(staffSessions.expiresAt, now)))
    .orderBy(desc(staffSessions.lastSeenAt));
}

/** Revokes one session of a person; false when there is no such live session. */
export async function revokeSessionRepo(tx: Tx, staffId: number, sessionId: number, now: Date): Promise<boolean> {
  const rows = await tx
    .update(staffSessions)
    .set({ revokedAt: now })
    .where(and(eq(staffSessions.id, sessionId), eq(staffSessions.staffId, staffId), isNull(staffSessions.revokedAt)))
    .returning({ id: staffSessions.id });
  return rows.length === 1;
}

/** Ends every session of a person (disabled, role changed, second factor reset). */
export async function revokeAllSessionsRepo(tx: Tx, staffId: number, now: Date): Promise<number> {
  const rows = await tx
    .update(staffSessions)
    .set({ revokedAt: now })
    .where(and(eq(staffSessions.staffId, staffId), isNull(staffSessions.revokedAt)))
    .returning({ id: staffSessions.id });
  return rows.length;
}

/** The demo staff rows (src/server/staff/demoStaff.ts); an account already there is kept. */
export async function insertDemoStaffRepo(tx: Tx, rows: (typeof staff.$inferInsert)[]): Promise<void> {
  await tx.insert(staff).values(rows).onConflictDoNothing({ target: staff.account });
}
