/**
 * Loads what the rural pages show through the shared client (in process on the server). Bad
 * ids and unknown columns, villages or markets are 'notFound' (the 404 page); an API failure is 'error'.
 */
import { getEndpoint } from '../../client/getEndpoint.ts';
import { Id } from '../../contract/fields.ts';
import * as endpoint from '../../contract/rural.ts';
import type {
  CreditLevel,
  Deed,
  Expert,
  FarmerPost,
  Household,
  PriceBoard,
  Question,
  RuralColumn,
  RuralHome,
  RuralNews,
  RuralTab,
  Village,
} from '../../contract/rural.ts';
import { KEYWORD_MAX_CHARS, RURAL_QUESTION_TAGS, type RuralGroup } from '../../contract/ruralRules.ts';
import { dataOr404, decideNextHref, failedLoad, loadPaged, loadSafely, type PageLoad, readPage } from '../../features/paging/pageLoad.ts';

export const RURAL_PAGE_SIZE = 10;

function readId(url: URL, name: string): number | null | 'bad' {
  const raw = url.searchParams.get(name);
  if (raw === null || raw === '') return null;
  const parsed = Id.safeParse(raw);
  return parsed.success ? parsed.data : 'bad';
}

export function loadHome(): Promise<PageLoad<RuralHome>> {
  return loadSafely<RuralHome>(async () => {
    const res = await getEndpoint(endpoint.getRuralHome);
    return res.statusCode === 200 ? { kind: 'ok', view: res.data } : { kind: 'error' };
  });
}

export interface NewsListView {
  columns: RuralColumn[];
  /** The column shown (null: the whole group). */
  current: RuralColumn | null;
  items: RuralNews[];
  nextHref: string | null;
  page: number;
}

/**
 * One column's list (?classId) or, with `group`, the group's columns as tabs and the whole group under
 * 全部. Without ?classId and without a group, the first rural column.
 */
export function loadNewsList(url: URL, group?: RuralGroup): Promise<PageLoad<NewsListView>> {
  return loadSafely<NewsListView>(async () => {
    const page = readPage(url);
    const classId = readId(url, 'classId');
    if (page === null || classId === 'bad') return { kind: 'notFound', message: '栏目不存在' };
    const cols = await getEndpoint(endpoint.getRuralColumns);
    if (cols.statusCode !== 200) return { kind: 'error' };
    const columns = group ? cols.data.filter((c) => c.group === group) : cols.data;
    const current = classId === null ? (group ? null : (columns[0] ?? null)) : (columns.find((c) => c.id === classId) ?? undefined);
    if (current === undefined) return { kind: 'notFound', message: '栏目不存在' };
    const res = await getEndpoint(
      endpoint.getRuralNews,
      current ? { classId: current.id, page, pageSize: RURAL_PAGE_SIZE } : { group, page, pageSize: RURAL_PAGE_SIZE },
    );
    const list = dataOr404(res);
    if (!list.ok) return failedLoad(list);
    if (page > 1 && list.data.length === 0) return { kind: 'notFound', message: '没有更多了' };
    const nextHref = list.data.length < RURAL_PAGE_SIZE ? null : decideNextHref(url, page, list.data.length);
    return { kind: 'ok', view: { columns, current, items: list.data, nextHref, page } };
  });
}

export interface TabsView {
  tabs: RuralTab[];
  tab: RuralTab;
  /** The child tab shown (sub-general-tab), null on general-tab. */
  sub: RuralTab['children'][number] | null;
  items: RuralNews[];
  nextHref: string | null;
}

