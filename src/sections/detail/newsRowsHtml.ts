/**
 * The rows of a detail page's related news (RelatedNews.astro) and hot news (HotNews.astro), built as strings
 * (src/lib/html.ts, as the news cards are: Astro renders each row's expressions through its runtime, on every
 * uncached detail). The lists themselves stay their components', so the scoped styles reach the rows through
 * `:global(…)` there.
 */
import type { ListItem } from '../../contract/news.ts';
import { jumpData } from '../../bridge/jumpData.ts';
import { formatCount } from '../../lib/formatCount.ts';
import { attr, markup, type Html } from '../../lib/html.ts';
import { thumbAttrs } from '../../lib/mediaSrcset.ts';
import { decideItemJump } from '../../routing/jump.ts';
import { DEFAULT_PICTURE } from './defaultPicture.ts';

const link = (item: ListItem): Html => markup`${attr('href', decideItemJump(item)?.href)}${attr('data-jump', jumpData(item))}`;

/** Related stories with a picture: a picture card each (a broken picture falls back to the default, spec 8). */
export function relatedGridHtml(items: readonly ListItem[]): string {
  const rows = items.map((item) => {
    const t = thumbAttrs(item.imageUrl[0] || DEFAULT_PICTURE, 170);
    return markup`<li> <a${link(item)}> <img${attr('src', t.src)}${attr('srcset', t.srcset)}${attr('sizes', t.sizes)} width="170" height="113" alt="" loading="lazy" decoding="async"${attr('data-fallback', DEFAULT_PICTURE)}> <span class="rn-title clamp-2">${item.title}</span> </a> </li>`;
  });
  return markup` ${rows} `.toString();
}

/** Related stories without a picture: the title and its source. */
export function relatedTextHtml(items: readonly ListItem[]): string {
  const rows = items.map(
    (item) =>
      markup`<li> <a${link(item)}> <span class="rn-title clamp-2">${item.title}</span> ${item.source !== '' && markup`<span class="rn-meta">${item.source}</span>`} </a> </li>`,
  );
  return markup` ${rows} `.toString();
}

/** Hot news, numbered; the first three stand out. */
export function hotRowsHtml(items: readonly ListItem[]): string {
  const rows = items.map(
    (item, i) =>
      markup`<li> <a${link(item)}> <span class="${i < 3 ? 'hn-rank top' : 'hn-rank'}">${i + 1}</span> <span class="hn-title">${item.title}</span> <span class="hn-pv">${formatCount(item.pv)}</span> </a> </li>`,
  );
  return markup` ${rows} `.toString();
}
