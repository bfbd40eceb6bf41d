/**
 * The bangbang board's read endpoints that the Q&A and politics detail pages need (spec 7.6). Field
 * names in the spec's style (camelCase, ids as numbers). Texts of readers are plain text; the official
 * reply of a politics question is rich HTML that passed the one sanitiser (render it with RichText).
 */
import { defineEndpoint } from './endpoint.ts';
import { Id, Page } from './fields.ts';
import { PageSize } from './news.ts';
import { z } from './zod.ts';

/** Spec 7.4: the bangbang comment classid — 1 politics (问政), 2 Q&A (问答). */
export const BANG_CLASSID = { politics: 1, qa: 2 } as const;

const Author = {
  userId: z.number().int(),
  nickname: z.string(),
  userPic: z.string(),
};

export const QuestionDetail = z.object({
  id: z.number().int(),
  title: z.string(),
  /** Plain text. */
  content: z.string(),
  pictures: z.array(z.string()),
  ...Author,
  /** Beijing time `YYYY-MM-DD HH:mm`. */
  createTime: z.string(),
  likeNum: z.number().int(),
  commentCount: z.number().int(),
  answerCount: z.number().int(),
  pv: z.number().int(),
  /** 1 when the caller liked the question (0 for anonymous callers). */
  isDoLike: z.number().int(),
});
export type QuestionDetail = z.infer<typeof QuestionDetail>;

export const Answer = z.object({
  id: z.number().int(),
  /** What a like of this answer sends (spec 9: type 6 by bangId). */
  bangId: z.number().int(),
  questionId: z.number().int(),
  ...Author,
  /** Spec 1: answerers may be tagged as reporters or other official types ('' for a reader). */
  label: z.string(),
  /** Plain text. */
  content: z.string(),
  createTime: z.string(),
  likeNum: z.number().int(),
  isDoLike: z.number().int(),
});
export type Answer = z.infer<typeof Answer>;

export const PoliticsDetail = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  pictures: z.array(z.string()),
  ...Author,
  createTime: z.string(),
  /** The department the question is addressed to. */
  department: z.string(),
  /** 0 waiting for a reply, 1 replied. */
  status: z.number().int(),
  statusText: z.string(),
  /** The official reply: sanitised rich HTML ('' while waiting). */
  replyContent: z.string(),
  replyTime: z.string(),
  likeNum: z.number().int(),
  commentCount: z.number().int(),
  pv: z.number().int(),
  isDoLike: z.number().int(),
});
export type PoliticsDetail = z.infer<typeof PoliticsDetail>;

export const wenzhengGetDetail = defineEndpoint({
  method: 'GET',
  path: '/v1/bangbang/wenzheng/getDetail',
  summary: '问政详情（问题、部门、官方回复与计数；登录时带本人是否已赞）',
  tag: 'bangbang',
  query: z.object({ id: Id }),
  data: PoliticsDetail,
  auth: 'optional',
});

export const wendaGetAnswerDetail = defineEndpoint({
  method: 'GET',
  path: '/v1/bangbang/wenda/getAnswerDetail',
  summary: '问答详情（问题与计数；登录时带本人是否已赞）',
  tag: 'bangbang',
  query: z.object({ id: Id }),
  data: QuestionDetail,
  auth: 'optional',
});

export const wendaGetAnswerListById = defineEndpoint({
  method: 'GET',
  path: '/v1/bangbang/wenda/getAnswerListById',
  summary: '一个问题的回答（最早在前），按页返回，空数组表示到底',
  tag: 'bangbang',
  query: z.object({ id: Id, page: Page, pageSize: PageSize }),
  data: z.array(Answer),
  auth: 'optional',
});

/** Items per page of the politics lists: 10 unless asked; never more than 50 (security.md C3). */
export const PoliticsPageSize = PageSize.unwrap().default(10);

/** A politics question as the board's lists show it: no reply body, an excerpt of the question. */
export const PoliticsListItem = z.object({
  id: z.number().int(),
  title: z.string(),
  /** Plain text, at most 80 characters of the question (… when cut). */
  content: z.string(),
  ...Author,
  department: z.string(),
  /** 0 waiting for a reply, 1 replied. */
  status: z.number().int(),
  statusText: z.string(),
  /** Beijing time `YYYY-MM-DD HH:mm`. */
  createTime: z.string(),
  pv: z.number().int(),
  likeNum: z.number().int(),
  commentCount: z.number().int(),
});
export type PoliticsListItem = z.infer<typeof PoliticsListItem>;

const PoliticsListQuery = z.object({ page: Page, pageSize: PoliticsPageSize });

export const wenzhengGetNewList = defineEndpoint({
  method: 'GET',
  path: '/v1/bangbang/wenzheng/getNewList',
  summary: '最新问政（新的在前），按页返回，空数组表示到底',
  tag: 'bangbang',
  query: PoliticsListQuery,
  data: z.array(PoliticsListItem),
});

export const wenzhengGetHotList = defineEndpoint({
  method: 'GET',
  path: '/v1/bangbang/wenzheng/getHotList',
  summary: '最热问政（浏览量高的在前），按页返回，空数组表示到底',
  tag: 'bangbang',
  query: PoliticsListQuery,
  data: z.array(PoliticsListItem),
});