/** general-tab (?tab) and sub-general-tab (?tab&sub): tabs from configuration, the chosen column's news. */
export function loadTabs(url: URL, which: 'general' | 'sub'): Promise<PageLoad<TabsView>> {
  return loadSafely<TabsView>(async () => {
    const page = readPage(url);
    const tabId = readId(url, 'tab');
    const subId = readId(url, 'sub');
    if (page === null || tabId === 'bad' || subId === 'bad') return { kind: 'notFound', message: '栏目不存在' };
    const res = await getEndpoint(endpoint.getRuralTabs, { page: which });
    if (res.statusCode !== 200) return { kind: 'error' };
    const tabs = res.data;
    const tab = tabId === null ? tabs[0] : tabs.find((t) => t.id === tabId);
    if (!tab) return { kind: 'notFound', message: '栏目不存在' };
    const sub = which === 'sub' ? (subId === null ? tab.children[0] : tab.children.find((c) => c.id === subId)) : null;
    if (sub === undefined) return { kind: 'notFound', message: '栏目不存在' };
    const columnId = sub?.columnId ?? tab.columnId;
    const list = await getEndpoint(endpoint.getRuralNews, { classId: columnId, page, pageSize: RURAL_PAGE_SIZE });
    if (list.statusCode !== 200) return { kind: 'error' };
    const nextHref = list.data.length < RURAL_PAGE_SIZE ? null : decideNextHref(url, page, list.data.length);
    return { kind: 'ok', view: { tabs, tab, sub: sub ?? null, items: list.data, nextHref } };
  });
}

export interface VideoView {
  playing: RuralNews | null;
  items: RuralNews[];
}

/** video-page (?id plays that video; else the newest). */
export function loadVideos(url: URL): Promise<PageLoad<VideoView>> {
  return loadSafely<VideoView>(async () => {
    const id = readId(url, 'id');
    if (id === 'bad') return { kind: 'notFound', message: '视频不存在' };
    const res = await getEndpoint(endpoint.getRuralNews, { group: 'video', page: 1, pageSize: 30 });
    if (res.statusCode !== 200) return { kind: 'error' };
    const playing = id === null ? (res.data[0] ?? null) : (res.data.find((v) => v.id === id) ?? undefined);
    if (playing === undefined) return { kind: 'notFound', message: '视频不存在' };
    return { kind: 'ok', view: { playing, items: res.data } };
  });
}

export interface BangView {
  experts: Expert[];
  tag: string | null;
  questions: Question[];
  nextHref: string | null;
  /** ?id: one question with all its answers. */
  question: Question | null;
}

/** country-bangbang: experts, the field filter (?tag), questions; ?id shows one question. */
export function loadBang(url: URL): Promise<PageLoad<BangView>> {
  return loadSafely<BangView>(async () => {
    const page = readPage(url);
    const id = readId(url, 'id');
    const rawTag = url.searchParams.get('tag');
    const tag = rawTag === null || rawTag === '' ? null : (RURAL_QUESTION_TAGS as readonly string[]).includes(rawTag) ? rawTag : undefined;
    if (page === null || id === 'bad' || tag === undefined) return { kind: 'notFound', message: '问题不存在或已删除' };
    if (id !== null) {
      const [experts, one] = await Promise.all([getEndpoint(endpoint.getExperts), getEndpoint(endpoint.getQuestion, { id })]);
      const q = dataOr404(one);
      if (!q.ok) return failedLoad(q);
      if (experts.statusCode !== 200) return { kind: 'error' };
      return { kind: 'ok', view: { experts: experts.data, tag: null, questions: [], nextHref: null, question: q.data } };
    }
    const [experts, list] = await Promise.all([
      getEndpoint(endpoint.getExperts),
      getEndpoint(
        endpoint.getQuestions,
        tag ? { tag: tag as (typeof RURAL_QUESTION_TAGS)[number], page, pageSize: RURAL_PAGE_SIZE } : { page, pageSize: RURAL_PAGE_SIZE },
      ),
    ]);
    if (experts.statusCode !== 200 || list.statusCode !== 200) return { kind: 'error' };
    const nextHref = list.data.length < RURAL_PAGE_SIZE ? null : decideNextHref(url, page, list.data.length);
    return { kind: 'ok', view: { experts: experts.data, tag, questions: list.data, nextHref, question: null } };
  });
}

export interface BangSearchView {
  keyword: string;
  problem: string;
  questions: Question[];
  nextHref: string | null;
}

