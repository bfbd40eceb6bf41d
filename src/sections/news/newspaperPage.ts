/** A page of /readNewspaper: the editions of one page and its number. */
import type { NewspaperSummary } from '../../contract/news.ts';

/** Editions a page carries (two columns of six rows); later pages come with ?page= (加载更多). */
export const NEWSPAPER_PAGE_SIZE = 12;

export interface NewspaperListPage {
  papers: NewspaperSummary[];
  page: number;
}
