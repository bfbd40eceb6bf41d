/** Loads the channel strip of a home tab page together with the page's own data. */
import { getEndpoint } from '../../client/getEndpoint.ts';
import { channelGetList, type Channel } from '../../contract/news.ts';
import { loadSafely, type PageLoad } from '../../features/paging/pageLoad.ts';

export interface HomeTab<T> {
  channels: Channel[];
  /** The active tab: the channel of the given kind (county, domestic, hot …) or id. */
  active: Channel | null;
  view: T;
}

export function loadHomeTab<T>(active: { kind: string } | { id: number }, load: () => Promise<PageLoad<T>>): Promise<PageLoad<HomeTab<T>>> {
  return loadSafely(async () => {
    const [channels, own] = await Promise.all([getEndpoint(channelGetList, { type: 'web' }), load()]);
    if (own.kind !== 'ok') return own;
    if (channels.statusCode !== 200) return { kind: 'error' };
    const channel = channels.data.find((c) => ('kind' in active ? c.kind === active.kind : c.channelid === active.id)) ?? null;
    return { kind: 'ok', view: { channels: channels.data, active: channel, view: own.view } };
  });
}
