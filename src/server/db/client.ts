/**
 * The database: PGlite in DATA_DIR by default (embedded, nothing to install), PostgreSQL when
 * DATABASE_URL is set. One Drizzle API over both; migrations from ./migrations are applied at open.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';

export type Db = PgDatabase<PgQueryResultHKT>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  readonly kind: 'pglite' | 'postgres';
  /** PGlite only: a dump of the whole data directory (tests snapshot a seeded database once). */
  dump?(): Promise<Blob>;
  readonly db: Db;
  /** Runs a write transaction; resolves only once the data is durable (PGlite: synced to disk). */
  write<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /** Throws when the database cannot answer `select 1`. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** PostgreSQL connection string; when absent PGlite is used. */
  url?: string | undefined;
  /** PGlite data directory; absent means in memory (tests). */
  dataDir?: string | undefined;
  /** PGlite only: start from this data directory dump (tests start from one seeded snapshot). */
  loadDataDir?: Blob | undefined;
  /** Create this PostgreSQL database first and use it (each test suite gets its own). */
  freshDatabase?: string | undefined;
  /** PostgreSQL only: the fresh database is a copy of this one (test suites copy one seeded template). */
  templateDatabase?: string | undefined;
}

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export async function openDatabase(options: OpenOptions = {}): Promise<Database> {
  if (options.url)
    return openPostgres(options.freshDatabase ? await createDatabase(options.url, options.freshDatabase, options.templateDatabase) : options.url);
  return openPglite(options.dataDir, options.loadDataDir);
}

async function openPglite(dataDir: string | undefined, loadDataDir: Blob | undefined): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // relaxedDurability stays false: a success answer must mean the write is on disk (security.md C6).
  const client = await PGlite.create({ ...(dataDir ? { dataDir } : {}), ...(loadDataDir ? { loadDataDir } : {}) });
  const db = drizzlePglite(client) as unknown as Db;
  await migratePglite(drizzlePglite(client), { migrationsFolder });
  let closed = false;
  return {
    kind: 'pglite',
    db,
    dump: () => client.dumpDataDir('none'),
    async write(fn) {
      const result = await db.transaction(fn);
      // PGlite's transaction() can resolve before the pages reach the file system.
      if (dataDir) await client.syncToFs();
      return result;
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    async close() {
      if (closed) return;
      closed = true;
      await client.close();
    },
  };
}

/** Creates database `name` on the server of `url` and returns the URL that points at it. */
async function createDatabase(url: string, name: string, template?: string): Promise<string> {
  for (const n of [name, template ?? name]) if (!/^[a-z_][a-z0-9_]{0,62}$/.test(n)) throw new Error(`bad database name ${n}`);
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(template ? `create database "${name}" template "${template}"` : `create database "${name}"`);
  } finally {
    await admin.end();
  }
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.href;
}

/** Drops a database made by `createDatabase` (test suites clean up after themselves). */
export async function dropDatabase(url: string, name: string): Promise<void> {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`bad database name ${name}`);
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists "${name}" with (force)`);
  await admin.end();
}

async function openPostgres(url: string): Promise<Database> {
  const client = postgres(url, { max: 10, onnotice: () => {} });
  const db = drizzlePostgres(client) as unknown as Db;
  await migratePostgres(drizzlePostgres(client), { migrationsFolder });
  return {
    kind: 'postgres',
    db,
    write: (fn) => db.transaction(fn),
    async ping() {
      await db.execute(sql`select 1`);
    },
    async close() {
      await client.end({ timeout: 5 });
    },
  };
}
