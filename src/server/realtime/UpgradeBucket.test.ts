import { describe, expect, it } from 'vitest';
import { UpgradeBucket } from './UpgradeBucket.ts';

/** Runs `take` at each time (ms) and returns which passed. */
function run(rate: number, burst: number, times: number[]): boolean[] {
  const bucket = new UpgradeBucket(rate, burst, 0);
  return times.map((t) => bucket.take(t));
}

describe('UpgradeBucket (security.md K103)', () => {
  it.each([
    ['a burst passes, the next at the same instant is refused', 2, 3, [0, 0, 0, 0], [true, true, true, false]],
    ['refills at the rate: one token per 500 ms at 2/s', 2, 1, [0, 100, 499, 500, 600, 1000], [true, false, false, true, false, true]],
    ['never holds more than the burst after a long pause', 10, 2, [0, 0, 60_000, 60_000, 60_000], [true, true, true, true, false]],
    ['a clock moving back refills nothing', 1, 1, [10_000, 5_000, 10_500, 11_000], [true, false, false, true]],
  ])('%s', (_name, rate, burst, times, expected) => {
    expect(run(rate, burst, times)).toEqual(expected);
  });

  it('holds the long-run rate under a steady flood', () => {
    const bucket = new UpgradeBucket(50, 50, 0);
    let passed = 0;
    // 1000 attempts a second for 10 s.
    for (let t = 0; t < 10_000; t++) if (bucket.take(t)) passed++;
    expect(passed).toBeGreaterThanOrEqual(50 + 50 * 10 - 1);
    expect(passed).toBeLessThanOrEqual(50 + 50 * 10);
  });
});
