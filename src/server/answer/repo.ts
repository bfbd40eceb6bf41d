/**
 * Data access of the answering desks: units and their staff, the handling of each 问政 (politics_cases)
 * with its timeline events, queues and figures. Every transition is a conditional update (only a row in
 * the state it expects changes), so two people acting at once cannot both land and a retry changes
 * nothing twice (docs/security.md "Answering desks").
 */
import { and, asc, desc, eq, gte, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { answerUnits, answerUnitStaff, politicsCaseEvents, politicsCases, workCalendar } from '../db/schema/answer.ts';
import { bangPolitics } from '../db/schema/bangbang.ts';
import { staff } from '../db/schema/staff.ts';
import type { PageWindow } from './deskPage.ts';

type Q = Db | Tx;
export type UnitRow = typeof answerUnits.$inferSelect;
export type CaseRow = typeof politicsCases.$inferSelect;
export type CaseEventRow = typeof politicsCaseEvents.$inferSelect;
export type PoliticsRow = typeof bangPolitics.$inferSelect;
export type EventKind = 'accepted' | 'declined' | 'returned' | 'extended' | 'started' | 'replied' | 'rated';

/** A case still with its department: assigned or being handled. */
const OPEN_STATES = ['accepted', 'processing'];

// ── units ────────────────────────────────────────────────────────────────────────────────────────

export async function listUnitsRepo(db: Q, kind = 'department'): Promise<UnitRow[]> {
  return db.select().from(answerUnits).where(eq(answerUnits.kind, kind)).orderBy(asc(answerUnits.sort), asc(answerUnits.id));
}

export async function findUnitRepo(db: Q, id: number, kind = 'department'): Promise<UnitRow | null> {
  const rows = await db
    .select()
    .from(answerUnits)
    .where(and(eq(answerUnits.id, id), eq(answerUnits.kind, kind)))
    .limit(1);
  return rows[0] ?? null;
}

export async function findUnitByNameRepo(db: Q, name: string, kind = 'department'): Promise<UnitRow | null> {
  const rows = await db
    .select()
    .from(answerUnits)
    .where(and(eq(answerUnits.name, name), eq(answerUnits.kind, kind)))
    .limit(1);
  return rows[0] ?? null;
}

/** The unit a staff member works for, with the member's role (null: none). */
export async function unitOfStaffRepo(db: Q, staffId: number): Promise<UnitRow | null> {
  const rows = await db
    .select({ unit: answerUnits })
    .from(answerUnitStaff)
    .innerJoin(answerUnits, eq(answerUnits.id, answerUnitStaff.unitId))
    .where(eq(answerUnitStaff.staffId, staffId))
    .limit(1);
  return rows[0]?.unit ?? null;
}

export async function findStaffRoleRepo(db: Q, staffId: number): Promise<{ id: number; name: string; role: string } | null> {
  const rows = await db.select({ id: staff.id, name: staff.name, role: staff.role }).from(staff).where(eq(staff.id, staffId)).limit(1);
  return rows[0] ?? null;
}

/** Links a person to a unit (a later link moves them); answers the unit they were with before. */
export async function linkStaffRepo(tx: Tx, staffId: number, unitId: number): Promise<number | null> {
  const before = await tx.select({ unitId: answerUnitStaff.unitId }).from(answerUnitStaff).where(eq(answerUnitStaff.staffId, staffId)).limit(1);
  await tx.insert(answerUnitStaff).values({ staffId, unitId }).onConflictDoUpdate({ target: answerUnitStaff.staffId, set: { unitId } });
  return before[0]?.unitId ?? null;
}

export async function unitStaffRepo(db: Q, unitIds: number[]): Promise<{ unitId: number; staffId: number; name: string; account: string }[]> {
  if (unitIds.length === 0) return [];
  return db
    .select({ unitId: answerUnitStaff.unitId, staffId: staff.id, name: staff.name, account: staff.account })
    .from(answerUnitStaff)
    .innerJoin(staff, eq(staff.id, answerUnitStaff.staffId))
    .where(inArray(answerUnitStaff.unitId, unitIds))
    .orderBy(asc(staff.id));
}

// ── questions and their cases ────────────────────────────────────────────────────────────────────

/** A live 问政 (not deleted), whatever its review state. */
export async function findPoliticsRepo(db: Q, id: number): Promise<PoliticsRow | null> {
  const rows = await db
    .select()
    .from(bangPolitics)
    .where(and(eq(bangPolitics.id, id), isNull(bangPolitics.deletedAt)))
    .limit(1);
  return rows[0] ?? null;
}

export async function findCaseRepo(db: Q, politicsId: number): Promise<CaseRow | null> {
  const rows = await db.select().from(politicsCases).where(eq(politicsCases.politicsId, politicsId)).limit(1);
  return rows[0] ?? null;
}

export async function casesOfRepo(db: Q, politicsIds: number[]): Promise<Map<number, CaseRow>> {
  if (politicsIds.length === 0) return new Map();
  const rows = await db.select().from(politicsCases).where(inArray(politicsCases.politicsId, politicsIds));
  return new Map(rows.map((r) => [r.politicsId, r]));
}

export async function eventsOfRepo(db: Q, politicsId: number): Promise<CaseEventRow[]> {
  return db.select().from(politicsCaseEvents).where(eq(politicsCaseEvents.politicsId, politicsId)).orderBy(asc(politicsCaseEvents.id));
}

export async function addEventRepo(tx: Tx, politicsId: number, kind: EventKind, at: Date, unitId: number | null, reason = ''): Promise<void> {
  await tx.insert(politicsCaseEvents).values({ politicsId, kind, at, unitId, reason });
}

/** A unit's hand-back of the question, unless it already handed this question back once (false then). */
export async function addReturnEventRepo(tx: Tx, politicsId: number, at: Date, unitId: number, reason: string): Promise<boolean> {
  const rows = await tx
    .insert(politicsCaseEvents)
    .values({ politicsId, kind: 'returned', at, unitId, reason })
    .onConflictDoNothing()
    .returning({ id: politicsCaseEvents.id });
  return rows.length > 0;
}

export interface QueueRow {
  politics: Pick<PoliticsRow, 'id' | 'userId' | 'title' | 'content' | 'department' | 'createdAt' | 'status' | 'repliedAt'>;
  case: CaseRow | null;
  unitName: string | null;
}

const queueColumns = {
  politics: {
    id: bangPolitics.id,
    userId: bangPolitics.userId,
    title: bangPolitics.title,
    content: bangPolitics.content,
    department: bangPolitics.department,
    createdAt: bangPolitics.createdAt,
    status: bangPolitics.status,
    repliedAt: bangPolitics.repliedAt,
  },
  case: politicsCases,
  unitName: answerUnits.name,
};

/** Open cases past due come first, then the soonest due. */
const overdueFirst = (now: Date) => [
  sql`case when ${politicsCases.dueAt} < ${now.toISOString()}::timestamptz then 0 else 1 end`,
  asc(politicsCases.dueAt),
  asc(bangPolitics.id),
];

export type Queue = 'submitted' | 'open' | 'replied' | 'declined';

/**
 * One page of a queue and the next page's first row (deskPage.ts): `submitted` (approved questions with no
 * case, or handed back, oldest first),
 * `open` (with a department; overdue first), `replied`, `declined` (newest first). `unitId` limits it
 * to one department's cases.
 */
export async function queueRepo(db: Q, queue: Queue, opts: { unitId?: number; now: Date; window: PageWindow }): Promise<QueueRow[]> {
  const base = and(isNull(bangPolitics.deletedAt), eq(bangPolitics.reviewState, 'approved'));
  const unit = opts.unitId === undefined ? undefined : eq(politicsCases.unitId, opts.unitId);
  let where: SQL | undefined;
  let order: SQL[];
  if (queue === 'submitted') {
    where = and(base, eq(bangPolitics.status, 0), or(isNull(politicsCases.politicsId), eq(politicsCases.state, 'returned')));
    order = [asc(bangPolitics.createdAt), asc(bangPolitics.id)];
  } else if (queue === 'open') {
    where = and(base, inArray(politicsCases.state, OPEN_STATES), unit);
    order = overdueFirst(opts.now);
  } else {
    where = and(base, eq(politicsCases.state, queue), unit);
    order = [desc(politicsCases.updatedAt), desc(bangPolitics.id)];
  }
  const rows = await db
    .select(queueColumns)
    .from(bangPolitics)
    .leftJoin(politicsCases, eq(politicsCases.politicsId, bangPolitics.id))
    .leftJoin(answerUnits, eq(answerUnits.id, politicsCases.unitId))
    .where(where)
    .orderBy(...order)
    .limit(opts.window.limit)
    .offset(opts.window.offset);
  return rows;
}

/** How many open cases are past due (of one unit, or all). */
export async function overdueCountRepo(db: Q, now: Date, unitId?: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(politicsCases)
    .innerJoin(bangPolitics, eq(bangPolitics.id, politicsCases.politicsId))
    .where(
      and(
        isNull(bangPolitics.deletedAt),
        inArray(politicsCases.state, OPEN_STATES),
        sql`${politicsCases.dueAt} < ${now.toISOString()}::timestamptz`,
        unitId === undefined ? undefined : eq(politicsCases.unitId, unitId),
      ),
    );
  return row?.n ?? 0;
}

// ── transitions ──────────────────────────────────────────────────────────────────────────────────

/** 待受理 (no case, or handed back) → accepted by `unitId`; null when the question was not waiting. */
export async function acceptRepo(tx: Tx, politicsId: number, unitId: number, now: Date, dueAt: Date): Promise<CaseRow | null> {
  const values = {
    state: 'accepted',
    unitId,
    acceptedAt: now,
    dueAt,
    startedAt: null,
    extendedAt: null,
    extensionReason: '',
    declineReason: '',
    updatedAt: now,
  };
  const rows = await tx
    .insert(politicsCases)
    .values({ politicsId, ...values })
    .onConflictDoUpdate({ target: politicsCases.politicsId, set: values, setWhere: eq(politicsCases.state, 'returned') })
    .returning();
  if (rows.length === 0) return null;
  await tx
    .update(bangPolitics)
    .set({ acceptedAt: now })
    .where(and(eq(bangPolitics.id, politicsId), eq(bangPolitics.status, 0)));
  return rows[0]!;
}

/** 待受理 → declined with the reason the asker reads; null when the question was not waiting. */
export async function declineRepo(tx: Tx, politicsId: number, reason: string, now: Date): Promise<CaseRow | null> {
  const values = { state: 'declined', unitId: null, declineReason: reason, updatedAt: now };
  const rows = await tx
    .insert(politicsCases)
    .values({ politicsId, ...values })
    .onConflictDoUpdate({ target: politicsCases.politicsId, set: values, setWhere: eq(politicsCases.state, 'returned') })
    .returning();
  return rows[0] ?? null;
}

/** The unit's open case → handed back to the desk (待受理 again); null when not this unit's open case. */
export async function returnRepo(tx: Tx, politicsId: number, unitId: number, reason: string, now: Date): Promise<CaseRow | null> {
  const rows = await tx
    .update(politicsCases)
    .set({ state: 'returned', unitId: null, returnedReason: reason, dueAt: null, updatedAt: now })
    .where(and(eq(politicsCases.politicsId, politicsId), eq(politicsCases.unitId, unitId), inArray(politicsCases.state, OPEN_STATES)))
    .returning();
  if (rows.length === 0) return null;
  await tx
    .update(bangPolitics)
    .set({ acceptedAt: null })
    .where(and(eq(bangPolitics.id, politicsId), eq(bangPolitics.status, 0)));
  return rows[0]!;
}

/** accepted → processing (the unit signed for it); null when not this unit's accepted case. */
export async function startRepo(tx: Tx, politicsId: number, unitId: number, now: Date): Promise<CaseRow | null> {
  const rows = await tx
    .update(politicsCases)
    .set({ state: 'processing', startedAt: now, updatedAt: now })
    .where(and(eq(politicsCases.politicsId, politicsId), eq(politicsCases.unitId, unitId), eq(politicsCases.state, 'accepted')))
    .returning();
  return rows[0] ?? null;
}

/** The one extension: a new due time, and the case is being handled; null when not open, not this unit's, or already extended. */
export async function extendRepo(tx: Tx, politicsId: number, unitId: number, reason: string, dueAt: Date, now: Date): Promise<CaseRow | null> {
  const rows = await tx
    .update(politicsCases)
    .set({
      state: 'processing',
      startedAt: sql`coalesce(${politicsCases.startedAt}, ${now.toISOString()}::timestamptz)`,
      extendedAt: now,
      extensionReason: reason,
      dueAt,
      updatedAt: now,
    })
    .where(
      and(
        eq(politicsCases.politicsId, politicsId),
        eq(politicsCases.unitId, unitId),
        inArray(politicsCases.state, OPEN_STATES),
        isNull(politicsCases.extendedAt),
      ),
    )
    .returning();
  return rows[0] ?? null;
}

/** The official reply: the case is replied and the question carries the reply; null when not this unit's open case. */
export async function replyRepo(
  tx: Tx,
  politicsId: number,
  unitId: number,
  reply: { html: string; pictures: string[]; newsUrl: string; staffId: number },
  now: Date,
): Promise<CaseRow | null> {
  const rows = await tx
    .update(politicsCases)
    .set({
      state: 'replied',
      startedAt: sql`coalesce(${politicsCases.startedAt}, ${now.toISOString()}::timestamptz)`,
      repliedAt: now,
      replyPictures: reply.pictures,
      replyNewsUrl: reply.newsUrl,
      replyStaffId: reply.staffId,
      updatedAt: now,
    })
    .where(and(eq(politicsCases.politicsId, politicsId), eq(politicsCases.unitId, unitId), inArray(politicsCases.state, OPEN_STATES)))
    .returning();
  if (rows.length === 0) return null;
  await tx
    .update(bangPolitics)
    .set({ status: 1, replyHtml: reply.html, repliedAt: now, acceptedAt: sql`coalesce(${bangPolitics.acceptedAt}, ${now.toISOString()}::timestamptz)` })
    .where(eq(bangPolitics.id, politicsId));
  return rows[0]!;
}

/** The asker's one rating of a replied case; null when not replied or already rated. */
export async function rateRepo(tx: Tx, politicsId: number, rating: number, now: Date): Promise<CaseRow | null> {
  const rows = await tx
    .update(politicsCases)
    .set({ rating, ratedAt: now })
    .where(and(eq(politicsCases.politicsId, politicsId), eq(politicsCases.state, 'replied'), isNull(politicsCases.rating)))
    .returning();
  return rows[0] ?? null;
}

// ── figures ──────────────────────────────────────────────────────────────────────────────────────

export interface FigureCounts {
  unitId: number;
  received: number;
  replied: number;
  /** Sum of seconds from acceptance to reply over the replied ones. */
  replySeconds: number;
  rated: number;
  satisfied: number;
  overdue: number;
}

/** The counts behind the figures, per unit (all units, or the ones given), straight from the cases. */
export async function figureCountsRepo(db: Q, now: Date, unitIds?: number[]): Promise<FigureCounts[]> {
  const replied = sql`${politicsCases.state} = 'replied'`;
  const rows = await db
    .select({
      unitId: politicsCases.unitId,
      received: sql<number>`count(*)::int`,
      replied: sql<number>`(count(*) filter (where ${replied}))::int`,
      replySeconds: sql<number>`coalesce(sum(extract(epoch from (${politicsCases.repliedAt} - ${politicsCases.acceptedAt}))) filter (where ${replied}), 0)::float8`,
      rated: sql<number>`count(${politicsCases.rating})::int`,
      satisfied: sql<number>`(count(*) filter (where ${politicsCases.rating} = 1))::int`,
      overdue: sql<number>`(count(*) filter (where ${politicsCases.state} in ('accepted','processing') and ${politicsCases.dueAt} < ${now.toISOString()}::timestamptz))::int`,
    })
    .from(politicsCases)
    .innerJoin(bangPolitics, eq(bangPolitics.id, politicsCases.politicsId))
    .where(
      and(isNull(bangPolitics.deletedAt), sql`${politicsCases.unitId} is not null`, unitIds === undefined ? undefined : inArray(politicsCases.unitId, unitIds)),
    )
    .groupBy(politicsCases.unitId);
  return rows.map((r) => ({
    unitId: r.unitId!,
    received: Number(r.received),
    replied: Number(r.replied),
    replySeconds: Number(r.replySeconds),
    rated: Number(r.rated),
    satisfied: Number(r.satisfied),
    overdue: Number(r.overdue),
  }));
}

/** A unit's latest replied questions (public ones). */
export async function unitRecentRepliesRepo(db: Q, unitId: number, limit: number) {
  return db
    .select({ id: bangPolitics.id, title: bangPolitics.title, repliedAt: politicsCases.repliedAt, rating: politicsCases.rating })
    .from(politicsCases)
    .innerJoin(bangPolitics, eq(bangPolitics.id, politicsCases.politicsId))
    .where(and(eq(politicsCases.unitId, unitId), eq(politicsCases.state, 'replied'), isNull(bangPolitics.deletedAt), eq(bangPolitics.reviewState, 'approved')))
    .orderBy(desc(politicsCases.repliedAt), desc(bangPolitics.id))
    .limit(limit);
}

// ── 节假日安排 (work_calendar) ──

export interface WorkDayRow {
  day: string;
  kind: string;
  note: string;
  updatedBy: string;
}

/** The exceptions between two Beijing days (inclusive), in date order, with who entered each. */
export async function workCalendarRepo(db: Db | Tx, first: string, last: string): Promise<WorkDayRow[]> {
  return db
    .select({ day: workCalendar.day, kind: workCalendar.kind, note: workCalendar.note, updatedBy: staff.name })
    .from(workCalendar)
    .innerJoin(staff, eq(staff.id, workCalendar.updatedBy))
    .where(and(gte(workCalendar.day, first), lte(workCalendar.day, last)))
    .orderBy(asc(workCalendar.day));
}

/** One day's exception, locked for the change that follows. */
export async function lockWorkDayRepo(tx: Tx, day: string): Promise<{ kind: string; note: string } | undefined> {
  const [row] = await tx.select({ kind: workCalendar.kind, note: workCalendar.note }).from(workCalendar).where(eq(workCalendar.day, day)).for('update');
  return row;
}

export async function upsertWorkDayRepo(tx: Tx, entry: { day: string; kind: string; note: string; staffId: number }): Promise<void> {
  await tx
    .insert(workCalendar)
    .values({ day: entry.day, kind: entry.kind, note: entry.note, updatedBy: entry.staffId })
    .onConflictDoUpdate({ target: workCalendar.day, set: { kind: entry.kind, note: entry.note, updatedBy: entry.staffId, updatedAt: new Date() } });
}

/** Deletes a day's exception; answers what it was (undefined when there was none). */
export async function deleteWorkDayRepo(tx: Tx, day: string): Promise<{ kind: string; note: string } | undefined> {
  const [gone] = await tx.delete(workCalendar).where(eq(workCalendar.day, day)).returning({ kind: workCalendar.kind, note: workCalendar.note });
  return gone;
}
