/** SIGKILL during a stream of exchanges on PostgreSQL (DATABASE_URL, npm run test:services): no lost exchange (issue 18). */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dropDatabase, openDatabase } from '../../src/server/db/client.ts';
import { runMallCrashScenario } from '../support/mallCrashScenario.ts';

const url = process.env.DATABASE_URL;
const name = `t_mallcrash_${randomBytes(6).toString('hex')}`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sc-mallcrash-pg-'));

afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  if (url) await dropDatabase(url, name);
});

describe.runIf(url)('a server killed with SIGKILL during a stream of exchanges (PostgreSQL)', () => {
  it('keeps every answered exchange exactly once with its ledger row, stock and balances consistent', { timeout: 180_000 }, async () => {
    const own = new URL(url!);
    own.pathname = `/${name}`;
    let created = false;
    const { acknowledged, inFlight } = await runMallCrashScenario({
      dataDir,
      // The first open creates the suite's own database; the server and later opens use it by URL.
      open: async () => {
        const database = await openDatabase(created ? { url: own.href } : { url, freshDatabase: name });
        created = true;
        return database;
      },
      // Rate-limit keys of this run only: user ids restart at 1 in every fresh database, Redis outlives runs.
      env: { DATABASE_URL: own.href, RATE_LIMIT_REDIS_PREFIX: `${name}:` },
    });
    expect(acknowledged).toBeGreaterThan(0);
    expect(inFlight).toBeGreaterThan(0);
  });
});
