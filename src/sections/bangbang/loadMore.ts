/**
 * Loaders of the rest of the board's pages (ADR 010): the Q&A home and lists, members, groups, tips,
 * the 帮你解读 column and the forms' server data. Each calls the API through the shared client; a bad
 * query is 'notFound' (404), an API failure 'error' (503).
 */
import { getEndpoint } from '../../client/getEndpoint.ts';
import {
  wendaGetAnswerDetail,
  wendaGetAnswerListById,
  wenzhengGetDetail,
  type Answer,
  type MemberItem,
  type PoliticsDetail,
  type QuestionDetail,
  type QuestionListItem,
} from '../../contract/bangbang.ts';
import {
  baoliaoList,
  explainDetail,
  explainList,
  groupownetCommunity,
  groupownetHome,
  groupownetPosts,
  groupownetSearch,
  groupownetUserInfo,
  groupownetUserlist,
  wendaGetHotQuestionList,
  wendaGetMember,
  wendaGetMemberList,
  wendaGetNewAnswerListByMemberId,
  wendaGetNewQuestionList,
  wendaGetNewQuestionListByMemberId,
  wendaIndex,
  wenzhengGetMemberList,
  wenzhengGetProgress,
  type AnswerListItem,
  type Department,
  type Explainer,
  type Group,
  type GroupMember,
  type GroupPost,
  type PoliticsProgress,
  type Tip,
  type WendaIndex,
} from '../../contract/bangbangBoard.ts';
import { Keyword } from '../../contract/bangbang.ts';
import type { Envelope } from '../../contract/envelope.ts';
import { Id } from '../../contract/fields.ts';
import { dataOr404, failedLoad, loadPaged, loadSafely, type PageLoad, readPage } from '../../features/paging/pageLoad.ts';
import { MEMBERS_SHOWN } from './groupMembership.ts';

/** Items per page of the board's paged lists (the API's default, sent so the last page is known). */
export const MORE_PAGE_SIZE = 10;

function readId(url: URL): number | null {
  const parsed = Id.safeParse(url.searchParams.get('id') ?? undefined);
  return parsed.success ? parsed.data : null;
}

/** A view of one item by ?id (404 when it is absent or not an id), then `load(id)` as through loadSafely. */
function loadById<T>(url: URL, load: (id: number) => Promise<PageLoad<T>>): Promise<PageLoad<T>> {
  return loadSafely<T>(async () => {
    const id = readId(url);
    return id === null ? { kind: 'notFound' } : load(id);
  });
}

/** Spec 2.7: type 1 / 2 of ask-special and moreList; anything else is type 1. */
export function readType(url: URL): 1 | 2 {
  return url.searchParams.get('type') === '2' ? 2 : 1;
}

export function loadWendaIndex(): Promise<PageLoad<WendaIndex>> {
  return loadSafely<WendaIndex>(async () => {
    const res = dataOr404(await getEndpoint(wendaIndex, {}));
    return res.ok ? { kind: 'ok', view: res.data } : { kind: 'error' };
  });
}

export interface PagedView<T> {
  items: T[];
  page: number;
}

export function loadMoreList(url: URL): Promise<PageLoad<PagedView<QuestionListItem> & { type: 1 | 2 }>> {
  return loadPaged<PagedView<QuestionListItem> & { type: 1 | 2 }>(url, async (page) => {
    const type = readType(url);
    const res = dataOr404(await getEndpoint(type === 1 ? wendaGetHotQuestionList : wendaGetNewQuestionList, { page, pageSize: MORE_PAGE_SIZE }));
    return res.ok ? { kind: 'ok', view: { items: res.data, page, type } } : { kind: 'error' };
  });
}

/** A paged view of one item by ?id and ?page (404 when either is not one), then `load(id, page)` as through loadSafely. */
function loadPageById<T>(url: URL, load: (id: number, page: number) => Promise<PageLoad<T>>): Promise<PageLoad<T>> {
  return loadSafely<T>(async () => {
    const id = readId(url);
    const page = readPage(url);
    return id === null || page === null ? { kind: 'notFound' } : load(id, page);
  });
}

/** Answers a page of /BangBang/QA/list carries; later pages come with ?page= (加载更多), the end says 没有更多了. */
export const ANSWER_PAGE_SIZE = 20;

export interface QuestionListView {
  question: QuestionDetail;
  answers: Answer[];
  page: number;
}

