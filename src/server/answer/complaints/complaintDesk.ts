/**
 * The live-commerce complaint desk (ADR 027, docs/security.md "Answering desks"), on the 问政 desk's pattern
 * (politicsDesk.ts): the desk (complaints.desk) sends a 待受理 complaint to the seller or platform it names
 * — a unit of kind 'seller' in answer_units, with its people of role 部门 — or keeps it and replies itself,
 * or refuses it with a reason; the seller's people (complaints.reply, their own complaints only) reply; the
 * complainant confirms it solved or asks again once (reader-written, through the one review model); a reply
 * nobody confirms closes itself after COMPLAINT_AUTO_CLOSE_DAYS (the job in productJobs.ts). Each staff
 * action and its audit row land in one transaction; a retry of the same action answers the complaint as it
 * is. Time comes from the caller (`now`), so the 7-day close is tested with a controlled clock.
 */
import { readDeskPage } from '../deskPage.ts';
import {
  COMPLAINT_AUTO_CLOSE_DAYS,
  type ComplaintActions,
  type ComplaintDeskQueue,
  type ConsoleComplaint,
  type SellerFigures,
  type SellerPage,
  type SellerQueue,
} from '../../../contract/complaintDesk.ts';
import { COMPLAINT_STATUS_LABELS, formatYuan, type ComplaintStatus } from '../../../contract/communityRules.ts';
import { StatusCode } from '../../../contract/envelope.ts';
import { formatBeijingTime } from '../../../lib/formatTime.ts';
import type { Database, Db } from '../../db/client.ts';
import type { AuthUser } from '../../http/auth.ts';
import { ApiFailure } from '../../http/envelope.ts';
import { paced, type RateLimiter } from '../../http/rateLimit.ts';
import type { AppDeps, ServiceContext } from '../../http/types.ts';
import { profilesRepo } from '../../profiles/repo.ts';
import { insertReviewedRow } from '../../review/write.ts';
import { percent, type DeskActor } from '../politicsDesk.ts';
import { findUnitRepo, listUnitsRepo, unitOfStaffRepo, unitStaffRepo, type UnitRow } from '../repo.ts';
import {
  addComplaintEventRepo,
  assignComplaintRepo,
  autoCloseRepo,
  complaintEventsRepo,
  complaintQueueRepo,
  confirmComplaintRepo,
  findDeskComplaintRepo,
  findFollowUpRepo,
  followUpByKeyRepo,
  followUpsOfRepo,
  insertFollowUpRepo,
  refuseComplaintRepo,
  reopenComplaintRepo,
  replyComplaintRepo,
  sellerCountsRepo,
  sellerRecentRepo,
  type DeskComplaintRow,
  type FollowUpRow,
  type SellerCounts,
} from './repo.ts';

export const COMPLAINT_DESK_MESSAGES = {
  missing: '投诉不存在或已删除',
  notApproved: '该投诉尚未通过审核，不能受理',
  sellerMissing: '商家不存在',
  notWaiting: '该投诉已受理或已处理，请刷新后查看',
  noSeller: '你的账号尚未关联商家，请联系管理员',
  notYours: '该投诉不属于你的店铺',
  notDesks: '该投诉已转交商家，由商家回复',
  notOpen: '该投诉不在处理中，请刷新后查看',
  alreadyReplied: '该投诉已回复，不能重复回复',
  notComplainant: '只有投诉人可以操作',
  notReplied: '商家回复后才能确认或追问',
  askedOnce: '每个投诉只能追问一次',
  confirmed: '感谢确认，投诉已完结',
  followed: '追问已提交，商家将再次答复',
  followPending: '追问已提交，审核通过后对外显示',
} as const;

const fail = (message: string, code: number = StatusCode.unprocessable) => new ApiFailure(code, message);
const ITEM_KIND = 'complaint';
const DAY_MS = 86_400_000;
const PAGE_SIZE = 20;
const at = (d: Date | null | undefined) => (d ? formatBeijingTime(d) : '');

export const COMPLAINT_NOTES = {
  kept: '投诉已受理，由平台客服跟进处理',
  followUp: '投诉人对回复再次追问，等待再次答复',
  confirmed: '投诉人确认问题已解决，投诉已完结',
  autoClosed: `回复后 ${COMPLAINT_AUTO_CLOSE_DAYS} 天内投诉人未确认，投诉自动完结`,
} as const;
export const sentNote = (seller: string) => `投诉已受理，已转交商家「${seller}」处理`;
const replyNote = (by: string, text: string) => `${by}回复：${text}`;

