import { describe, expect, it } from 'vitest';
import type { Channel } from '../../contract/news.ts';
import { channelLinksHtml } from './channelLinksHtml.ts';

const channel = (channelid: number, channelname: string, over: Partial<Channel> = {}): Channel =>
  ({ channelid, channelname, channelpath: `/home/${channelid}`, channelClass: [], kind: 'news', ...over }) as Channel;

describe('channelLinksHtml (the home tab strip and the channel popup)', () => {
  const channels = [channel(1, '推荐'), channel(2, '国内', { kind: 'domestic' }), channel(3, '<重庆>')];

  it('marks the current channel for readers and styles, and only it', () => {
    const html = channelLinksHtml(channels, 3, { base: '/shancheng' });
    expect(html.match(/aria-current/g)).toHaveLength(1);
    expect(html).toContain('<li> <a href="/shancheng/home/3" aria-current="page"> &lt;重庆&gt; </a> </li>');
    expect(html).toContain('<li> <a href="/shancheng/home/1"> 推荐 </a> </li>');
    expect(channelLinksHtml(channels, null, { base: '/shancheng' })).not.toContain('aria-current');
  });

  it('marks 国内 for its district name on the strip alone', () => {
    expect(channelLinksHtml(channels, 1, { base: '', markDomestic: true })).toContain('<a href="/home/2" data-domestic> 国内 </a>');
    expect(channelLinksHtml(channels, 1, { base: '' })).not.toContain('data-domestic');
  });
});
