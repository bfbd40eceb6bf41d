/**
 * The small dark label on a picture's corner (PictureBadge.astro): its class names, and its markup for cards built
 * in code (src/sections/news/newsCardHtml.ts). Its styles are global (pictureBadge.css), so both reach them.
 */
import { attr, markup, type Html } from '../../lib/html.ts';

export type PictureBadgeSize = 'small' | 'large';

export function pictureBadgeClass(size: PictureBadgeSize): string {
  return `picture-badge ${size}`;
}

export function pictureBadgeHtml(text: string, size: PictureBadgeSize = 'small', label?: string): Html {
  return markup`<span class="${pictureBadgeClass(size)}"${attr('aria-label', label)}>${text}</span>`;
}
