/**
 * The 互动 area and the shell's forms: readers' photos (/interact/imagePage), the live-commerce
 * complaint platform (/Complaints-platform), the business cooperation form (/business-cooperation/home)
 * and the reader's own lists behind the 我的 popup (我的评论 / 我的提问 / 我的爆料 / 我的投诉).
 * Reader text is plain text everywhere here. A complaint's contact phone never leaves the server except
 * masked, to its author.
 */
import { Phone } from './accounts.ts';
import { endpointsOf } from './endpoint.ts';
import { Author, Id, Page, ReviewState, Text } from './fields.ts';
import {
  COMPLAINT_AMOUNT_MAX_YUAN,
  COMPLAINT_CONTENT_MAX,
  COMPLAINT_CONTENT_MIN,
  COMPLAINT_DEMAND_MAX,
  COMPLAINT_KEYWORD_MAX,
  COMPLAINT_MAX_PICTURES,
  COMPLAINT_ORDER_MAX,
  COMPLAINT_PLATFORMS,
  COMPLAINT_PROBLEMS,
  COMPLAINT_SHOP_MAX,
  COMPLAINT_STATUSES,
  COOPERATION_COMPANY_MAX,
  COOPERATION_KINDS,
  COOPERATION_NAME_MAX,
  COOPERATION_NEED_MAX,
  COOPERATION_NEED_MIN,
  PHOTO_CAPTION_MAX,
} from './communityRules.ts';
import { z } from './zod.ts';

const interactApi = endpointsOf('interact');
const complaintsApi = endpointsOf('complaints');
const cooperationApi = endpointsOf('cooperation');
const mineApi = endpointsOf('mine');

const PageSize = z
  .union([z.number().int(), z.string().regex(/^\d{1,3}$/, '必须是正整数')])
  .transform((v) => Number(v))
  .pipe(z.number().int().min(1, '每页条数从 1 开始').max(30, '每页最多 30 条'))
  .default(10);

const Paged = { page: Page, pageSize: PageSize };

/** A mainland mobile number in any common spelling, normalised to 11 digits. */
const ContactPhone = Phone;

/** Picture URLs: a JSON array, or one comma-separated string from a form. */
function Pictures(max: number) {
  return z
    .union([z.array(z.string().max(500)), z.string().max(6000)], { error: '图片格式不正确' })
    .optional()
    .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter((s) => s !== ''))
    .pipe(z.array(z.string()).max(max, `图片最多 ${max} 张`));
}

/** Like fields.ts OwnReview, with the reason named reviewReason as the 互动 answers spell it. */
const Review = { reviewState: ReviewState, reviewReason: z.string(), belongMyself: z.number().int() };

// ── Reader photos ────────────────────────────────────────────────────────────

export const ReaderPhoto = z.object({
  id: z.number().int(),
  ...Author,
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  /** Plain text. */
  caption: z.string(),
  like: z.number().int(),
  /** Beijing time `YYYY-MM-DD HH:mm`. */
  createTime: z.string(),
  ...Review,
});
export type ReaderPhoto = z.infer<typeof ReaderPhoto>;

export const photoList = interactApi.get('/api/interact/photos', '读者拍客照片墙（最新在前；登录时含本人待审核的照片），按页返回，空数组表示到底', {
  query: z.object(Paged),
  data: z.array(ReaderPhoto),
  auth: 'optional',
});

export const PhotoPublishBody = z.object({
  /** The caller's own upload from /api/upload/image. */
  url: z.string({ error: '请先上传照片' }).min(1, '请先上传照片').max(500, '照片地址不正确'),
  caption: Text({ min: 1, max: PHOTO_CAPTION_MAX, label: '照片说明' }),
});

export const photoPublish = interactApi.write(
  '/api/interact/photos/publish',
  '发布一张读者照片（须为本人上传；说明 1–100 字；支持 Idempotency-Key；需审核时为待审核）',
  {
    body: PhotoPublishBody,
    data: ReaderPhoto,
  },
);

