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
    seedSnapshot: { file: string; mediaDir: string; pgTemplate?: string } | null;
  }
}

let dir: string | undefined;
let template: { url: string; name: string } | undefined;

export async function setup(project: TestProject): Promise<void> {
  dir = mkdtempSync(path.join(os.tmpdir(), 'sc-seed-'));
  const mediaDir = path.join(dir, 'media');
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
  project.provide('seedSnapshot', { file, mediaDir });
}

export async function teardown(): Promise<void> {
  if (template) await dropDatabase(template.url, template.name);
  template = undefined;
  if (dir) rmSync(dir, { recursive: true, force: true });
}
