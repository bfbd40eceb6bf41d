/** Loads a home channel page through the API client: channels, banners, one page of its list, and topics on 推荐. */
import { getEndpoint } from '../../client/getEndpoint.ts';
import { ClassId, Page } from '../../contract/fields.ts';
import { channelGetList, channelHome, topicsCollect, type Banner, type Channel, type ListItem, type Topic } from '../../contract/news.ts';
import type { PageLoad } from '../../features/paging/pageLoad.ts';

export type { PageLoad } from '../../features/paging/pageLoad.ts';

export interface HomeChannelView {
  channels: Channel[];
  channel: Channel;
  banners: Banner[];
  items: ListItem[];
  page: number;
  /** The topic carousel of the first page of 推荐 (topics of column 105 专题). */
  topics: Topic[];
}

const RECOMMEND_CHANNEL_ID = 1;
const TOPIC_COLUMN_ID = 105;

/** `before`, `after`: the list's snapshot anchor and keyset cursor from the URL (src/features/paging/pageLoad.ts). */
export async function loadHomeChannel(rawId: string | undefined, rawPage: string | null, before?: number, after?: number): Promise<PageLoad<HomeChannelView>> {
  const id = ClassId.safeParse(rawId);
  const page = Page.safeParse(rawPage ?? undefined);
  if (!id.success || !page.success) return { kind: 'notFound' };
  try {
    const withTopics = id.data === RECOMMEND_CHANNEL_ID && page.data === 1;
    const [channels, home, topics] = await Promise.all([
      getEndpoint(channelGetList, { type: 'web' }),
      getEndpoint(channelHome, { channelId: id.data, page: page.data, before, after }),
      withTopics ? getEndpoint(topicsCollect, { columnId: TOPIC_COLUMN_ID, page: 1 }) : Promise.resolve(null),
    ]);
    if (channels.statusCode !== 200 || home.statusCode === 404) return { kind: 'notFound' };
    const channel = channels.data.find((ch) => ch.channelid === id.data);
    if (!channel || home.statusCode !== 200) return { kind: 'notFound' };
    return {
      kind: 'ok',
      view: {
        channels: channels.data,
        channel,
        banners: home.data.banner,
        items: home.data.list,
        page: page.data,
        // A failed topic call only hides the carousel: the news list matters more.
        topics: topics?.statusCode === 200 ? topics.data : [],
      },
    };
  } catch {
    return { kind: 'error' };
  }
}