// ── figures ──────────────────────────────────────────────────────────────────────────────────────

/** A seller's published figures from its counts (pure: the arithmetic the figures test checks). */
export function toSellerFigures(c: Omit<SellerCounts, 'unitId'> | undefined): SellerFigures {
  const counts = c ?? { received: 0, replied: 0, solved: 0 };
  return {
    received: counts.received,
    replied: counts.replied,
    replyRate: percent(counts.replied, counts.received),
    solved: counts.solved,
    solvedRate: percent(counts.solved, counts.received),
  };
}

/** A seller's public page: its figures, computed from its complaints, and its latest complaints. */
export async function sellerPageService(db: Db, id: number): Promise<SellerPage> {
  const unit = await findUnitRepo(db, id, 'seller');
  if (!unit) throw fail(COMPLAINT_DESK_MESSAGES.sellerMissing, StatusCode.notFound);
  const [counts, recent] = await Promise.all([sellerCountsRepo(db, [unit.id]), sellerRecentRepo(db, unit.id, 10)]);
  return {
    id: unit.id,
    name: unit.name,
    intro: unit.intro,
    figures: toSellerFigures(counts[0]),
    recent: recent.map((r) => ({
      id: r.id,
      problemType: r.problemType,
      statusText: COMPLAINT_STATUS_LABELS[r.status as ComplaintStatus],
      time: at(r.createdAt),
    })),
  };
}

// ── the complainant ──────────────────────────────────────────────────────────────────────────────

const autoCloseAt = (row: DeskComplaintRow) =>
  row.status === 'replied' && row.sellerReplyAt ? at(new Date(row.sellerReplyAt.getTime() + COMPLAINT_AUTO_CLOSE_DAYS * DAY_MS)) : '';

function followUpShown(f: FollowUpRow | null, viewer: AuthUser | null): ComplaintActions['followUp'] {
  if (!f || (f.reviewState !== 'approved' && f.userId !== viewer?.userId)) return null;
  return { content: f.content, time: at(f.createdAt), reviewState: f.reviewState as 'pending' | 'approved' | 'rejected' };
}

async function visibleComplaint(db: Db, viewer: AuthUser | null, id: number): Promise<DeskComplaintRow> {
  const row = await findDeskComplaintRepo(db, id);
  // A complaint in review is its author's alone: others get the same answer as a missing id.
  if (!row || (row.reviewState !== 'approved' && row.userId !== viewer?.userId)) throw fail(COMPLAINT_DESK_MESSAGES.missing, StatusCode.notFound);
  return row;
}

/** What the complaint's page offers its complainant now. */
export async function complaintActionsService(db: Db, viewer: AuthUser | null, id: number): Promise<ComplaintActions> {
  const row = await visibleComplaint(db, viewer, id);
  const [f, unit] = await Promise.all([findFollowUpRepo(db, id), row.unitId ? findUnitRepo(db, row.unitId, 'seller') : null]);
  const mine = viewer?.userId === row.userId;
  return {
    id: row.id,
    mine,
    canConfirm: mine && row.status === 'replied',
    canFollowUp: mine && row.status === 'replied' && f === null,
    followUp: followUpShown(f, viewer),
    autoCloseAt: autoCloseAt(row),
    sellerId: unit?.id ?? 0,
    sellerName: unit?.name ?? '',
  };
}

/** Confirmations and follow-ups: one per 5 s, ≤ 20 a day per reader. */
const COMPLAINANT_RULES = paced(5_000, 20);

async function ownReplied(db: Db, user: AuthUser, id: number): Promise<DeskComplaintRow> {
  const row = await visibleComplaint(db, user, id);
  if (row.userId !== user.userId) throw fail(COMPLAINT_DESK_MESSAGES.notComplainant, StatusCode.forbidden);
  return row;
}

/** 确认已解决: the complaint is 已完结; the same confirmation sent again answers as it is (a retry). */
export async function confirmComplaintService(deps: AppDeps, limiter: RateLimiter, user: AuthUser, id: number, now = new Date()): Promise<{ message: string }> {
  const row = await ownReplied(deps.database.db, user, id);
  if (row.status === 'completed' && row.closedBy === 'complainant') return { message: COMPLAINT_DESK_MESSAGES.confirmed };
  if (row.status !== 'replied') throw fail(COMPLAINT_DESK_MESSAGES.notReplied);
  await limiter.take([{ key: `complaint-answer:user:${user.userId}`, rules: COMPLAINANT_RULES }]);
  const done = await deps.database.write(async (tx) => {
    const confirmed = await confirmComplaintRepo(tx, id, user.userId, now);
    if (confirmed) await addComplaintEventRepo(tx, id, 'completed', COMPLAINT_NOTES.confirmed, now);
    return confirmed;
  });
  if (!done) {
    const after = await findDeskComplaintRepo(deps.database.db, id);
    if (!(after?.status === 'completed' && after.closedBy === 'complainant')) throw fail(COMPLAINT_DESK_MESSAGES.notReplied);
  }
  return { message: COMPLAINT_DESK_MESSAGES.confirmed };
}

