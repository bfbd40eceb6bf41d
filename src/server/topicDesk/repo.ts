/** The topic desk's data access (ADR 035): topics and their stories, special topics, their categories and stories. */
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { channels, news } from '../db/schema/core.ts';
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
