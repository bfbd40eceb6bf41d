import { describe, expect, it } from 'vitest';
import { readDeskPage, type PageWindow } from './deskPage.ts';

/** A list of `count` rows numbered from 1, read through a window as a repository would; remembers the window asked for. */
function listOf(count: number) {
  const rows = Array.from({ length: count }, (_, i) => i + 1);
  const asked: PageWindow[] = [];
  const read = (window: PageWindow) => {
    asked.push(window);
    return Promise.resolve(rows.slice(window.offset, window.offset + window.limit));
  };
  return { read, asked };
}

describe('readDeskPage', () => {
  it.each([
    { rows: 45, page: 1, window: { limit: 21, offset: 0 }, first: 1, size: 20, hasMore: true },
    { rows: 45, page: 2, window: { limit: 21, offset: 20 }, first: 21, size: 20, hasMore: true },
    { rows: 45, page: 3, window: { limit: 21, offset: 40 }, first: 41, size: 5, hasMore: false },
    // A page exactly full is the last one: no empty next page.
    { rows: 40, page: 2, window: { limit: 21, offset: 20 }, first: 21, size: 20, hasMore: false },
    { rows: 0, page: 1, window: { limit: 21, offset: 0 }, first: undefined, size: 0, hasMore: false },
  ])('reads one row past page $page of $rows and says whether more follow ($hasMore)', async ({ rows, page, window, first, size, hasMore }) => {
    const list = listOf(rows);
    const answer = await readDeskPage(page, 20, list.read);
    expect(list.asked).toEqual([window]);
    expect(answer).toEqual({ items: first === undefined ? [] : Array.from({ length: size }, (_, i) => first + i), hasMore, pageSize: 20 });
  });
});
