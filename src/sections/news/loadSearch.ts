/** The search page: hot words always; results for ?search= (validated by the contract's rules). */
import { getEndpoint } from '../../client/getEndpoint.ts';
import { newsHotWord, searchHome, SearchWord, type ListItem } from '../../contract/news.ts';
import { loadPaged, type PageLoad } from '../../features/paging/pageLoad.ts';

export interface SearchView {
  word: string;
  /** null before a search; a validation message replaces the results when the word is refused. */
  items: ListItem[] | null;
  error: string;
  hotWords: string[];
  page: number;
}

export function loadSearch(url: URL): Promise<PageLoad<SearchView>> {
  return loadPaged<SearchView>(url, async (page) => {
    const raw = url.searchParams.get('search');
    const parsed = raw === null || raw.trim() === '' ? null : SearchWord.safeParse(raw);
    const [hot, found] = await Promise.all([
      getEndpoint(newsHotWord),
      parsed?.success ? getEndpoint(searchHome, { search: parsed.data, page }) : Promise.resolve(null),
    ]);
    if (found && found.statusCode !== 200) return { kind: 'error' };
    return {
      kind: 'ok',
      view: {
        word: parsed?.success ? parsed.data : (raw ?? '').slice(0, 40),
        items: found ? found.data : null,
        error: parsed && !parsed.success ? (parsed.error.issues[0]?.message ?? '搜索内容有误') : '',
        hotWords: hot.statusCode === 200 ? hot.data.map((h) => h.word) : [],
        page,
      },
    };
  });
}
