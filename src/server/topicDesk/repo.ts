/** The topic desk's data access (ADR 035): topics and their stories, special topics, their categories and stories. */
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { channels, columns, news } from '../db/schema/core.ts';
import { specialCategories as SC, specialCategoryNews as SCN, specialTopics as ST, topicNews as TN, topics as T } from '../db/schema/news.ts';

type Q = Db | Tx;

export type Owner = 'topic' | 'category';

export interface TopicRow {
  id: number;
  title: string;
  isTimeline: boolean;
}

export interface CategoryRow {
  id: number;
  classId: number;
  name: string;
  sort: number;
}

export interface ItemRow {
  newsId: number;
  title: string;
  publishTime: Date;
  channel: string | null;
  sort: number;
}

export async function listTopicsRepo(db: Q): Promise<(TopicRow & { items: number })[]> {
  return db
    .select({ id: T.id, title: T.title, isTimeline: T.isTimeline, items: count(TN.newsId) })
    .from(T)
    .leftJoin(TN, eq(TN.topicId, T.id))
    .groupBy(T.id)
    .orderBy(asc(T.sort), asc(T.id));
}

export async function listSpecialsRepo(db: Q): Promise<{ classId: number; title: string; categories: number }[]> {
  return db
    .select({ classId: ST.classId, title: ST.title, categories: count(SC.id) })
    .from(ST)
    .leftJoin(SC, eq(SC.classId, ST.classId))
    .groupBy(ST.classId)
    .orderBy(asc(ST.sort), asc(ST.classId));
}

export async function findTopicRepo(db: Q, id: number): Promise<TopicRow | null> {
  const rows = await db.select({ id: T.id, title: T.title, isTimeline: T.isTimeline }).from(T).where(eq(T.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function findSpecialRepo(db: Q, classId: number): Promise<{ classId: number; title: string } | null> {
  const rows = await db.select({ classId: ST.classId, title: ST.title }).from(ST).where(eq(ST.classId, classId)).limit(1);
  return rows[0] ?? null;
}

export async function findCategoryRepo(db: Q, id: number): Promise<CategoryRow | null> {
  const rows = await db.select({ id: SC.id, classId: SC.classId, name: SC.name, sort: SC.sort }).from(SC).where(eq(SC.id, id)).limit(1);
  return rows[0] ?? null;
}

/** A special topic's categories in the reader's order (sort, then id: specialRepo's order). */
export async function listCategoriesRepo(db: Q, classId: number): Promise<CategoryRow[]> {
  return db.select({ id: SC.id, classId: SC.classId, name: SC.name, sort: SC.sort }).from(SC).where(eq(SC.classId, classId)).orderBy(asc(SC.sort), asc(SC.id));
}

const itemColumns = { newsId: news.id, title: news.title, publishTime: news.publishTime, channel: channels.name };

/**
 * A topic's or a category's stories in the reader's order (news/repo.ts topicNewsRepo, specialNewsRepo): a time line
 * oldest first; a 话题 by the editor's sort, then newest first; a category by the editor's sort, then id.
 */
export async function listItemsRepo(db: Q, owner: Owner, ownerId: number, timeline: boolean): Promise<ItemRow[]> {
  if (owner === 'topic')
    return db
      .select({ ...itemColumns, sort: TN.sort })
      .from(TN)
      .innerJoin(news, eq(news.id, TN.newsId))
      .leftJoin(channels, eq(channels.id, news.channelId))
      .where(eq(TN.topicId, ownerId))
      .orderBy(...(timeline ? [asc(news.publishTime), asc(news.id)] : [asc(TN.sort), desc(news.publishTime), asc(news.id)]));
  return db
    .select({ ...itemColumns, sort: SCN.sort })
    .from(SCN)
    .innerJoin(news, eq(news.id, SCN.newsId))
    .leftJoin(channels, eq(channels.id, news.channelId))
    .where(eq(SCN.categoryId, ownerId))
    .orderBy(asc(SCN.sort), asc(news.id));
}

/** Serialises the writes to one topic's or one category's stories (order, count, first place). */
export async function lockOwnerRepo(tx: Tx, owner: Owner, ownerId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`topic-desk-${owner}`}), ${ownerId})`);
}

/** Serialises the special topics' category writes (new ids are the next after the largest of all; names, order). */
export async function lockSpecialsRepo(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('topic-desk-special'))`);
}

