/**
 * Loads a vertical flow-video feed (/flowVideoPage, /home/HomeFlowVideoPage): the videos of a column,
 * or of a channel when the class id is a channel; one page at a time.
 */
import { getEndpoint } from '../../client/getEndpoint.ts';
import { ClassId, Page } from '../../contract/fields.ts';
import { channelList, newsListByColumn, type ListItem } from '../../contract/news.ts';
import type { PageLoad } from '../../features/paging/pageLoad.ts';

export interface FlowVideoData {
  classId: number;
  page: number;
  videos: ListItem[];
  /** The source list had more items (the next page may hold videos). */
  more: boolean;
}

export type FlowLoad = PageLoad<FlowVideoData>;

const PAGE_SIZE = 20;

export async function loadFlowVideos(search: URLSearchParams): Promise<FlowLoad> {
  const classId = ClassId.safeParse(search.get('classId') ?? undefined);
  const page = Page.safeParse(search.get('page') ?? undefined);
  if (!classId.success || !page.success) return { kind: 'notFound' };
  try {
    let items: ListItem[] | null = null;
    if (classId.data > 0) {
      const column = await getEndpoint(newsListByColumn, { columnId: classId.data, page: page.data, pageSize: PAGE_SIZE });
      if (column.statusCode === 200 && (column.data.length > 0 || page.data > 1)) items = column.data;
    }
    if (items === null) {
      const channel = await getEndpoint(channelList, { channelId: classId.data, page: page.data, pageSize: PAGE_SIZE });
      if (channel.statusCode === 404) return { kind: 'notFound' };
      if (channel.statusCode !== 200) return { kind: 'error' };
      items = channel.data;
    }
    const videos = items.filter((i) => i.isVideo === 1 && i.videoUrl !== '');
    return { kind: 'ok', view: { classId: classId.data, page: page.data, videos, more: items.length > 0 } };
  } catch {
    return { kind: 'error' };
  }
}
