import { describe, expect, it } from 'vitest';
import { normalizeWord, WordMatcher } from './wordMatcher.ts';

describe('WordMatcher', () => {
  const matcher = new WordMatcher([
    { word: '代开发票', action: 'block' },
    { word: 'WeiXin', action: 'hold' },
    { word: '加 微', action: 'hold' },
  ]);

  it.each([
    ['可以代开发票', '代开发票'],
    ['可以代 开 发 票', '代 开 发 票'],
    ['代-开*发。票', '代-开*发。票'],
    ['代\u200b开发票', '代\u200b开发票'],
  ])('finds a block word in %s and marks what the reader wrote', (text, marked) => {
    const [hit] = matcher.find(text);
    expect(hit).toMatchObject({ word: '代开发票', action: 'block' });
    expect(text.slice(hit!.start, hit!.end)).toBe(marked);
  });

  it.each([['加我ＷＥＩＸＩＮ'], ['加我 w.e.i.x.i.n'], ['WEIXIN'], ['wEiXiN']])('sees full-width letters, symbols and mixed case in %s', (text) => {
    expect(matcher.find(text).map((h) => h.word)).toEqual(['weixin']);
  });

  it('puts blocks before holds, and finds nothing in plain text', () => {
    expect(matcher.find('加微 weixin 代开发票').map((h) => h.action)).toEqual(['block', 'hold', 'hold']);
    expect(matcher.find('解放碑的夜景真好看')).toEqual([]);
  });

  it('keeps an emoji before a hit from shifting the mark', () => {
    const text = '😀代开发票';
    const [hit] = matcher.find(text);
    expect(text.slice(hit!.start, hit!.end)).toBe('代开发票');
  });

  it('drops words with nothing matchable, and folds words as it folds text', () => {
    expect(new WordMatcher([{ word: '  ！！ ', action: 'block' }]).size).toBe(0);
    expect(normalizeWord('Ｗｅｉ Ｘｉｎ')).toBe('weixin');
  });

  it('matches among 10,000 words', () => {
    const words = Array.from({ length: 10_000 }, (_, i) => ({ word: `词${i.toString(36)}违规`, action: 'hold' as const }));
    const big = new WordMatcher([...words, { word: '代开发票', action: 'block' }]);
    expect(big.size).toBe(10_001);
    expect(big.find(`前文 词${(9_999).toString(36)} 违规 后文 代开发票`).map((h) => h.word)).toEqual(['代开发票', `词${(9_999).toString(36)}违规`]);
  });
});