export function loadQuestionList(url: URL): Promise<PageLoad<QuestionListView>> {
  return loadPageById<QuestionListView>(url, async (id, page) => {
    const [q, a] = await Promise.all([
      getEndpoint(wendaGetAnswerDetail, { id }),
      getEndpoint(wendaGetAnswerListById, { id, page, pageSize: ANSWER_PAGE_SIZE }),
    ]);
    const question = dataOr404(q);
    if (!question.ok) return question.notFound ? { kind: 'notFound' } : { kind: 'error' };
    const answers = dataOr404(a);
    return answers.ok ? { kind: 'ok', view: { question: question.data, answers: answers.data, page } } : { kind: 'error' };
  });
}

export function loadMembers(url: URL): Promise<PageLoad<PagedView<MemberItem> & { type: 1 | 2 }>> {
  return loadPaged<PagedView<MemberItem> & { type: 1 | 2 }>(url, async (page) => {
    const type = readType(url);
    const res = dataOr404(await getEndpoint(wendaGetMemberList, { type: type === 2 ? '2' : '1', page, pageSize: MORE_PAGE_SIZE }));
    return res.ok ? { kind: 'ok', view: { items: res.data, page, type } } : { kind: 'error' };
  });
}

export interface MemberHome {
  member: MemberItem;
  /** A page of their answers (加载更多 brings the next). */
  answers: AnswerListItem[];
  /** Their newest questions, on the first page only. */
  questions: QuestionListItem[];
  page: number;
}

/** Answers a page of a member's home carries; their questions (few: answerers seldom ask) show the newest 20. */
export const MEMBER_ANSWER_PAGE_SIZE = 10;
const MEMBER_QUESTIONS_SHOWN = 20;

export function loadMemberHome(url: URL): Promise<PageLoad<MemberHome>> {
  return loadPageById<MemberHome>(url, async (id, page) => {
    const member = dataOr404(await getEndpoint(wendaGetMember, { id }));
    if (!member.ok) return failedLoad(member);
    if (!member.data.isJump) return { kind: 'ok', view: { member: member.data, answers: [], questions: [], page } };
    const [answers, questions] = await Promise.all([
      getEndpoint(wendaGetNewAnswerListByMemberId, { id, page, pageSize: MEMBER_ANSWER_PAGE_SIZE }),
      page === 1 ? getEndpoint(wendaGetNewQuestionListByMemberId, { id, pageSize: MEMBER_QUESTIONS_SHOWN }) : null,
    ]);
    const a = dataOr404(answers);
    const q = questions ? dataOr404(questions) : { ok: true as const, data: [] as QuestionListItem[] };
    return a.ok && q.ok ? { kind: 'ok', view: { member: member.data, answers: a.data, questions: q.data, page } } : { kind: 'error' };
  });
}

export interface CommunityView extends PagedView<Group> {
  keyword: string;
  error: string | null;
}

export function loadCommunity(url: URL): Promise<PageLoad<CommunityView>> {
  return loadPaged<CommunityView>(url, async (page) => {
    const raw = (url.searchParams.get('keyword') ?? '').trim();
    if (raw !== '') {
      const parsed = Keyword.safeParse(raw);
      if (!parsed.success) return { kind: 'ok', view: { items: [], page, keyword: raw, error: parsed.error.issues[0]?.message ?? '搜索内容有误' } };
      const res = dataOr404(await getEndpoint(groupownetSearch, { keyword: parsed.data, page, pageSize: MORE_PAGE_SIZE }));
      return res.ok ? { kind: 'ok', view: { items: res.data, page, keyword: raw, error: null } } : { kind: 'error' };
    }
    const res = dataOr404(await getEndpoint(groupownetCommunity, { page, pageSize: MORE_PAGE_SIZE }));
    return res.ok ? { kind: 'ok', view: { items: res.data, page, keyword: '', error: null } } : { kind: 'error' };
  });
}

export function loadCommend(): Promise<PageLoad<{ groups: Group[]; posts: GroupPost[] }>> {
  return loadSafely<{ groups: Group[]; posts: GroupPost[] }>(async () => {
    const res = dataOr404(await getEndpoint(groupownetHome, {}));
    return res.ok ? { kind: 'ok', view: res.data } : { kind: 'error' };
  });
}

export interface GroupView {
  group: Group;
  members: GroupMember[];
  posts: GroupPost[];
  page: number;
}

