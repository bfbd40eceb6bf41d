/**
 * The 裕农 section's desk in the newsroom console (`/newsroom/api/rural/*`): the 农友说
 * board's published posts and their pins (置顶). The reader's side is rural.ts.
 */
import { BANNER_BODY, bannerForm, bannerOrderBody, isBannerLink } from './bannerDesk.ts';
import { CalendarDayOf, Id, Page, Text } from './fields.ts';
import { DeskKey } from './mallDesk.ts';
import { isMaskedName, RURAL_DEED_KINDS } from './ruralRules.ts';
import { ExpertApplyBody } from './rural.ts';
import { z } from './zod.ts';

export const RuralPostQuery = z.object({ keyword: Text({ max: 30, label: '搜索词' }).optional(), page: Page });

export const PinBody = z.object({ id: Id, pinned: z.boolean({ error: '请选择置顶或取消置顶' }) });

/** At most this many posts lead 农友说 at once (a pin beyond it is refused until one is taken down). */
export const RURAL_PIN_MAX = 5;

/** The expert applications the desk lists: in review (default, oldest first), approved, refused or revoked (latest first). */
export const ExpertApplicationState = z.enum(['pending', 'approved', 'rejected', 'revoked'], { error: '状态不正确' });

export const ExpertApplicationQuery = z.object({ state: ExpertApplicationState.optional().default('pending'), page: Page });

/**
 * Approve, or refuse with a reason the applicant reads (2–100 characters); approving takes no reason. Approving also
 * gives a revoked expert back their standing (恢复认证).
 */
export const ExpertReviewBody = z
  .object({
    id: Id,
    decision: z.enum(['approve', 'reject'], { error: '请选择通过或不通过' }),
    reason: Text({ max: 100, label: '原因' }).optional().default(''),
  })
  .refine((b) => b.decision === 'approve' || Array.from(b.reason).length >= 2, { message: '不通过时请写明原因（至少 2 个字）', path: ['reason'] });

/** Revoke an approved expert with a reason the expert reads on 专家答题 (2–100 characters). */
export const ExpertRevokeBody = z.object({
  id: Id,
  reason: Text({ min: 2, max: 100, label: '撤销原因' }),
});

/** Correct an expert's name, title, organisation and fields, with the rules of applying (1–3 fields). */
export const ExpertEditBody = ExpertApplyBody.extend({ id: Id });

/** A credit village's figures the reader's 信用村 page shows (rank, average and rated share come from its households). */
export const VillageEditBody = z.object({
  id: Id,
  name: Text({ min: 2, max: 20, label: '村名' }),
  district: Text({ min: 2, max: 10, label: '区县' }),
  town: Text({ min: 2, max: 20, label: '乡镇' }),
  households: z.coerce.number({ error: '户数须为整数' }).int('户数须为整数').min(1, '户数至少为 1').max(100_000, '户数不能超过 100000'),
  intro: Text({ max: 200, label: '简介' }),
});

/** At most this many slides in the 裕农 home's carousel list (shown or not). */
export const RURAL_BANNER_MAX = 12;

/**
 * A 裕农 home banner as the editor writes it (the shared body, bannerDesk.ts): a rural story (`newsId`) or a link (an
 * https address or a page of our own site).
 */
export const BannerForm = bannerForm(z.object({ id: Id.optional(), ...BANNER_BODY }), {
  eitherMessage: '请填写要打开的裕农稿件编号或链接（二选一）',
  linkMessage: '链接须以 https:// 开头，或是本站的页面地址（/shancheng/…）',
  linkAllowed: isBannerLink,
});

/** The carousel's whole order (every banner not removed, once each): a retried call changes nothing more. */
export const BannerOrderBody = bannerOrderBody({}, RURAL_BANNER_MAX);

/** One row of the desk by its id (a banner, a household, a deed). */
export const DeskRowBody = z.object({ id: Id });

export const HouseholdQuery = z.object({ villageId: Id });

/**
 * A household as the 信用村 page publishes it: only a masked name (surname, *, the last character: 王*华, 欧阳*华; the full
 * name is never stored) and its credit points (0–100). `key` makes a retried add add nothing.
 */
export const HouseholdForm = z.object({
  id: Id.optional(),
  villageId: Id,
  key: DeskKey,
  maskedName: z
    .string({ error: '请填写打码后的姓名，如 王*华' })
    .trim()
    .refine(isMaskedName, '姓名须打码：姓、*、名的最后一个字，如 王*华、欧阳*华（不存全名）'),
  points: z.coerce
    .number({ error: '信用积分须为 0–100 的整数' })
    .int('信用积分须为 0–100 的整数')
    .min(0, '信用积分须为 0–100 的整数')
    .max(100, '信用积分须为 0–100 的整数'),
});

/** A household's deed (好人好事, or a deduction), with the points it earned or cost and its day. */
export const DeedForm = z
  .object({
    id: Id.optional(),
    householdId: Id,
    key: DeskKey,
    kind: z.enum(RURAL_DEED_KINDS, { error: '请选择事迹类别' }),
    description: Text({ min: 4, max: 60, label: '事迹' }),
    points: z.coerce
      .number({ error: '分值须为 -20 到 20 的整数' })
      .int('分值须为 -20 到 20 的整数')
      .min(-20, '分值须为 -20 到 20 的整数')
      .max(20, '分值须为 -20 到 20 的整数'),
    day: CalendarDayOf('日期格式不正确，应为 年-月-日'),
  })
  .refine((d) => d.points !== 0, { message: '分值不能为 0', path: ['points'] })
  .refine((d) => (d.kind === '违规扣分') === d.points < 0, { message: '违规扣分的分值须为负数，其他事迹须为正数', path: ['points'] });
