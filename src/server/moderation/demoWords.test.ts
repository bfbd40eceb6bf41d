import { describe, expect, it } from 'vitest';
import { DEMO_WORDS } from '../db/seed/moderationSeed.ts';
import { normalizeWord } from '../review/wordMatcher.ts';

describe("the demo seed's words", () => {
  it.each(DEMO_WORDS.map((w) => [w.word, w.normalized]))('%s is stored as the matcher folds it', (word, normalized) => {
    expect(normalizeWord(word)).toBe(normalized);
  });
});
