import { describe, expect, it } from 'vitest';
import { estimateLines, needsFullTextLink } from './decideClamp.ts';

describe('answer clamp (spec: "Text clamp 8 lines"; issue 21 item 5: a full-text link at 8 or more lines)', () => {
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
