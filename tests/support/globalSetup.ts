/**
 * Once per test run: migrate and seed one PGlite database and dump it, so every API suite starts from
 * a copy of the seeded snapshot instead of seeding again (seconds per suite on a 2-core machine).
 * On PostgreSQL (DATABASE_URL) each suite seeds its own database instead.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/client.ts';
import { seedDemo } from '../../src/server/db/seed/demoSeed.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    seedSnapshot: { file: string; mediaDir: string } | null;
  }
}

let dir: string | undefined;

export async function setup(project: TestProject): Promise<void> {
  if (process.env.DATABASE_URL) {
    project.provide('seedSnapshot', null);
    return;
  }
  dir = mkdtempSync(path.join(os.tmpdir(), 'sc-seed-'));
  const mediaDir = path.join(dir, 'media');
  const database = await openDatabase();
  await seedDemo(database, { mediaDir });
  const blob = await database.dump!();
  const file = path.join(dir, 'seeded.tar');
  writeFileSync(file, Buffer.from(await blob.arrayBuffer()));
  await database.close();
  project.provide('seedSnapshot', { file, mediaDir });
}

export function teardown(): void {
  if (dir) rmSync(dir, { recursive: true, force: true });
}
