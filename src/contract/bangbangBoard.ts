/**
 * The rest of the bangbang board (ADR 010): the Q&A home and its lists, members' homes, departments
 * of 问政, community groups, tips (爆料), the 帮你解读 column, and the board's writes (spec 7.7: wenda/add,
 * wenda/reply, wenzheng/add, wenzheng/reply, member/useredit; plus tips and joining groups). Reader
 * texts are plain text; every write answers the item it wrote (a retry with the same Idempotency-Key
 * answers the same item).
 */
import { Answer, BoardPageSize, Keyword, MemberItem, PoliticsDetail, QuestionDetail, QuestionListItem } from './bangbang.ts';
import { endpointsOf } from './endpoint.ts';
import { Author, Id, NoQuery, Page, Text } from './fields.ts';
import { PICTURES_MAX } from './uploadRules.ts';
import { z } from './zod.ts';

const api = endpointsOf('bangbang');

/** Spec 9: a question or an answer carries at most 9 pictures, each an own upload. */
export const BANG_MAX_PICTURES = PICTURES_MAX;
/** The tip hot-line of the board (spec 9: 免费拨打 plus the number). */
export const TIP_HOTLINE = '023-63907110';

/** Pictures: an array, or the form encoding's comma-joined string; blanks dropped; at most 9. */
const PictureList = z
  .union([z.array(z.string().max(300)), z.string().max(3000)])
  .optional()
  .transform((raw) => {
    const list = raw === undefined ? [] : typeof raw === 'string' ? raw.split(',') : raw;
    return list.map((u) => u.trim()).filter(Boolean);
  })
  .pipe(z.array(z.string()).max(BANG_MAX_PICTURES, `图片最多 ${BANG_MAX_PICTURES} 张`));

