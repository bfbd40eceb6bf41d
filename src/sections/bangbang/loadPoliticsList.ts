/**
 * The politics board (/BangBang/politics/index): ?tab=hot lists the most viewed questions (getHotList),
 * anything else the newest (getNewList); ?step=submitted|accepted|replied keeps the items at one step of
 * the timeline (anything else: all); ?page from 1. A bad page is 'notFound' (the page answers 404).
 */
import { getEndpoint } from '../../client/getEndpoint.ts';
import { POLITICS_STEPS, wenzhengGetHotList, wenzhengGetNewList, type PoliticsListItem, type PoliticsStepKey } from '../../contract/bangbang.ts';
import { BASE_PATH } from '../../lib/safeUrl.ts';
import { dataOr404, failedLoad, loadPaged, type PageLoad } from '../../features/paging/pageLoad.ts';

export type PoliticsTab = 'new' | 'hot';

/** Items per page of the board (the API's default, sent explicitly so the last page is known). */
export const POLITICS_PAGE_SIZE = 10;

export const POLITICS_LIST_PATH = `${BASE_PATH}/BangBang/politics/index`;

export interface PoliticsListView {
  tab: PoliticsTab;
  /** The step filter, null for all. */
  step: PoliticsStepKey | null;
  items: PoliticsListItem[];
  page: number;
}

export function readPoliticsTab(url: URL): PoliticsTab {
  return url.searchParams.get('tab') === 'hot' ? 'hot' : 'new';
}

export function readPoliticsStep(url: URL): PoliticsStepKey | null {
  const value = url.searchParams.get('step');
  return POLITICS_STEPS.find((s) => s.key === value)?.key ?? null;
}

/** The address of a tab's first page, with a step filter (null: all). */
export function politicsTabHref(tab: PoliticsTab, step: PoliticsStepKey | null = null): string {
  const query = new URLSearchParams();
  if (tab === 'hot') query.set('tab', 'hot');
  if (step) query.set('step', step);
  const qs = query.toString();
  return qs ? `${POLITICS_LIST_PATH}?${qs}` : POLITICS_LIST_PATH;
}

/** The detail page of a politics item (spec 2.7, dataType 15). */
export function politicsDetailHref(id: number): string {
  return `${BASE_PATH}/BangBang/politics/detail?id=${id}`;
}

export function loadPoliticsList(url: URL): Promise<PageLoad<PoliticsListView>> {
  return loadPaged<PoliticsListView>(url, async (page) => {
    const tab = readPoliticsTab(url);
    const step = readPoliticsStep(url);
    const res = dataOr404(
      await getEndpoint(tab === 'hot' ? wenzhengGetHotList : wenzhengGetNewList, { page, pageSize: POLITICS_PAGE_SIZE, ...(step ? { step } : {}) }),
    );
    if (!res.ok) return failedLoad(res);
    return { kind: 'ok', view: { tab, step, items: res.data, page } };
  });
}
