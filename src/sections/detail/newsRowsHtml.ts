/**
 * The rows of a detail page's related news (RelatedNews.astro) and hot news (HotNews.astro), built as strings
 * (src/lib/html.ts, as the news cards are: Astro renders each row's expressions through its runtime, on every
 * uncached detail). The lists themselves stay their components', so the scoped styles reach the rows through
 * `:global(…)` there.
 */
import type { ListItem } from '../../contract/news.ts';
import { itemLinkAttrs } from '../../bridge/itemLinkAttrs.ts';
import { formatCount } from '../../lib/formatCount.ts';
import { attr, markup } from '../../lib/html.ts';
import { thumbImgAttrs } from '../../lib/mediaSrcset.ts';
import { DEFAULT_PICTURE } from './defaultPicture.ts';

/** Related stories with a picture: a picture card each (a broken picture falls back to the default, spec 8). */
export function relatedGridHtml(items: readonly ListItem[]): string {
  const rows = items.map(
    (item) =>
      markup`<li> <a${itemLinkAttrs(item)}> <img${thumbImgAttrs(item.imageUrl[0] || DEFAULT_PICTURE, 170)} width="170" height="113" alt="" loading="lazy" decoding="async"${attr('data-fallback', DEFAULT_PICTURE)}> <span class="rn-title clamp-2">${item.title}</span> </a> </li>`,
  );
  return markup` ${rows} `.toString();
}

/** Related stories without a picture: the title and its source. */
export function relatedTextHtml(items: readonly ListItem[]): string {
  const rows = items.map(
    (item) =>
      markup`<li> <a${itemLinkAttrs(item)}> <span class="rn-title clamp-2">${item.title}</span> ${item.source !== '' && markup`<span class="rn-meta">${item.source}</span>`} </a> </li>`,
  );
  return markup` ${rows} `.toString();
}

/** Hot news, numbered; the first three stand out. */
export function hotRowsHtml(items: readonly ListItem[]): string {
  const rows = items.map(
    (item, i) =>
      markup`<li> <a${itemLinkAttrs(item)}> <span class="${i < 3 ? 'hn-rank top' : 'hn-rank'}">${i + 1}</span> <span class="hn-title">${item.title}</span> <span class="hn-pv">${formatCount(item.pv)}</span> </a> </li>`,
  );
  return markup` ${rows} `.toString();
}
