/**
 * Loads what the composition pages show through the shared client (in process on the server). Bad or
 * unknown ids are 'notFound' (404 page); a failing call is 'error'.
 */
import { getEndpoint } from '../../client/getEndpoint.ts';
import * as endpoint from '../../contract/composition.ts';
import type { Essay, EssayComment, EssaySummary, InfoItem, School, SearchResult, Student, Teacher } from '../../contract/composition.ts';
import { SEARCH_MAX } from '../../contract/compositionRules.ts';
import { Id } from '../../contract/fields.ts';
import type { Envelope } from '../../contract/envelope.ts';
import { dataOr404, failedLoad, loadPaged, loadSafely, type PageLoad } from '../../features/paging/pageLoad.ts';

/** One call's data as the page's view ('error' on any failure). */
function one<T>(call: () => Promise<Envelope<T>>): Promise<PageLoad<T>> {
  return loadSafely<T>(async () => {
    const res = await call();
    return res.statusCode === 200 && res.data !== null && res.data !== undefined ? { kind: 'ok', view: res.data } : { kind: 'error' };
  });
}

export const LIST_PAGE_SIZE = 10;

export function readId(raw: string | null): number | null {
  const parsed = Id.safeParse(raw ?? undefined);
  return parsed.success ? parsed.data : null;
}

function okAll(...envs: { statusCode: number }[]): boolean {
  return envs.every((e) => e.statusCode === 200);
}

export interface HomeView {
  recommend: EssaySummary[];
  popular: EssaySummary[];
  top: EssaySummary[];
  latest: EssaySummary[];
  info: InfoItem[];
  schools: School[];
  teachers: Teacher[];
}

export function loadHome(): Promise<PageLoad<HomeView>> {
  return loadSafely<HomeView>(async () => {
    const [recommend, popular, top, latest, info, schools, teachers] = await Promise.all([
      getEndpoint(endpoint.listEssays, { kind: 'recommend', page: 1, pageSize: 6 }),
      getEndpoint(endpoint.rankEssays, { type: 'rank', page: 1, pageSize: 3 }),
      getEndpoint(endpoint.rankEssays, { type: 'start', page: 1, pageSize: 3 }),
      getEndpoint(endpoint.listEssays, { page: 1, pageSize: 6 }),
      getEndpoint(endpoint.listInfo, { page: 1, pageSize: 3 }),
      getEndpoint(endpoint.listSchools),
      getEndpoint(endpoint.listTeachers, {}),
    ]);
    if (!okAll(recommend, popular, top, latest, info, schools, teachers)) return { kind: 'error' };
    return {
      kind: 'ok',
      view: {
        recommend: recommend.data,
        popular: popular.data,
        top: top.data,
        latest: latest.data,
        info: info.data,
        schools: schools.data,
        teachers: teachers.data,
      },
    };
  });
}

export interface ListView {
  essays: EssaySummary[];
  schools: School[];
  grade: number | undefined;
  schoolId: number | undefined;
}

/** /composition/List?grade&schoolId: unknown filters read as none (the form offers only valid ones). */
export function loadList(url: URL): Promise<PageLoad<ListView>> {
  return loadSafely<ListView>(async () => {
    const g = Number(url.searchParams.get('grade'));
    const grade = Number.isInteger(g) && g >= 1 && g <= 12 ? g : undefined;
    const schoolId = readId(url.searchParams.get('schoolId')) ?? undefined;
    const [essays, schools] = await Promise.all([
      getEndpoint(endpoint.listEssays, { grade, schoolId, page: 1, pageSize: LIST_PAGE_SIZE }),
      getEndpoint(endpoint.listSchools),
    ]);
    if (!okAll(essays, schools)) return { kind: 'error' };
    return { kind: 'ok', view: { essays: essays.data, schools: schools.data, grade, schoolId } };
  });
}

export function loadKindList(kind: 'recommend' | 'newspaper'): Promise<PageLoad<EssaySummary[]>> {
  return one(() => getEndpoint(endpoint.listEssays, { kind, page: 1, pageSize: LIST_PAGE_SIZE }));
}

export function loadRank(type: 'rank' | 'start'): Promise<PageLoad<EssaySummary[]>> {
  return one(() => getEndpoint(endpoint.rankEssays, { type, page: 1, pageSize: LIST_PAGE_SIZE }));
}

export function loadReviews(): Promise<PageLoad<Essay[]>> {
  return one(() => getEndpoint(endpoint.listReviews, { page: 1, pageSize: LIST_PAGE_SIZE }));
}

export function loadInfo(): Promise<PageLoad<InfoItem[]>> {
  return one(() => getEndpoint(endpoint.listInfo, { page: 1, pageSize: 50 }));
}

export function loadSchools(): Promise<PageLoad<School[]>> {
  return one(() => getEndpoint(endpoint.listSchools));
}

