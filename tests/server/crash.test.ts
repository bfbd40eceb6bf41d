/** SIGKILL mid-load on the embedded database (PGlite): nothing acknowledged is lost (issue 8; security.md M96, M97, M100). */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client.ts';
import { runCrashScenario } from '../support/crashScenario.ts';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sc-crash-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('a server killed with SIGKILL under concurrent likes and comments (PGlite)', () => {
  it('keeps every acknowledged write exactly once, counters equal to their rows, and idempotent retries', { timeout: 60_000 }, async () => {
    const { acknowledged, inFlight } = await runCrashScenario({
      dataDir,
      open: () => openDatabase({ dataDir: path.join(dataDir, 'db') }),
      env: {},
    });
    expect(acknowledged).toBeGreaterThan(0);
    expect(inFlight).toBeGreaterThan(0);
  });
});
