import { describe, expect, it } from 'vitest';
import { LIVE_FEEDS, seededFeed } from './liveFeedsSeed.ts';
import { topicsData } from './topicsData.ts';

const START = new Date('2026-11-20T10:00:00Z');
const LATER = new Date('2026-11-20T10:40:00Z');
const DAY_AFTER = new Date('2026-11-21T10:00:00Z');
const title = '直播｜重庆市政府新闻发布会：介绍冬季民生保障工作';

describe('the seeded lives’ 图文直播 feeds', () => {
  it('every live title of the seed has its own feed, and every feed a title', () => {
    const titles = topicsData['live']!.titles;
    for (const t of titles)
      expect(
        LIVE_FEEDS.filter(([pattern]) => pattern.test(t)),
        t,
      ).toHaveLength(1);
    for (const [pattern] of LIVE_FEEDS)
      expect(
        titles.some((t) => pattern.test(t)),
        String(pattern),
      ).toBe(true);
  });

  it('a live that has not started has none', () => {
    expect(seededFeed(title, 0, START, DAY_AFTER)).toEqual([]);
  });

  it('a live on air has the updates whose time has come, without the closing ones', () => {
    const feed = seededFeed(title, 1, START, LATER);
    expect(feed.map((p) => p.at.toISOString())).toEqual([
      '2026-11-20T10:01:00.000Z',
      '2026-11-20T10:09:00.000Z',
      '2026-11-20T10:18:00.000Z',
      '2026-11-20T10:27:00.000Z',
      '2026-11-20T10:38:00.000Z',
    ]);
    expect(seededFeed(title, 1, START, DAY_AFTER).some((p) => p.text.startsWith('发布会结束'))).toBe(false);
  });

  it('a replay has them all, the closing ones too; a title without a feed has none', () => {
    const feed = seededFeed(title, 2, START, DAY_AFTER);
    expect(feed).toHaveLength(6);
    expect(feed.at(-1)?.text).toMatch(/^发布会结束/);
    // A replay dated minutes after its start: the whole feed, ending then.
    const soon = seededFeed(title, 2, START, LATER);
    expect(soon).toHaveLength(6);
    expect(soon.at(-1)?.at).toEqual(LATER);
    expect(seededFeed('重庆两江竞技主场告捷', 2, START, DAY_AFTER)).toEqual([]);
    expect(seededFeed(title, 2, null, DAY_AFTER)).toEqual([]);
  });
});
