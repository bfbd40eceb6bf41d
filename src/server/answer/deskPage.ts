/**
 * A desk's list answer. The desks' queue repositories read one row past the page (`limit pageSize + 1`): that row
 * says whether a next page exists, so the console offers 下一页 only when there is one — a page exactly full is
 * the last one, not an empty next page.
 */
export interface DeskPage<T> {
  items: T[];
  /** A next page exists. */
  hasMore: boolean;
  pageSize: number;
}

/** The page of `rows` read one past the page, and whether the extra row was there. */
export function deskPage<T>(rows: readonly T[], pageSize: number): DeskPage<T> {
  return { items: rows.slice(0, pageSize), hasMore: rows.length > pageSize, pageSize };
}
