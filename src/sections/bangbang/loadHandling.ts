/**
 * Loaders of the 问政 handling (the question page's timeline and official reply) and of a department's
 * public page, through the shared client.
 */
import { getEndpoint } from '../../client/getEndpoint.ts';
import { wenzhengDepartment, wenzhengHandling, type DepartmentPage, type PoliticsHandling } from '../../contract/answerDesk.ts';
import { Id } from '../../contract/fields.ts';
import type { PageLoad } from '../../features/paging/pageLoad.ts';

/** The handling of a question page; null when the call fails (the page is whole without it). */
export async function loadHandling(id: number): Promise<PoliticsHandling | null> {
  try {
    const res = await getEndpoint(wenzhengHandling, { id });
    return res.statusCode === 200 ? res.data : null;
  } catch {
    return null;
  }
}

/** /BangBang/politics/department?id: a bad or unknown id is 'notFound'. */
export async function loadDepartment(url: URL): Promise<PageLoad<DepartmentPage>> {
  const id = Id.safeParse(url.searchParams.get('id') ?? '');
  if (!id.success) return { kind: 'notFound' };
  try {
    const res = await getEndpoint(wenzhengDepartment, { id: id.data });
    if (res.statusCode === 404) return { kind: 'notFound' };
    return res.statusCode === 200 ? { kind: 'ok', view: res.data } : { kind: 'error' };
  } catch {
    return { kind: 'error' };
  }
}
