import { describe, expect, it } from 'vitest';
import { decideImageGrid } from './decideImageGrid.ts';

describe('decideImageGrid', () => {
  it.each([
    [0, 'list', 0, 1],
    [1, 'list', 1, 1],
    [2, 'list', 2, 2],
    [3, 'list', 3, 3],
    [4, 'list', 3, 3],
    [9, 'list', 3, 3],
    [1, 'detail', 1, 1],
    [2, 'detail', 2, 2],
    [4, 'detail', 4, 2],
    [5, 'detail', 5, 3],
    [9, 'detail', 9, 3],
  ] as const)('%i images in a %s → %i shown in %i columns', (count, context, shown, columns) => {
    expect(decideImageGrid(count, context)).toEqual({ shown, columns });
  });
});
