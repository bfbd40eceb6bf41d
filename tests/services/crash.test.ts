/** SIGKILL mid-load on PostgreSQL (DATABASE_URL, npm run test:services): nothing acknowledged is lost (docs/security.md; security.md M96, M97, M100). */
import { afterAll, describe, expect, it } from 'vitest';
import { postgresCrashTarget } from '../support/crashHarness.ts';
import { runCrashScenario } from '../support/crashScenario.ts';

const url = process.env.DATABASE_URL;
const { target, remove } = postgresCrashTarget('crash', url);
afterAll(remove);

describe.runIf(url)('a server killed with SIGKILL under concurrent likes and comments (PostgreSQL)', () => {
  it('keeps every acknowledged write exactly once, counters equal to their rows, and idempotent retries', { timeout: 150_000 }, async () => {
    const { acknowledged, inFlight } = await runCrashScenario(target);
    expect(acknowledged).toBeGreaterThan(0);
    expect(inFlight).toBeGreaterThan(0);
  });
});
