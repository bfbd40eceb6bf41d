/**
 * The attributes of a link to a list item, for markup built in code (src/lib/html.ts): its `href` from the jump
 * table (spec 2.4), a new tab for an outside site, and `data-jump` for the host app (jumpData.ts). The news cards
 * and a detail page's related and hot rows use it, so a story opens the same way from each.
 */
import type { ListItem } from '../contract/news.ts';
import { attr, markup, type Html } from '../lib/html.ts';
import { decideItemJump } from '../routing/jump.ts';
import { jumpData } from './jumpData.ts';

export function itemLinkAttrs(item: ListItem): Html {
  const jump = decideItemJump(item);
  const external = jump?.external ?? false;
  return markup`${attr('href', jump?.href)}${attr('target', external && '_blank')}${attr('rel', external && 'noopener noreferrer')}${attr('data-jump', jumpData(item))}`;
}
