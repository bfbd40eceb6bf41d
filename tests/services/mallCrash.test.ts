/** SIGKILL during a stream of exchanges on PostgreSQL (DATABASE_URL, npm run test:services): no lost exchange (ADR 012). */
import { afterAll, describe, expect, it } from 'vitest';
import { postgresCrashTarget } from '../support/crashHarness.ts';
import { runMallCrashScenario } from '../support/mallCrashScenario.ts';

const url = process.env.DATABASE_URL;
const { target, remove } = postgresCrashTarget('mallcrash', url);
afterAll(remove);

describe.runIf(url)('a server killed with SIGKILL during a stream of exchanges (PostgreSQL)', () => {
  it('keeps every answered exchange exactly once with its ledger row, stock and balances consistent', { timeout: 180_000 }, async () => {
    const { acknowledged, inFlight } = await runMallCrashScenario(target);
    expect(acknowledged).toBeGreaterThan(0);
    expect(inFlight).toBeGreaterThan(0);
  });
});
