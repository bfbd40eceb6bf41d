import { describe, expect, it } from 'vitest';
import { shouldEnhance } from './enhanceCarousel.ts';

describe('shouldEnhance (ADR 011; swiper only with two or more slides, never on Save-Data)', () => {
  it('one slide stays the server strip (spec 9: no loop, no dots with a single slide)', () => {
    expect(shouldEnhance(0, {})).toBe(false);
    expect(shouldEnhance(1, {})).toBe(false);
  });

  it('two or more slides get swiper', () => {
    expect(shouldEnhance(2, {})).toBe(true);
    expect(shouldEnhance(5, { connection: { effectiveType: '4g' }, deviceMemory: 8 })).toBe(true);
  });

  it.each([
    ['Save-Data', { connection: { saveData: true } }],
    ['a 2g connection', { connection: { effectiveType: '2g' } }],
    ['deviceMemory ≤ 2', { deviceMemory: 2 }],
  ])('never when the reader saves data: %s', (_name, nav) => {
    expect(shouldEnhance(5, nav)).toBe(false);
  });
});
