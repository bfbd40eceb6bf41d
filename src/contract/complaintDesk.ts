/**
 * The live-commerce complaint desk (docs/security.md "Answering desks", complaints): the desk sends a
 * 待受理 complaint to the seller or platform it names (a unit of kind 'seller') or keeps it, the seller's
 * people reply in the console, the complainant confirms it solved (确认已解决) or asks again once (再次追问),
 * and a reply nobody confirms closes itself after COMPLAINT_AUTO_CLOSE_DAYS. A seller's public figures are
 * computed from the complaints it received. Console inputs are here too, so the server parses with the
 * schemas the console's forms follow.
 */
import { COMPLAINT_STATUSES } from './communityRules.ts';
import { endpointsOf } from './endpoint.ts';
import { Id, Page, Text } from './fields.ts';
import { ComplaintDetail } from './interact.ts';
import { z } from './zod.ts';

const api = endpointsOf('complaints');

/** Days after the last reply before an unconfirmed complaint closes itself (已完结). */
export const COMPLAINT_AUTO_CLOSE_DAYS = 7;
/**
 * The complaint's timeline when moderation refuses its follow-up: the complaint goes back to 已回复 (the seller's
 * reply stands, the complainant can confirm it, and it still closes itself 7 days after that reply).
 */
export const FOLLOW_UP_REFUSED_NOTE = '追问未通过审核，投诉回到“已回复”：可确认已解决，或等待自动完结';
export const FOLLOW_UP_MIN = 5;
export const FOLLOW_UP_MAX = 500;

/** What the complainant may do now (their own complaint, fetched with the token). */
export const ComplaintActions = z.object({
  id: z.number().int(),
  /** The caller filed it. */
  mine: z.boolean(),
  /** Replied and not closed: 确认已解决. */
  canConfirm: z.boolean(),
  /** Replied, not closed, and not asked again yet: 再次追问 (once). */
  canFollowUp: z.boolean(),
  /** The follow-up question as its author or (approved) anyone sees it; null when none. */
  followUp: z
    .object({
      content: z.string(),
      time: z.string(),
      /** 'pending' and 'rejected' are shown to the author only. */
      reviewState: z.enum(['pending', 'approved', 'rejected']),
    })
    .nullable(),
  /** When an unconfirmed reply closes itself (Beijing time), '' when not waiting. */
  autoCloseAt: z.string(),
  /** The seller the complaint was sent to (0 / '' while with the desk). */
  sellerId: z.number().int(),
  sellerName: z.string(),
});
export type ComplaintActions = z.infer<typeof ComplaintActions>;

export const complaintActions = api.get('/api/complaints/actions', '投诉人可做的操作：确认已解决、再次追问（一次）与自动完结时间', {
  query: z.object({ id: Id }),
  data: ComplaintActions,
  auth: 'optional',
});

export const complaintConfirm = api.write('/api/complaints/confirm', '投诉人确认问题已解决（投诉已完结；重复确认返回当前状态）', {
  body: z.object({ id: Id }),
  data: ComplaintDetail,
});

export const FollowUpBody = z.object({ id: Id, content: Text({ min: FOLLOW_UP_MIN, max: FOLLOW_UP_MAX, label: '追问内容' }) });

export const complaintFollowUp = api.write('/api/complaints/follow-up', '投诉人对商家回复再次追问（每个投诉一次，经审核；支持 Idempotency-Key）', {
  body: FollowUpBody,
  data: ComplaintDetail,
});

/** A seller's figures, computed from the complaints sent to it (never stored). */
export const SellerFigures = z.object({
  received: z.number().int(),
  replied: z.number().int(),
  /** replied / received, a percentage with one decimal, '—' when nothing received. */
  replyRate: z.string(),
  /** Complaints whose complainant confirmed it solved. */
  solved: z.number().int(),
  /** solved / received, a percentage with one decimal, '—' when nothing received. */
  solvedRate: z.string(),
});
export type SellerFigures = z.infer<typeof SellerFigures>;

export const SellerComplaint = z.object({ id: z.number().int(), problemType: z.string(), statusText: z.string(), time: z.string() });

export const SellerPage = z.object({
  id: z.number().int(),
  name: z.string(),
  intro: z.string(),
  figures: SellerFigures,
  /** Its latest complaints (public ones). */
  recent: z.array(SellerComplaint),
});
export type SellerPage = z.infer<typeof SellerPage>;

export const complaintSeller = api.get('/api/complaints/seller', '商家主页：收到的投诉、回复率、解决率（由数据计算）与最近投诉', {
  query: z.object({ id: Id }),
  data: SellerPage,
});

// ── the console ──────────────────────────────────────────────────────────────────────────────────

/** A complaint as the console's desks show it (the complaint desk's and a seller's). */
export const ConsoleComplaint = z.object({
  id: z.number().int(),
  platform: z.string(),
  shopName: z.string(),
  problemType: z.string(),
  amount: z.string(),
  content: z.string(),
  demand: z.string(),
  complainant: z.string(),
  filedAt: z.string(),
  status: z.enum(COMPLAINT_STATUSES),
  statusText: z.string(),
  /** The seller it was sent to (0: with the desk, or not yet sent). */
  unitId: z.number().int(),
  unitName: z.string(),
  /** The seller the complaint names (by shop, then by platform), 0 when none is known. */
  suggestedUnitId: z.number().int(),
  assignedAt: z.string(),
  reply: z.string(),
  repliedAt: z.string(),
  refuseReason: z.string(),
  /** The follow-up question once its review passed; '（追问审核中）' while held. */
  followUp: z.string(),
  closedText: z.string(),
  autoCloseAt: z.string(),
});
export type ConsoleComplaint = z.infer<typeof ConsoleComplaint>;

// ── console inputs ───────────────────────────────────────────────────────────────────────────────

export const ComplaintDeskQueue = z.enum(['submitted', 'open', 'replied', 'closed', 'refused']);
export type ComplaintDeskQueue = z.infer<typeof ComplaintDeskQueue>;
export const ComplaintDeskQuery = z.object({ queue: ComplaintDeskQueue.optional().default('submitted'), page: Page });
export const SellerQueue = z.enum(['open', 'replied', 'closed']);
export type SellerQueue = z.infer<typeof SellerQueue>;
export const SellerQueueQuery = z.object({ queue: SellerQueue.optional().default('open'), page: Page });

/** `unitId` 0: the desk keeps it and replies itself. */
export const ComplaintAssignBody = z.object({ id: Id, unitId: z.coerce.number({ error: '请选择商家' }).int('请选择商家').min(0, '请选择商家') });
export const ComplaintRefuseBody = z.object({ id: Id, reason: Text({ min: 2, max: 200, label: '原因' }) });
export const ComplaintReplyBody = z.object({ id: Id, content: Text({ min: 5, max: 1000, label: '回复内容' }) });
