/**
 * Data access of the complaint desk: the complaints with the seller they were sent to (complaints.unit_id,
 * a unit of kind 'seller'), their timeline (complaint_events), the complainant's one follow-up, the queues
 * and a seller's figures. Every transition is a conditional update on the state it expects, so two people
 * acting at once cannot both land and a retry changes nothing twice (docs/security.md "Answering desks").
 */
import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { answerUnits } from '../../db/schema/answer.ts';
import { complaintEvents, complaintFollowUps, complaints } from '../../db/schema/community.ts';
import type { PageWindow } from '../deskPage.ts';

type Q = Db | Tx;
export type DeskComplaintRow = typeof complaints.$inferSelect;
export type FollowUpRow = typeof complaintFollowUps.$inferSelect;
export type ComplaintQueue = 'submitted' | 'open' | 'replied' | 'closed' | 'refused';

/** With the seller or the desk, not yet replied ('accepted' is the older rows' word for it). */
const OPEN = ['accepted', 'processing'];

export async function findDeskComplaintRepo(db: Q, id: number): Promise<DeskComplaintRow | null> {
  const rows = await db.select().from(complaints).where(eq(complaints.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function findFollowUpRepo(db: Q, complaintId: number): Promise<FollowUpRow | null> {
  const rows = await db.select().from(complaintFollowUps).where(eq(complaintFollowUps.complaintId, complaintId)).limit(1);
  return rows[0] ?? null;
}

/** The follow-ups of several complaints, by complaint id. */
export async function followUpsOfRepo(db: Q, complaintIds: number[]): Promise<Map<number, FollowUpRow>> {
  if (complaintIds.length === 0) return new Map();
  const rows = await db.select().from(complaintFollowUps).where(inArray(complaintFollowUps.complaintId, complaintIds));
  return new Map(rows.map((r) => [r.complaintId, r]));
}

export async function followUpByKeyRepo(db: Q, userId: number, key: string): Promise<FollowUpRow | null> {
  const rows = await db
    .select()
    .from(complaintFollowUps)
    .where(and(eq(complaintFollowUps.userId, userId), eq(complaintFollowUps.clientKey, key)))
    .limit(1);
  return rows[0] ?? null;
}

export async function addComplaintEventRepo(tx: Tx, complaintId: number, status: string, note: string, at: Date): Promise<void> {
  await tx.insert(complaintEvents).values({ complaintId, status, note, createdAt: at });
}

export async function complaintEventsRepo(db: Q, complaintId: number) {
  return db.select().from(complaintEvents).where(eq(complaintEvents.complaintId, complaintId)).orderBy(asc(complaintEvents.createdAt), asc(complaintEvents.id));
}

/** 待受理 → 处理中, with the seller (`unitId`) or kept by the desk (null); null when it was not waiting. */
export async function assignComplaintRepo(tx: Tx, id: number, unitId: number | null, now: Date): Promise<DeskComplaintRow | null> {
  const rows = await tx
    .update(complaints)
    .set({ status: 'processing', unitId, assignedAt: now, updatedAt: now })
    .where(and(eq(complaints.id, id), eq(complaints.status, 'submitted'), eq(complaints.reviewState, 'approved')))
    .returning();
  return rows[0] ?? null;
}

/** 待受理 → 不予受理 with the reason; null when it was not waiting. */
export async function refuseComplaintRepo(tx: Tx, id: number, reason: string, now: Date): Promise<DeskComplaintRow | null> {
  const rows = await tx
    .update(complaints)
    .set({ status: 'refused', refuseReason: reason, updatedAt: now })
    .where(and(eq(complaints.id, id), eq(complaints.status, 'submitted')))
    .returning();
  return rows[0] ?? null;
}

/** The reply of the one holding it (`unitId`, or null for the desk): 处理中 → 已回复; null when not its open complaint. */
export async function replyComplaintRepo(
  tx: Tx,
  id: number,
  unitId: number | null,
  reply: { text: string; staffId: number },
  now: Date,
): Promise<DeskComplaintRow | null> {
  const rows = await tx
    .update(complaints)
    .set({ status: 'replied', sellerReply: reply.text, sellerReplyAt: now, replyStaffId: reply.staffId, updatedAt: now })
    .where(and(eq(complaints.id, id), inArray(complaints.status, OPEN), unitId === null ? isNull(complaints.unitId) : eq(complaints.unitId, unitId)))
    .returning();
  return rows[0] ?? null;
}

/** The complainant's 确认已解决: 已回复 → 已完结; null when not their replied complaint. */
export async function confirmComplaintRepo(tx: Tx, id: number, userId: number, now: Date): Promise<DeskComplaintRow | null> {
  const rows = await tx
    .update(complaints)
    .set({ status: 'completed', closedAt: now, closedBy: 'complainant', updatedAt: now })
    .where(and(eq(complaints.id, id), eq(complaints.userId, userId), eq(complaints.status, 'replied')))
    .returning();
  return rows[0] ?? null;
}

/** The follow-up row (once per complaint: the unique index refuses a second; null then). */
export async function insertFollowUpRepo(tx: Tx, row: typeof complaintFollowUps.$inferInsert): Promise<FollowUpRow | null> {
  const rows = await tx.insert(complaintFollowUps).values(row).onConflictDoNothing().returning();
  return rows[0] ?? null;
}

/** 已回复 → 处理中 again after the complainant's follow-up; null when not their replied complaint. */
export async function reopenComplaintRepo(tx: Tx, id: number, userId: number, now: Date): Promise<DeskComplaintRow | null> {
  const rows = await tx
    .update(complaints)
    .set({ status: 'processing', updatedAt: now })
    .where(and(eq(complaints.id, id), eq(complaints.userId, userId), eq(complaints.status, 'replied')))
    .returning();
  return rows[0] ?? null;
}

/** Every replied complaint whose last reply is older than `before` → 已完结 ('auto'); answers their ids. */
export async function autoCloseRepo(tx: Tx, before: Date, now: Date): Promise<number[]> {
  const rows = await tx
    .update(complaints)
    .set({ status: 'completed', closedAt: now, closedBy: 'auto', updatedAt: now })
    .where(and(eq(complaints.status, 'replied'), lt(complaints.sellerReplyAt, before)))
    .returning({ id: complaints.id });
  return rows.map((r) => r.id);
}

/**
 * One page of a queue and the next page's first row (deskPage.ts): `submitted` (approved, oldest first), `open` (with a seller or the desk, oldest
 * assignment first), `replied`, `closed` and `refused` (newest first). `unitId` limits it to one seller;
 * `null` to the ones the desk kept.
 */
export async function complaintQueueRepo(
  db: Q,
  queue: ComplaintQueue,
  opts: { unitId?: number | null; window: PageWindow },
): Promise<{ row: DeskComplaintRow; unitName: string | null }[]> {
  const unit = opts.unitId === undefined ? undefined : opts.unitId === null ? isNull(complaints.unitId) : eq(complaints.unitId, opts.unitId);
  const states: Record<ComplaintQueue, SQL> = {
    submitted: eq(complaints.status, 'submitted'),
    open: inArray(complaints.status, OPEN),
    replied: eq(complaints.status, 'replied'),
    closed: eq(complaints.status, 'completed'),
    refused: eq(complaints.status, 'refused'),
  };
  const order =
    queue === 'submitted'
      ? [asc(complaints.createdAt), asc(complaints.id)]
      : queue === 'open'
        ? [asc(complaints.assignedAt), asc(complaints.id)]
        : [desc(complaints.updatedAt), desc(complaints.id)];
  const rows = await db
    .select({ row: complaints, unitName: answerUnits.name })
    .from(complaints)
    .leftJoin(answerUnits, eq(answerUnits.id, complaints.unitId))
    .where(and(eq(complaints.reviewState, 'approved'), states[queue], unit))
    .orderBy(...order)
    .limit(opts.window.limit)
    .offset(opts.window.offset);
  return rows;
}

export interface SellerCounts {
  unitId: number;
  received: number;
  replied: number;
  solved: number;
}

/** The counts behind a seller's figures (all sellers, or the ones given), straight from the complaints. */
export async function sellerCountsRepo(db: Q, unitIds?: number[]): Promise<SellerCounts[]> {
  const rows = await db
    .select({
      unitId: complaints.unitId,
      received: sql<number>`count(*)::int`,
      replied: sql<number>`(count(*) filter (where ${complaints.sellerReplyAt} is not null))::int`,
      solved: sql<number>`(count(*) filter (where ${complaints.closedBy} = 'complainant'))::int`,
    })
    .from(complaints)
    .where(and(isNotNull(complaints.unitId), unitIds === undefined ? undefined : inArray(complaints.unitId, unitIds)))
    .groupBy(complaints.unitId);
  return rows.map((r) => ({ unitId: r.unitId!, received: Number(r.received), replied: Number(r.replied), solved: Number(r.solved) }));
}

/** A seller's latest public complaints. */
export async function sellerRecentRepo(db: Q, unitId: number, limit: number): Promise<DeskComplaintRow[]> {
  return db
    .select()
    .from(complaints)
    .where(and(eq(complaints.unitId, unitId), eq(complaints.reviewState, 'approved')))
    .orderBy(desc(complaints.createdAt), desc(complaints.id))
    .limit(limit);
}
