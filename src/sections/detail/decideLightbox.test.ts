import { describe, expect, it } from 'vitest';
import { decideViewerCounter, isTap } from './decideLightbox.ts';

describe('the picture viewer (spec 9: the image viewer does not loop)', () => {
  it.each([
    [0, 6, '1/6'],
    [5, 6, '6/6'],
    [6, 6, '6/6'],
    [-1, 6, '1/6'],
    [0, 1, '1/1'],
    [0, 0, '0/0'],
  ])('slide index %i of %i reads %s', (index, total, text) => {
    expect(decideViewerCounter(index, total)).toBe(text);
  });

  it.each([
    [{ longPressed: false, moved: 0 }, true],
    [{ longPressed: false, moved: 10 }, true],
    [{ longPressed: false, moved: 40 }, false],
    [{ longPressed: true, moved: 0 }, false],
  ])('a press %j opens the viewer: %s', (press, opens) => {
    expect(isTap(press)).toBe(opens);
  });
});
