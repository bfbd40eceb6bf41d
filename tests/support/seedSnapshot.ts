/**
 * The seeded demo, made once for a whole `npm test`: a PGlite dump (`seeded.tar`, which every API suite loads
 * into its own in-memory database) and the same data as a server's DATA_DIR (`data/{db,media}`), which the
 * server-process suites and the browser tests' servers start from instead of seeding every area on a cold
 * start. scripts/test.ts makes it before vitest (SEED_SNAPSHOT_DIR) and hands `data` to Playwright's servers
 * (E2E_SEED_DIR); a vitest run on its own makes one in globalSetup.
 */
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../../src/server/db/client.ts';
import { seedDemo } from '../../src/server/db/seed/demoSeed.ts';

export interface SeedSnapshot {
  /** The PGlite dump. */
  file: string;
  /** The seed's media folder (inside `dataDir`). */
  mediaDir: string;
  /** A server DATA_DIR ({db, media}) holding the seed. */
  dataDir: string;
}

function snapshotIn(dir: string): SeedSnapshot {
  const dataDir = path.join(dir, 'data');
  return { file: path.join(dir, 'seeded.tar'), mediaDir: path.join(dataDir, 'media'), dataDir };
}

/** Seeds the demo into `dir` (an empty folder) as both a dump and a server data folder. */
export async function makeSeedSnapshot(dir: string): Promise<SeedSnapshot> {
  const snapshot = snapshotIn(dir);
  const database = await openDatabase();
  await seedDemo(database, { mediaDir: snapshot.mediaDir });
  const blob = await database.dump!();
  writeFileSync(snapshot.file, Buffer.from(await blob.arrayBuffer()));
  await database.close();
  // The same snapshot as an on-disk database, as main.ts opens it (DATA_DIR/db).
  const onDisk = await openDatabase({ dataDir: path.join(snapshot.dataDir, 'db'), loadDataDir: blob });
  await onDisk.close();
  return snapshot;
}

/** The snapshot a caller made already in `dir`, or null when `dir` holds none. */
export function existingSeedSnapshot(dir: string | undefined): SeedSnapshot | null {
  if (!dir) return null;
  const snapshot = snapshotIn(dir);
  return existsSync(snapshot.file) && existsSync(path.join(snapshot.dataDir, 'db')) ? snapshot : null;
}