/** Links a story at `sort`; false when it was linked already (a retried add). */
export async function insertItemRepo(tx: Tx, owner: Owner, ownerId: number, newsId: number, sort: number): Promise<boolean> {
  const rows =
    owner === 'topic'
      ? await tx.insert(TN).values({ topicId: ownerId, newsId, sort }).onConflictDoNothing().returning({ id: TN.newsId })
      : await tx.insert(SCN).values({ categoryId: ownerId, newsId, sort }).onConflictDoNothing().returning({ id: SCN.newsId });
  return rows.length > 0;
}

/** Unlinks a story; its sort when it was linked, null when it was not (a retried removal). */
export async function deleteItemRepo(tx: Tx, owner: Owner, ownerId: number, newsId: number): Promise<number | null> {
  const rows =
    owner === 'topic'
      ? await tx
          .delete(TN)
          .where(and(eq(TN.topicId, ownerId), eq(TN.newsId, newsId)))
          .returning({ sort: TN.sort })
      : await tx
          .delete(SCN)
          .where(and(eq(SCN.categoryId, ownerId), eq(SCN.newsId, newsId)))
          .returning({ sort: SCN.sort });
  return rows[0]?.sort ?? null;
}

/** Gives the stories `ids` the sort keys 1, 2, … in that order. */
export async function setItemOrderRepo(tx: Tx, owner: Owner, ownerId: number, ids: readonly number[]): Promise<void> {
  for (const [i, newsId] of ids.entries()) {
    if (owner === 'topic')
      await tx
        .update(TN)
        .set({ sort: i + 1 })
        .where(and(eq(TN.topicId, ownerId), eq(TN.newsId, newsId)));
    else
      await tx
        .update(SCN)
        .set({ sort: i + 1 })
        .where(and(eq(SCN.categoryId, ownerId), eq(SCN.newsId, newsId)));
  }
}

/** Keeps the topic card's count (topicsCollect's contentCount) equal to its linked stories. */
export async function recountTopicRepo(tx: Tx, topicId: number): Promise<void> {
  await tx
    .update(T)
    .set({ contentCount: sql`(select count(*)::int from ${TN} where ${TN.topicId} = ${topicId})` })
    .where(eq(T.id, topicId));
}

/** Adds a category last in its special topic (ids are not serial: the next after the largest, under lockSpecialsRepo). */
export async function insertCategoryRepo(tx: Tx, classId: number, name: string): Promise<CategoryRow> {
  const [top] = await tx.select({ id: sql<number>`coalesce(max(${SC.id}), 0)::int` }).from(SC);
  const [last] = await tx
    .select({ sort: sql<number>`coalesce(max(${SC.sort}), 0)::int` })
    .from(SC)
    .where(eq(SC.classId, classId));
  const rows = await tx
    .insert(SC)
    .values({ id: (top?.id ?? 0) + 1, classId, name, sort: (last?.sort ?? 0) + 1 })
    .returning({ id: SC.id, classId: SC.classId, name: SC.name, sort: SC.sort });
  return rows[0]!;
}

export async function renameCategoryRepo(tx: Tx, id: number, name: string): Promise<void> {
  await tx.update(SC).set({ name }).where(eq(SC.id, id));
}

export async function deleteCategoryRepo(tx: Tx, id: number): Promise<void> {
  await tx.delete(SC).where(eq(SC.id, id));
}

export async function setCategoryOrderRepo(tx: Tx, ids: readonly number[]): Promise<void> {
  for (const [i, id] of ids.entries())
    await tx
      .update(SC)
      .set({ sort: i + 1 })
      .where(eq(SC.id, id));
}

export async function categoryItemCountRepo(db: Q, id: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(SCN).where(eq(SCN.categoryId, id));
  return row?.n ?? 0;
}

// ── the collections themselves: create and edit (ADR 035) ─────────────────────────────────────────────────────────

