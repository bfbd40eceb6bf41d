/** The 裕农 desk's data access: 农友说 posts as the section's editors see them, and their pins. */
import { and, count, desc, eq, ilike, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { ruralPosts as P } from '../db/schema/rural.ts';

type Q = Db | Tx;

export type DeskPostRow = typeof P.$inferSelect;

function likePattern(word: string): string {
  return `%${word.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
}

/** Published posts, the pinned ones first (latest pin first), then the newest. */
export async function listDeskPostsRepo(db: Q, keyword: string | undefined, page: number, pageSize: number): Promise<DeskPostRow[]> {
  const where: SQL[] = [isNull(P.deletedAt), eq(P.reviewState, 'approved')];
  if (keyword !== undefined) where.push(ilike(P.content, likePattern(keyword)));
  return db
    .select()
    .from(P)
    .where(and(...where))
    .orderBy(sql`${P.pinnedAt} desc nulls last`, desc(P.createdAt), desc(P.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
}

export async function lockDeskPostRepo(tx: Tx, id: number): Promise<DeskPostRow | null> {
  const rows = await tx
    .select()
    .from(P)
    .where(and(eq(P.id, id), isNull(P.deletedAt)))
    .for('update')
    .limit(1);
  return rows[0] ?? null;
}

/** Counts the pins under a transaction lock, so two editors pinning at once cannot pass the cap together. */
export async function countPinnedRepo(tx: Tx): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('rural-pins'))`);
  const [row] = await tx
    .select({ n: count() })
    .from(P)
    .where(and(isNotNull(P.pinnedAt), isNull(P.deletedAt)));
  return Number(row?.n ?? 0);
}

export async function setPinnedRepo(tx: Tx, id: number, pinnedAt: Date | null): Promise<DeskPostRow> {
  const rows = await tx.update(P).set({ pinnedAt }).where(eq(P.id, id)).returning();
  return rows[0]!;
}