/** An optional video link: '' or an https URL (shown as a link, never embedded). */
const VideoLink = z
  .string()
  .max(500, '视频链接过长')
  .optional()
  .transform((v) => (v ?? '').trim())
  .refine((v) => v === '' || /^https:\/\/[^\s<>"']+$/.test(v), '视频链接须以 https:// 开头');

const Region = Text({ max: 20, label: '所在区县' })
  .optional()
  .transform((v) => v ?? '');

/** A reader's post or tip: approved, or (to its author only) pending / rejected with the reason. */
const Moderation = { reviewState: z.string(), reviewReason: z.string() };

/** What a question, answer or politics write answers: the item written, with its review state. */
const written = <S extends z.ZodRawShape>(item: z.ZodObject<S>) => item.extend({ reviewState: z.string() });

// ── reads ────────────────────────────────────────────────────────────────────────────────────────

const ListQuery = z.object({ page: Page, pageSize: BoardPageSize });

/** An answer in a list (newest answers, a member's answers): the answer with its question's title. */
export const AnswerListItem = Answer.extend({ questionTitle: z.string() });
export type AnswerListItem = z.infer<typeof AnswerListItem>;

export const WendaIndex = z.object({
  hot: z.array(QuestionListItem),
  latest: z.array(QuestionListItem),
  answers: z.array(AnswerListItem),
  recommenders: z.array(MemberItem),
});
export type WendaIndex = z.infer<typeof WendaIndex>;

export const wendaIndex = api.content('/v1/bangbang/wenda/index', '问答首页：今日热问、最新问题、最新回答、推荐答人（各取前几条）', {
  query: NoQuery,
  data: WendaIndex,
});

export const wendaGetHotQuestionList = api.content('/v1/bangbang/wenda/getHotQuestionList', '今日热问（浏览量高的在前），按页返回，空数组表示到底', {
  query: ListQuery,
  data: z.array(QuestionListItem),
});

export const wendaGetNewQuestionList = api.content('/v1/bangbang/wenda/getNewQuestionList', '最新问题（新的在前），按页返回，空数组表示到底', {
  query: ListQuery,
  data: z.array(QuestionListItem),
});

export const wendaGetNewAnswerList = api.content('/v1/bangbang/wenda/getNewAnswerList', '最新回答（新的在前），按页返回', {
  query: ListQuery,
  data: z.array(AnswerListItem),
});

export const wendaGetRecommenderList = api.content('/v1/bangbang/wenda/getRecommenderList', '推荐答人', { query: NoQuery, data: z.array(MemberItem) });

/** Spec 2.7 ask-special: type 1 入驻答人, 2 入驻记者. */
export const MemberListType = z.enum(['1', '2'], { error: '类型只能是 1 或 2' }).default('1');

export const wendaGetMemberList = api.content('/v1/bangbang/wenda/getMemberList', '入驻答人（type=1）或入驻记者（type=2），按页返回', {
  query: z.object({ type: MemberListType, page: Page, pageSize: BoardPageSize }),
  data: z.array(MemberItem),
});

export const wendaGetMember = api.get('/v1/bangbang/wenda/getMember', '一位答人的资料（isJump 为 0 时页面不展示主页）', {
  query: z.object({ id: Id }),
  data: MemberItem,
});

export const wendaGetNewAnswerListByMemberId = api.get('/v1/bangbang/wenda/getNewAnswerListByMemberId', '一位答人的回答（新的在前），按页返回', {
  query: z.object({ id: Id, page: Page, pageSize: BoardPageSize }),
  data: z.array(AnswerListItem),
  auth: 'optional',
});

export const wendaGetNewQuestionListByMemberId = api.get('/v1/bangbang/wenda/getNewQuestionListByMemberId', '一位答人提出的问题（新的在前），按页返回', {
  query: z.object({ id: Id, page: Page, pageSize: BoardPageSize }),
  data: z.array(QuestionListItem),
});

/** A department that answers 问政 questions (its member account). */
export const Department = z.object({ id: z.number().int(), name: z.string() });
export type Department = z.infer<typeof Department>;

export const wenzhengGetMemberList = api.content('/v1/bangbang/wenzheng/getMemberList', '可问政的部门（platformType 默认 0：全部）', {
  query: z.object({ platformType: z.union([z.string().regex(/^\d{1,2}$/, '平台类型必须是数字'), z.number().int()]).optional() }),
  data: z.array(Department),
});

/** Spec 2.7 politics status timeline: 已提交 → 已受理 → 已回复 (time '' for a step not reached). */
export const PoliticsStep = z.object({ name: z.string(), time: z.string(), done: z.boolean() });
export type PoliticsStep = z.infer<typeof PoliticsStep>;

export const PoliticsProgress = z.object({
  steps: z.array(PoliticsStep),
  /** 1 when the caller is an account of the question's department and it may still reply. */
  canReply: z.number().int(),
  reviewState: z.string(),
});
export type PoliticsProgress = z.infer<typeof PoliticsProgress>;

export const wenzhengGetProgress = api.get('/v1/bangbang/wenzheng/getProgress', '问政办理进度（已提交 → 已受理 → 已回复）与本人能否回复', {
  query: z.object({ id: Id }),
  data: PoliticsProgress,
  auth: 'optional',
});

// community

export const Group = z.object({
  id: z.number().int(),
  name: z.string(),
  intro: z.string(),
  cover: z.string(),
  area: z.string(),
  memberCount: z.number().int(),
  postCount: z.number().int(),
  /** 1 when the caller is a member (0 for anonymous callers). */
  joined: z.number().int(),
});
export type Group = z.infer<typeof Group>;

export const GroupPost = z.object({
  id: z.number().int(),
  groupId: z.number().int(),
  groupName: z.string(),
  ...Author,
  content: z.string(),
  pictures: z.array(z.string()),
  likeNum: z.number().int(),
  commentCount: z.number().int(),
  createTime: z.string(),
  ...Moderation,
});
export type GroupPost = z.infer<typeof GroupPost>;

export const GroupMember = z.object({
  ...Author,
  /** 群主, 管理员 or ''. */
  roleName: z.string(),
  joinTime: z.string(),
});
export type GroupMember = z.infer<typeof GroupMember>;

export const groupownetHome = api.get('/v1/bangbang/groupownet/home', '社群推荐：推荐的群与群里的精选帖子', {
  query: NoQuery,
  data: z.object({ groups: z.array(Group), posts: z.array(GroupPost) }),
  auth: 'optional',
});

export const groupownetCommunity = api.get('/v1/bangbang/groupownet/community', '全部社群，按页返回（登录时带本人是否已加入）', {
  query: ListQuery,
  data: z.array(Group),
  auth: 'optional',
});

export const groupownetSearch = api.get('/v1/bangbang/groupownet/search', '搜索社群（名称与简介），按页返回', {
  query: z.object({ keyword: Keyword, page: Page, pageSize: BoardPageSize }),
  data: z.array(Group),
  auth: 'optional',
});

export const groupownetUserInfo = api.get('/v1/bangbang/groupownet/userInfo', '一个社群的资料（登录时带本人是否已加入）', {
  query: z.object({ id: Id }),
  data: Group,
  auth: 'optional',
});

export const groupownetUserlist = api.get('/v1/bangbang/groupownet/userlist', '一个社群的成员（群主、管理员在前），按页返回', {
  query: z.object({ id: Id, page: Page, pageSize: BoardPageSize }),
  data: z.array(GroupMember),
});

export const groupownetPosts = api.get('/v1/bangbang/groupownet/posts', '一个社群的帖子（新的在前），按页返回；登录时也含本人审核中或未通过的帖子', {
  query: z.object({ id: Id, page: Page, pageSize: BoardPageSize }),
  data: z.array(GroupPost),
  auth: 'optional',
});

/** A post in a group (社群): its members only; text 2–1000 characters, up to 9 own pictures. */
export const GroupPostBody = z.object({
  /** The group. */
  id: Id,
  content: Text({ min: 2, max: 1000, label: '帖子内容' }),
  pictures: PictureList,
});

export const groupownetPost = api.write('/v1/bangbang/groupownet/post', '在社群发帖（仅群成员；2–1000 字，图片至多 9 张；带审核状态；支持 Idempotency-Key）', {
  body: GroupPostBody,
  data: GroupPost,
});

export const GroupJoinBody = z.object({ id: Id });
export const JoinResult = z.object({ id: z.number().int(), joined: z.number().int(), memberCount: z.number().int() });

export const groupownetJoin = api.write('/v1/bangbang/groupownet/join', '加入社群（已加入时原样返回）', { body: GroupJoinBody, data: JoinResult });

export const groupownetLeave = api.write('/v1/bangbang/groupownet/leave', '退出社群（群主不能退出；未加入时原样返回）', {
  body: GroupJoinBody,
  data: JoinResult,
});

// tips

/** A tip as the public list shows it: never the contact phone. */
export const Tip = z.object({
  id: z.number().int(),
  ...Author,
  content: z.string(),
  pictures: z.array(z.string()),
  videoUrl: z.string(),
  place: z.string(),
  /** 已收到, 已采纳, 已报道, 未采用 (the newsroom's 线索 inbox). */
  handlingText: z.string(),
  likeNum: z.number().int(),
  commentCount: z.number().int(),
  /** 1 when the caller has liked it (from=bang, type 4). */
  isDoLike: z.number().int(),
  createTime: z.string(),
  ...Moderation,
});
export type Tip = z.infer<typeof Tip>;

export const baoliaoList = api.get('/v1/bangbang/baoliao/list', '读者爆料（新的在前，本人的待审核爆料也在内），按页返回', {
  query: ListQuery,
  data: z.array(Tip),
  auth: 'optional',
});

/** One tip (spec 2.4 jump 20 "tip detail"): public once approved; the author also gets their own in review. */
export const baoliaoDetail = api.get('/v1/bangbang/baoliao/detail', '一条读者爆料（已公开的；本人的待审核爆料本人可见）', {
  query: z.object({ id: Id }),
  data: Tip,
  auth: 'optional',
});

export const TipBody = z.object({
  content: Text({ min: 5, max: 1000, label: '爆料内容' }),
  pictures: PictureList,
  videoUrl: VideoLink,
  place: Text({ max: 40, label: '地点' })
    .optional()
    .transform((v) => v ?? ''),
  /** Optional contact phone: 11 digits of a mainland mobile number. */
  contactPhone: z
    .string()
    .max(20, '联系电话格式不正确')
    .optional()
    .transform((v) => (v ?? '').replace(/[\s-]/g, ''))
    .refine((v) => v === '' || /^1[3-9]\d{9}$/.test(v), '联系电话格式不正确'),
});

export const baoliaoAdd = api.write(
  '/v1/bangbang/baoliao/add',
  '发送爆料（文字 5–1000 字，图片至多 9 张，视频链接与地点可选，联系电话可选且不公开；支持 Idempotency-Key）',
  {
    body: TipBody,
    data: Tip,
  },
);

// explainers

export const Explainer = z.object({
  id: z.number().int(),
  title: z.string(),
  summary: z.string(),
  cover: z.string(),
  author: z.string(),
  pv: z.number().int(),
  createTime: z.string(),
  /** Detail only ([] in the list). */
  paragraphs: z.array(z.string()),
});
export type Explainer = z.infer<typeof Explainer>;

export const explainList = api.content('/v1/bangbang/explain/list', '帮你解读栏目（新的在前），按页返回', { query: ListQuery, data: z.array(Explainer) });

export const explainDetail = api.get('/v1/bangbang/explain/detail', '一篇帮你解读', { query: z.object({ id: Id }), data: Explainer });

// members: applications

/** What an identity application states: the member type applied for, its tag and who the applicant is. */
export const ApplicationForm = {
  userType: z.number().int(),
  typeName: z.string(),
  realName: z.string(),
  job: z.string(),
  introduction: z.string(),
};

/** The caller's own member row: 'none' before applying; pending / approved / rejected after. */
export const MemberInfo = z.object({
  state: z.enum(['none', 'pending', 'approved', 'rejected']),
  reason: z.string(),
  ...ApplicationForm,
});
export type MemberInfo = z.infer<typeof MemberInfo>;

export const memberGetInfo = api.get('/api/bangbang/member/getInfo', '本人的身份认证状态（未申请、审核中、已通过、未通过及原因）', {
  query: NoQuery,
  data: MemberInfo,
  auth: 'required',
});

export const UserEditBody = z
  .object({
    /** 1 入驻答人, 2 记者: a reader cannot apply for an official type (mass assignment: every other field is ignored). */
    userType: z.union([z.literal(1), z.literal(2), z.literal('1'), z.literal('2')], { error: '请选择认证类型' }).transform(Number),
    realName: Text({ min: 2, max: 20, label: '真实姓名' }),
    job: Text({ min: 2, max: 40, label: '职业' }),
    introduction: Text({ min: 10, max: 300, label: '个人简介' }),
    proofPicture: z
      .string()
      .max(300)
      .optional()
      .transform((v) => (v ?? '').trim()),
  })
  .transform((v, ctx) => {
    if (v.proofPicture === '') ctx.addIssue({ code: 'custom', message: '请上传证明材料', path: ['proofPicture'], input: v.proofPicture });
    return v;
  });

export const memberUserEdit = api.write('/api/bangbang/member/useredit', '申请身份认证（入驻答人或记者；提交后审核中，审核通过后回答带标签；审核中可修改）', {
  body: UserEditBody,
  data: MemberInfo,
});

// Q&A and politics writes

export const AskBody = z.object({
  title: Text({ min: 5, max: 50, label: '问题标题' }),
  content: Text({ max: 1000, label: '问题描述' })
    .optional()
    .transform((v) => v ?? ''),
  pictures: PictureList,
  videoUrl: VideoLink,
  region: Region,
});

export const wendaAdd = api.write('/v1/bangbang/wenda/add', '提问（标题 5–50 字，描述至多 1000 字，图片至多 9 张，视频链接与区县可选；支持 Idempotency-Key）', {
  body: AskBody,
  data: written(QuestionDetail),
});

export const AnswerBody = z.object({
  id: Id,
  content: Text({ min: 2, max: 2000, label: '回答内容' }),
  pictures: PictureList,
});

export const wendaReply = api.write('/v1/bangbang/wenda/reply', '回答问题（2–2000 字，图片至多 9 张；问题关闭回答后不可答；支持 Idempotency-Key）', {
  body: AnswerBody,
  data: written(Answer),
});

export const PoliticsBody = z.object({
  /** The department asked (an id of wenzheng/getMemberList). */
  departmentId: Id,
  title: Text({ min: 5, max: 50, label: '标题' }),
  content: Text({ min: 10, max: 2000, label: '问题内容' }),
  pictures: PictureList,
});

export const wenzhengAdd = api.write('/v1/bangbang/wenzheng/add', '我要问政（部门、标题 5–50 字、内容 10–2000 字、图片至多 9 张；支持 Idempotency-Key）', {
  body: PoliticsBody,
  data: written(PoliticsDetail),
});

export const PoliticsReplyBody = z.object({
  id: Id,
  content: Text({ min: 10, max: 3000, label: '回复内容' }),
});

export const wenzhengReply = api.write('/v1/bangbang/wenzheng/reply', '部门官方回复（仅该部门的账号；回复后状态为已回复，不可再回复）', {
  body: PoliticsReplyBody,
  data: PoliticsDetail,
});
