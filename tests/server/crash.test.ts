/** SIGKILL mid-load on the embedded database (PGlite): nothing acknowledged is lost (docs/security.md; security.md M96, M97, M100). */
import { afterAll, describe, expect, it } from 'vitest';
import { pgliteCrashTarget } from '../support/crashHarness.ts';
import { runCrashScenario } from '../support/crashScenario.ts';

const { target, remove } = await pgliteCrashTarget('crash');
afterAll(remove);

describe('a server killed with SIGKILL under concurrent likes and comments (PGlite)', () => {
  it('keeps every acknowledged write exactly once, counters equal to their rows, and idempotent retries', { timeout: 150_000 }, async () => {
    const { acknowledged, inFlight } = await runCrashScenario(target);
    expect(acknowledged).toBeGreaterThan(0);
    expect(inFlight).toBeGreaterThan(0);
  });
});