export function loadBangSearch(url: URL): Promise<PageLoad<BangSearchView>> {
  return loadPaged<BangSearchView>(url, async (page) => {
    const keyword = (url.searchParams.get('keyword') ?? '').trim();
    const view: BangSearchView = { keyword, problem: '', questions: [], nextHref: null };
    if (keyword === '') return { kind: 'ok', view };
    if (Array.from(keyword).length > KEYWORD_MAX_CHARS) return { kind: 'ok', view: { ...view, problem: `搜索词不能超过 ${KEYWORD_MAX_CHARS} 个字` } };
    const res = await getEndpoint(endpoint.getQuestions, { keyword, page, pageSize: RURAL_PAGE_SIZE });
    if (res.statusCode === 400) return { kind: 'ok', view: { ...view, problem: res.message } };
    if (res.statusCode !== 200) return { kind: 'error' };
    const nextHref = res.data.length < RURAL_PAGE_SIZE ? null : decideNextHref(url, page, res.data.length);
    return { kind: 'ok', view: { ...view, questions: res.data, nextHref } };
  });
}

export function loadFarmerTalk(): Promise<PageLoad<{ posts: FarmerPost[] }>> {
  return loadSafely<{ posts: FarmerPost[] }>(async () => {
    const res = await getEndpoint(endpoint.getFarmerPosts, { page: 1, pageSize: RURAL_PAGE_SIZE });
    return res.statusCode === 200 ? { kind: 'ok', view: { posts: res.data } } : { kind: 'error' };
  });
}

/** markPage (?marketId&date). */
export function loadPrices(url: URL): Promise<PageLoad<PriceBoard>> {
  return loadSafely<PriceBoard>(async () => {
    const marketId = readId(url, 'marketId');
    const date = url.searchParams.get('date') ?? '';
    if (marketId === 'bad' || (date !== '' && !/^\d{4}-\d{2}-\d{2}$/.test(date))) return { kind: 'notFound', message: '市场不存在' };
    const res = dataOr404(await getEndpoint(endpoint.getPrices, { ...(marketId === null ? {} : { marketId }), ...(date === '' ? {} : { date }) }));
    if (!res.ok) return failedLoad(res);
    return { kind: 'ok', view: res.data };
  });
}

export interface CreditView {
  villages: Village[];
  levels: CreditLevel[];
  deeds: Deed[];
  /** ?village: one village's households (masked) and deeds. */
  village: { village: Village; households: Household[]; deeds: Deed[] } | null;
}

export function loadCredit(url: URL): Promise<PageLoad<CreditView>> {
  return loadSafely<CreditView>(async () => {
    const villageId = readId(url, 'village');
    if (villageId === 'bad') return { kind: 'notFound', message: '信用村不存在' };
    const [credit, village] = await Promise.all([
      getEndpoint(endpoint.getCredit),
      villageId === null ? Promise.resolve(null) : getEndpoint(endpoint.getVillage, { id: villageId }),
    ]);
    if (credit.statusCode !== 200) return { kind: 'error' };
    if (village) {
      const v = dataOr404(village);
      if (!v.ok) return failedLoad(v);
      return { kind: 'ok', view: { ...credit.data, village: v.data } };
    }
    return { kind: 'ok', view: { ...credit.data, village: null } };
  });
}

export interface CreditMoreView {
  villages: Village[];
  levels: CreditLevel[];
  villageId: number | null;
  deeds: Deed[];
  nextHref: string | null;
}

/** creditMore (?villageId&page): every deed, newest first, with the rules of ratings. */
export function loadCreditMore(url: URL): Promise<PageLoad<CreditMoreView>> {
  return loadSafely<CreditMoreView>(async () => {
    const page = readPage(url);
    const villageId = readId(url, 'villageId');
    if (page === null || villageId === 'bad') return { kind: 'notFound', message: '信用村不存在' };
    const [credit, deeds] = await Promise.all([
      getEndpoint(endpoint.getCredit),
      getEndpoint(endpoint.getDeeds, villageId === null ? { page, pageSize: 20 } : { villageId, page, pageSize: 20 }),
    ]);
    if (credit.statusCode !== 200) return { kind: 'error' };
    const list = dataOr404(deeds);
    if (!list.ok) return failedLoad(list);
    const nextHref = list.data.length < 20 ? null : decideNextHref(url, page, list.data.length);
    return { kind: 'ok', view: { villages: credit.data.villages, levels: credit.data.levels, villageId, deeds: list.data, nextHref } };
  });
}
