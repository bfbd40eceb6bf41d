/** Addresses of the board's pages (spec 2.7). `fromSearch` marks a result opened from the board search (back rule). */
import { BASE_PATH } from '../../lib/safeUrl.ts';

const BANG = `${BASE_PATH}/BangBang`;

function withFrom(href: string, fromSearch: boolean): string {
  return fromSearch ? `${href}&fromSearch=1` : href;
}

export const boardLinks = {
  home: `${BANG}/index`,
  search: `${BANG}/SearchPage`,
  serve: `${BANG}/serve/index`,
  politics: `${BANG}/politics/index`,
  qaDetail: (id: number, fromSearch = false) => withFrom(`${BANG}/QA/detail?id=${id}`, fromSearch),
  politicsDetail: (id: number, fromSearch = false) => withFrom(`${BANG}/politics/detail?id=${id}`, fromSearch),
  searchFor: (word: string, kind?: 'qa' | 'politics' | 'member') => `${BANG}/SearchPage?search=${encodeURIComponent(word)}${kind ? `&kind=${kind}` : ''}`,
};
