/** Loaders of the complaint platform pages (/Complaints-platform, /Complaints-platform/detail, /Complaints-platform/seller). */
import { getEndpoint } from '../../client/getEndpoint.ts';
import { complaintDetail, complaintList, type ComplaintDetail, type ComplaintSummary } from '../../contract/interact.ts';
import { COMPLAINT_KEYWORD_MAX, COMPLAINT_PLATFORMS, COMPLAINT_STATUSES, type ComplaintPlatform, type ComplaintStatus } from '../../contract/communityRules.ts';
import { complaintSeller, type SellerPage } from '../../contract/complaintDesk.ts';
import { Id } from '../../contract/fields.ts';
import { loadPaged, loadSafely, type PageLoad } from '../../features/paging/pageLoad.ts';

export const COMPLAINT_PAGE_SIZE = 10;

export interface ComplaintFilters {
  keyword: string;
  platform: ComplaintPlatform | '';
  status: ComplaintStatus | '';
}

export interface ComplaintListView {
  items: ComplaintSummary[];
  page: number;
  filters: ComplaintFilters;
}

/** The filters in the address; an unknown platform or status is dropped rather than refused (old links keep working). */
export function readComplaintFilters(url: URL): ComplaintFilters {
  const platform = url.searchParams.get('platform') ?? '';
  const status = url.searchParams.get('status') ?? '';
  const keyword = [...(url.searchParams.get('keyword') ?? '').trim()].slice(0, COMPLAINT_KEYWORD_MAX).join('');
  return {
    keyword,
    platform: (COMPLAINT_PLATFORMS as readonly string[]).includes(platform) ? (platform as ComplaintPlatform) : '',
    status: (COMPLAINT_STATUSES as readonly string[]).includes(status) ? (status as ComplaintStatus) : '',
  };
}

export function loadComplaintList(url: URL): Promise<PageLoad<ComplaintListView>> {
  return loadPaged<ComplaintListView>(url, async (page) => {
    const filters = readComplaintFilters(url);
    const res = await getEndpoint(complaintList, {
      page,
      pageSize: COMPLAINT_PAGE_SIZE,
      ...(filters.keyword ? { keyword: filters.keyword } : {}),
      ...(filters.platform ? { platform: filters.platform } : {}),
      ...(filters.status ? { status: filters.status } : {}),
    });
    if (res.statusCode !== 200) return { kind: 'error' };
    return { kind: 'ok', view: { items: res.data, page, filters } };
  });
}

export function loadComplaintDetail(url: URL): Promise<PageLoad<ComplaintDetail>> {
  return loadSafely<ComplaintDetail>(async () => {
    const id = url.searchParams.get('id') ?? '';
    if (!/^[1-9]\d{0,9}$/.test(id)) return { kind: 'notFound', message: '投诉不存在或已删除' };
    const res = await getEndpoint(complaintDetail, { id });
    if (res.statusCode === 404 || res.statusCode === 400) return { kind: 'notFound', message: '投诉不存在，或正在审核中' };
    if (res.statusCode !== 200) return { kind: 'error' };
    return { kind: 'ok', view: res.data };
  });
}

/** A list URL with one filter changed (page reset); '' removes the filter. */
export function filterHref(base: string, filters: ComplaintFilters, change: Partial<ComplaintFilters>): string {
  const next = { ...filters, ...change };
  const params = new URLSearchParams();
  if (next.keyword) params.set('keyword', next.keyword);
  if (next.platform) params.set('platform', next.platform);
  if (next.status) params.set('status', next.status);
  const query = params.toString();
  return query ? `${base}?${query}` : base;
}

/** A seller's public page: its figures, computed from the complaints sent to it, and its latest complaints. */
export function loadSellerPage(url: URL): Promise<PageLoad<SellerPage>> {
  return loadSafely<SellerPage>(async () => {
    const id = Id.safeParse(url.searchParams.get('id') ?? '');
    if (!id.success) return { kind: 'notFound', message: '商家不存在' };
    const res = await getEndpoint(complaintSeller, { id: id.data });
    if (res.statusCode === 404 || res.statusCode === 400) return { kind: 'notFound', message: '商家不存在' };
    if (res.statusCode !== 200) return { kind: 'error' };
    return { kind: 'ok', view: res.data };
  });
}
