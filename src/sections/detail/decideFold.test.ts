import { describe, expect, it } from 'vitest';
import { decideFold } from './decideFold.ts';

describe('decideFold', () => {
  it.each([
    [2000, 812, 974],
    [975, 812, 974],
    [974, 812, 974],
    [973, 812, null],
    [500, 812, null],
    [1200, 1000, 1200],
    [1199, 1000, null],
  ])('content %ipx in a %ipx window folds to %j', (content, win, expected) => {
    expect(decideFold(content, win)).toBe(expected);
  });
});
