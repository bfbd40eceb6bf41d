/**
 * The column page (/columns, spec 2.4): columnId, mainColumnTitle (the active main channel tab, shown
 * with the channel's other columns as tabs) and noTab (present, even empty: no tabs). /subchannel reads
 * its list from an icon's api url, which must be one of our own column-list calls (never a free URL).
 */
import { getEndpoint } from '../../client/getEndpoint.ts';
import { Id } from '../../contract/fields.ts';
import { channelClassList, channelClassOne, columnList, newsListByColumn, type Column, type ColumnInfo, type ListItem } from '../../contract/news.ts';
import { dataOr404, failedLoad, loadSafely, type PageLoad, readAnchor, readCursor, readPage } from '../../features/paging/pageLoad.ts';

export interface ColumnView {
  column: ColumnInfo;
  /** Sibling columns of the same channel, or [] when the page shows no tabs. */
  tabs: Column[];
  mainColumnTitle: string;
  items: ListItem[];
  page: number;
}

export function loadColumn(url: URL): Promise<PageLoad<ColumnView>> {
  return loadSafely<ColumnView>(async () => {
    const id = Id.safeParse(url.searchParams.get('columnId') ?? undefined);
    const page = readPage(url);
    if (!id.success || page === null) return { kind: 'notFound', message: '栏目不存在' };
    const noTab = url.searchParams.has('noTab');
    const [one, list, groups] = await Promise.all([
      getEndpoint(channelClassOne, { columnId: id.data }),
      getEndpoint(columnList, { columnId: id.data, page, before: readAnchor(url), after: readCursor(url) }),
      noTab ? Promise.resolve(null) : getEndpoint(channelClassList, { from: 'wap' }),
    ]);
    const col = dataOr404(one);
    if (!col.ok) return failedLoad(col);
    const items = dataOr404(list);
    if (!items.ok) return { kind: 'error' };
    const tabs = groups?.statusCode === 200 ? (groups.data.find((g) => g.channelId === col.data.channelId)?.channelClass ?? []) : [];
    const mainColumnTitle = (url.searchParams.get('mainColumnTitle') ?? '').slice(0, 20);
    return { kind: 'ok', view: { column: col.data, tabs: tabs.length > 1 ? tabs : [], mainColumnTitle, items: items.data, page } };
  });
}

/** Reads `customApiUrl`: only `/v1/news/getListByColumnId?columnId=N` (with any host prefix dropped) is accepted. */
export function parseCustomApiUrl(raw: string | null): number | null {
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw, 'http://local.invalid');
  } catch {
    return null;
  }
  if (url.origin !== 'http://local.invalid' || url.pathname !== newsListByColumn.path) return null;
  const id = Id.safeParse(url.searchParams.get('columnId') ?? undefined);
  return id.success ? id.data : null;
}

export interface SubChannelView {
  title: string;
  items: ListItem[];
  page: number;
}

export function loadSubChannel(url: URL): Promise<PageLoad<SubChannelView>> {
  return loadSafely<SubChannelView>(async () => {
    const columnId = parseCustomApiUrl(url.searchParams.get('customApiUrl')) ?? Id.safeParse(url.searchParams.get('classId') ?? undefined).data ?? null;
    const page = readPage(url);
    if (columnId === null || page === null) return { kind: 'notFound', message: '栏目不存在' };
    const res = dataOr404(await getEndpoint(newsListByColumn, { columnId, page, before: readAnchor(url), after: readCursor(url) }));
    if (!res.ok) return failedLoad(res);
    const title = (url.searchParams.get('className') ?? '').trim().slice(0, 20) || '栏目';
    return { kind: 'ok', view: { title, items: res.data, page } };
  });
}
