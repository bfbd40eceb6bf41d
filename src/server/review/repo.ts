/**
 * What the review gate reads and writes (docs/adr/018-one-review-model.md): a reader's mute, the areas' settings,
 * the word list, and the desk row a new item gets in its own transaction. The desk's own queries are in
 * src/server/moderation/repo.ts.
 */
import { and, asc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { moderationItems, moderationSettings, readerMutes, sensitiveWords } from '../db/schema/moderation.ts';
import type { Area } from './areas.ts';

type Q = Db | Tx;

/** The reader's mute in force now, or null. */
export async function activeMuteRepo(db: Q, userId: number): Promise<{ until: Date | null; reason: string } | null> {
  const rows = await db
    .select({ until: readerMutes.until, reason: readerMutes.reason })
    .from(readerMutes)
    .where(and(eq(readerMutes.userId, userId), or(isNull(readerMutes.until), gt(readerMutes.until, sql`now()`))))
    .limit(1);
  return rows[0] ?? null;
}

export async function settingsRowsRepo(db: Q) {
  return db.select().from(moderationSettings);
}

export async function wordsRepo(db: Q) {
  return db
    .select({ id: sensitiveWords.id, word: sensitiveWords.word, normalized: sensitiveWords.normalized, action: sensitiveWords.action })
    .from(sensitiveWords)
    .orderBy(asc(sensitiveWords.id));
}

export interface NewDeskRow {
  kind: string;
  itemId: number;
  area: Area;
  userId: number;
  excerpt: string;
  state: 'pending' | 'approved';
  heldWord: string;
}

/** Puts a stored item on the desk; a retried write adds nothing. */
export async function enqueueRepo(tx: Tx, row: NewDeskRow): Promise<void> {
  await tx
    .insert(moderationItems)
    .values({ ...row, excerpt: row.excerpt.slice(0, 500) })
    .onConflictDoNothing();
}

/** A report on an item: counted with its reasons; the item's reports are open again while it is public. */
export async function noteReportRepo(tx: Tx, r: { kind: string; itemId: number; area: Area; userId: number; excerpt: string; reasons: string }): Promise<void> {
  await tx
    .insert(moderationItems)
    .values({
      kind: r.kind,
      itemId: r.itemId,
      area: r.area,
      userId: r.userId,
      excerpt: r.excerpt.slice(0, 500),
      state: 'approved',
      reportCount: 1,
      reportReasons: r.reasons,
      reportedAt: new Date(),
      reportsOpen: true,
    })
    .onConflictDoUpdate({
      target: [moderationItems.kind, moderationItems.itemId],
      set: {
        reportCount: sql`${moderationItems.reportCount} + 1`,
        reportReasons: sql`(select string_agg(distinct x, ',') from unnest(string_to_array(${moderationItems.reportReasons} || ',' || ${r.reasons}, ',')) as x where x <> '')`,
        reportedAt: new Date(),
        reportsOpen: sql`${moderationItems.state} = 'approved'`,
      },
    });
}
