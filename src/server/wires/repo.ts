/** The wires' data access (src/server/db/schema/wires.ts): allowed hosts, feeds and their claims, items, archive imports. */
import { and, asc, desc, eq, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { columns } from '../db/schema/core.ts';
import { specialTopics } from '../db/schema/news.ts';
import { archiveImports, wireAllowedHosts, wireFeeds, wireItems } from '../db/schema/wires.ts';
import type { FeedItem } from './parseFeed.ts';

type Reader = Db | Tx;
export type WireFeedRow = typeof wireFeeds.$inferSelect;
export type WireItemRow = typeof wireItems.$inferSelect;

export async function listHostsRepo(db: Reader) {
  return db.select().from(wireAllowedHosts).orderBy(asc(wireAllowedHosts.host));
}

export async function allowedHostSetRepo(db: Reader): Promise<Set<string>> {
  return new Set((await db.select({ host: wireAllowedHosts.host }).from(wireAllowedHosts)).map((r) => r.host));
}

/** True when the host was not on the list yet. */
export async function addHostRepo(tx: Tx, host: string, by: number): Promise<boolean> {
  const rows = await tx.insert(wireAllowedHosts).values({ host, addedBy: by }).onConflictDoNothing().returning({ host: wireAllowedHosts.host });
  return rows.length === 1;
}

export async function removeHostRepo(tx: Tx, host: string): Promise<boolean> {
  const rows = await tx.delete(wireAllowedHosts).where(eq(wireAllowedHosts.host, host)).returning({ host: wireAllowedHosts.host });
  return rows.length === 1;
}

export async function listFeedsRepo(db: Reader): Promise<WireFeedRow[]> {
  return db.select().from(wireFeeds).orderBy(asc(wireFeeds.id));
}

export async function feedRepo(db: Reader, id: number): Promise<WireFeedRow | null> {
  const [row] = await db.select().from(wireFeeds).where(eq(wireFeeds.id, id)).limit(1);
  return row ?? null;
}

/** Inserts the feed; answers `created: false` with the existing row when its URL is already there. */
export async function createFeedRepo(
  tx: Tx,
  f: { name: string; url: string; everyMinutes: number; channelId: number; classId: number; createdBy: number; nextFetchAt?: Date },
): Promise<{ row: WireFeedRow; created: boolean }> {
  const inserted = await tx.insert(wireFeeds).values(f).onConflictDoNothing().returning();
  if (inserted[0]) return { row: inserted[0], created: true };
  const [row] = await tx.select().from(wireFeeds).where(eq(wireFeeds.url, f.url)).limit(1);
  return { row: row!, created: false };
}

export async function setFeedEnabledRepo(tx: Tx, id: number, enabled: boolean): Promise<WireFeedRow | null> {
  const [row] = await tx.update(wireFeeds).set({ enabled }).where(eq(wireFeeds.id, id)).returning();
  return row ?? null;
}

export async function dueFeedsRepo(db: Reader, now: Date): Promise<number[]> {
  const rows = await db
    .select({ id: wireFeeds.id })
    .from(wireFeeds)
    .where(and(eq(wireFeeds.enabled, true), lte(wireFeeds.nextFetchAt, now)))
    .orderBy(asc(wireFeeds.nextFetchAt))
    .limit(100);
  return rows.map((r) => r.id);
}

/**
 * Claims a feed for one fetch by moving its next time on, only while it is still due (or at once when
 * `force`): of processes racing for it, one row update wins and only that process fetches.
 */
export async function claimFeedRepo(tx: Tx, id: number, now: Date, force: boolean): Promise<WireFeedRow | null> {
  const at = now.toISOString();
  const [row] = await tx
    .update(wireFeeds)
    .set({ nextFetchAt: sql`${at}::timestamptz + make_interval(mins => ${wireFeeds.everyMinutes})` })
    .where(and(eq(wireFeeds.id, id), force ? undefined : and(eq(wireFeeds.enabled, true), lte(wireFeeds.nextFetchAt, now))))
    .returning();
  return row ?? null;
}

export async function recordFetchRepo(tx: Tx, id: number, r: { at: Date; error: string; newItems: number }): Promise<void> {
  await tx.update(wireFeeds).set({ lastFetchedAt: r.at, lastError: r.error, lastNewItems: r.newItems }).where(eq(wireFeeds.id, id));
}

/** Inserts the items not seen before (by guid or by link, the unique indexes); answers how many went in. */
export async function insertItemsRepo(tx: Tx, feedId: number, items: readonly FeedItem[], at: Date): Promise<number> {
  let added = 0;
  for (const i of items) {
    const rows = await tx
      .insert(wireItems)
      .values({
        feedId,
        dedupKey: i.dedupKey,
        link: i.link,
        title: i.title,
        summary: i.summary,
        content: i.content,
        author: i.author,
        publishedAt: i.publishedAt,
        fetchedAt: at,
      })
      .onConflictDoNothing()
      .returning({ id: wireItems.id });
    added += rows.length;
  }
  return added;
}

export async function trayRepo(db: Reader, q: { feedId: number; show: 'open' | 'all' }) {
  return db
    .select({ item: wireItems, feedName: wireFeeds.name })
    .from(wireItems)
    .innerJoin(wireFeeds, eq(wireFeeds.id, wireItems.feedId))
    .where(and(q.feedId === 0 ? undefined : eq(wireItems.feedId, q.feedId), q.show === 'open' ? isNull(wireItems.articleId) : undefined))
    .orderBy(desc(wireItems.fetchedAt), desc(wireItems.publishedAt), desc(wireItems.id))
    .limit(200);
}

/** The item and its feed, the item locked until the transaction ends (two clicks make one draft). */
export async function lockItemRepo(tx: Tx, id: number): Promise<{ item: WireItemRow; feed: WireFeedRow } | null> {
  const [item] = await tx.select().from(wireItems).where(eq(wireItems.id, id)).limit(1).for('update');
  if (!item) return null;
  const [feed] = await tx.select().from(wireFeeds).where(eq(wireFeeds.id, item.feedId)).limit(1);
  return feed ? { item, feed } : null;
}

export async function markItemDraftedRepo(tx: Tx, id: number, articleId: number, by: string): Promise<void> {
  await tx.update(wireItems).set({ articleId, draftedBy: by }).where(eq(wireItems.id, id));
}

export async function importedRepo(db: Reader, sourceId: string): Promise<{ newsId: number; articleId: number } | null> {
  const [row] = await db
    .select({ newsId: archiveImports.newsId, articleId: archiveImports.articleId })
    .from(archiveImports)
    .where(eq(archiveImports.sourceId, sourceId))
    .limit(1);
  return row ?? null;
}

export async function recordImportRepo(tx: Tx, r: { sourceId: string; newsId: number; articleId: number }): Promise<void> {
  await tx.insert(archiveImports).values(r);
}

/**
 * The title of the 专题 made on the topic desk (it has a console key) whose class id is `classId`, or null. A 专题 the
 * old CMS made may share its id with its own column (the seed's 105): that pairing is the old system's, not a clash.
 */
export async function deskSpecialTopicTitleRepo(db: Reader, classId: number): Promise<string | null> {
  const [row] = await db
    .select({ title: specialTopics.title })
    .from(specialTopics)
    .where(and(eq(specialTopics.classId, classId), isNotNull(specialTopics.clientKey)))
    .limit(1);
  return row?.title ?? null;
}

/** The channel a column belongs to, or null when there is no such column. */
export async function columnChannelRepo(db: Reader, classId: number): Promise<number | null> {
  const [row] = await db.select({ channelId: columns.channelId }).from(columns).where(eq(columns.id, classId)).limit(1);
  return row?.channelId ?? null;
}
