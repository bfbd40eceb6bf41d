import { describe, expect, it } from 'vitest';
import type { ListItem } from '../../contract/news.ts';
import { BASE_PATH } from '../../lib/safeUrl.ts';
import { listItem } from '../../../tests/support/listItem.ts';
import { newsCardMarkup } from './newsCardHtml.ts';

const NOW = new Date('2026-11-20T04:00:00Z');

function item(over: Partial<ListItem> = {}): ListItem {
  return listItem({
    id: 365,
    classId: 1304,
    channelId: 13,
    title: '坡坎崖变身口袋公园',
    imageUrl: ['/media/news/365-1.webp'],
    imageNum: 1,
    source: '重庆商报',
    ...over,
  });
}

const card = (over: Partial<ListItem> = {}, options: { eager?: boolean; rank?: number } = {}) => newsCardMarkup(item(over), { now: NOW, ...options });

describe('newsCardMarkup', () => {
  it('escapes everything an editor or a feed wrote: title, source, label, video length', () => {
    const { inner } = card({ title: '<script>alert(1)</script>', source: '"><img src=x>', label: '<i>', showType: 2, isVideo: 1, videoTime: '<b>' });
    expect(inner).not.toMatch(/<script|<img src=x|<i>|<b>/);
    expect(inner).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(inner).toContain('<span class="src">&quot;&gt;&lt;img src=x&gt;</span>');
    expect(inner).toContain('<em>&lt;b&gt;</em>');
  });

  it('a mini card: the thumbnail beside the title at its display width, lazy, with the meta line', () => {
    const { layout, entity, inner } = card({ pv: 12345, label: '独家' });
    expect([layout, entity]).toEqual(['mini', false]);
    expect(inner).toContain(
      `<a href="${BASE_PATH}/NewsDetail?classId=1304&amp;newsId=365" data-jump="{&quot;dt&quot;:3,&quot;cid&quot;:1304,&quot;nid&quot;:365,&quot;cnId&quot;:13}">`,
    );
    expect(inner).toContain('<img class="thumb img-cover" src="/media/news/365-1.webp?w=240"');
    expect(inner).toContain('sizes="114px" width="114" height="76" alt="" loading="lazy" decoding="async">');
    expect(inner).not.toContain('fetchpriority');
    expect(inner).toMatch(
      /<p class="meta"> <span class="tag">独家<\/span> .*<span class="src">重庆商报<\/span> <time datetime="2026-11-20T01:53:00.000Z">[^<]+<\/time> <span>1.2万阅读<\/span> <\/p>/,
    );
  });

  it('the first screen’s picture is eager with a high priority', () => {
    expect(card({}, { eager: true }).inner).toContain('loading="eager" fetchpriority="high" decoding="async"');
  });

  it('three pictures in a grid of three, with a badge when the story has more', () => {
    const { layout, inner } = card({ imageUrl: ['/media/a.webp', '/media/b.webp', '/media/c.webp'], imageNum: 7 });
    expect(layout).toBe('multi');
    expect(inner).toContain('<div class="grid cols-3">');
    expect(inner.match(/<img /g)).toHaveLength(3);
    expect(inner).toContain('<span class="picture-badge small">7图</span>');
    expect(card({ imageUrl: ['/media/a.webp', '/media/b.webp', '/media/c.webp'], imageNum: 3 }).inner).not.toContain('picture-badge');
  });

  it('a video card: the big picture with a play mark a screen reader names 视频, and its length', () => {
    const { layout, inner } = card({ showType: 2, isVideo: 1, videoTime: '03:20' });
    expect(layout).toBe('video');
    expect(inner).toContain('<span class="play" aria-label="视频">▶<em>03:20</em></span>');
  });

  it('a live card says 直播中, 未开始 with its start time, or 回放', () => {
    expect(card({ dataType: 1, liveType: 1 }).inner).toContain('<span class="badge live live-1">直播中</span>');
    const upcoming = card({ dataType: 1, liveType: 0, startTime: '11-21 19:30' }).inner;
    expect(upcoming).toContain('<span class="badge live live-0">未开始</span>');
    expect(upcoming).toContain('<span>11-21 19:30 开始</span>');
    expect(upcoming).not.toContain('<time');
    // A live without a picture is a text card that names its state in the meta line.
    expect(card({ dataType: 1, liveType: 2, imageUrl: [] }).inner).toContain('<span class="tag">回放</span>');
  });

  it('a text card scrolls its one-line headline, with a hot rank when asked', () => {
    const { layout, inner } = card({ imageUrl: [] }, { rank: 2 });
    expect(layout).toBe('text');
    expect(inner).toContain('<sc-marquee class="headline"> <h3 class="title one"><b class="rank hot">2</b>坡坎崖变身口袋公园</h3> </sc-marquee>');
    expect(card({ imageUrl: [] }, { rank: 4 }).inner).toContain('<b class="rank">4</b>');
  });

  it('an outside link opens in a new tab without handing over the opener', () => {
    const { inner } = card({ dataType: 7, targetUrl: 'https://www.cqrb.cn/a.html' });
    expect(inner).toContain('href="https://www.cqrb.cn/a.html" target="_blank" rel="noopener noreferrer"');
  });

  it('a district and a 山城号 account are entries into their channel, with no meta line', () => {
    const district = card({ showType: 8, classId: 44 });
    expect([district.layout, district.entity]).toEqual(['district', true]);
    expect(district.inner).toContain(`<a href="${BASE_PATH}/home/newsCounty/?classId=44" class="entity">`);
    expect(district.inner).toContain('<span class="entity-go">进入区县频道 ›</span>');
    const account = card({ showType: 9, classId: 9001, imageUrl: [] });
    expect(account.inner).toContain(`<a href="${BASE_PATH}/shanchengPage?classId=9001" class="entity">`);
    expect(account.inner).toContain('<img class="img-cover" width="48" height="48" alt=""');
    expect(account.inner).not.toContain('class="meta"');
  });
});
