/**
 * The answering desks as readers and the console see them (docs/security.md "Answering desks"): the
 * handling of a 问政 (its timeline 已提交 → 已受理（转交某部门）→ 办理中 → 已回复, the official reply as spec 3
 * shapes one: username, content html, newsStruct.url), the asker's one rating, and a department's public
 * figures, computed from the questions it received. Console inputs are here too, so the server parses
 * with the same schemas the console's forms follow.
 */
import { endpointsOf } from './endpoint.ts';
import { CalendarDayOf, Id, Page, Text } from './fields.ts';
import { z } from './zod.ts';

const api = endpointsOf('answer');

/** Working days a department has to answer a 问政, and again after its one extension. */
export const ANSWER_WORKING_DAYS = 5;

export const POLITICS_RATINGS = { satisfied: 1, unsatisfied: 2 } as const;
export const RATING_TEXT: Readonly<Record<number, string>> = { 1: '满意', 2: '不满意' };

/** The handling states; 'submitted' is a question the desk has not yet accepted (or one handed back). */
export const CaseState = z.enum(['submitted', 'accepted', 'processing', 'replied', 'declined']);
export type CaseState = z.infer<typeof CaseState>;

export const CASE_STATE_TEXT: Readonly<Record<CaseState, string>> = {
  submitted: '待受理',
  accepted: '已受理',
  processing: '办理中',
  replied: '已回复',
  declined: '不予受理',
};

export const HandlingStep = z.object({
  name: z.string(),
  /** Beijing time, '' for a step not reached. */
  time: z.string(),
  done: z.boolean(),
  /** What the asker is told about this step: the department, a reason, an extension ('' for none). */
  note: z.string(),
});
export type HandlingStep = z.infer<typeof HandlingStep>;

/** Spec 3 official reply, with the tag of spec 6 (记者 blue, other official types red). */
export const OfficialReply = z.object({
  username: z.string(),
  /** Sanitised rich HTML (render with RichText). */
  content: z.string(),
  newsStruct: z.object({ url: z.string() }),
  /** The tag beside the name: 官方 for a department. */
  label: z.string(),
  /** Spec 2.7 userType: 2 记者 (blue tag), 3 and up another official type (red tag). */
  userType: z.number().int(),
  pictures: z.array(z.string()),
  time: z.string(),
  /** The department's public page id (0 when the reply came from no known unit). */
  unitId: z.number().int(),
});
export type OfficialReply = z.infer<typeof OfficialReply>;

export const PoliticsHandling = z.object({
  id: z.number().int(),
  state: CaseState,
  stateText: z.string(),
  steps: z.array(HandlingStep),
  unit: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  declineReason: z.string(),
  officialReply: OfficialReply.nullable(),
  /** The caller asked it. */
  mine: z.boolean(),
  /** The caller asked it, it is replied, and it is not rated yet. */
  canRate: z.boolean(),
  /** 0 not rated, 1 满意, 2 不满意. */
  rating: z.number().int(),
});
export type PoliticsHandling = z.infer<typeof PoliticsHandling>;

export const wenzhengHandling = api.get('/v1/bangbang/wenzheng/handling', '问政办理进度（已提交 → 已受理（转交部门）→ 办理中 → 已回复）、官方回复与本人评价', {
  query: z.object({ id: Id }),
  data: PoliticsHandling,
  auth: 'optional',
});

export const RateBody = z.object({
  id: Id,
  rating: z.coerce.number({ error: '请选择满意或不满意' }).pipe(z.union([z.literal(1), z.literal(2)], { error: '请选择满意或不满意' })),
});

export const wenzhengRate = api.write('/v1/bangbang/wenzheng/rate', '提问人评价官方回复（满意 / 不满意，只能评价一次）', {
  body: RateBody,
  data: PoliticsHandling,
});

