/**
 * Who liked what: the likes table read and written by every area whose items can be liked (news,
 * comments, bangbang items, discover posts, essays). Its own area below them all, so an item area and
 * the comments area (src/server/interaction) need not import each other (docs/where-code-lives.md).
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { hasRow } from '../db/rows.ts';
import { likes } from '../db/schema/interaction.ts';

type Q = Db | Tx;

export async function hasLikedRepo(db: Q, userId: number, kind: string, targetId: number): Promise<boolean> {
  return hasRow(db, likes, and(eq(likes.userId, userId), eq(likes.kind, kind), eq(likes.targetId, targetId)));
}

/** Ids among `targetIds` the user liked. */
export async function likedIdsRepo(db: Q, userId: number, kind: string, targetIds: number[]): Promise<Set<number>> {
  if (targetIds.length === 0) return new Set();
  const rows = await db
    .select({ targetId: likes.targetId })
    .from(likes)
    .where(and(eq(likes.userId, userId), eq(likes.kind, kind), inArray(likes.targetId, targetIds)));
  return new Set(rows.map((r) => r.targetId));
}

/** Inserts the like unless it exists; true only when this call added the row (security.md M100). */
export async function insertLikeRepo(tx: Tx, userId: number, kind: string, targetId: number): Promise<boolean> {
  const rows = await tx.insert(likes).values({ userId, kind, targetId }).onConflictDoNothing().returning({ id: likes.id });
  return rows.length > 0;
}
