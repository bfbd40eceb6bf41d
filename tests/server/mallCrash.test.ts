/** SIGKILL during a stream of exchanges on the embedded database (PGlite): no lost exchange, no ledger row without its exchange (ADR 012). */
import { afterAll, describe, expect, it } from 'vitest';
import { pgliteCrashTarget } from '../support/crashHarness.ts';
import { runMallCrashScenario } from '../support/mallCrashScenario.ts';

const { target, remove } = await pgliteCrashTarget('mallcrash');
afterAll(remove);

describe('a server killed with SIGKILL during a stream of exchanges (PGlite)', () => {
  it('keeps every answered exchange exactly once with its ledger row, stock and balances consistent', { timeout: 180_000 }, async () => {
    const { acknowledged, inFlight } = await runMallCrashScenario(target);
    expect(acknowledged).toBeGreaterThan(0);
    expect(inFlight).toBeGreaterThan(0);
  });
});
