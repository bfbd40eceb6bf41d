/**
 * A reader's new row of any kind, through the one door (docs/adr/018-one-review-model.md): the keyed insert every
 * section already uses (src/server/http/idempotentInsert.ts) with the gate in its checks (mute, emergency switch,
 * block and hold words, the area's review-before-publish) and the desk row written in the row's own transaction.
 * A section passes its kind (as registry.ts names it), its area and the text the word list reads; nothing else.
 */
import type { Tx } from '../db/client.ts';
import type { AuthUser } from '../http/auth.ts';
import { insertReaderRow, type ReaderInsert, type ReaderStamp } from '../http/idempotentInsert.ts';
import type { ServiceContext } from '../http/types.ts';
import type { Area } from './areas.ts';
import { admitWrite, enqueue, type Admission } from './gate.ts';
import { noteReportRepo } from './repo.ts';

export interface DeskWrite {
  /** moderation_items.kind: an entry of REVIEW_KINDS (registry.ts). */
  kind: string;
  area: Area;
  /** What the word list reads and the desk shows (title and text, a caption…). */
  text: string;
}

export interface ReviewedInsert<R extends { id: number }> extends Omit<ReaderInsert<R>, 'reviewState'> {
  desk: DeskWrite;
  /**
   * The section's own earlier review switch (an app_config flag), still honoured: the row is held when it or the
   * desk's settings say so.
   */
  reviewState?: () => Promise<'pending' | 'approved'>;
}

/** The state a row starts in: held when the gate or the section's own switch holds it. */
function startState(admission: Admission, own: 'pending' | 'approved' | undefined): 'pending' | 'approved' {
  return admission.state === 'pending' || own === 'pending' ? 'pending' : 'approved';
}

/**
 * `insertReaderRow` behind the gate: a retry with the same key answers the row it wrote before any rule (a
 * reader muted since still gets their first send's answer); otherwise the gate runs first, then the section's
 * checks, and the row and its desk entry are written together.
 */
export async function insertReviewedRow<R extends { id: number }>(ctx: ServiceContext, key: string | null, user: AuthUser, w: ReviewedInsert<R>): Promise<R> {
  let admission: Admission | null = null;
  return insertReaderRow(ctx, key, user, {
    byKey: w.byKey,
    same: w.same,
    lost: w.lost,
    check: async () => {
      admission = await admitWrite(ctx.deps.database.db, { userId: user.userId, area: w.desk.area, text: w.desk.text });
      await w.check();
    },
    reviewState: async () => startState(admission!, await w.reviewState?.()),
    insert: async (tx: Tx, stamp: ReaderStamp) => {
      const row = await w.insert(tx, stamp);
      if (row) await enqueueRow(tx, w.desk, user.userId, row.id, { state: stamp.reviewState, heldWord: admission?.heldWord ?? '' });
      return row;
    },
  });
}

/** Puts a row a section wrote its own way on the desk, in that row's transaction. */
export function enqueueRow(tx: Tx, desk: DeskWrite, userId: number, itemId: number, admission: Admission): Promise<void> {
  return enqueue(tx, { kind: desk.kind, itemId, area: desk.area, userId, excerpt: desk.text, admission });
}

/** The gate alone, for a section that writes its row its own way (then `enqueueRow` in its transaction). */
export async function admitReaderWrite(ctx: ServiceContext, user: AuthUser, desk: DeskWrite, own?: 'pending' | 'approved'): Promise<Admission> {
  const admission = await admitWrite(ctx.deps.database.db, { userId: user.userId, area: desk.area, text: desk.text });
  return { state: startState(admission, own), heldWord: admission.heldWord };
}

export interface ReportedItem {
  kind: string;
  itemId: number;
  area: Area;
  userId: number;
  excerpt: string;
  reasons: string[];
}

/**
 * A reader's report (spec 7.5) lands on the item in the desk's 被举报, in the report's own transaction: the count, the
 * reasons and the time move; a decision on the item settles every report made before it (reports_open goes false).
 */
export async function noteReport(tx: Tx, r: ReportedItem): Promise<void> {
  await noteReportRepo(tx, { ...r, reasons: r.reasons.join(',') });
}
