/**
 * The thumb of every like button (ThumbIcon.astro; comment entries built in code, commentEntryHtml.ts): it fills
 * when its button is pressed (`aria-pressed="true"`, set by the button's script), by the global rule in thumbIcon.css.
 */
import { markup, type Html } from '../../lib/html.ts';

export function thumbIconHtml(size: number, strokeWidth = 1.6): Html {
  return markup`<svg class="thumb" viewBox="0 0 24 24" width="${size}" height="${size}" aria-hidden="true"> <path d="M7 10v10H4V10zM7 10l4-7c1.5 0 2.5 1 2.2 2.6L12.6 9H19a2 2 0 0 1 2 2.3l-1.3 7A2 2 0 0 1 17.7 20H7" fill="none" stroke="currentColor" stroke-width="${strokeWidth}" stroke-linejoin="round"></path> </svg>`;
}
