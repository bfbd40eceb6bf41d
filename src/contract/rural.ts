/**
 * The rural section (裕农; spec 2.9): rural news by column and tab, 乡村帮帮 (questions answered
 * by tagged agricultural experts), 农友说 (farmers' posts with likes and comments), market prices and the
 * village credit scheme. Reader text is plain text. Credit data is public and masked (王*华).
 */
import { endpointsOf } from './endpoint.ts';
import { Banner } from './news.ts';
import { CalendarDayOf, Id, OwnReview, PagedBy10, ReviewState, Text } from './fields.ts';
import {
  ANSWER_MAX_CHARS,
  ANSWER_MIN_CHARS,
  COMMENT_MAX_CHARS,
  EXPERT_NAME_MAX_CHARS,
  EXPERT_ORG_MAX_CHARS,
  EXPERT_TAGS_MAX,
  EXPERT_TITLE_MAX_CHARS,
  KEYWORD_MAX_CHARS,
  POST_MAX_CHARS,
  POST_MAX_PICTURES,
  QUESTION_MAX_CHARS,
  QUESTION_MIN_CHARS,
  RURAL_GROUPS,
  RURAL_QUESTION_TAGS,
} from './ruralRules.ts';
import { z } from './zod.ts';

const api = endpointsOf('rural');

/** A rural news item (a row of the news table under the rural channel): it opens in the news or video detail. */
export const RuralNews = z.object({
  id: z.number().int(),
  classId: z.number().int(),
  /** 3 news, 8 video. */
  dataType: z.number().int(),
  title: z.string(),
  intro: z.string(),
  cover: z.string(),
  source: z.string(),
  /** The district it is about (城口, 巫溪 …), '' when city-wide. */
  region: z.string(),
  pv: z.number().int(),
  isVideo: z.boolean(),
  videoUrl: z.string(),
  videoTime: z.string(),
  /** Beijing time `YYYY-MM-DD HH:mm`. */
  publishTime: z.string(),
});
export type RuralNews = z.infer<typeof RuralNews>;

export const RuralColumn = z.object({ id: z.number().int(), name: z.string(), group: z.enum(RURAL_GROUPS) });
export type RuralColumn = z.infer<typeof RuralColumn>;

export const RuralTab = z.object({
  id: z.number().int(),
  name: z.string(),
  columnId: z.number().int(),
  children: z.array(z.object({ id: z.number().int(), name: z.string(), columnId: z.number().int() })),
});
export type RuralTab = z.infer<typeof RuralTab>;

export const Expert = z.object({
  id: z.number().int(),
  name: z.string(),
  title: z.string(),
  org: z.string(),
  tags: z.array(z.string()),
  avatar: z.string(),
  answerCount: z.number().int(),
});
export type Expert = z.infer<typeof Expert>;

export const Answer = z.object({
  id: z.number().int(),
  expert: Expert.pick({ id: true, name: true, title: true, org: true, avatar: true }),
  content: z.string(),
  likeNum: z.number().int(),
  createTime: z.string(),
  /** An answer in review or refused is shown to its expert only. */
  reviewState: ReviewState,
  /** The moderator's reason on a refused answer (its expert alone reads it); '' otherwise. */
  rejectReason: z.string(),
});
export type Answer = z.infer<typeof Answer>;

export const Question = z.object({
  id: z.number().int(),
  nickname: z.string(),
  userPic: z.string(),
  content: z.string(),
  tag: z.string(),
  district: z.string(),
  pictures: z.array(z.string()),
  answerCount: z.number().int(),
  pv: z.number().int(),
  createTime: z.string(),
  answers: z.array(Answer),
  ...OwnReview,
});
export type Question = z.infer<typeof Question>;

export const FarmerComment = z.object({
  id: z.number().int(),
  nickname: z.string(),
  text: z.string(),
  createTime: z.string(),
  reviewState: ReviewState,
});
export type FarmerComment = z.infer<typeof FarmerComment>;

