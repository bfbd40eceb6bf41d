/**
 * A fresh database for one suite: PGlite in memory by default, or a database of its own on PostgreSQL
 * when DATABASE_URL is set (npm run test:services). `close()` removes it.
 */
import { randomBytes } from 'node:crypto';
import { dropDatabase, openDatabase, type Database } from '../../src/server/db/client.ts';

export interface TestDatabase extends Database {
  close(): Promise<void>;
}

export async function openTestDatabase(options: { loadDataDir?: Blob; pgTemplate?: string } = {}): Promise<TestDatabase> {
  const url = process.env.DATABASE_URL || undefined;
  const name = url ? `t_${randomBytes(6).toString('hex')}` : undefined;
  const database = await openDatabase({
    url,
    freshDatabase: name,
    templateDatabase: url ? options.pgTemplate : undefined,
    loadDataDir: url ? undefined : options.loadDataDir,
  });
  return {
    kind: database.kind,
    db: database.db,
    write: (fn) => database.write(fn),
    ping: () => database.ping(),
    async close() {
      await database.close();
      if (url && name) await dropDatabase(url, name);
    },
  };
}
