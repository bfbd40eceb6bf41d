/**
 * Reader-written tables keyed by the author's Idempotency-Key (schema: `keyedWrite` columns and a unique
 * index on user and key): the queries every such table answers the same way, and who may see its rows.
 */
import { and, eq, isNull, or, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './client.ts';

type KeyedTable = PgTable & { userId: PgColumn; clientKey: PgColumn };
type ReviewedTable = PgTable & { userId: PgColumn; reviewState: PgColumn; deletedAt: PgColumn };

/** The author's row written with this Idempotency-Key, or null. */
export async function rowByClientKey<T extends KeyedTable>(db: Db | Tx, table: T, userId: number, key: string): Promise<T['$inferSelect'] | null> {
  const rows = await db
    .select()
    .from(table as PgTable)
    .where(and(eq(table.userId, userId), eq(table.clientKey, key)))
    .limit(1);
  return (rows[0] as T['$inferSelect'] | undefined) ?? null;
}

/** Inserts the row; null when the key's unique index refused it (a concurrent retry with the key wrote it). */
export async function insertUnlessKeyTaken<T extends PgTable>(tx: Tx, table: T, values: T['$inferInsert']): Promise<T['$inferSelect'] | null> {
  const rows = await tx.insert(table).values(values).onConflictDoNothing().returning();
  return ((rows as unknown[])[0] as T['$inferSelect'] | undefined) ?? null;
}

/** Live rows the viewer may see: approved ones, and the viewer's own in any review state. */
export function visibleTo(table: ReviewedTable, viewerId: number | null): SQL {
  const approved = eq(table.reviewState, 'approved');
  return and(isNull(table.deletedAt), viewerId === null ? approved : or(approved, eq(table.userId, viewerId)))!;
}
