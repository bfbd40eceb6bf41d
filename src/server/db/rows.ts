/**
 * The small queries every repo asks of some table in the same words: the first row matching a condition, a
 * page of rows newest first, whether any row matches, and +1 on a counter column of one row. Each repo keeps its own named function
 * (what it asks is its business); these only spell the query once.
 */
import { desc, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './client.ts';

type WithId = PgTable & { id: PgColumn };
/** The property names of a table's columns (what `set` and `returning` are keyed by). */
type ColumnKey<T extends PgTable> = keyof T['$inferSelect'] & keyof T & string;

/** The first row of `table` matching `where`, or null. */
export async function firstRow<T extends PgTable>(db: Db | Tx, table: T, where: SQL | undefined): Promise<T['$inferSelect'] | null> {
  const rows = await db
    .select()
    .from(table as PgTable)
    .where(where)
    .limit(1);
  return (rows[0] as T['$inferSelect'] | undefined) ?? null;
}

/** A page of `table`'s rows matching `where`, newest first (ids break ties, so pages never overlap). */
export async function newestFirstPage<T extends WithId & { createdAt: PgColumn }>(
  db: Db | Tx,
  table: T,
  where: SQL | undefined,
  page: number,
  pageSize: number,
): Promise<T['$inferSelect'][]> {
  const rows = await db
    .select()
    .from(table as PgTable)
    .where(where)
    .orderBy(desc(table.createdAt), desc(table.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return rows as T['$inferSelect'][];
}

/** Whether any row of `table` matches `where`. */
export async function hasRow(db: Db | Tx, table: WithId, where: SQL | undefined): Promise<boolean> {
  const rows = await db.select({ id: table.id }).from(table).where(where).limit(1);
  return rows.length > 0;
}

/** +1 on a counter column of the row with this id; returns the new count (0 when there is no such row). */
export async function addOne<T extends WithId>(tx: Tx, table: T, counter: ColumnKey<T>, id: number): Promise<number> {
  const column = table[counter] as PgColumn;
  const rows = await tx
    .update(table)
    .set({ [counter]: sql`${column} + 1` } as PgUpdateSetSource<T>)
    .where(eq(table.id, id))
    .returning({ count: column });
  return (rows[0] as { count: number } | undefined)?.count ?? 0;
}

type CountedTable = WithId & { likeNum: PgColumn; commentCount: PgColumn };

/** +1 on an item's like or comment count; returns both counts after it (what a room push carries), zeros when there is no such row. */
export async function addOneReturningCounts<T extends CountedTable>(
  tx: Tx,
  table: T,
  counter: 'likeNum' | 'commentCount',
  id: number,
): Promise<{ likeNum: number; commentCount: number }> {
  const rows = await tx
    .update(table)
    .set({ [counter]: sql`${table[counter]} + 1` } as PgUpdateSetSource<T>)
    .where(eq(table.id, id))
    .returning({ likeNum: table.likeNum, commentCount: table.commentCount });
  return (rows[0] as { likeNum: number; commentCount: number } | undefined) ?? { likeNum: 0, commentCount: 0 };
}
