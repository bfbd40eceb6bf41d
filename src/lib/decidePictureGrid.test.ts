import { describe, expect, it } from 'vitest';
import { decidePictureGrid } from './decidePictureGrid.ts';

describe('decidePictureGrid — spec 9: "1 image large, 2 or 4 in two columns, other counts in three columns"', () => {
  it.each([
    [0, 'list', 0, 1],
    [1, 'list', 1, 1],
    [2, 'list', 2, 2],
    [3, 'list', 3, 3],
    [4, 'list', 3, 3],
    [9, 'list', 3, 3],
    [1, 'detail', 1, 1],
    [2, 'detail', 2, 2],
    [3, 'detail', 3, 3],
    [4, 'detail', 4, 2],
    [5, 'detail', 5, 3],
    [6, 'detail', 6, 3],
    [9, 'detail', 9, 3],
  ] as const)('%i pictures in a %s → %i shown in %i columns', (count, context, shown, columns) => {
    expect(decidePictureGrid(count, context)).toEqual({ shown, columns });
  });
});
