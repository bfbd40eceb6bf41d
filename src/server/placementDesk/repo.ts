/** The placement desk's data access (ADR 034): channel banners, the hot list's picks. */
import { and, asc, desc, eq, gt, ilike, isNull, lte, ne, sql } from 'drizzle-orm';
import { lockBannerListRepo, setBannerOrderRepo } from '../bannerDesk/repo.ts';
import type { Db, Tx } from '../db/client.ts';
import { banners as B, channels, news } from '../db/schema/core.ts';
import { specialTopics } from '../db/schema/news.ts';
import { hotPicks as H } from '../db/schema/placement.ts';

type Q = Db | Tx;

export type ChannelBannerRow = typeof B.$inferSelect;
export type HotPickRow = typeof H.$inferSelect;

/** What the desk writes on a channel banner (the target already resolved to spec 2.4's data type and ids). */
export interface ChannelBannerFields {
  title: string;
  imageUrl: string;
  dataType: number;
  classId: number;
  newsId: number;
  targetUrl: string;
  /** The story's show type (spec 2.4: a news banner with one opens the video detail); 0 for a link. */
  showType: number;
  startDay: string;
  endDay: string;
  enabled: boolean;
}

function likePattern(word: string): string {
  return `%${word.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
}

export async function listChannelsRepo(db: Q): Promise<{ id: number; name: string }[]> {
  return db.select({ id: channels.id, name: channels.name }).from(channels).orderBy(asc(channels.sort), asc(channels.id));
}

export async function channelExistsRepo(db: Q, id: number): Promise<boolean> {
  return (await db.select({ id: channels.id }).from(channels).where(eq(channels.id, id)).limit(1)).length > 0;
}

/** A channel's banners not removed, in the carousel's order, each with the title of the story it opens ('' for a link). */
export async function listChannelBannersRepo(db: Q, channelId: number): Promise<(ChannelBannerRow & { newsTitle: string })[]> {
  const rows = await db
    .select({ banner: B, newsTitle: news.title })
    .from(B)
    .leftJoin(news, and(eq(news.id, B.newsId), ne(B.dataType, 7)))
    .where(and(eq(B.channelId, channelId), isNull(B.deletedAt)))
    .orderBy(asc(B.sort), asc(B.id));
  return rows.map((r) => ({ ...r.banner, newsTitle: r.newsTitle ?? '' }));
}

/** Serialises one channel's banner writes (order, count cap) with a transaction lock. */
export async function lockChannelBannersRepo(tx: Tx, channelId: number): Promise<void> {
  await lockBannerListRepo(tx, 'channel-banners', channelId);
}

export async function lockChannelBannerRepo(tx: Tx, id: number): Promise<ChannelBannerRow | null> {
  const rows = await tx.select().from(B).where(eq(B.id, id)).for('update').limit(1);
  return rows[0] ?? null;
}

export async function findChannelBannerRepo(db: Q, id: number): Promise<ChannelBannerRow | null> {
  const rows = await db.select().from(B).where(eq(B.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function findChannelBannerByKeyRepo(db: Q, key: string): Promise<ChannelBannerRow | null> {
  const rows = await db.select().from(B).where(eq(B.clientKey, key)).limit(1);
  return rows[0] ?? null;
}

/** Inserts a banner last in its channel, once per console key; null when the key was used already (a retried add). */
export async function insertChannelBannerRepo(tx: Tx, channelId: number, v: ChannelBannerFields, key: string): Promise<ChannelBannerRow | null> {
  const [last] = await tx
    .select({ n: sql<number>`coalesce(max(${B.sort}), 0)::int` })
    .from(B)
    .where(eq(B.channelId, channelId));
  const rows = await tx
    .insert(B)
    .values({ ...v, channelId, clientKey: key, sort: (last?.n ?? 0) + 1 })
    .onConflictDoNothing({ target: B.clientKey })
    .returning();
  return rows[0] ?? null;
}

export async function updateChannelBannerRepo(tx: Tx, id: number, set: Partial<ChannelBannerFields> & { deletedAt?: Date | null }): Promise<ChannelBannerRow> {
  const rows = await tx.update(B).set(set).where(eq(B.id, id)).returning();
  return rows[0]!;
}

/** Gives the banners `ids` the sort keys 1, 2, … in that order. */
export async function setChannelBannerOrderRepo(tx: Tx, ids: readonly number[]): Promise<void> {
  await setBannerOrderRepo(tx, B, ids);
}

/** A story of ours readers can open now (published), or null. */
export async function publishedStoryRepo(
  db: Q,
  id: number,
): Promise<{ id: number; title: string; dataType: number; classId: number; showType: number; videoUrl: string } | null> {
  const rows = await db
    .select({ id: news.id, title: news.title, dataType: news.dataType, classId: news.classId, showType: news.showType, videoUrl: news.videoUrl })
    .from(news)
    .where(and(eq(news.id, id), ne(news.dataType, 7), sql`${news.publishTime} <= now()`))
    .limit(1);
  return rows[0] ?? null;
}

/** Whether a 专题 of this class id exists (a banner may open one: data type 5, ADR 035). */
export async function specialExistsRepo(db: Q, classId: number): Promise<boolean> {
  const rows = await db.select({ classId: specialTopics.classId }).from(specialTopics).where(eq(specialTopics.classId, classId)).limit(1);
  return rows.length > 0;
}

/** Published stories of ours (not outside links) whose title holds `keyword`, newest first: the desk's story picker. */
export async function searchStoriesRepo(db: Q, keyword: string | undefined, limit: number) {
  return db
    .select({ id: news.id, title: news.title, dataType: news.dataType, showType: news.showType, channel: channels.name, publishTime: news.publishTime })
    .from(news)
    .leftJoin(channels, eq(channels.id, news.channelId))
    .where(and(ne(news.dataType, 7), sql`${news.publishTime} <= now()`, keyword ? ilike(news.title, likePattern(keyword)) : undefined))
    .orderBy(desc(news.publishTime), desc(news.id))
    .limit(limit);
}

/** Serialises the hot list's pin writes (count cap, one story per position). */
export async function lockHotPicksRepo(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('hot-picks'))`);
}

