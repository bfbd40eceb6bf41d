/**
 * Once per test run: migrate and seed one PGlite database and dump it, so every API suite starts from
 * a copy of the seeded snapshot instead of seeding again (seconds per suite on a 2-core machine).
 * On PostgreSQL (DATABASE_URL) the seeded database is a template that each suite's database copies
 * (`create database … template …`).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { randomBytes } from 'node:crypto';
import { dropDatabase, openDatabase } from '../../src/server/db/client.ts';
import { seedDemo } from '../../src/server/db/seed/demoSeed.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: a dump file; PostgreSQL: the name of a seeded template database. */
    seedSnapshot: { file: string; mediaDir: string; pgTemplate?: string; dataDir?: string } | null;
  }
}

let dir: string | undefined;
let template: { url: string; name: string } | undefined;

export async function setup(project: TestProject): Promise<void> {
  dir = mkdtempSync(path.join(os.tmpdir(), 'sc-seed-'));
  // Laid out as a server's DATA_DIR ({db, media}): server-process suites start on a copy of it
  // (tests/support/seededDataDir.ts) instead of seeding every area on a cold start.
  const dataDir = path.join(dir, 'data');
  const mediaDir = path.join(dataDir, 'media');
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `tpl_${randomBytes(6).toString('hex')}`;
    const database = await openDatabase({ url, freshDatabase: name });
    template = { url, name };
    await seedDemo(database, { mediaDir });
    // No connection may stay open on a template while suites copy it.
    await database.close();
    project.provide('seedSnapshot', { file: '', mediaDir, pgTemplate: name });
    return;
  }
  const database = await openDatabase();
  await seedDemo(database, { mediaDir });
  const blob = await database.dump!();
  const file = path.join(dir, 'seeded.tar');
  writeFileSync(file, Buffer.from(await blob.arrayBuffer()));
  await database.close();
  // The same snapshot as an on-disk database, as main.ts opens it (DATA_DIR/db).
  const onDisk = await openDatabase({ dataDir: path.join(dataDir, 'db'), loadDataDir: blob });
  await onDisk.close();
  project.provide('seedSnapshot', { file, mediaDir, dataDir });
}

export async function teardown(): Promise<void> {
  if (template) await dropDatabase(template.url, template.name);
  template = undefined;
  if (dir) rmSync(dir, { recursive: true, force: true });
}
