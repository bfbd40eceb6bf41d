import { describe, expect, it } from 'vitest';
import { decideMetaFit, metaUnits, textUnits } from './decideMetaFit.ts';

const parts = (tags: string[], source = '重庆日报', time = '3小时前', views = '1.2万阅读') => ({ tags, source, time, views });

describe('decideMetaFit', () => {
  it.each([
    ['showType 4, room for everything', parts([]), 4, 29, true],
    ['showType 4, tags overflow the middle card', parts(['置顶', '独家']), 4, 15, false],
    ['showType 4, one short tag still fits the full width', parts(['热']), 4, 29, true],
    ['showType 0 never trims', parts(['置顶', '独家', '原创']), 0, 10, true],
    ['showType 4 with long source and tags at mini width', parts(['置顶'], '万州区融媒体中心'), 4, 18, false],
  ] as const)('%s', (_, p, showType, width, showTime) => {
    expect(decideMetaFit(p, showType, width)).toEqual({ showTime });
  });

  it('counts Latin characters as about half a CJK character', () => {
    expect(textUnits('重庆')).toBe(2);
    expect(textUnits('VR')).toBeCloseTo(1.1);
  });

  it('drops the time from the width when asked', () => {
    expect(metaUnits(parts([]), true)).toBeGreaterThan(metaUnits(parts([]), false));
  });
});