export function loadTeachers(): Promise<PageLoad<{ teachers: Teacher[]; schools: School[] }>> {
  return loadSafely<{ teachers: Teacher[]; schools: School[] }>(async () => {
    const [teachers, schools] = await Promise.all([getEndpoint(endpoint.listTeachers, {}), getEndpoint(endpoint.listSchools)]);
    return okAll(teachers, schools) ? { kind: 'ok', view: { teachers: teachers.data, schools: schools.data } } : { kind: 'error' };
  });
}

export interface EssayView {
  essay: Essay;
  comments: EssayComment[];
}

/** ?id: one essay and its first comments (`commentPageSize`). */
export function loadEssay(url: URL, commentPageSize = 10): Promise<PageLoad<EssayView>> {
  return loadSafely<EssayView>(async () => {
    const id = readId(url.searchParams.get('id'));
    if (id === null) return { kind: 'notFound', message: '作文不存在或已删除' };
    return loadEssayById(id, commentPageSize);
  });
}

export async function loadEssayById(id: number, commentPageSize: number): Promise<PageLoad<EssayView>> {
  const res = dataOr404(await getEndpoint(endpoint.essayDetail, { id }));
  if (!res.ok) return failedLoad(res);
  const comments = await getEndpoint(endpoint.listComments, { id, page: 1, pageSize: commentPageSize });
  if (comments.statusCode !== 200) return { kind: 'error' };
  return { kind: 'ok', view: { essay: res.data, comments: comments.data } };
}

/** /testcomposition: the section's sample, the best-scored essay, shown as a detail. */
export function loadSample(): Promise<PageLoad<EssayView>> {
  return loadSafely<EssayView>(async () => {
    const top = await getEndpoint(endpoint.rankEssays, { type: 'start', page: 1, pageSize: 1 });
    const first = top.data?.[0];
    if (top.statusCode !== 200 || !first) return { kind: 'error' };
    return loadEssayById(first.id, 10);
  });
}

export type PersonView =
  | { kind: 'student'; student: Student; essays: EssaySummary[] }
  | { kind: 'teacher'; teacher: Teacher; essays: EssaySummary[] }
  | { kind: 'school'; school: School; teachers: Teacher[]; essays: EssaySummary[] };

export function loadPerson(url: URL, kind: PersonView['kind']): Promise<PageLoad<PersonView>> {
  return loadSafely<PersonView>(async () => {
    const id = readId(url.searchParams.get('id'));
    const missing = { student: '小作者不存在', teacher: '老师不存在', school: '学校不存在' }[kind];
    if (id === null) return { kind: 'notFound', message: missing };
    if (kind === 'student') {
      const [who, essays] = await Promise.all([
        getEndpoint(endpoint.studentDetail, { id }),
        getEndpoint(endpoint.listEssays, { userId: id, page: 1, pageSize: LIST_PAGE_SIZE }),
      ]);
      const found = dataOr404(who);
      if (!found.ok) return failedLoad(found);
      return essays.statusCode === 200 ? { kind: 'ok', view: { kind, student: found.data, essays: essays.data } } : { kind: 'error' };
    }
    if (kind === 'teacher') {
      const [who, essays] = await Promise.all([
        getEndpoint(endpoint.teacherDetail, { id }),
        getEndpoint(endpoint.listEssays, { teacherId: id, page: 1, pageSize: LIST_PAGE_SIZE }),
      ]);
      const found = dataOr404(who);
      if (!found.ok) return failedLoad(found);
      return essays.statusCode === 200 ? { kind: 'ok', view: { kind, teacher: found.data, essays: essays.data } } : { kind: 'error' };
    }
    const [school, teachers, essays] = await Promise.all([
      getEndpoint(endpoint.schoolDetail, { id }),
      getEndpoint(endpoint.listTeachers, { schoolId: id }),
      getEndpoint(endpoint.listEssays, { schoolId: id, page: 1, pageSize: LIST_PAGE_SIZE }),
    ]);
    const found = dataOr404(school);
    if (!found.ok) return failedLoad(found);
    return okAll(teachers, essays) ? { kind: 'ok', view: { kind, school: found.data, teachers: teachers.data, essays: essays.data } } : { kind: 'error' };
  });
}

export interface SearchView {
  keyword: string;
  result: SearchResult | null;
  problem: string;
  /** The page of essays (people and schools come with page 1). */
  page: number;
}

export function loadSearch(url: URL): Promise<PageLoad<SearchView>> {
  return loadPaged<SearchView>(url, async (page) => {
    const keyword = (url.searchParams.get('keyword') ?? '').trim();
    if (keyword === '') return { kind: 'ok', view: { keyword, result: null, problem: '', page } };
    if (Array.from(keyword).length > SEARCH_MAX) return { kind: 'ok', view: { keyword, result: null, problem: `搜索词不能超过 ${SEARCH_MAX} 个字`, page } };
    const res = await getEndpoint(endpoint.searchComposition, { keyword, page });
    if (res.statusCode !== 200) return { kind: 'ok', view: { keyword, result: null, problem: res.message, page } };
    return { kind: 'ok', view: { keyword, result: res.data, problem: '', page } };
  });
}
