import { describe, expect, it } from 'vitest';
import { decideBannerOptions, nextSlide } from './decideBannerOptions.ts';

describe('decideBannerOptions', () => {
  it('does not loop, autoplay or show dots with a single slide', () => {
    expect(decideBannerOptions(1)).toEqual({ loop: false, autoplay: false, pagination: false });
  });
  it.each([2, 5])('loops, autoplays every 5000 ms and shows dots with %i slides', (n) => {
    expect(decideBannerOptions(n)).toEqual({ loop: true, autoplay: { delay: 5000, disableOnInteraction: false }, pagination: true });
  });
});

describe('nextSlide', () => {
  it.each([
    [0, 3, true, 1],
    [1, 3, true, 2],
    [2, 3, true, 0],
    [2, 3, false, null],
    [0, 1, true, null],
  ] as const)('from %i of %i (loop %s) → %s', (current, count, loop, next) => {
    expect(nextSlide(current, count, loop)).toBe(next);
  });
});
