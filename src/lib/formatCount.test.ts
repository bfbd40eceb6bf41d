import { describe, expect, it } from 'vitest';
import { formatBadge, formatCount } from './formatCount.ts';

describe('formatCount', () => {
  it.each([
    [0, '0'],
    [9999, '9999'],
    [12000, '1.2万'],
    [3500000, '350万'],
  ])('%i → %s', (n, s) => expect(formatCount(n)).toBe(s));
});

describe('formatBadge', () => {
  it.each([
    [0, ''],
    [1, '1'],
    [99, '99'],
    [100, '99+'],
    [12345, '99+'],
  ])('%i → %j', (n, s) => expect(formatBadge(n)).toBe(s));
});
