/**
 * Once per test run: migrate and seed one PGlite database and dump it, so every API suite starts from
 * a copy of the seeded snapshot instead of seeding again (seconds per suite on a 2-core machine).
 * On PostgreSQL (DATABASE_URL) the seeded database is a template that each suite's database copies
 * (`create database … template …`). Under `npm test` the embedded snapshot is made before vitest starts
 * (tests/support/seedSnapshot.ts) and shared with the browser tests' servers.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { randomBytes } from 'node:crypto';
import { dropDatabase, openDatabase } from '../../src/server/db/client.ts';
import { seedDemo } from '../../src/server/db/seed/demoSeed.ts';
import { existingSeedSnapshot, makeSeedSnapshot } from './seedSnapshot.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: a dump file; PostgreSQL: the name of a seeded template database. */
    seedSnapshot: { file: string; mediaDir: string; pgTemplate?: string; dataDir?: string } | null;
  }
}

let dir: string | undefined;
let template: { url: string; name: string } | undefined;

export async function setup(project: TestProject): Promise<void> {
  const url = process.env.DATABASE_URL;
  // `npm test` made the snapshot before vitest (scripts/test.ts) and removes it itself.
  const made = url ? null : existingSeedSnapshot(process.env.SEED_SNAPSHOT_DIR);
  if (made) {
    project.provide('seedSnapshot', made);
    return;
  }
  dir = mkdtempSync(path.join(os.tmpdir(), 'sc-seed-'));
  if (url) {
    // The seed's pictures, laid out as a server's DATA_DIR.
    const mediaDir = path.join(dir, 'data', 'media');
    const name = `tpl_${randomBytes(6).toString('hex')}`;
    const database = await openDatabase({ url, freshDatabase: name });
    template = { url, name };
    await seedDemo(database, { mediaDir });
    // No connection may stay open on a template while suites copy it.
    await database.close();
    project.provide('seedSnapshot', { file: '', mediaDir, pgTemplate: name });
    return;
  }
  // Laid out as a server's DATA_DIR ({db, media}) too: server-process suites start on a copy of it
  // (tests/support/seededDataDir.ts) instead of seeding every area on a cold start.
  project.provide('seedSnapshot', await makeSeedSnapshot(dir));
}

export async function teardown(): Promise<void> {
  if (template) await dropDatabase(template.url, template.name);
  template = undefined;
  if (dir) rmSync(dir, { recursive: true, force: true });
}
