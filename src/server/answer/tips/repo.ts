/**
 * Data access of the 爆料 inbox (线索): the tips with their handling (tip_cases), the reporters a tip can be
 * given to, the published stories it can be linked to. Adoption inserts the case row (its primary key is
 * the tip: two adoptions at once land one); every later step is a conditional update on the state it
 * expects (docs/security.md "Answering desks").
 */
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { tipCases } from '../../db/schema/answer.ts';
import { users } from '../../db/schema/accounts.ts';
import { bangTips } from '../../db/schema/bangbang.ts';
import { news } from '../../db/schema/core.ts';
import { staff } from '../../db/schema/staff.ts';
import type { PageWindow } from '../deskPage.ts';

type Q = Db | Tx;
export type TipCaseRow = typeof tipCases.$inferSelect;
export type TipRow = typeof bangTips.$inferSelect;
export type TipQueue = 'new' | 'adopted' | 'reported' | 'declined';

/** bang_tips.handling as the reader's lists show it (src/server/bangbang/more/repo.ts HANDLING_TEXT). */
export const TIP_HANDLING = { new: 0, adopted: 1, reported: 2, declined: 3 } as const;

export interface InboxRow {
  tip: TipRow;
  tipCase: TipCaseRow | null;
  tipster: string;
}

/** A tip, whatever its review state (the service takes only approved ones). */
export async function findTipRepo(db: Q, id: number): Promise<TipRow | null> {
  const rows = await db.select().from(bangTips).where(eq(bangTips.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function findTipCaseRepo(db: Q, tipId: number): Promise<TipCaseRow | null> {
  const rows = await db.select().from(tipCases).where(eq(tipCases.tipId, tipId)).limit(1);
  return rows[0] ?? null;
}

/** One page of a queue and the next page's first row (deskPage.ts): new tips newest first (news is fresh); the others latest change first. */
export async function inboxRepo(db: Q, queue: TipQueue, window: PageWindow): Promise<InboxRow[]> {
  const base = db
    .select({ tip: bangTips, tipCase: tipCases, tipster: users.nickname })
    .from(bangTips)
    .leftJoin(tipCases, eq(tipCases.tipId, bangTips.id))
    .leftJoin(users, eq(users.id, bangTips.userId));
  // The inbox takes what passed review: a tip in review or refused is not news.
  const live = eq(bangTips.reviewState, 'approved');
  const rows =
    queue === 'new'
      ? await base
          .where(and(live, isNull(tipCases.tipId)))
          .orderBy(desc(bangTips.createdAt), desc(bangTips.id))
          .limit(window.limit)
          .offset(window.offset)
      : await base
          .where(and(live, eq(tipCases.state, queue)))
          .orderBy(desc(tipCases.updatedAt), desc(bangTips.id))
          .limit(window.limit)
          .offset(window.offset);
  return rows.map((r) => ({ tip: r.tip, tipCase: r.tipCase, tipster: r.tipster ?? '' }));
}

/** Adopts a tip: the case row, unless the tip already has one (null then: someone else acted first). */
export async function adoptRepo(tx: Tx, tipId: number, reporter: { id: number; name: string }, at: Date): Promise<TipCaseRow | null> {
  const rows = await tx
    .insert(tipCases)
    .values({ tipId, state: 'adopted', reporterId: reporter.id, reporterName: reporter.name, adoptedAt: at, updatedAt: at })
    .onConflictDoNothing()
    .returning();
  if (rows.length === 0) return null;
  await setHandlingRepo(tx, tipId, TIP_HANDLING.adopted);
  return rows[0]!;
}

export async function setPointsRepo(tx: Tx, tipId: number, points: number): Promise<void> {
  await tx.update(tipCases).set({ points }).where(eq(tipCases.tipId, tipId));
}

/** Links an adopted tip to its published story (null: the tip is not 已采纳 any more). */
export async function reportRepo(tx: Tx, tipId: number, story: { newsId: number; classId: number; title: string }, at: Date): Promise<TipCaseRow | null> {
  const rows = await tx
    .update(tipCases)
    .set({ state: 'reported', newsId: story.newsId, classId: story.classId, storyTitle: story.title, reportedAt: at, updatedAt: at })
    .where(and(eq(tipCases.tipId, tipId), eq(tipCases.state, 'adopted')))
    .returning();
  if (rows.length === 0) return null;
  await setHandlingRepo(tx, tipId, TIP_HANDLING.reported);
  return rows[0]!;
}

/** 未采用: a new tip (a case row is made) or an adopted one not reported; null when it moved on. */
export async function declineRepo(tx: Tx, tipId: number, reason: string, at: Date): Promise<TipCaseRow | null> {
  const inserted = await tx
    .insert(tipCases)
    .values({ tipId, state: 'declined', declineReason: reason, declinedAt: at, updatedAt: at })
    .onConflictDoNothing()
    .returning();
  const rows =
    inserted.length > 0
      ? inserted
      : await tx
          .update(tipCases)
          .set({ state: 'declined', declineReason: reason, declinedAt: at, updatedAt: at })
          .where(and(eq(tipCases.tipId, tipId), eq(tipCases.state, 'adopted')))
          .returning();
  if (rows.length === 0) return null;
  await setHandlingRepo(tx, tipId, TIP_HANDLING.declined);
  return rows[0]!;
}

async function setHandlingRepo(tx: Tx, tipId: number, handling: number): Promise<void> {
  await tx.update(bangTips).set({ handling }).where(eq(bangTips.id, tipId));
}

/** The reporters a tip can be given to (enabled people of role 记者), by name. */
export async function reportersRepo(db: Q): Promise<{ id: number; name: string }[]> {
  return db
    .select({ id: staff.id, name: staff.name })
    .from(staff)
    .where(and(eq(staff.role, 'reporter'), isNull(staff.disabledAt)))
    .orderBy(asc(staff.name), asc(staff.id));
}

export async function findReporterRepo(db: Q, id: number): Promise<{ id: number; name: string } | null> {
  const rows = await db
    .select({ id: staff.id, name: staff.name })
    .from(staff)
    .where(and(eq(staff.id, id), eq(staff.role, 'reporter'), isNull(staff.disabledAt)))
    .limit(1);
  return rows[0] ?? null;
}

/** The latest published stories, for the desk to pick the one a tip led to. */
export async function recentStoriesRepo(db: Q, limit: number): Promise<{ id: number; classId: number; title: string; publishTime: Date }[]> {
  return db
    .select({ id: news.id, classId: news.classId, title: news.title, publishTime: news.publishTime })
    .from(news)
    .where(sql`${news.publishTime} <= now()`)
    .orderBy(desc(news.publishTime), desc(news.id))
    .limit(limit);
}

export async function findStoryRepo(db: Q, newsId: number): Promise<{ id: number; classId: number; title: string } | null> {
  const rows = await db.select({ id: news.id, classId: news.classId, title: news.title }).from(news).where(eq(news.id, newsId)).limit(1);
  return rows[0] ?? null;
}

/** The handling of a reader's own tips, by tip id (for 我的爆料). */
export async function tipCasesOfRepo(db: Q, tipIds: number[]): Promise<Map<number, TipCaseRow>> {
  if (tipIds.length === 0) return new Map();
  const rows = await db.select().from(tipCases).where(inArray(tipCases.tipId, tipIds));
  return new Map(rows.map((r) => [r.tipId, r]));
}
