/**
 * Queries built once per database handle (drizzle's `.prepare`), for the reads every page render makes.
 *
 * Drizzle builds a query's SQL text from its builder on every call: for a select of a wide table that is
 * ~0.4 ms of CPU, more than PostgreSQL takes to answer it (bench/where-time-goes.md "Queries built once").
 * A prepared query keeps its text and runs with only its placeholders' values; the driver then reuses
 * the server-side statement too.
 *
 * `prepared(name, build)` answers a function of the handle: the root database keeps its prepared query for
 * the process's life; a transaction (a new handle each time) builds its own, as an unprepared query would.
 * A list of ids is one placeholder holding an array (`anyOf`), so the text does not change with its length.
 */
import { sql, type Column, type SQL } from 'drizzle-orm';
import type { Db, Tx } from './client.ts';

type Handle = Db | Tx;

export function prepared<P>(name: string, build: (db: Handle, name: string) => P): (db: Handle) => P {
  const byHandle = new WeakMap<Handle, P>();
  return (db) => {
    let query = byHandle.get(db);
    if (query === undefined) {
      query = build(db, name);
      byHandle.set(db, query);
    }
    return query;
  };
}

/** `column = any($placeholder)`: the placeholder's value is an array of ids (an empty one matches nothing). */
export function anyOf(column: Column, placeholder: string): SQL {
  return sql`${column} = any(${sql.placeholder(placeholder)}::int[])`;
}
