import { describe, expect, it } from 'vitest';
import { decideCardLayout } from './decideCardLayout.ts';

const img = (n: number) => Array.from({ length: n }, (_, i) => `/media/${i}.svg`);

describe('decideCardLayout', () => {
  it.each([
    [0, 0, 3, 0, '', 'text'],
    [0, 1, 3, 0, '', 'mini'],
    [1, 3, 2, 0, '', 'multi'],
    [1, 2, 2, 0, '', 'multi'],
    [1, 1, 3, 0, '', 'mini'],
    [2, 1, 3, 0, '', 'big'],
    [2, 1, 8, 1, '', 'video'],
    [2, 1, 3, 0, 'vr', 'vr'],
    [2, 1, 1, 0, '', 'live'],
    [4, 0, 3, 0, '', 'text'],
    [4, 1, 3, 0, '', 'middle'],
    [8, 1, 3, 0, '', 'district'],
    [9, 1, 3, 0, '', 'account'],
    [14, 1, 3, 0, '', 'promote'],
    [14, 0, 3, 0, '', 'promote'],
  ] as const)('showType %i with %i images, dataType %i, isVideo %i, category %j → %s', (showType, n, dataType, isVideo, category, layout) => {
    expect(decideCardLayout({ showType, imageUrl: img(n), isVideo, dataType, category })).toBe(layout);
  });
});
