import { describe, expect, it } from 'vitest';
import { parseCustomApiUrl } from './loadColumn.ts';

describe('parseCustomApiUrl (never a free URL: the page only calls its own column list)', () => {
  it.each([
    ['/v1/news/getListByColumnId?columnId=101', 101],
    ['/v1/news/getListByColumnId?columnId=1301&page=2', 1301],
    ['https://evil.example/v1/news/getListByColumnId?columnId=101', null],
    ['//evil.example/v1/news/getListByColumnId?columnId=101', null],
    ['/v1/user/baseInfo?columnId=101', null],
    ['/v1/news/getListByColumnId?columnId=abc', null],
    ['/v1/news/getListByColumnId', null],
    ['', null],
    [null, null],
  ])('%j → %j', (raw, id) => {
    expect(parseCustomApiUrl(raw)).toBe(id);
  });
});
