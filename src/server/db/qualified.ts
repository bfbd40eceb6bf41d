/**
 * A column named with its table. In the selected fields of a query from one table (no join), Drizzle
 * writes a column inside `sql` without its table, so a correlated subquery's `inner.village_id = outer.id`
 * came out as `"village_id" = "id"`, which Postgres reads as the inner table's own columns: every village,
 * school, teacher and expert got the same count. (Conditions in `where` are always qualified.) A subquery
 * among the selected fields names its columns with this.
 */
import { getTableName, sql, type Column, type SQL } from 'drizzle-orm';

export function qualified(column: Column): SQL {
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
}