/** A 话题's or 时间线专题's fields the desk writes (pictures[0] is the page's cover; logo the card's icon). */
export interface TopicFields {
  title: string;
  intro: string;
  logo: string;
  pictures: string[];
  isTimeline: boolean;
}

export interface TopicFull extends TopicFields {
  id: number;
  columnId: number;
  contentCount: number;
}

const topicFullColumns = {
  id: T.id,
  columnId: T.columnId,
  title: T.title,
  intro: T.intro,
  logo: T.logo,
  pictures: T.pictures,
  isTimeline: T.isTimeline,
  contentCount: T.contentCount,
};

export async function findTopicFullRepo(db: Q, id: number): Promise<TopicFull | null> {
  const rows = await db.select(topicFullColumns).from(T).where(eq(T.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function findTopicByKeyRepo(db: Q, key: string): Promise<TopicFull | null> {
  const rows = await db.select(topicFullColumns).from(T).where(eq(T.clientKey, key)).limit(1);
  return rows[0] ?? null;
}

/** Serialises the creates of topics and special topics (ids are the next after the largest: not serial). */
export async function lockCollectionsRepo(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('topic-desk-collections'))`);
}

/**
 * Adds a topic last in its column's collection, its id the next after the largest (under lockCollectionsRepo); null
 * when the key made one already (a retry that raced past the first look).
 */
export async function insertTopicRepo(tx: Tx, columnId: number, fields: TopicFields, key: string): Promise<TopicFull | null> {
  const [top] = await tx.select({ id: sql<number>`coalesce(max(${T.id}), 0)::int` }).from(T);
  const [last] = await tx
    .select({ sort: sql<number>`coalesce(max(${T.sort}), 0)::int` })
    .from(T)
    .where(eq(T.columnId, columnId));
  const rows = await tx
    .insert(T)
    .values({ id: (top?.id ?? 0) + 1, columnId, ...fields, sort: (last?.sort ?? 0) + 1, clientKey: key })
    .onConflictDoNothing({ target: T.clientKey })
    .returning(topicFullColumns);
  return rows[0] ?? null;
}

export async function updateTopicRepo(tx: Tx, id: number, fields: TopicFields): Promise<void> {
  await tx.update(T).set(fields).where(eq(T.id, id));
}

export interface SpecialFields {
  title: string;
  intro: string;
  img: string;
}

export interface SpecialFull extends SpecialFields {
  classId: number;
}

const specialFullColumns = { classId: ST.classId, title: ST.title, intro: ST.intro, img: ST.img };

export async function findSpecialFullRepo(db: Q, classId: number): Promise<SpecialFull | null> {
  const rows = await db.select(specialFullColumns).from(ST).where(eq(ST.classId, classId)).limit(1);
  return rows[0] ?? null;
}

export async function findSpecialByKeyRepo(db: Q, key: string): Promise<SpecialFull | null> {
  const rows = await db.select(specialFullColumns).from(ST).where(eq(ST.clientKey, key)).limit(1);
  return rows[0] ?? null;
}

/**
 * Adds a special topic last, its class id the next after the largest of the special topics' and the columns' (a 专题
 * is a class: spec 2.4 opens it by `classId`, so it does not take a column's id), under lockCollectionsRepo; null when
 * the key made one already.
 */
export async function insertSpecialRepo(tx: Tx, fields: SpecialFields, key: string): Promise<SpecialFull | null> {
  const [top] = await tx
    .select({ id: sql<number>`greatest(coalesce(max(${ST.classId}), 0), (select coalesce(max(${columns.id}), 0) from ${columns}))::int` })
    .from(ST);
  const [last] = await tx.select({ sort: sql<number>`coalesce(max(${ST.sort}), 0)::int` }).from(ST);
  const rows = await tx
    .insert(ST)
    .values({ classId: (top?.id ?? 0) + 1, ...fields, sort: (last?.sort ?? 0) + 1, clientKey: key })
    .onConflictDoNothing({ target: ST.clientKey })
    .returning(specialFullColumns);
  return rows[0] ?? null;
}

export async function updateSpecialRepo(tx: Tx, classId: number, fields: SpecialFields): Promise<void> {
  await tx.update(ST).set(fields).where(eq(ST.classId, classId));
}
