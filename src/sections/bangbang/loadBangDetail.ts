/**
 * Reads the query of the bangbang detail pages (spec 2.7: id; page and maxId page the comments) and
 * loads the item, its answers (Q&A) and a page of its comments (from=bang) through the client. A bad or
 * unknown id is 'notFound' (the page answers 404 early).
 */
import { getEndpoint } from '../../client/getEndpoint.ts';
import { baoliaoDetail, type Tip } from '../../contract/bangbangBoard.ts';
import {
  BANG_CLASSID,
  wendaGetAnswerDetail,
  wendaGetAnswerListById,
  wenzhengGetDetail,
  type Answer,
  type PoliticsDetail,
  type QuestionDetail,
} from '../../contract/bangbang.ts';
import { Id } from '../../contract/fields.ts';
import { commentGetList, type CommentItem } from '../../contract/interaction.ts';
import { z } from '../../contract/zod.ts';
import { articleHref, type ArticleRef } from '../../features/interaction/commentLinks.ts';
import type { PageLoad } from '../../features/paging/pageLoad.ts';

const Query = z.object({
  id: Id,
  page: z.union([z.string().regex(/^[1-9]\d{0,3}$/), z.undefined()]).transform((v) => (v === undefined ? 1 : Number(v))),
  maxId: Id.optional(),
});

/** Comments per page on a bangbang detail page; the next page is appended as the reader scrolls. */
export const BANG_COMMENTS_PAGE = 10;
/** Answers shown under a question (the demo board has a handful per question). */
const ANSWERS_SHOWN = 50;

export interface BangComments {
  ref: ArticleRef;
  items: CommentItem[];
  nextHref: string | null;
}

/** A bangbang item with its comments: one PageLoad like every page. */
export type BangDetail<T> = PageLoad<{ item: T; comments: BangComments }>;

function param(search: URLSearchParams, name: string): string | undefined {
  const v = search.get(name);
  return v === null || v === '' ? undefined : v;
}

function parse(search: URLSearchParams) {
  const parsed = Query.safeParse({ id: param(search, 'id'), page: param(search, 'page'), maxId: param(search, 'maxId') });
  return parsed.success ? parsed.data : null;
}

async function loadComments(ref: ArticleRef, query: z.output<typeof Query>): Promise<BangComments | null> {
  const res = await getEndpoint(commentGetList, {
    from: 'bang',
    classid: ref.classId,
    id: ref.newsId,
    page: query.page,
    pageSize: BANG_COMMENTS_PAGE,
    ...(query.maxId ? { maxId: query.maxId } : {}),
  });
  if (res.statusCode !== 200) return null;
  // A stable snapshot while paging (security.md M101): later pages list comments up to the first one.
  const snapshot = query.maxId ?? res.data[0]?.id;
  const nextHref = res.data.length === BANG_COMMENTS_PAGE && snapshot ? `${articleHref(ref)}&page=${query.page + 1}&maxId=${snapshot}` : null;
  return { ref, items: res.data, nextHref };
}

/** A question with its answers; `openedAnswer` is the answer whose id opened the page (spec 2.7), else null. */
export interface QuestionWithAnswers {
  question: QuestionDetail;
  answers: Answer[];
  openedAnswer: number | null;
}

export async function loadQuestionDetail(search: URLSearchParams): Promise<BangDetail<QuestionWithAnswers>> {
  const query = parse(search);
  if (!query) return { kind: 'notFound' };
  try {
    // Spec 2.7 "./detail?id={answerId or item id}": the server reads an id no (visible) question has as an
    // answer's and answers that answer's question; the answers and comments are then the question's.
    const detail = await getEndpoint(wendaGetAnswerDetail, { id: query.id });
    if (detail.statusCode === 404) return { kind: 'notFound' };
    if (detail.statusCode !== 200) return { kind: 'error' };
    const questionId = detail.data.id;
    const [answers, comments] = await Promise.all([
      getEndpoint(wendaGetAnswerListById, { id: questionId, pageSize: ANSWERS_SHOWN }),
      loadComments({ classId: BANG_CLASSID.qa, newsId: questionId, from: 'bang' }, query),
    ]);
    if (answers.statusCode !== 200 || !comments) return { kind: 'error' };
    const openedAnswer = questionId === query.id ? null : query.id;
    return { kind: 'ok', view: { item: { question: detail.data, answers: answers.data, openedAnswer }, comments } };
  } catch {
    return { kind: 'error' };
  }
}

export async function loadPoliticsDetail(search: URLSearchParams): Promise<BangDetail<PoliticsDetail>> {
  const query = parse(search);
  if (!query) return { kind: 'notFound' };
  try {
    const detail = await getEndpoint(wenzhengGetDetail, { id: query.id });
    if (detail.statusCode === 404) return { kind: 'notFound' };
    if (detail.statusCode !== 200) return { kind: 'error' };
    const comments = await loadComments({ classId: BANG_CLASSID.politics, newsId: detail.data.id, from: 'bang' }, query);
    return comments ? { kind: 'ok', view: { item: detail.data, comments } } : { kind: 'error' };
  } catch {
    return { kind: 'error' };
  }
}

/** The comment classid of a tip (爆料): its report platform id of spec 9, since spec 7.4 names only 1 and 2. */
export const TIP_CLASSID = 4;

/** One tip (jump 20, "tip detail") with its comments (from=bang, classid 4). */
export async function loadTipDetail(search: URLSearchParams): Promise<BangDetail<Tip>> {
  const query = parse(search);
  if (!query) return { kind: 'notFound' };
  try {
    const detail = await getEndpoint(baoliaoDetail, { id: query.id });
    if (detail.statusCode === 404) return { kind: 'notFound' };
    if (detail.statusCode !== 200) return { kind: 'error' };
    const comments = await loadComments({ classId: TIP_CLASSID, newsId: detail.data.id, from: 'bang' }, query);
    return comments ? { kind: 'ok', view: { item: detail.data, comments } } : { kind: 'error' };
  } catch {
    return { kind: 'error' };
  }
}
