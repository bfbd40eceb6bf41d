/**
 * The bangbang board's read endpoints that the Q&A and politics detail pages need (spec 7.6). Field
 * names in the spec's style (camelCase, ids as numbers). Texts of readers are plain text; the official
 * reply of a politics question is rich HTML that passed the one sanitiser (render it with RichText).
 */
import { endpointsOf } from './endpoint.ts';
import { Author, Id, NoQuery, Page, PageSize, ReviewState, Text } from './fields.ts';
import { z } from './zod.ts';

const api = endpointsOf('bangbang');

/** Spec 7.4: the bangbang comment classid — 1 politics (问政), 2 Q&A (问答). */
export const BANG_CLASSID = { politics: 1, qa: 2 } as const;

/**
 * Team rule: a question in review or refused reaches its asker only, who sees 审核中 or the reason
 * (`reviewReason`, '' unless refused); everyone else gets 404.
 */
const Review = {
  reviewState: z.enum(['pending', 'approved', 'rejected']),
  reviewReason: z.string(),
};

/**
 * Spec 3 userInfo / answer item: the answerer's member type. userType 0 is a reader; 1 入驻答人, 2 记者
 * (blue tag), 3 and up other official types (red tag). `isJump` 1 opens the member's home (spec 5).
 */
const Answerer = {
  userType: z.number().int(),
  /** The tag text ('' for a reader): 记者, 律师, 医生, 官方 … */
  typeName: z.string(),
  job: z.string(),
  introduction: z.string(),
  isJump: z.number().int(),
};

/**
 * Spec 4 question status: 0 waiting for an answer (待回答), 1 answered (答). `isShowReply` 1 while
 * answering is open (spec 5: the reply button shows only then).
 */
const QuestionState = {
  status: z.number().int(),
  statusText: z.string(),
  isShowReply: z.number().int(),
  /** The asker's district ('' when not given). */
  region: z.string(),
};

