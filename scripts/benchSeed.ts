/**
 * What the bench's multi-process runs share (scripts/benchScale.ts, scripts/benchPair.ts): a fresh PostgreSQL database
 * with the demo seeded once, and a process's own CPU time.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { openDatabase } from '../src/server/db/client.ts';
import { seedDemo } from '../src/server/db/seed/demoSeed.ts';

export interface SeededBenchDatabase {
  /** The database's name on the server `base` names (drop it with dropDatabase when done). */
  name: string;
  /** Its URL, for the processes' DATABASE_URL. */
  url: string;
  /** The processes' shared DATA_DIR, with the seed's drawn pictures. */
  dataDir: string;
}

/**
 * The demo seed, once, in a new database `<prefix>_<random>` (a cold start seeds every area: minutes on a loaded
 * machine, past a process's start-up bound); every process then starts on it (SEED_DEMO=0) with the drawn pictures in
 * one shared DATA_DIR.
 */
export async function seededBenchDatabase(base: string, prefix: string): Promise<SeededBenchDatabase> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `sc-${prefix.replaceAll('_', '-')}-`));
  const seeding = await openDatabase({ url: base, freshDatabase: name });
  try {
    await seedDemo(seeding, { mediaDir: path.join(dataDir, 'media') });
  } finally {
    await seeding.close();
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  return { name, url: url.href, dataDir };
}

/** CPU time a process has used, in ms (Linux /proc: user + system clock ticks of 10 ms); NaN without a pid. */
export function cpuMsOf(pid: number | undefined): number {
  if (!pid) return NaN;
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
