/** SIGKILL during a stream of exchanges on the embedded database (PGlite): no lost exchange, no ledger row without its exchange (issue 18). */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client.ts';
import { runMallCrashScenario } from '../support/mallCrashScenario.ts';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sc-mallcrash-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('a server killed with SIGKILL during a stream of exchanges (PGlite)', () => {
  it('keeps every answered exchange exactly once with its ledger row, stock and balances consistent', { timeout: 180_000 }, async () => {
    const { acknowledged, inFlight } = await runMallCrashScenario({
      dataDir,
      open: () => openDatabase({ dataDir: path.join(dataDir, 'db') }),
      env: {},
    });
    expect(acknowledged).toBeGreaterThan(0);
    expect(inFlight).toBeGreaterThan(0);
  });
});