/** The picks in force (not unpinned, not past their end), by position, with their stories' titles. */
export async function liveHotPicksRepo(db: Q): Promise<(HotPickRow & { title: string })[]> {
  const rows = await db
    .select({ pick: H, title: news.title })
    .from(H)
    .innerJoin(news, eq(news.id, H.newsId))
    .where(and(isNull(H.deletedAt), gt(H.endsAt, sql`now()`)))
    .orderBy(asc(H.position), asc(H.id));
  return rows.map((r) => ({ ...r.pick, title: r.title }));
}

/** The picks not unpinned whose end time fell in (`after`, `upTo`], by end time. */
export async function hotPicksEndedRepo(db: Q, after: Date, upTo: Date): Promise<HotPickRow[]> {
  return db
    .select()
    .from(H)
    .where(and(isNull(H.deletedAt), gt(H.endsAt, after), lte(H.endsAt, upTo)))
    .orderBy(asc(H.endsAt), asc(H.id));
}

export async function findHotPickByKeyRepo(db: Q, key: string): Promise<HotPickRow | null> {
  const rows = await db.select().from(H).where(eq(H.clientKey, key)).limit(1);
  return rows[0] ?? null;
}

export async function lockHotPickRepo(tx: Tx, id: number): Promise<HotPickRow | null> {
  const rows = await tx.select().from(H).where(eq(H.id, id)).for('update').limit(1);
  return rows[0] ?? null;
}

export async function insertHotPickRepo(tx: Tx, v: { newsId: number; position: number; endsAt: Date }, key: string): Promise<HotPickRow | null> {
  const rows = await tx
    .insert(H)
    .values({ ...v, clientKey: key })
    .onConflictDoNothing({ target: H.clientKey })
    .returning();
  return rows[0] ?? null;
}

export async function setHotPickRemovedRepo(tx: Tx, id: number, removed: boolean): Promise<void> {
  await tx
    .update(H)
    .set({ deletedAt: removed ? new Date() : null })
    .where(eq(H.id, id));
}
