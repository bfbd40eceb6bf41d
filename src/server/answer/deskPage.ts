/**
 * A desk's list answer. A desk reads one row past the page: that row says whether a next page exists, so the console
 * offers 下一页 only when there is one — a page exactly full is the last one, not an empty next page. The queue
 * repositories take the rows to read as a `PageWindow`, and `readDeskPage` is the one place that makes it.
 */
export interface DeskPage<T> {
  items: T[];
  /** A next page exists. */
  hasMore: boolean;
  pageSize: number;
}

/** The rows a queue repository reads: `limit` rows from `offset` (the page and one row past it). */
export interface PageWindow {
  limit: number;
  offset: number;
}

/** Page `page` (from 1) of `pageSize` items, read by `read` one row past the page; answers the page and whether more follow. */
export async function readDeskPage<T>(page: number, pageSize: number, read: (window: PageWindow) => Promise<readonly T[]>): Promise<DeskPage<T>> {
  const rows = await read({ limit: pageSize + 1, offset: (page - 1) * pageSize });
  return { items: rows.slice(0, pageSize), hasMore: rows.length > pageSize, pageSize };
}