export const FarmerPost = z.object({
  id: z.number().int(),
  nickname: z.string(),
  userPic: z.string(),
  content: z.string(),
  pictures: z.array(z.string()),
  video: z.string(),
  district: z.string(),
  likeNum: z.number().int(),
  commentCount: z.number().int(),
  /** 1 when the caller liked it. */
  isDoLike: z.number().int(),
  createTime: z.string(),
  comments: z.array(FarmerComment),
  /** 1 when the section's editors pinned it (置顶, leads 农友说). */
  pinned: z.number().int(),
  ...OwnReview,
});
export type FarmerPost = z.infer<typeof FarmerPost>;

export const Market = z.object({ id: z.number().int(), name: z.string(), district: z.string() });
export type Market = z.infer<typeof Market>;

export const PriceRow = z.object({
  productId: z.number().int(),
  name: z.string(),
  category: z.string(),
  unit: z.string(),
  /** Yuan, two decimals. */
  price: z.number(),
  /** Against the previous day with a price, yuan (0 when none). */
  change: z.number(),
  /** Percent, one decimal. */
  changePercent: z.number(),
  /** The last PRICE_TREND_DAYS prices up to the date, oldest first (yuan). */
  trend: z.array(z.number()),
});
export type PriceRow = z.infer<typeof PriceRow>;

export const PriceBoard = z.object({
  markets: z.array(Market),
  marketId: z.number().int(),
  /** The board's date `YYYY-MM-DD`; '' when the market has no prices. */
  date: z.string(),
  /** Dates with prices, newest first. */
  dates: z.array(z.string()),
  rows: z.array(PriceRow),
});
export type PriceBoard = z.infer<typeof PriceBoard>;

export const CreditLevel = z.object({ rating: z.string(), minPoints: z.number().int(), title: z.string(), benefits: z.array(z.string()) });
export type CreditLevel = z.infer<typeof CreditLevel>;

export const Village = z.object({
  id: z.number().int(),
  name: z.string(),
  district: z.string(),
  town: z.string(),
  households: z.number().int(),
  intro: z.string(),
  /** Rank by average points, from 1. */
  rank: z.number().int(),
  avgPoints: z.number().int(),
  /** Households rated A or better, percent. */
  ratedPercent: z.number().int(),
});
export type Village = z.infer<typeof Village>;

export const Deed = z.object({
  id: z.number().int(),
  villageName: z.string(),
  maskedName: z.string(),
  kind: z.string(),
  description: z.string(),
  points: z.number().int(),
  day: z.string(),
});
export type Deed = z.infer<typeof Deed>;

export const Household = z.object({ id: z.number().int(), maskedName: z.string(), points: z.number().int(), rating: z.string() });
export type Household = z.infer<typeof Household>;

export const RuralHome = z.object({
  /** The carousel, as channel banners (spec 2.4 routing): the 裕农 desk's slides in order, else the newest stories with a picture. */
  banners: z.array(Banner),
  columns: z.array(RuralColumn),
  latest: z.array(RuralNews),
  prices: PriceBoard,
  questions: z.array(Question),
  posts: z.array(FarmerPost),
});
export type RuralHome = z.infer<typeof RuralHome>;

export const getRuralHome = api.content('/v1/yunong/home', '裕农首页：轮播、栏目、最新资讯、今日行情摘要、最新问答与农友说', { data: RuralHome });

export const getRuralColumns = api.get('/v1/yunong/columns', '裕农栏目（乡村、资讯、视频三组）', { data: z.array(RuralColumn) });

export const getRuralNews = api.content('/v1/yunong/news', '裕农资讯：按栏目（classId）或栏目组（group）列出，最新在前；按页返回，空数组表示到底', {
  query: z.object({ classId: Id.optional(), group: z.enum(RURAL_GROUPS, { error: '栏目组不正确' }).optional(), ...PagedBy10 }),
  data: z.array(RuralNews),
});

export const getRuralTabs = api.get('/v1/yunong/tabs', '综合页（general）或二级综合页（sub）的标签配置', {
  query: z.object({ page: z.enum(['general', 'sub'], { error: '页面不正确' }) }),
  data: z.array(RuralTab),
});

