import { describe, expect, it } from 'vitest';
import { decideSparkline } from './decideSparkline.ts';

describe('decideSparkline', () => {
  it('scales the lowest value to the bottom and the highest to the top', () => {
    const { points, rising } = decideSparkline([1, 3, 2], 100, 20);
    expect(points).toBe('2.0,18.0 50.0,2.0 98.0,10.0');
    expect(rising).toBe(true);
  });
  it('draws a flat series in the middle and nothing for fewer than two values', () => {
    expect(decideSparkline([5, 5], 10, 20).points).toBe('2.0,10.0 8.0,10.0');
    expect(decideSparkline([5], 10, 20).points).toBe('');
  });
  it('marks a falling series', () => {
    expect(decideSparkline([3, 1], 10, 10).rising).toBe(false);
  });
});
