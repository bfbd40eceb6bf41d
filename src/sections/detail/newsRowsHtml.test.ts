import { describe, expect, it } from 'vitest';
import type { ListItem } from '../../contract/news.ts';
import { BASE_PATH } from '../../lib/safeUrl.ts';
import { listItem } from '../../../tests/support/listItem.ts';
import { DEFAULT_PICTURE } from './defaultPicture.ts';
import { hotRowsHtml, relatedGridHtml, relatedTextHtml } from './newsRowsHtml.ts';

const item = (id: number, over: Partial<ListItem> = {}): ListItem => listItem({ id, title: `稿件${id}`, ...over });

describe('related and hot news rows', () => {
  it('escape the title and source an editor or a feed wrote', () => {
    const bad = item(1, { title: '<script>x</script>', source: '"><b>', imageUrl: ['/media/news/1-1.webp'] });
    for (const html of [relatedGridHtml([bad]), relatedTextHtml([bad]), hotRowsHtml([bad])]) {
      expect(html).not.toMatch(/<script|<b>/);
      expect(html).toContain('&lt;script&gt;x&lt;/script&gt;');
    }
    expect(relatedTextHtml([bad])).toContain('<span class="rn-meta">&quot;&gt;&lt;b&gt;</span>');
  });

  it('a picture card links the story, sizes its picture and names the default to fall back to', () => {
    const html = relatedGridHtml([item(2, { imageUrl: ['/media/news/2-1.webp'] })]);
    expect(html).toContain(
      `<a href="${BASE_PATH}/NewsDetail?classId=101&amp;newsId=2" data-jump="{&quot;dt&quot;:3,&quot;cid&quot;:101,&quot;nid&quot;:2,&quot;cnId&quot;:1}">`,
    );
    expect(html).toContain('src="/media/news/2-1.webp?w=480"');
    expect(html).toContain('sizes="170px" width="170" height="113" alt="" loading="lazy" decoding="async"');
    expect(html).toContain(`data-fallback="${DEFAULT_PICTURE.replaceAll('&', '&amp;').replaceAll('"', '&quot;')}"`);
  });

  it('a text row shows its source only when it has one', () => {
    expect(relatedTextHtml([item(3, { source: '重庆日报' })])).toContain('<span class="rn-meta">重庆日报</span>');
    expect(relatedTextHtml([item(3)])).not.toContain('rn-meta');
  });

  it('hot news are numbered from 1, the first three marked, with their reads', () => {
    const html = hotRowsHtml([1, 2, 3, 4].map((id) => item(id, { pv: 123456 })));
    expect(html.match(/class="hn-rank top"/g)).toHaveLength(3);
    expect(html).toContain('<span class="hn-rank">4</span>');
    expect(html).toContain('<span class="hn-pv">12.3万</span>');
  });

  it('an empty list is empty', () => {
    expect(relatedGridHtml([]).trim()).toBe('');
    expect(hotRowsHtml([]).trim()).toBe('');
  });
});