export const getExperts = api.get('/v1/yunong/experts', '乡村帮帮的农技专家（带擅长领域标签）', { data: z.array(Expert) });

const Keyword = Text({ min: 1, max: KEYWORD_MAX_CHARS, label: '搜索词' });

export const getQuestions = api.get('/v1/yunong/questions', '乡村帮帮问题（含专家回答；可按关键词或领域筛选；登录时含本人待审核的问题），按页返回', {
  query: z.object({ keyword: Keyword.optional(), tag: z.enum(RURAL_QUESTION_TAGS, { error: '领域不正确' }).optional(), ...PagedBy10 }),
  data: z.array(Question),
  auth: 'optional',
});

export const getQuestion = api.get('/v1/yunong/question', '一个问题和全部专家回答；待审核或未通过的问题只有提问人可见', {
  query: z.object({ id: Id }),
  data: Question,
  auth: 'optional',
});

export const AskBody = z.object({
  content: Text({ min: QUESTION_MIN_CHARS, max: QUESTION_MAX_CHARS, label: '问题' }),
  tag: z.enum(RURAL_QUESTION_TAGS, { error: '请选择问题领域' }),
  district: Text({ max: 10, label: '所在区县' }).optional().default(''),
});

export const askQuestion = api.write('/v1/yunong/ask', '向农技专家提问（纯文本 5–500 字，选一个领域；支持 Idempotency-Key；需审核时为待审核）', {
  body: AskBody,
  data: Question,
});

export const getFarmerPosts = api.get(
  '/v1/yunong/posts',
  '农友说动态（编辑置顶的在前，其余最新在前；登录时含本人待审核的动态与点赞状态），按页返回，空数组表示到底',
  {
    query: z.object(PagedBy10),
    data: z.array(FarmerPost),
    auth: 'optional',
  },
);

/** Picture URLs: a JSON array, or one comma-separated string from a form. */
const Pictures = z
  .union([z.array(z.string().max(500)), z.string().max(5000)])
  .optional()
  .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter((s) => s !== ''))
  .pipe(z.array(z.string()).max(POST_MAX_PICTURES, `图片最多 ${POST_MAX_PICTURES} 张`));

export const PublishBody = z.object({
  content: Text({ min: 1, max: POST_MAX_CHARS, label: '正文' }),
  imageUrl: Pictures,
  district: Text({ max: 10, label: '所在区县' }).optional().default(''),
});

export const publishFarmerPost = api.write(
  '/v1/yunong/publish',
  '发布农友说（纯文本 1–1000 字，图片至多 9 张且须为本人上传；支持 Idempotency-Key；需审核时为待审核）',
  {
    body: PublishBody,
    data: FarmerPost,
  },
);

export const LikeBody = z.object({
  postId: Id,
  /** 1 like, 0 take back: the wanted state, so a retried call changes nothing. */
  like: z.union([z.literal('1'), z.literal('0'), z.literal(1), z.literal(0)], { error: '点赞参数不正确' }).transform((v) => Number(v) === 1),
});

export const likeFarmerPost = api.write('/v1/yunong/like', '给农友说点赞或取消（like 为想要的状态，重复调用结果相同）', {
  body: LikeBody,
  data: z.object({ liked: z.boolean(), likeNum: z.number().int() }),
});

export const CommentBody = z.object({ postId: Id, text: Text({ min: 1, max: COMMENT_MAX_CHARS, label: '评论' }) });

export const commentFarmerPost = api.write('/v1/yunong/comment', '评论农友说（纯文本 1–300 字；支持 Idempotency-Key；需审核时为待审核）', {
  body: CommentBody,
  data: FarmerComment,
});

const IsoDate = CalendarDayOf('日期格式不正确，应为年-月-日（如 2026-11-24）');

