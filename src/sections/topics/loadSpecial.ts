/** Loaders of the special-topic pages (/Special, /SpecialPage, /SpecialColumn): the special, its categories and one page of news. */
import { getEndpoint } from '../../client/getEndpoint.ts';
import { Id } from '../../contract/fields.ts';
import { specialCategory, specialList, type ListItem, type Special } from '../../contract/news.ts';
import { dataOr404, failedLoad, loadSafely, type PageLoad, readPage } from '../../features/paging/pageLoad.ts';

export interface SpecialView {
  special: Special;
  /** The chosen category, or null for all of them. */
  categoryId: number | null;
  items: ListItem[];
  page: number;
}

/** `defaultToFirst`: /SpecialColumn shows one category, the first when none is named. */
export function loadSpecial(url: URL, defaultToFirst = false): Promise<PageLoad<SpecialView>> {
  return loadSafely<SpecialView>(async () => {
    const classId = Id.safeParse(url.searchParams.get('classId') ?? undefined);
    const rawCategory = url.searchParams.get('categoryId');
    const category = rawCategory === null ? null : Id.safeParse(rawCategory);
    const page = readPage(url);
    if (!classId.success || page === null || (category !== null && !category.success)) return { kind: 'notFound', message: '专题不存在' };
    const info = dataOr404(await getEndpoint(specialCategory, { classId: classId.data }));
    if (!info.ok) return failedLoad(info);
    const categoryId = category?.data ?? (defaultToFirst ? (info.data.category[0]?.id ?? null) : null);
    const list = dataOr404(await getEndpoint(specialList, { classId: classId.data, page, ...(categoryId === null ? {} : { categoryId }) }));
    if (!list.ok) return failedLoad(list);
    return { kind: 'ok', view: { special: info.data, categoryId, items: list.data, page } };
  });
}
