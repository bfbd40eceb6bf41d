/**
 * The channel links of the home tab strip (ChannelTabs.astro) and of the channel popup (ChannelMenu.astro), built
 * as a string (src/lib/html.ts, as the news cards are): a link per channel on every home tab page, each of whose
 * expressions Astro would otherwise render through its runtime. The current channel is marked `aria-current`, which
 * is also what both lists style it by. The lists stay their components', whose scoped styles reach the links through
 * `:global(…)`.
 */
import type { Channel } from '../../contract/news.ts';
import { attr, markup } from '../../lib/html.ts';

export interface ChannelLinksOptions {
  /** The site's base path without a trailing slash. */
  base: string;
  /** Mark 国内 for the script that names it after the reader's district (the strip only). */
  markDomestic?: boolean;
}

export function channelLinksHtml(channels: readonly Channel[], activeId: number | null, { base, markDomestic = false }: ChannelLinksOptions): string {
  const links = channels.map(
    (ch) =>
      markup`<li> <a href="${base}${ch.channelpath}"${attr('aria-current', ch.channelid === activeId && 'page')}${attr('data-domestic', markDomestic && ch.kind === 'domestic' && '')}> ${ch.channelname} </a> </li>`,
  );
  return markup` ${links} `.toString();
}
