/** A suite's database through a handle that writes down, in `seen`, the SQL it runs (to count a read's queries). */
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import type { Sql } from 'postgres';
import type { Database, Db } from '../../src/server/db/client.ts';

export function watchedDb(database: Database, seen: string[]): Db {
  const client = (database.db as unknown as { $client: unknown }).$client;
  const logger = { logQuery: (query: string) => void seen.push(query) };
  return (database.kind === 'pglite' ? drizzlePglite(client as PGlite, { logger }) : drizzlePostgres(client as Sql, { logger })) as unknown as Db;
}
