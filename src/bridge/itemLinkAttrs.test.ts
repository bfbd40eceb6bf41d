import { describe, expect, it } from 'vitest';
import type { ListItem } from '../contract/news.ts';
import { BASE_PATH } from '../lib/safeUrl.ts';
import { listItem } from '../../tests/support/listItem.ts';
import { itemLinkAttrs } from './itemLinkAttrs.ts';

const item = (over: Partial<ListItem>): ListItem => listItem({ id: 12, ...over });

describe('itemLinkAttrs (a link to a list item, built in code)', () => {
  it('a story of ours opens in place and carries its jump for the app', () => {
    expect(String(itemLinkAttrs(item({})))).toBe(
      ` href="${BASE_PATH}/NewsDetail?classId=101&amp;newsId=12" data-jump="{&quot;dt&quot;:3,&quot;cid&quot;:101,&quot;nid&quot;:12,&quot;cnId&quot;:1}"`,
    );
  });

  it('an outside page opens in a new tab that cannot reach back', () => {
    const html = String(itemLinkAttrs(item({ dataType: 7, targetUrl: 'https://www.cqnews.net/a?x=1&y=2' })));
    expect(html).toContain(' href="https://www.cqnews.net/a?x=1&amp;y=2" target="_blank" rel="noopener noreferrer" data-jump=');
  });

  it('an outside address that fails the safe-URL gate leads nowhere', () => {
    const html = String(itemLinkAttrs(item({ dataType: 7, targetUrl: 'javascript:alert(1)' })));
    expect(html).not.toMatch(/href=|target=/);
    expect(html).toMatch(/^ data-jump="/);
  });
});
