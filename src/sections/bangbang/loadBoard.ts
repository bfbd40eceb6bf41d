/**
 * Loaders of the board's home (/BangBang/index), services (/BangBang/serve/index) and search
 * (/BangBang/SearchPage): each calls the API through the shared client and gives the page its view.
 */
import { getEndpoint } from '../../client/getEndpoint.ts';
import {
  bangHome,
  bangHotSearch,
  bangSearch,
  memberTopSearch,
  serviceGetService,
  wendaSearch,
  wenzhengSearch,
  type BangHome,
  type BangSearchResult,
  type HotSearch,
  type MemberItem,
  type PoliticsListItem,
  type QuestionListItem,
  type ServiceGroup,
} from '../../contract/bangbang.ts';
import { Keyword } from '../../contract/bangbang.ts';
import { dataOr404, loadPaged, loadSafely, type PageLoad } from '../../features/paging/pageLoad.ts';

export type HomeTab = 'new' | 'hot';

export interface BangHomeView {
  home: BangHome;
  hotSearches: HotSearch[];
  tab: HomeTab;
}

export function loadBangHome(url: URL): Promise<PageLoad<BangHomeView>> {
  return loadSafely<BangHomeView>(async () => {
    const [home, hot] = await Promise.all([getEndpoint(bangHome, {}), getEndpoint(bangHotSearch, {})]);
    const h = dataOr404(home);
    if (!h.ok) return { kind: 'error' };
    // Hot searches are an extra: the home is whole without them.
    const words = hot.statusCode === 200 ? hot.data : [];
    return { kind: 'ok', view: { home: h.data, hotSearches: words, tab: url.searchParams.get('tab') === 'hot' ? 'hot' : 'new' } };
  });
}

export function loadServices(): Promise<PageLoad<ServiceGroup[]>> {
  return loadSafely<ServiceGroup[]>(async () => {
    const res = dataOr404(await getEndpoint(serviceGetService, {}));
    return res.ok ? { kind: 'ok', view: res.data } : { kind: 'error' };
  });
}

/** Items per page of a search kind's own list (?kind=qa, politics or member), and of each kind in the "all" view. */
export const SEARCH_PAGE_SIZE = 10;

export type SearchKind = 'all' | 'qa' | 'politics' | 'member';

export interface BangSearchView {
  word: string;
  kind: SearchKind;
  page: number;
  hotSearches: HotSearch[];
  /** The reader's word refused by the contract (too long …): its Chinese message. */
  error: string | null;
  /** kind=all: the first results of every kind. */
  all: BangSearchResult | null;
  /** kind=qa: a page of questions. */
  questions: QuestionListItem[] | null;
  /** kind=politics: a page of 问政. */
  politics: PoliticsListItem[] | null;
  /** kind=member: a page of members. */
  members: MemberItem[] | null;
}

export function readSearchKind(url: URL): SearchKind {
  const k = url.searchParams.get('kind');
  return k === 'qa' || k === 'politics' || k === 'member' ? k : 'all';
}

export function loadBangSearch(url: URL): Promise<PageLoad<BangSearchView>> {
  return loadPaged<BangSearchView>(url, async (page) => {
    const raw = url.searchParams.get('search') ?? '';
    const kind = readSearchKind(url);
    const view: BangSearchView = { word: raw.trim(), kind, page, hotSearches: [], error: null, all: null, questions: null, politics: null, members: null };
    // The hot searches show only before a word is asked: a search does not fetch them.
    if (view.word === '') {
      const hot = await getEndpoint(bangHotSearch, {});
      return { kind: 'ok', view: { ...view, hotSearches: hot.statusCode === 200 ? hot.data : [] } };
    }
    const parsed = Keyword.safeParse(raw);
    if (!parsed.success) return { kind: 'ok', view: { ...view, error: parsed.error.issues[0]?.message ?? '搜索内容有误' } };
    const query = { keyword: parsed.data, page, pageSize: SEARCH_PAGE_SIZE };
    if (kind === 'qa') {
      const res = dataOr404(await getEndpoint(wendaSearch, query));
      return res.ok ? { kind: 'ok', view: { ...view, questions: res.data } } : { kind: 'error' };
    }
    if (kind === 'politics') {
      const res = dataOr404(await getEndpoint(wenzhengSearch, query));
      return res.ok ? { kind: 'ok', view: { ...view, politics: res.data } } : { kind: 'error' };
    }
    if (kind === 'member') {
      const res = dataOr404(await getEndpoint(memberTopSearch, query));
      return res.ok ? { kind: 'ok', view: { ...view, members: res.data } } : { kind: 'error' };
    }
    if (page > 1) return { kind: 'notFound' };
    const res = dataOr404(await getEndpoint(bangSearch, { keyword: parsed.data, pageSize: SEARCH_PAGE_SIZE }));
    return res.ok ? { kind: 'ok', view: { ...view, all: res.data } } : { kind: 'error' };
  });
}
