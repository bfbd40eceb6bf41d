/**
 * Data access of the operator's review of identity applications (ADR 015): applications by state, and
 * the review itself as a conditional update (only a pending row changes), so two operators deciding at
 * once cannot both land and an approved member is never reopened here.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { bangMembers } from '../../db/schema/bangbang.ts';

type Q = Db | Tx;
export type MemberRow = typeof bangMembers.$inferSelect;
export type ApplicationRow = { member: MemberRow; nickname: string | null };

/** The reader types an application may ask for (the only rows this review touches; departments are not applications). */
export const APPLICATION_TYPES = [1, 2];

const columns = { member: bangMembers, nickname: users.nickname };

/** Applications in one state, oldest first (the queue order), with the applicant's nickname. */
export async function listApplicationsRepo(db: Q, state: string, page: number, pageSize: number): Promise<ApplicationRow[]> {
  return db
    .select(columns)
    .from(bangMembers)
    .leftJoin(users, eq(users.id, bangMembers.userId))
    .where(and(eq(bangMembers.reviewState, state), eq(bangMembers.department, ''), inArray(bangMembers.userType, APPLICATION_TYPES)))
    .orderBy(asc(bangMembers.createdAt), asc(bangMembers.userId))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
}

export async function findApplicationRepo(db: Q, userId: number): Promise<ApplicationRow | null> {
  const rows = await db
    .select(columns)
    .from(bangMembers)
    .leftJoin(users, eq(users.id, bangMembers.userId))
    .where(and(eq(bangMembers.userId, userId), eq(bangMembers.department, ''), inArray(bangMembers.userType, APPLICATION_TYPES)))
    .limit(1);
  return rows[0] ?? null;
}

/** pending → approved / rejected (with its reason); false when the row was not pending (or is no application). */
export async function decideApplicationRepo(tx: Tx, userId: number, state: 'approved' | 'rejected', reason: string): Promise<boolean> {
  const rows = await tx
    .update(bangMembers)
    .set({ reviewState: state, reviewReason: reason })
    .where(and(eq(bangMembers.userId, userId), eq(bangMembers.reviewState, 'pending'), eq(bangMembers.department, ''), sql`${bangMembers.userType} in (1, 2)`))
    .returning({ userId: bangMembers.userId });
  return rows.length > 0;
}
