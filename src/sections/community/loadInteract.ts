/** Loaders of the 互动 tab (/interact/*) and the 山城+ fallback: the 山城号 square and the hub. */
import { getEndpoint } from '../../client/getEndpoint.ts';
import { photoList, type ReaderPhoto } from '../../contract/interact.ts';
import { accountNewsList, accountSquareList, type AccountInfo, type ListItem } from '../../contract/news.ts';
import { loadPaged, type PageLoad } from '../../features/paging/pageLoad.ts';

export interface SquareView {
  accounts: AccountInfo[];
  page: number;
}

/** One page of the 山城号 square (?page from 1; an empty page ends the list). */
export function loadSquare(url: URL): Promise<PageLoad<SquareView>> {
  return loadPaged<SquareView>(url, async (page) => {
    const res = await getEndpoint(accountSquareList, { page, pageSize: 12 });
    if (res.statusCode !== 200) return { kind: 'error' };
    return { kind: 'ok', view: { accounts: res.data, page } };
  });
}

export interface InteractHomeView {
  accounts: AccountInfo[];
  items: ListItem[];
  page: number;
}

/** The hub: the first accounts of the square and the newest 山城号 articles (paged). */
export function loadInteractHome(url: URL): Promise<PageLoad<InteractHomeView>> {
  return loadPaged<InteractHomeView>(url, async (page) => {
    const [square, feed] = await Promise.all([
      page === 1 ? getEndpoint(accountSquareList, { page: 1, pageSize: 8 }) : Promise.resolve(null),
      getEndpoint(accountNewsList, { page }),
    ]);
    if ((square && square.statusCode !== 200) || feed.statusCode !== 200) return { kind: 'error' };
    return { kind: 'ok', view: { accounts: square?.data ?? [], items: feed.data, page } };
  });
}

export const PHOTO_PAGE_SIZE = 12;

export interface PhotoWallView {
  photos: ReaderPhoto[];
  page: number;
}

/** One page of the readers' photo wall (?page from 1). */
export function loadPhotoWall(url: URL): Promise<PageLoad<PhotoWallView>> {
  return loadPaged<PhotoWallView>(url, async (page) => {
    const res = await getEndpoint(photoList, { page, pageSize: PHOTO_PAGE_SIZE });
    if (res.statusCode !== 200) return { kind: 'error' };
    return { kind: 'ok', view: { photos: res.data, page } };
  });
}
