import { describe, expect, it } from 'vitest';
import { buildDemoData } from './buildDemoData.ts';
import { countyHeadlines } from './countyHeadlines.ts';
import { demoVideoFor } from './demoVideos.ts';
import { districtsData } from './districtsData.ts';
import { topicsData } from './topicsData.ts';

const data = buildDemoData();

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Every headline template as a pattern of its filled-in titles (a placeholder matches any text). */
const patterns = [...new Set(Object.values(topicsData).flatMap((t) => t.titles))].map((template) => ({
  template,
  re: new RegExp(
    `^${template
      .split(/(\{\w+\})/)
      .map((part) => (/^\{\w+\}$/.test(part) ? '.+?' : escape(part)))
      .join('')}$`,
  ),
}));

/** The template a title was filled in from, or the title itself when it was written by hand. */
function templateOf(title: string): string {
  const bare = title.replace(/^视频｜/, '');
  return patterns.find((p) => p.re.test(bare))?.template ?? bare;
}

type Row = (typeof data.news)[number];
const newestFirst = (rows: Row[]): Row[] =>
  [...rows].sort((a, b) => Number(b.isTop ?? false) - Number(a.isTop ?? false) || Number(b.publishTime) - Number(a.publishTime) || b.id - a.id);

/** Templates printed more than once in a list, with the ids that print them. */
function templatePairs(rows: Row[]): string[] {
  const seen = new Map<string, number>();
  const pairs: string[] = [];
  for (const r of newestFirst(rows)) {
    const template = templateOf(r.title);
    const first = seen.get(template);
    if (first !== undefined) pairs.push(`${first} & ${r.id}: ${template}`);
    else seen.set(template, r.id);
  }
  return pairs;
}

const channelIds = [...new Set(data.news.map((r) => r.channelId))];
const classIds = [...new Set(data.news.map((r) => r.classId))];

describe('buildDemoData headlines (no two items of one list share a template)', () => {
  it.each(channelIds.map((id) => [id]))('channel %i, the whole list', (channelId) => {
    const rows = data.news.filter((r) => r.channelId === channelId);
    expect(rows.length).toBeGreaterThan(0);
    expect(templatePairs(rows)).toEqual([]);
  });

  it.each(districtsData.map((d) => [d.name, d.id] as const))('the 区县 list of %s', (_name, classId) => {
    const rows = data.news.filter((r) => r.channelId === 2 && r.classId === classId);
    expect(rows.length).toBeGreaterThanOrEqual(4);
    expect(templatePairs(rows)).toEqual([]);
  });

  it('every column list', () => {
    const pairs = classIds.flatMap((classId) => templatePairs(data.news.filter((r) => r.classId === classId)).map((p) => `column ${classId}: ${p}`));
    expect(pairs).toEqual([]);
  });

  it('every district has four headlines of its own, none written twice', () => {
    for (const d of districtsData) expect(countyHeadlines[d.name], d.name).toHaveLength(4);
    const own = Object.values(countyHeadlines).flatMap((list) => list.map(([, title]) => title));
    expect(new Set(own).size).toBe(own.length);
    expect(own.filter((title) => patterns.some((p) => p.re.test(title)))).toEqual([]);
  });

  it('recognises a filled-in template and a hand-written headline', () => {
    expect(templateOf('视频｜重庆新增12家国家级专精特新“小巨人”企业')).toBe('重庆新增{n}家国家级专精特新“小巨人”企业');
    expect(templateOf('解放碑步行街焕新升级 老字号与新业态同街经营')).toBe('解放碑步行街焕新升级 老字号与新业态同街经营');
  });
});

describe('buildDemoData videos (posters, not blank players)', () => {
  it('every video item has a poster of the scene its demo video shows', () => {
    const videos = data.news.filter((r) => r.dataType === 8);
    expect(videos.length).toBeGreaterThan(10);
    const wrong = videos.flatMap((r) => {
      const poster = r.imageUrls?.[0]?.replace(/^\/media\//, '') ?? '';
      const kind = data.images.specs.get(poster)?.kind;
      const expected = demoVideoFor(r.id, r.channelId === 12).kind;
      return kind === expected ? [] : [`${r.id}: ${kind ?? 'no poster'}, video ${expected}`];
    });
    expect(wrong).toEqual([]);
  });
});
