/**
 * A server DATA_DIR ({db, media}) that already holds the demo seed: a copy of the run's seeded snapshot
 * (tests/support/globalSetup.ts), so a server process or a suite that seeds before starting one skips
 * the cold-start seed of every area (seedDemo finds each area seeded). Outside vitest, or on the
 * PostgreSQL run (no on-disk snapshot), it is an empty folder and the server seeds as a user's would.
 */
import { cpSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

async function snapshotDataDir(): Promise<string | undefined> {
  try {
    const { inject } = await import('vitest');
    return inject('seedSnapshot')?.dataDir;
  } catch {
    // Not inside a vitest run (scripts/bench.ts starts servers too).
    return undefined;
  }
}

export async function seededDataDir(prefix: string): Promise<string> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), prefix));
  const template = await snapshotDataDir();
  if (template) cpSync(template, dataDir, { recursive: true });
  return dataDir;
}
