/** Loaders of the publisher-account (山城号) pages. */
import { getEndpoint } from '../../client/getEndpoint.ts';
import { Id } from '../../contract/fields.ts';
import {
  accountHeadPage,
  accountInfo,
  accountNewsList,
  accountRecommendList,
  type AccountInfo,
  type AccountStripItem,
  type ListItem,
} from '../../contract/news.ts';
import { dataOr404, failedLoad, loadPaged, loadSafely, type PageLoad, readPage } from '../../features/paging/pageLoad.ts';

export interface AccountsFeedView {
  accounts: AccountStripItem[];
  items: ListItem[];
  page: number;
}

export function loadAccountsFeed(url: URL): Promise<PageLoad<AccountsFeedView>> {
  return loadPaged<AccountsFeedView>(url, async (page) => {
    const [strip, feed] = await Promise.all([getEndpoint(accountRecommendList), getEndpoint(accountNewsList, { page })]);
    if (strip.statusCode !== 200 || feed.statusCode !== 200) return { kind: 'error' };
    return { kind: 'ok', view: { accounts: strip.data, items: feed.data, page } };
  });
}

export interface AccountView {
  account: AccountInfo;
  /** null when the account home may not be viewed (spec 5: isJump falsy). */
  items: ListItem[] | null;
  page: number;
  closedMessage: string;
}

export function loadAccount(url: URL, withNews: boolean): Promise<PageLoad<AccountView>> {
  return loadSafely<AccountView>(async () => {
    const id = Id.safeParse(url.searchParams.get('classId') ?? undefined);
    const page = readPage(url);
    if (!id.success || page === null) return { kind: 'notFound', message: '山城号不存在' };
    const [info, news] = await Promise.all([
      getEndpoint(accountInfo, { classId: id.data }),
      withNews ? getEndpoint(accountHeadPage, { classId: id.data, page }) : Promise.resolve(null),
    ]);
    const a = dataOr404(info);
    if (!a.ok) return failedLoad(a);
    if (news && news.statusCode !== 200 && news.statusCode !== 403) return { kind: 'error' };
    return {
      kind: 'ok',
      view: { account: a.data, items: news?.statusCode === 200 ? news.data : null, page, closedMessage: news?.statusCode === 403 ? news.message : '' },
    };
  });
}