/**
 * 再次追问: the complainant's one follow-up question, reader-written (the one gate and the desk row, ADR 018),
 * keyed by the call's Idempotency-Key; the complaint goes back to 处理中 for a second reply in the same
 * transaction, or nothing is written.
 */
export async function followUpService(
  ctx: ServiceContext,
  user: AuthUser,
  key: string | null,
  input: { id: number; content: string },
  now = new Date(),
): Promise<{ message: string }> {
  const { db } = ctx.deps.database;
  const row = await insertReviewedRow(ctx, key, user, {
    desk: { kind: 'complaint_follow_up', area: 'complaints', text: input.content },
    byKey: followUpByKeyRepo,
    same: (r) => r.complaintId === input.id && r.content === input.content,
    lost: COMPLAINT_DESK_MESSAGES.missing,
    check: async () => {
      const c = await ownReplied(db, user, input.id);
      if (await findFollowUpRepo(db, input.id)) throw fail(COMPLAINT_DESK_MESSAGES.askedOnce);
      if (c.status !== 'replied') throw fail(COMPLAINT_DESK_MESSAGES.notReplied);
      await ctx.limiter.take([{ key: `complaint-answer:user:${user.userId}`, rules: COMPLAINANT_RULES }]);
    },
    insert: async (tx, stamp) => {
      const f = await insertFollowUpRepo(tx, { ...stamp, complaintId: input.id, content: input.content, createdAt: now });
      if (!f) throw fail(COMPLAINT_DESK_MESSAGES.askedOnce);
      // Replied meanwhile closed (confirmed, or by the 7-day job): the follow-up must not stay.
      if (!(await reopenComplaintRepo(tx, input.id, user.userId, now))) throw fail(COMPLAINT_DESK_MESSAGES.notReplied);
      await addComplaintEventRepo(tx, input.id, 'processing', COMPLAINT_NOTES.followUp, now);
      return f;
    },
  });
  return { message: row.reviewState === 'pending' ? COMPLAINT_DESK_MESSAGES.followPending : COMPLAINT_DESK_MESSAGES.followed };
}

/** The 7-day rule: every reply nobody confirmed within COMPLAINT_AUTO_CLOSE_DAYS closes itself, with its timeline step. */
export async function closeUnconfirmed(database: Database, now: Date): Promise<number[]> {
  const before = new Date(now.getTime() - COMPLAINT_AUTO_CLOSE_DAYS * DAY_MS);
  return database.write(async (tx) => {
    const ids = await autoCloseRepo(tx, before, now);
    for (const id of ids) await addComplaintEventRepo(tx, id, 'completed', COMPLAINT_NOTES.autoClosed, now);
    return ids;
  });
}

// ── the console ──────────────────────────────────────────────────────────────────────────────────

async function toConsole(db: Db, rows: { row: DeskComplaintRow; unitName: string | null }[]): Promise<ConsoleComplaint[]> {
  const [profiles, sellers, followUps] = await Promise.all([
    profilesRepo(db, [...new Set(rows.map((r) => r.row.userId))]),
    listUnitsRepo(db, 'seller'),
    followUpsOfRepo(
      db,
      rows.map((r) => r.row.id),
    ),
  ]);
  const byName = new Map(sellers.map((u) => [u.name, u.id]));
  return rows.map(({ row: r, unitName }) => {
    const status = r.status as ComplaintStatus;
    const f = followUps.get(r.id);
    return {
      id: r.id,
      platform: r.platform,
      shopName: r.shopName,
      problemType: r.problemType,
      amount: r.amountFen > 0 ? formatYuan(r.amountFen) : '',
      content: r.content,
      demand: r.demand,
      complainant: profiles.get(r.userId)?.nickname ?? '读者',
      filedAt: at(r.createdAt),
      status,
      statusText: COMPLAINT_STATUS_LABELS[status],
      unitId: r.unitId ?? 0,
      unitName: unitName ?? '',
      suggestedUnitId: byName.get(r.shopName) ?? byName.get(r.platform) ?? 0,
      assignedAt: at(r.assignedAt),
      reply: r.sellerReply,
      repliedAt: at(r.sellerReplyAt),
      refuseReason: r.refuseReason,
      followUp: !f ? '' : f.reviewState === 'approved' ? f.content : f.reviewState === 'pending' ? '（追问审核中）' : '',
      closedText: r.closedBy === 'complainant' ? '投诉人确认已解决' : r.closedBy === 'auto' ? `${COMPLAINT_AUTO_CLOSE_DAYS} 天未确认，自动完结` : '',
      autoCloseAt: autoCloseAt(r),
    };
  });
}

