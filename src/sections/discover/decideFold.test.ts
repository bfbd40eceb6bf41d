import { describe, expect, it } from 'vitest';
import { replyNeedsToggle, textNeedsFold } from './decideFold.ts';

describe('discover folds (spec 4, 9)', () => {
  it('text folds only when taller than 3 lines of 25 px', () => {
    expect(textNeedsFold(50)).toBe(false);
    expect(textNeedsFold(75)).toBe(false);
    expect(textNeedsFold(76)).toBe(true);
  });
  it('the official reply toggle is hidden below 60 px', () => {
    expect(replyNeedsToggle(59)).toBe(false);
    expect(replyNeedsToggle(60)).toBe(true);
    expect(replyNeedsToggle(200)).toBe(true);
  });
});
