/** A list item (spec 3 card data) for unit tests of what renders one: a plain story of column 101, no picture. */
import type { ListItem } from '../../src/contract/news.ts';

export function listItem(over: Partial<ListItem> = {}): ListItem {
  return {
    ...{ id: 1, classId: 101, dataType: 3, targetUrl: '', channelId: 1, showType: 1, category: '', title: '稿件', imageUrl: [], imageNum: 0 },
    ...{ label: '', isTop: 0, topTitle: '', smallText: '', intro: '', customImage: '', isVideo: 0, videoUrl: '', videoTime: '', pv: 0 },
    ...{ interactNum: 0, time: '2026-11-20 09:53', publishTime: '2026-11-20T01:53:00.000Z', source: '', liveType: 0, startTime: '' },
    ...over,
  };
}