export async function complaintDeskQueueService(db: Db, queue: ComplaintDeskQueue, page: number) {
  const pageOf = await readDeskPage(page, PAGE_SIZE, (window) => complaintQueueRepo(db, queue, { window }));
  return { ...pageOf, items: await toConsole(db, pageOf.items) };
}

/** Every seller with its figures and its people (the desk's list to send complaints to). */
export async function sellersService(db: Db) {
  const units = await listUnitsRepo(db, 'seller');
  const [counts, people] = await Promise.all([
    sellerCountsRepo(db),
    unitStaffRepo(
      db,
      units.map((u) => u.id),
    ),
  ]);
  const byUnit = new Map(counts.map((c) => [c.unitId, c]));
  return units.map((u) => ({
    id: u.id,
    name: u.name,
    figures: toSellerFigures(byUnit.get(u.id)),
    staff: people.filter((p) => p.unitId === u.id).map((p) => ({ id: p.staffId, name: p.name, account: p.account })),
  }));
}

/** The caller's seller; a person linked to no seller (or to a government department) is refused. */
export async function requireSeller(db: Db, staffId: number): Promise<UnitRow> {
  const unit = await unitOfStaffRepo(db, staffId);
  if (!unit || unit.kind !== 'seller') throw fail(COMPLAINT_DESK_MESSAGES.noSeller, StatusCode.forbidden);
  return unit;
}

export async function sellerQueueService(db: Db, staffId: number, queue: SellerQueue, page: number) {
  const unit = await requireSeller(db, staffId);
  const [pageOf, counts] = await Promise.all([
    readDeskPage(page, PAGE_SIZE, (window) => complaintQueueRepo(db, queue, { unitId: unit.id, window })),
    sellerCountsRepo(db, [unit.id]),
  ]);
  return { unit: { id: unit.id, name: unit.name }, figures: toSellerFigures(counts[0]), ...pageOf, items: await toConsole(db, pageOf.items) };
}

/**
 * One complaint as the console shows it, with its timeline. `unitId`: a seller sees only its own (the same
 * answer for another seller's complaint and for one with the desk); null for the desk.
 */
export async function complaintConsoleDetailService(db: Db, id: number, unitId: number | null) {
  const row = await findDeskComplaintRepo(db, id);
  if (!row) throw fail(COMPLAINT_DESK_MESSAGES.missing, StatusCode.notFound);
  if (unitId !== null && row.unitId !== unitId) throw fail(COMPLAINT_DESK_MESSAGES.notYours, StatusCode.forbidden);
  const unit = row.unitId ? await findUnitRepo(db, row.unitId, 'seller') : null;
  const [item] = await toConsole(db, [{ row, unitName: unit?.name ?? null }]);
  const events = await complaintEventsRepo(db, id);
  return {
    ...item!,
    orderNo: row.orderNo,
    pictures: row.pictures,
    timeline: events.map((e) => ({ statusText: COMPLAINT_STATUS_LABELS[e.status as ComplaintStatus] ?? e.status, note: e.note, time: at(e.createdAt) })),
  };
}

async function waiting(db: Db, id: number): Promise<DeskComplaintRow> {
  const row = await findDeskComplaintRepo(db, id);
  if (!row) throw fail(COMPLAINT_DESK_MESSAGES.missing, StatusCode.notFound);
  if (row.reviewState !== 'approved') throw fail(COMPLAINT_DESK_MESSAGES.notApproved);
  return row;
}

