import { describe, expect, it } from 'vitest';
import { estimateLines, measuredLines, measuredNeedsFullTextLink, needsFullTextLink } from './decideClamp.ts';

describe('answer clamp (spec 4: "a \'view full text\' link appears when the text reaches 8 or more lines"; spec 9: "Text clamp 8 lines")', () => {
  describe("the server's first guess, from the text", () => {
    it('counts wrapped lines per paragraph', () => {
      expect(estimateLines('短')).toBe(1);
      expect(estimateLines('字'.repeat(23))).toBe(2);
      expect(estimateLines('一\n二\n三')).toBe(3);
    });
    it('links to the full text at 8 lines or more, not at 7', () => {
      expect(needsFullTextLink('字'.repeat(22 * 7))).toBe(false);
      expect(needsFullTextLink('字'.repeat(22 * 7 + 1))).toBe(true);
      expect(needsFullTextLink(Array.from({ length: 8 }, () => '一行').join('\n'))).toBe(true);
    });
  });

  describe('the measured lines decide (a 15 px font at line height 1.7: 25.5 px a line)', () => {
    const lineHeight = 25.5;
    it.each([
      ['6 lines shown, nothing cut', { shownHeight: 6 * lineHeight, fullHeight: 6 * lineHeight }, 6, false],
      ['7 lines', { shownHeight: 7 * lineHeight, fullHeight: 7 * lineHeight }, 7, false],
      ['exactly 8 lines: nothing cut, the link still shows', { shownHeight: 8 * lineHeight, fullHeight: 8 * lineHeight }, 8, true],
      ['9 lines clamped to 8', { shownHeight: 8 * lineHeight, fullHeight: 9 * lineHeight }, 9, true],
      ['sub-pixel heights round to lines', { shownHeight: 7 * lineHeight + 0.4, fullHeight: 7 * lineHeight + 0.4 }, 7, false],
      ['a box not laid out (hidden): no link', { shownHeight: 0, fullHeight: 0 }, 0, false],
    ])('%s', (_name, heights, lines, link) => {
      expect(measuredLines({ ...heights, lineHeight })).toBe(lines);
      expect(measuredNeedsFullTextLink({ ...heights, lineHeight })).toBe(link);
    });
    it('no line height (not rendered): no lines', () => {
      expect(measuredLines({ shownHeight: 100, fullHeight: 100, lineHeight: 0 })).toBe(0);
    });
  });
});
