/**
 * One list item's card (spec 3 card layouts) as markup: what NewsCard.astro puts inside its `<li>`. It is built in
 * code (src/lib/html.ts) rather than as an Astro template because a list page renders twenty of them per page and
 * Astro's per-expression rendering made them about a fifth of an uncached home page's CPU (bench/where-time-goes.md).
 * The `<li>` stays Astro's, so the card's scoped styles reach inside it (`.card :global(…)` in NewsCard.astro).
 * Readable and linkable without JavaScript; the pure headline scrolls when too long (sc-marquee, NewsList's script).
 */
import type { ListItem } from '../../contract/news.ts';
import { formatCount } from '../../lib/formatCount.ts';
import { formatRelativeTime } from '../../lib/formatTime.ts';
import { BASE_PATH } from '../../lib/safeUrl.ts';
import { itemLinkAttrs } from '../../bridge/itemLinkAttrs.ts';
import { decideCardLayout, type CardLayout } from '../../lib/decideCardLayout.ts';
import { decidePictureGrid } from '../../lib/decidePictureGrid.ts';
import { pictureBadgeHtml } from '../../features/picture/pictureBadge.ts';
import { attr, markup, type Html } from '../../lib/html.ts';
import { thumbImgAttrs } from '../../lib/mediaSrcset.ts';
import { decideMetaFit, META_WIDTH_UNITS } from './decideMetaFit.ts';

export interface NewsCardOptions {
  now: Date;
  /** The first card's image is the largest paint of the first screen: load it eagerly. */
  eager?: boolean | undefined;
  /** A rank number shown before the title (hot list). */
  rank?: number | undefined;
}

export interface NewsCardMarkup {
  layout: CardLayout;
  /** A district or account entry (a link to a channel, no meta line) rather than a story. */
  entity: boolean;
  /** The card's inside, for `set:html`. */
  inner: string;
}

interface PictureOptions {
  cls: string;
  /** The width it is shown at (CSS pixels), for its src and srcset; `width`/`height` are its box. */
  shownAt: number;
  width: number;
  height: number;
  loading: string;
  priority: string | undefined;
  sizes?: string;
}

/** An `<img>` of a list picture at its display width; no src when there is no picture. */
function picture(src: string | undefined, o: PictureOptions): Html {
  return markup`<img class="${o.cls}"${src && thumbImgAttrs(src, o.shownAt, o.sizes)} width="${o.width}" height="${o.height}" alt=""${attr('loading', o.loading)}${attr('fetchpriority', o.priority)} decoding="async">`;
}

export function newsCardMarkup(item: ListItem, { now, eager = false, rank }: NewsCardOptions): NewsCardMarkup {
  const layout = decideCardLayout(item);
  const loading = eager ? 'eager' : 'lazy';
  const priority = eager ? 'high' : undefined;
  const cover = item.imageUrl[0];

  if (layout === 'district' || layout === 'account') {
    const district = layout === 'district';
    const href = district ? `${BASE_PATH}/home/newsCounty/?classId=${item.classId}` : `${BASE_PATH}/shanchengPage?classId=${item.classId}`;
    const size = district ? 120 : 48;
    const inner = markup` <a${attr('href', href)} class="entity"> ${picture(cover, { cls: 'img-cover', shownAt: size, width: size, height: 48, loading, priority })} <span class="entity-name">${item.title}</span> <span class="entity-go">${district ? '进入区县频道' : '进入山城号'} ›</span> </a> `;
    return { layout, entity: true, inner: inner.toString() };
  }

  const time = formatRelativeTime(new Date(item.publishTime), now);
  // spec 2.4: live states 直播中 / 未开始 / 回放.
  const liveLabel = item.dataType === 1 ? (item.liveType === 1 ? '直播中' : item.liveType === 0 ? '未开始' : '回放') : '';
  const tags = [item.isTop === 1 ? item.topTitle || '置顶' : '', layout === 'promote' ? '推广' : '', item.label].filter((t) => t !== '');
  const views = item.pv > 0 ? `${formatCount(item.pv)}阅读` : '';
  const width = layout === 'middle' ? META_WIDTH_UNITS.middle : layout === 'mini' || layout === 'promote' ? META_WIDTH_UNITS.mini : META_WIDTH_UNITS.full;
  const { showTime } = decideMetaFit({ tags, source: item.source, time, views }, item.showType, width);
  const grid = decidePictureGrid(item.imageUrl.length, 'list');
  const hasCover = cover !== undefined && cover !== '';
  const side = layout === 'mini' || layout === 'middle' || (layout === 'promote' && cover !== undefined);
  const middle = layout === 'middle';

  const thumb =
    side &&
    hasCover &&
    markup`<span class="thumb-wrap"> ${picture(cover, { cls: 'thumb img-cover', shownAt: middle ? 150 : 114, width: middle ? 150 : 114, height: middle ? 100 : 76, loading, priority })} </span>`;
  const rankMark = rank !== undefined && markup`<b class="${rank <= 3 ? 'rank hot' : 'rank'}">${rank}</b>`;
  const title =
    layout === 'text'
      ? markup`<sc-marquee class="headline"> <h3 class="title one">${rankMark}${item.title}</h3> </sc-marquee>`
      : markup`<h3 class="title clamp-2">${rankMark}${item.title}</h3>`;
  const gridPictures = item.imageUrl.slice(0, grid.shown).map((src, i) =>
    picture(src, {
      cls: 'img-cover',
      shownAt: grid.columns === 2 ? 172 : 114,
      width: 114,
      height: 76,
      loading: i === 0 ? loading : 'lazy',
      priority: i === 0 ? priority : undefined,
    }),
  );
  const pictures =
    layout === 'multi' &&
    markup`<div class="grid cols-${grid.columns}"> ${gridPictures} ${item.imageNum > grid.shown && pictureBadgeHtml(`${item.imageNum}图`)} </div>`;
  const badge =
    layout === 'video'
      ? markup`<span class="play" aria-label="视频">▶${item.videoTime && markup`<em>${item.videoTime}</em>`}</span>`
      : layout === 'vr'
        ? markup`<span class="badge vr">VR</span>`
        : layout === 'live' && markup`<span class="badge live live-${item.liveType}">${liveLabel}</span>`;
  const big =
    (layout === 'big' || layout === 'video' || layout === 'vr' || layout === 'live') &&
    hasCover &&
    markup`<div class="big"> ${picture(cover, { cls: 'img-cover', shownAt: 351, width: 351, height: 197, loading, priority, sizes: '(min-width: 800px) 776px, calc(100vw - 1.5rem)' })} ${badge} </div>`;
  const when =
    layout === 'live' && item.liveType === 0 && item.startTime
      ? markup`<span>${item.startTime} 开始</span>`
      : showTime && markup`<time${attr('datetime', item.publishTime)}>${time}</time>`;
  const meta = markup`<p class="meta"> ${tags.map((t) => markup`<span class="tag">${t}</span>`)} ${liveLabel !== '' && layout !== 'live' && markup`<span class="tag">${liveLabel}</span>`} ${item.source !== '' && markup`<span class="src">${item.source}</span>`} ${when} ${views !== '' && markup`<span>${views}</span>`} </p>`;

  const inner = markup` <a${itemLinkAttrs(item)}> ${thumb} <div class="body"> ${title} ${pictures} ${big} ${meta} </div> </a> `;
  return { layout, entity: false, inner: inner.toString() };
}