/** 受理: sends a waiting complaint to a seller (`unitId`), or keeps it with the desk (0). */
export async function assignComplaintService(deps: AppDeps, actor: DeskActor, input: { id: number; unitId: number }, now = new Date()) {
  const { db } = deps.database;
  await waiting(db, input.id);
  const unit = input.unitId === 0 ? null : await findUnitRepo(db, input.unitId, 'seller');
  if (input.unitId !== 0 && !unit) throw fail(COMPLAINT_DESK_MESSAGES.sellerMissing);
  const done = await deps.database.write(async (tx) => {
    const assigned = await assignComplaintRepo(tx, input.id, unit?.id ?? null, now);
    if (!assigned) return null;
    await addComplaintEventRepo(tx, input.id, 'processing', unit ? sentNote(unit.name) : COMPLAINT_NOTES.kept, now);
    await actor.audit(tx, {
      action: 'complaints.assign',
      itemKind: ITEM_KIND,
      itemId: input.id,
      before: { status: 'submitted' },
      after: { status: 'processing', unitId: unit?.id ?? null, unit: unit?.name ?? '平台客服' },
    });
    return assigned;
  });
  if (!done) {
    const c = await findDeskComplaintRepo(db, input.id);
    // The same assignment sent again (a retry) answers the complaint as it is.
    if (!(c && c.status !== 'submitted' && c.status !== 'refused' && (c.unitId ?? 0) === input.unitId)) throw fail(COMPLAINT_DESK_MESSAGES.notWaiting);
  }
  return complaintConsoleDetailService(db, input.id, null);
}

/** 不予受理, with the reason the complainant reads. */
export async function refuseComplaintService(deps: AppDeps, actor: DeskActor, input: { id: number; reason: string }, now = new Date()) {
  const { db } = deps.database;
  await waiting(db, input.id);
  const done = await deps.database.write(async (tx) => {
    const refused = await refuseComplaintRepo(tx, input.id, input.reason, now);
    if (!refused) return null;
    await addComplaintEventRepo(tx, input.id, 'refused', input.reason, now);
    await actor.audit(tx, {
      action: 'complaints.refuse',
      itemKind: ITEM_KIND,
      itemId: input.id,
      before: { status: 'submitted' },
      after: { status: 'refused' },
      reason: input.reason,
    });
    return refused;
  });
  if (!done) {
    const c = await findDeskComplaintRepo(db, input.id);
    if (!(c && c.status === 'refused' && c.refuseReason === input.reason)) throw fail(COMPLAINT_DESK_MESSAGES.notWaiting);
  }
  return complaintConsoleDetailService(db, input.id, null);
}

/** A reply by the one holding the complaint: a seller (`unit`) or the desk (null) for the ones it kept. */
async function reply(deps: AppDeps, actor: DeskActor, unit: UnitRow | null, input: { id: number; content: string }, now: Date) {
  const { db } = deps.database;
  const row = await findDeskComplaintRepo(db, input.id);
  if (!row) throw fail(COMPLAINT_DESK_MESSAGES.missing, StatusCode.notFound);
  if (unit && row.unitId !== unit.id) throw fail(COMPLAINT_DESK_MESSAGES.notYours, StatusCode.forbidden);
  if (!unit && row.unitId !== null) throw fail(COMPLAINT_DESK_MESSAGES.notDesks);
  if (row.status === 'replied' || row.status === 'completed') {
    // The same reply sent again (a retry after a lost answer) answers as it is.
    if (row.sellerReply === input.content && row.replyStaffId === actor.staffId) return complaintConsoleDetailService(db, input.id, unit?.id ?? null);
    throw fail(COMPLAINT_DESK_MESSAGES.alreadyReplied);
  }
  const by = unit?.name ?? '平台客服';
  const done = await deps.database.write(async (tx) => {
    const replied = await replyComplaintRepo(tx, input.id, unit?.id ?? null, { text: input.content, staffId: actor.staffId }, now);
    if (!replied) return null;
    await addComplaintEventRepo(tx, input.id, 'replied', replyNote(by, input.content), now);
    await actor.audit(tx, {
      action: 'complaints.reply',
      itemKind: ITEM_KIND,
      itemId: input.id,
      before: { status: row.status },
      after: { status: 'replied', unit: by },
    });
    return replied;
  });
  if (!done) throw fail(COMPLAINT_DESK_MESSAGES.notOpen);
  return complaintConsoleDetailService(db, input.id, unit?.id ?? null);
}

/** 商家回复: only the seller's own complaint in 处理中. */
export async function sellerReplyService(deps: AppDeps, actor: DeskActor, input: { id: number; content: string }, now = new Date()) {
  return reply(deps, actor, await requireSeller(deps.database.db, actor.staffId), input, now);
}

/** 平台回复: the desk answers a complaint it kept. */
export async function deskReplyService(deps: AppDeps, actor: DeskActor, input: { id: number; content: string }, now = new Date()) {
  return reply(deps, actor, null, input, now);
}