export const QuestionDetail = z.object({
  id: z.number().int(),
  title: z.string(),
  /** Plain text. */
  content: z.string(),
  pictures: z.array(z.string()),
  ...Author,
  ...QuestionState,
  ...Review,
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
  ...Answerer,
  /** Plain text. */
  content: z.string(),
  pictures: z.array(z.string()),
  region: z.string(),
  createTime: z.string(),
  likeNum: z.number().int(),
  isDoLike: z.number().int(),
  /** 'approved' for everyone; an answerer also gets their own answer in review ('pending'/'rejected'). */
  reviewState: ReviewState,
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
  ...Review,
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

export const wenzhengGetDetail = api.get('/v1/bangbang/wenzheng/getDetail', '问政详情（问题、部门、官方回复与计数；登录时带本人是否已赞）', {
  query: z.object({ id: Id }),
  data: PoliticsDetail,
  auth: 'optional',
});

export const wendaGetAnswerDetail = api.get('/v1/bangbang/wenda/getAnswerDetail', '问答详情（问题与计数；登录时带本人是否已赞）', {
  query: z.object({ id: Id }),
  data: QuestionDetail,
  auth: 'optional',
});

export const wendaGetAnswerListById = api.get('/v1/bangbang/wenda/getAnswerListById', '一个问题的回答（最早在前），按页返回，空数组表示到底', {
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
  /** Where its handling is on the timeline (spec 2.7): 1 已提交, 2 已受理, 3 已回复. */
  step: z.number().int(),
  stepText: z.string(),
  /** Beijing time `YYYY-MM-DD HH:mm`. */
  createTime: z.string(),
  pv: z.number().int(),
  likeNum: z.number().int(),
  commentCount: z.number().int(),
});
export type PoliticsListItem = z.infer<typeof PoliticsListItem>;

/** The timeline of a 问政 (spec 2.7): its steps in order; a list may be filtered to the items at one step. */
export const POLITICS_STEPS = [
  { key: 'submitted', name: '已提交' },
  { key: 'accepted', name: '已受理' },
  { key: 'replied', name: '已回复' },
] as const;
export type PoliticsStepKey = (typeof POLITICS_STEPS)[number]['key'];

const PoliticsListQuery = z.object({
  page: Page,
  pageSize: PoliticsPageSize,
  /** Only the items at this step (absent: all). */
  step: z.enum(['submitted', 'accepted', 'replied'], { error: '办理状态只能是已提交、已受理或已回复' }).optional(),
});

export const wenzhengGetNewList = api.content(
  '/v1/bangbang/wenzheng/getNewList',
  '最新问政（新的在前），按页返回，空数组表示到底；step 只看已提交、已受理或已回复的',
  {
    query: PoliticsListQuery,
    data: z.array(PoliticsListItem),
  },
);

export const wenzhengGetHotList = api.content(
  '/v1/bangbang/wenzheng/getHotList',
  '最热问政（浏览量高的在前），按页返回，空数组表示到底；step 只看已提交、已受理或已回复的',
  {
    query: PoliticsListQuery,
    data: z.array(PoliticsListItem),
  },
);

// ── the board home, search and services (spec 2.7 /BangBang/index, SearchPage, serve/index; 7.6) ──────

/** Items per page of the board's Q&A lists: 10 unless asked; never more than 50 (security.md C3). */
export const BoardPageSize = PageSize.unwrap().default(10);

/** A search keyword: 1–30 characters of plain text. */
export const Keyword = Text({ min: 1, max: 30, label: '搜索内容' });

/** A Q&A question as lists show it: an excerpt, the first answer's answerer and an excerpt of it. */
export const QuestionListItem = z.object({
  id: z.number().int(),
  title: z.string(),
  /** Plain text, at most 80 characters (… when cut). */
  content: z.string(),
  pictures: z.array(z.string()),
  ...Author,
  ...QuestionState,
  createTime: z.string(),
  pv: z.number().int(),
  likeNum: z.number().int(),
  answerCount: z.number().int(),
  commentCount: z.number().int(),
});
export type QuestionListItem = z.infer<typeof QuestionListItem>;

/** One item of the board home's latest / hottest lists: a Q&A question or a politics question. */
export const BoardItem = z.object({
  kind: z.enum(['qa', 'politics']),
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  pictures: z.array(z.string()),
  nickname: z.string(),
  createTime: z.string(),
  pv: z.number().int(),
  /** Answers of a question, comments of a politics item. */
  count: z.number().int(),
  /** Q&A: 0 waiting, 1 answered; politics: 0 waiting, 1 replied. */
  status: z.number().int(),
  statusText: z.string(),
  isShowReply: z.number().int(),
  /** The department a politics question is addressed to ('' for Q&A). */
  department: z.string(),
});
export type BoardItem = z.infer<typeof BoardItem>;

/** A service of the grid; `url` is an http(s) URL or a path under the base path (pages pass it through safeUrl). */
export const ServiceItem = z.object({
  id: z.number().int(),
  name: z.string(),
  brief: z.string(),
  url: z.string(),
  icon: z.string(),
});
export type ServiceItem = z.infer<typeof ServiceItem>;

export const ServiceGroup = z.object({ category: z.string(), items: z.array(ServiceItem) });
export type ServiceGroup = z.infer<typeof ServiceGroup>;

/** A member of the board (入驻答人, 记者, official accounts) as lists and search show them. */
export const MemberItem = z.object({
  ...Author,
  ...Answerer,
  answerCount: z.number().int(),
});
export type MemberItem = z.infer<typeof MemberItem>;

export const HotSearch = z.object({ id: z.number().int(), word: z.string() });
export type HotSearch = z.infer<typeof HotSearch>;

export const BangHome = z.object({
  /** The home's short service grid (the whole grid is serve/index). */
  services: z.array(ServiceItem),
  /** Newest approved items of the board, Q&A and politics together. */
  latest: z.array(BoardItem),
  /** Most viewed items of the last weeks, Q&A and politics together. */
  hottest: z.array(BoardItem),
});
export type BangHome = z.infer<typeof BangHome>;

export const bangHome = api.content('/v1/bangbang/home', '帮帮首页：服务宫格、最新与最热（问答与问政）', { query: NoQuery, data: BangHome });

export const bangHotSearch = api.content('/v1/bangbang/home/hotsearch', '帮帮热门搜索词', { query: NoQuery, data: z.array(HotSearch) });

export const BangSearchResult = z.object({
  questions: z.array(QuestionListItem),
  politics: z.array(PoliticsListItem),
  members: z.array(MemberItem),
});
export type BangSearchResult = z.infer<typeof BangSearchResult>;

export const bangSearch = api.get('/v1/bangbang/home/search', '帮帮搜索：按类别返回问答、问政与答人（每类至多 pageSize 条；分页见各类搜索）', {
  query: z.object({ keyword: Keyword, pageSize: BoardPageSize }),
  data: BangSearchResult,
});

export const wendaSearch = api.get('/v1/bangbang/wenda/search', '搜索问答（标题与内容），新的在前，按页返回，空数组表示到底', {
  query: z.object({ keyword: Keyword, page: Page, pageSize: BoardPageSize }),
  data: z.array(QuestionListItem),
});

export const wenzhengSearch = api.get('/v1/bangbang/wenzheng/search', '搜索问政（标题、内容与部门），新的在前，按页返回，空数组表示到底', {
  query: z.object({ keyword: Keyword, page: Page, pageSize: BoardPageSize }),
  data: z.array(PoliticsListItem),
});

export const memberTopSearch = api.get('/v1/bangbang/member/top/search', '搜索入驻答人与记者（名称、职务、简介），按页返回', {
  query: z.object({ keyword: Keyword, page: Page, pageSize: BoardPageSize }),
  data: z.array(MemberItem),
});

export const serviceGetService = api.content('/v1/bangbang/service/getService', '便民服务宫格（按类别）', { query: NoQuery, data: z.array(ServiceGroup) });
