import { describe, expect, it } from 'vitest';
import { buildDemoData } from './buildDemoData.ts';
import { extendedReading, LONG_ARTICLE_ID } from './detailSeed.ts';

const data = buildDemoData();
const sentences = (html: string): string[] =>
  html
    .replace(/<[^>]*>/g, '\n')
    .split(/(?<=[。！？])|\n/)
    .map((s) => s.trim())
    .filter((s) => s !== '');

describe('the long article (spec 2.11 folds it)', () => {
  const row = data.news.find((r) => r.id === LONG_ARTICLE_ID)!;
  const html = [row.content ?? '', extendedReading(row, data.news)].join('\n');

  it('prints no sentence twice (its lead and 会议强调… once each)', () => {
    const all = sentences(html);
    expect(all.filter((s, i) => all.indexOf(s) !== i)).toEqual([]);
  });

  it('is still long: its 延伸阅读 has paragraphs of other stories', () => {
    expect(html).toContain('<h3>延伸阅读</h3>');
    expect(html.split('<h3>延伸阅读</h3>')[1]?.match(/<p>/g)?.length ?? 0).toBeGreaterThanOrEqual(8);
  });
});