export function loadGroup(url: URL): Promise<PageLoad<GroupView>> {
  return loadPageById<GroupView>(url, async (id, page) => {
    const [g, m, p] = await Promise.all([
      getEndpoint(groupownetUserInfo, { id }),
      getEndpoint(groupownetUserlist, { id, pageSize: MEMBERS_SHOWN }),
      getEndpoint(groupownetPosts, { id, page, pageSize: MORE_PAGE_SIZE }),
    ]);
    const group = dataOr404(g);
    if (!group.ok) return failedLoad(group);
    const members = dataOr404(m);
    const posts = dataOr404(p);
    return members.ok && posts.ok ? { kind: 'ok', view: { group: group.data, members: members.data, posts: posts.data, page } } : { kind: 'error' };
  });
}

/** A list page that shows one item with `?id=` (tips, explainers): the list or the item. */
export type ListOrOne<T> = { kind: 'list'; items: T[]; page: number } | { kind: 'detail'; item: T };

/** The list by `?page=`, or with `?id=` the one item (404 for a bad or unknown id, with the API's message). */
function loadListOrOne<T>(
  url: URL,
  one: (id: number) => Promise<Envelope<T>>,
  list: (page: number) => Promise<Envelope<T[]>>,
): Promise<PageLoad<ListOrOne<T>>> {
  if (url.searchParams.has('id')) {
    return loadById<ListOrOne<T>>(url, async (id) => {
      const res = dataOr404(await one(id));
      if (!res.ok) return failedLoad(res);
      return { kind: 'ok', view: { kind: 'detail', item: res.data } };
    });
  }
  return loadPaged<ListOrOne<T>>(url, async (page) => {
    const res = dataOr404(await list(page));
    return res.ok ? { kind: 'ok', view: { kind: 'list', items: res.data, page } } : { kind: 'error' };
  });
}

export type TipsView = PagedView<Tip>;

/** The tips page (one tip with its comments, `?id=`, is loadTipDetail of loadBangDetail.ts). */
export function loadTips(url: URL): Promise<PageLoad<TipsView>> {
  return loadPaged<TipsView>(url, async (page) => {
    const res = dataOr404(await getEndpoint(baoliaoList, { page, pageSize: MORE_PAGE_SIZE }));
    return res.ok ? { kind: 'ok', view: { items: res.data, page } } : { kind: 'error' };
  });
}

export type ExplainView = ListOrOne<Explainer>;

export function loadExplain(url: URL): Promise<PageLoad<ExplainView>> {
  return loadListOrOne(
    url,
    (id) => getEndpoint(explainDetail, { id }),
    (page) => getEndpoint(explainList, { page, pageSize: MORE_PAGE_SIZE }),
  );
}

export function loadDepartments(): Promise<PageLoad<Department[]>> {
  return loadSafely<Department[]>(async () => {
    const res = dataOr404(await getEndpoint(wenzhengGetMemberList, { platformType: '0' }));
    return res.ok ? { kind: 'ok', view: res.data } : { kind: 'error' };
  });
}

/** The question a form answers (QA/reply?id) — public data only; the island checks the reader. */
export function loadQuestionForReply(url: URL): Promise<PageLoad<QuestionDetail>> {
  return loadById<QuestionDetail>(url, async (id) => {
    const res = dataOr404(await getEndpoint(wendaGetAnswerDetail, { id }));
    if (!res.ok) return failedLoad(res);
    return { kind: 'ok', view: res.data };
  });
}

export function loadPoliticsForReply(url: URL): Promise<PageLoad<{ item: PoliticsDetail; progress: PoliticsProgress }>> {
  return loadById<{ item: PoliticsDetail; progress: PoliticsProgress }>(url, async (id) => {
    const [d, p] = await Promise.all([getEndpoint(wenzhengGetDetail, { id }), getEndpoint(wenzhengGetProgress, { id })]);
    const detail = dataOr404(d);
    if (!detail.ok) return failedLoad(detail);
    const progress = dataOr404(p);
    return progress.ok ? { kind: 'ok', view: { item: detail.data, progress: progress.data } } : { kind: 'error' };
  });
}

/** The 问政 timeline of a detail page; null when the call fails (the page is whole without it). */
export async function loadProgress(id: number): Promise<PoliticsProgress | null> {
  try {
    const res = await getEndpoint(wenzhengGetProgress, { id });
    return res.statusCode === 200 ? res.data : null;
  } catch {
    return null;
  }
}