/** A department's figures, as the best-known government message boards publish them. */
export const UnitFigures = z.object({
  /** Questions assigned to it (handed-back ones no longer count). */
  received: z.number().int(),
  replied: z.number().int(),
  /** replied / received as a percentage with one decimal, '—' when nothing received. */
  replyRate: z.string(),
  /** Average days from acceptance to reply, one decimal, '—' when nothing replied. */
  averageDays: z.string(),
  rated: z.number().int(),
  satisfied: z.number().int(),
  /** satisfied / rated as a percentage with one decimal, '—' when nothing rated. */
  satisfaction: z.string(),
  /** Open questions past their due time. */
  overdue: z.number().int(),
});
export type UnitFigures = z.infer<typeof UnitFigures>;

export const UnitQuestion = z.object({ id: z.number().int(), title: z.string(), stateText: z.string(), time: z.string() });
export type UnitQuestion = z.infer<typeof UnitQuestion>;

export const DepartmentPage = z.object({
  id: z.number().int(),
  name: z.string(),
  intro: z.string(),
  figures: UnitFigures,
  /** Its latest replied questions. */
  recent: z.array(UnitQuestion),
});
export type DepartmentPage = z.infer<typeof DepartmentPage>;

export const wenzhengDepartment = api.get(
  '/v1/bangbang/wenzheng/department',
  '问政部门主页：收到的问政、回复率、平均回复天数、满意度（由数据计算）与最近回复',
  {
    query: z.object({ id: Id }),
    data: DepartmentPage,
  },
);

// ── console inputs ───────────────────────────────────────────────────────────────────────────────

export const CaseReason = Text({ min: 2, max: 200, label: '原因' });

export const DeskQueue = z.enum(['submitted', 'open', 'replied', 'declined']);
export const DeskListQuery = z.object({ queue: DeskQueue.optional().default('submitted'), page: Page });
export const UnitListQuery = z.object({ queue: z.enum(['open', 'replied']).optional().default('open'), page: Page });

export const AcceptBody = z.object({ id: Id, unitId: Id });
export const DeclineBody = z.object({ id: Id, reason: CaseReason });
export const ReasonBody = z.object({ id: Id, reason: CaseReason });
export const StartBody = z.object({ id: Id });

/** A related report: a path of our own site or an https URL ('' for none). */
const NewsUrl = z
  .string()
  .max(500, '相关报道链接过长')
  .optional()
  .transform((v) => (v ?? '').trim())
  .refine((v) => v === '' || /^https:\/\/[^\s<>"']+$/.test(v) || /^\/[^\s<>"'/\\][^\s<>"'\\]*$/.test(v), '相关报道链接须以 https:// 或 / 开头');

/** A reply's picture: an https URL or a path under /media (the reply shows it as an image). */
const ReplyPicture = z
  .string()
  .max(300, '图片地址过长')
  .refine((v) => /^https:\/\/[^\s<>"']+$/.test(v) || /^\/media\/[\w./-]+$/.test(v), '图片地址须以 https:// 或 /media/ 开头');

export const ReplyBody = z.object({
  id: Id,
  /** Plain text paragraphs; stored as sanitised HTML paragraphs. */
  content: Text({ min: 10, max: 3000, label: '回复内容' }),
  pictures: z.array(ReplyPicture).max(9, '图片最多 9 张').optional().default([]),
  newsUrl: NewsUrl,
});

/** 节假日安排 (the working-day calendar's exceptions): 'holiday' a weekday off, 'workday' a weekend day worked (调休). */
export const CalendarKind = z.enum(['holiday', 'workday'], { error: '请选择放假或调休上班' });
export type CalendarKind = z.infer<typeof CalendarKind>;
export const CALENDAR_KIND_TEXT: Readonly<Record<CalendarKind, string>> = { holiday: '放假', workday: '调休上班' };

export const CalendarDay = z.object({ day: z.string(), weekday: z.string(), kind: CalendarKind, note: z.string(), updatedBy: z.string() });
export type CalendarDay = z.infer<typeof CalendarDay>;

export const CalendarQuery = z.object({
  year: z.coerce.number({ error: '年份不正确' }).int('年份不正确').min(2000, '年份不正确').max(2100, '年份不正确'),
});
export const CalendarSetBody = z.object({
  day: CalendarDayOf('请选择日期'),
  kind: CalendarKind,
  note: Text({ max: 20, label: '说明' }).default(''),
});
export const CalendarRemoveBody = z.object({ day: CalendarDayOf('请选择日期') });
