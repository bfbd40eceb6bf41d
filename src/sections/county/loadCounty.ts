/**
 * The county page (/home/newsCounty): ?classId= names a district (default 941, spec 9), ?areaNumber=999
 * is domestic mode (spec 4: no location). Loads the district tree for the picker and one page of news.
 */
import { getEndpoint } from '../../client/getEndpoint.ts';
import { Id } from '../../contract/fields.ts';
import {
  areaList,
  countryHotNews,
  DEFAULT_AREA_NUMBER,
  DEFAULT_COUNTY_CLASS_ID,
  DOMESTIC_AREA_NUMBER,
  type AreaNode,
  type ListItem,
} from '../../contract/news.ts';
import { dataOr404, failedLoad, loadSafely, type PageLoad, readPage } from '../../features/paging/pageLoad.ts';

export interface CountyView {
  /** The district shown, or null in domestic mode. */
  district: AreaNode | null;
  /** The address named the district (or domestic mode): no automatic location switch then. */
  explicit: boolean;
  areas: AreaNode[];
  items: ListItem[];
  page: number;
}

export function loadCounty(url: URL): Promise<PageLoad<CountyView>> {
  return loadSafely<CountyView>(async () => {
    const rawId = url.searchParams.get('classId');
    const rawArea = url.searchParams.get('areaNumber');
    const id = Id.safeParse(rawId ?? String(DEFAULT_COUNTY_CLASS_ID));
    const area = Id.safeParse(rawArea ?? String(DEFAULT_AREA_NUMBER));
    const page = readPage(url);
    if (!id.success || !area.success || page === null) return { kind: 'notFound', message: '区县不存在' };
    const domestic = area.data === DOMESTIC_AREA_NUMBER;
    const [areas, list] = await Promise.all([getEndpoint(areaList), getEndpoint(countryHotNews, { classId: id.data, areaNumber: area.data, page })]);
    if (areas.statusCode !== 200) return { kind: 'error' };
    const res = dataOr404(list);
    if (!res.ok) return failedLoad(res);
    const district = domestic ? null : (areas.data.flatMap((p) => p.areasub).find((d) => d.columnid === id.data) ?? null);
    if (!domestic && !district) return { kind: 'notFound', message: '区县不存在' };
    return { kind: 'ok', view: { district, explicit: rawId !== null || rawArea !== null, areas: areas.data, items: res.data, page } };
  });
}
