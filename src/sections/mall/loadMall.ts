/**
 * Loads what the mall pages show through the shared client (in process on the server): the home, one
 * good, search results, the points rules. Bad or unknown ids are 'notFound' (404 page).
 */
import { getEndpoint } from '../../client/getEndpoint.ts';
import { Id } from '../../contract/fields.ts';
import {
  mallGoodsDetail,
  mallGoodsList,
  mallHome,
  pointsRules,
  type GoodsCard,
  type GoodsDetail,
  type MallHome,
  type PointsRules,
} from '../../contract/mall.ts';
import { dataOr404, failedLoad, loadSafely, type PageLoad } from '../../features/paging/pageLoad.ts';

export const SEARCH_PAGE_SIZE = 20;
export const KEYWORD_MAX = 30;

export function loadMallHome(): Promise<PageLoad<MallHome>> {
  return loadSafely<MallHome>(async () => {
    const res = await getEndpoint(mallHome);
    if (res.statusCode !== 200) return { kind: 'error' };
    return { kind: 'ok', view: res.data };
  });
}

function readId(url: URL): number | null {
  const parsed = Id.safeParse(url.searchParams.get('id') ?? undefined);
  return parsed.success ? parsed.data : null;
}

/** ?id: one good on sale (the detail page and the exchange page). */
export function loadGoods(url: URL): Promise<PageLoad<GoodsDetail>> {
  return loadSafely<GoodsDetail>(async () => {
    const id = readId(url);
    if (id === null) return { kind: 'notFound', message: '商品不存在或已下架' };
    const res = dataOr404(await getEndpoint(mallGoodsDetail, { id }));
    if (!res.ok) return failedLoad(res);
    return { kind: 'ok', view: res.data };
  });
}

/** ?id of an exchange, read by the page (the island loads the exchange itself with the reader's token). */
export function readExchangeId(url: URL): number | null {
  return readId(url);
}

export interface MallSearchView {
  keyword: string;
  /** A category browsed (from the home's category icons), or null. */
  category: { id: number; name: string } | null;
  /** ?all=1: every good on sale (the home's 查看全部商品), when neither a keyword nor a category is asked. */
  all: boolean;
  page: number;
  goods: GoodsCard[];
  /** Goods shown when there is no keyword yet (or nothing matched): the hot shelf. */
  suggestions: GoodsCard[];
  problem: string;
}

export function loadMallSearch(url: URL): Promise<PageLoad<MallSearchView>> {
  return loadSafely<MallSearchView>(async () => {
    const keyword = (url.searchParams.get('keyword') ?? '').trim();
    const rawPage = Number(url.searchParams.get('page') ?? '1');
    const page = Number.isInteger(rawPage) && rawPage >= 1 && rawPage <= 1000 ? rawPage : 1;
    const home = await getEndpoint(mallHome);
    if (home.statusCode !== 200) return { kind: 'error' };
    const view: MallSearchView = { keyword, category: null, all: false, page, goods: [], suggestions: home.data.hot, problem: '' };
    const categoryId = Id.safeParse(url.searchParams.get('categoryId') ?? undefined);
    const category = categoryId.success ? home.data.categories.find((c) => c.id === categoryId.data) : undefined;
    if (keyword === '' && category) {
      const res = await getEndpoint(mallGoodsList, { categoryId: category.id, page, pageSize: SEARCH_PAGE_SIZE });
      if (res.statusCode !== 200) return { kind: 'error' };
      return { kind: 'ok', view: { ...view, category: { id: category.id, name: category.name }, goods: res.data } };
    }
    if (keyword === '' && url.searchParams.get('all') === '1') {
      const res = await getEndpoint(mallGoodsList, { page, pageSize: SEARCH_PAGE_SIZE });
      if (res.statusCode !== 200) return { kind: 'error' };
      return { kind: 'ok', view: { ...view, all: true, goods: res.data } };
    }
    if (keyword === '') return { kind: 'ok', view };
    if (Array.from(keyword).length > KEYWORD_MAX) return { kind: 'ok', view: { ...view, problem: `搜索词不能超过 ${KEYWORD_MAX} 个字` } };
    const res = await getEndpoint(mallGoodsList, { keyword, page, pageSize: SEARCH_PAGE_SIZE });
    if (res.statusCode !== 200) return { kind: 'ok', view: { ...view, problem: res.message } };
    return { kind: 'ok', view: { ...view, goods: res.data } };
  });
}

export function loadRules(): Promise<PageLoad<PointsRules>> {
  return loadSafely<PointsRules>(async () => {
    const res = await getEndpoint(pointsRules);
    if (res.statusCode !== 200) return { kind: 'error' };
    return { kind: 'ok', view: res.data };
  });
}
