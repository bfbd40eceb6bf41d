/** Loads one page of any news list endpoint for a list page; 404 envelopes become the not-found page. */
import { getEndpoint } from '../../client/getEndpoint.ts';
import type { Envelope } from '../../contract/envelope.ts';
import { tabNav, type ListItem, type TabNavItem } from '../../contract/news.ts';
import { dataOr404, failedLoad, loadPaged, type PageLoad } from '../../features/paging/pageLoad.ts';

export interface NewsListView {
  items: ListItem[];
  page: number;
  /** The picture or video tab bar of the page (spec 2.3), when it has one. */
  tabs: TabNavItem[];
}

export function loadNewsList(url: URL, call: (page: number) => Promise<Envelope<ListItem[]>>, tabType?: 'image' | 'video'): Promise<PageLoad<NewsListView>> {
  return loadPaged<NewsListView>(url, async (page) => {
    const [list, tabs] = await Promise.all([call(page), tabType ? getEndpoint(tabNav, { tabType }) : Promise.resolve(null)]);
    const res = dataOr404(list);
    if (!res.ok) return failedLoad(res);
    return { kind: 'ok', view: { items: res.data, page, tabs: tabs?.statusCode === 200 ? tabs.data : [] } };
  });
}