// ── Complaints ───────────────────────────────────────────────────────────────

export const ComplaintStatus = z.enum(COMPLAINT_STATUSES);

export const ComplaintSummary = z.object({
  id: z.number().int(),
  /** The complainant's nickname, masked (张**). */
  nickname: z.string(),
  platform: z.string(),
  shopName: z.string(),
  problemType: z.string(),
  /** Yuan with two decimals, '' when no amount was given. */
  amount: z.string(),
  /** Plain text, the first 120 characters. */
  excerpt: z.string(),
  demand: z.string(),
  status: ComplaintStatus,
  statusText: z.string(),
  pictureCount: z.number().int(),
  createTime: z.string(),
  ...Review,
});
export type ComplaintSummary = z.infer<typeof ComplaintSummary>;

export const ComplaintStep = z.object({ status: ComplaintStatus, statusText: z.string(), note: z.string(), time: z.string() });
export type ComplaintStep = z.infer<typeof ComplaintStep>;

export const ComplaintDetail = ComplaintSummary.extend({
  /** Plain text. */
  content: z.string(),
  pictures: z.array(z.string()),
  /** The order number: shown in full to the author, masked to everyone else. */
  orderNo: z.string(),
  /** Masked (138****8000) and only for the author; '' for everyone else. */
  contactPhone: z.string(),
  timeline: z.array(ComplaintStep),
  refuseReason: z.string(),
  sellerReply: z.string(),
  sellerReplyTime: z.string(),
  /** The seller it was sent to (its public page: /Complaints-platform/seller?id), null while with the desk. */
  seller: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type ComplaintDetail = z.infer<typeof ComplaintDetail>;

const Optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());

export const complaintList = complaintsApi.content(
  '/api/complaints/list',
  '投诉公示列表（最新在前，投诉人昵称打码）：keyword 搜索商家、主播或内容，platform、status 筛选；空数组表示到底',
  {
    query: z.object({
      keyword: Optional(Text({ min: 1, max: COMPLAINT_KEYWORD_MAX, label: '搜索词' })),
      platform: Optional(z.enum(COMPLAINT_PLATFORMS, { error: '平台不正确' })),
      status: Optional(z.enum(COMPLAINT_STATUSES, { error: '状态不正确' })),
      ...Paged,
    }),
    data: z.array(ComplaintSummary),
    auth: 'optional',
  },
);

export const complaintDetail = complaintsApi.get(
  '/api/complaints/detail',
  '一条投诉的进度（时间线、不予受理理由、商家回复）；待审核或未通过的投诉只有投诉人可见',
  {
    query: z.object({ id: Id }),
    data: ComplaintDetail,
    auth: 'optional',
  },
);

const AMOUNT_INVALID = '金额格式不正确（最多两位小数）';

/** Yuan as typed ('129', '129.5', '1,299.00') → fen; '' or absent → 0. */
const Amount = z
  .union([z.string().max(20, AMOUNT_INVALID), z.number()], { error: AMOUNT_INVALID })
  .optional()
  .transform((v, ctx) => {
    const text = v === undefined ? '' : String(v).replace(/[,，\s]/g, '');
    if (text === '') return 0;
    if (!/^\d{1,7}(\.\d{1,2})?$/.test(text)) {
      ctx.addIssue({ code: 'custom', message: AMOUNT_INVALID });
      return z.NEVER;
    }
    const fen = Math.round(Number(text) * 100);
    if (fen > COMPLAINT_AMOUNT_MAX_YUAN * 100) {
      ctx.addIssue({ code: 'custom', message: `金额不能超过 ${COMPLAINT_AMOUNT_MAX_YUAN} 元` });
      return z.NEVER;
    }
    return fen;
  });

export const ComplaintBody = z.object({
  platform: z.enum(COMPLAINT_PLATFORMS, { error: '请选择直播平台' }),
  shopName: Text({ min: 1, max: COMPLAINT_SHOP_MAX, label: '店铺或主播名称' }),
  orderNo: z
    .string({ error: '订单号格式不正确' })
    .optional()
    .transform((s) => (s ?? '').trim())
    .pipe(
      z
        .string()
        .max(COMPLAINT_ORDER_MAX, `订单号不能超过 ${COMPLAINT_ORDER_MAX} 位`)
        .regex(/^[A-Za-z0-9-]*$/, '订单号只能包含字母、数字和连字符'),
    ),
  amount: Amount,
  problemType: z.enum(COMPLAINT_PROBLEMS, { error: '请选择问题类型' }),
  content: Text({ min: COMPLAINT_CONTENT_MIN, max: COMPLAINT_CONTENT_MAX, label: '投诉经过' }),
  demand: Text({ min: 1, max: COMPLAINT_DEMAND_MAX, label: '投诉诉求' }),
  pictures: Pictures(COMPLAINT_MAX_PICTURES),
  contactPhone: ContactPhone,
});
export type ComplaintBody = z.input<typeof ComplaintBody>;

export const complaintCreate = complaintsApi.write(
  '/api/complaints/create',
  '提交投诉（平台、店铺或主播、订单号、金额、问题类型、经过、诉求、凭证图片≤9 张且须为本人上传、联系电话不公开；支持 Idempotency-Key）',
  {
    body: ComplaintBody,
    data: ComplaintDetail,
  },
);

// ── Business cooperation ─────────────────────────────────────────────────────

export const CooperationBody = z.object({
  name: Text({ min: 1, max: COOPERATION_NAME_MAX, label: '联系人' }),
  company: Text({ min: 1, max: COOPERATION_COMPANY_MAX, label: '公司或机构' }),
  phone: ContactPhone,
  need: Text({ min: COOPERATION_NEED_MIN, max: COOPERATION_NEED_MAX, label: '合作需求' }),
  kind: z
    .enum(Object.keys(COOPERATION_KINDS) as [keyof typeof COOPERATION_KINDS, ...(keyof typeof COOPERATION_KINDS)[]], { error: '合作类型不正确' })
    .optional()
    .default('other'),
});
export type CooperationBody = z.input<typeof CooperationBody>;

export const cooperationContact = cooperationApi.post(
  '/api/cooperation/contact',
  '商务合作留言（联系人、公司、手机号、需求；同一 Idempotency-Key 只记一次；按地址限频）',
  {
    body: CooperationBody,
    data: z.object({ id: z.number().int(), replyWithin: z.string() }),
  },
);

// ── The reader's own lists (我的) ───────────────────────────────────────────────

export const MyItem = z.object({
  id: z.number().int(),
  /** What the item is about (the article, the question, the shop). */
  title: z.string(),
  /** Plain text. */
  text: z.string(),
  /** A same-origin path relative to the base path, '' when the item has no page. */
  href: z.string(),
  time: z.string(),
  /** 审核中 / 未通过：reason / 已受理 …; '' when nothing to say. */
  state: z.string(),
  picture: z.string(),
});
export type MyItem = z.infer<typeof MyItem>;

const myList = <const P extends string>(path: P, summary: string) =>
  mineApi.get(path, summary, { query: z.object({ page: Page }), data: z.array(MyItem), auth: 'required' });

export const myComments = myList('/api/mine/comments', '我的评论（最新在前），按页返回，空数组表示到底');
export const myQuestions = myList('/api/mine/questions', '我的提问：问答提问与问政（最新在前），按页返回');
export const myTips = myList('/api/mine/tips', '我的爆料：读者拍客投稿（最新在前，含审核状态），按页返回');
export const myComplaints = myList('/api/mine/complaints', '我的投诉（最新在前，含处理进度），按页返回');