export const getPrices = api.content('/v1/yunong/prices', '农产品行情：某市场某日各产品价格、较前一日涨跌与近 30 日走势（不传则为第一个市场的最新一日）', {
  query: z.object({ marketId: Id.optional(), date: IsoDate.optional() }),
  data: PriceBoard,
});

export const getCredit = api.get('/v1/yunong/credit', '信用村：村排行、信用等级与权益、最新信用事迹（加分与扣分）（姓名已脱敏）', {
  data: z.object({ villages: z.array(Village), levels: z.array(CreditLevel), deeds: z.array(Deed) }),
});

export const getVillage = api.get('/v1/yunong/credit/village', '一个信用村：农户积分榜（姓名已脱敏）与最新事迹', {
  query: z.object({ id: Id }),
  data: z.object({ village: Village, households: z.array(Household), deeds: z.array(Deed) }),
});

export const getDeeds = api.get('/v1/yunong/credit/deeds', '信用积分事迹（可按村筛选，最新在前），按页返回，空数组表示到底', {
  query: z.object({ villageId: Id.optional(), ...PagedBy10 }),
  data: z.array(Deed),
});

// ——— 专家：申请、审核状态、本领域问题、回答 ———

const ExpertTag = z.enum(RURAL_QUESTION_TAGS, { error: '擅长领域不正确' });

export const ExpertApplyBody = z.object({
  name: Text({ min: 2, max: EXPERT_NAME_MAX_CHARS, label: '真实姓名' }),
  title: Text({ min: 2, max: EXPERT_TITLE_MAX_CHARS, label: '职称' }),
  org: Text({ min: 2, max: EXPERT_ORG_MAX_CHARS, label: '工作单位' }),
  /** A JSON array, or one comma-separated string from a form. */
  tags: z
    .union([z.array(z.string().max(10)), z.string().max(100)], { error: '请选择擅长领域' })
    .transform((v) => [...new Set((Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter((s) => s !== ''))])
    .pipe(z.array(ExpertTag).min(1, '请至少选择一个擅长领域').max(EXPERT_TAGS_MAX, `擅长领域最多选 ${EXPERT_TAGS_MAX} 个`)),
});

/**
 * The caller's own expert standing: none (never applied), pending, approved, rejected (with the reason) or revoked
 * by the editors (with the reason; the account may apply again).
 */
export const MyExpert = z.object({
  state: z.enum(['none', 'pending', 'approved', 'rejected', 'revoked']),
  rejectReason: z.string(),
  expert: Expert.omit({ answerCount: true }).nullable(),
});
export type MyExpert = z.infer<typeof MyExpert>;

export const getMyExpert = api.get('/v1/yunong/expert/me', '本人的农技专家身份：未申请、审核中、已认证、未通过或已撤销（含原因）', {
  data: MyExpert,
  auth: 'required',
});

export const applyExpert = api.write('/v1/yunong/expert/apply', '申请成为农技专家（姓名、职称、单位、擅长领域 1–3 个）；由裕农栏目编辑审核', {
  body: ExpertApplyBody,
  data: MyExpert,
  invalidates: 'none',
});

/** A question in the expert's own list: whether it is in their fields, and whether anyone answered it. */
export const ExpertQuestion = Question.extend({ mine: z.boolean(), answeredByMe: z.boolean() });
export type ExpertQuestion = z.infer<typeof ExpertQuestion>;

export const getExpertQuestions = api.get(
  '/v1/yunong/expert/questions',
  '专家的问题列表：本人擅长领域里还没有回答的问题在前（最早的在前），其余问题最新在前；仅已认证的专家',
  {
    data: z.array(ExpertQuestion),
    auth: 'required',
  },
);

export const AnswerBody = z.object({
  questionId: Id,
  content: Text({ min: ANSWER_MIN_CHARS, max: ANSWER_MAX_CHARS, label: '回答' }),
});

export const answerQuestion = api.write('/v1/yunong/answer', '农技专家回答本人擅长领域的问题（纯文本 5–1000 字；支持 Idempotency-Key；需审核时为待审核）', {
  body: AnswerBody,
  data: Answer,
});
