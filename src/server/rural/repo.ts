/** Rural data access: rural news, tabs, Q&A, farmer posts, prices and credit; maps rows once. */
import { and, asc, desc, eq, getTableColumns, gte, ilike, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { RuralNews } from '../../contract/rural.ts';
import type { RuralGroup } from '../../contract/ruralRules.ts';
import { formatBeijingTime } from '../../lib/formatTime.ts';
import type { Db, Tx } from '../db/client.ts';
import { insertUnlessKeyTaken, rowByClientKey, visibleTo } from '../db/keyedRows.ts';
import { addOne, firstRow, hasRow, newestFirstPage } from '../db/rows.ts';
import { qualified } from '../db/qualified.ts';
import { appConfig, columns, news } from '../db/schema/core.ts';
import {
  ruralAnswers,
  ruralBanners as B,
  ruralCreditDeeds,
  ruralCreditLevels,
  ruralExperts,
  ruralHouseholds,
  ruralMarkets,
  ruralPostComments,
  ruralPostLikes,
  ruralPosts,
  ruralPrices,
  ruralProducts,
  ruralQuestions,
  ruralTabs,
  ruralVillages,
} from '../db/schema/rural.ts';

type Q = Db | Tx;
export type QuestionRow = typeof ruralQuestions.$inferSelect;
export type PostRow = typeof ruralPosts.$inferSelect;
export type CommentRow = typeof ruralPostComments.$inferSelect;
export type ExpertRow = typeof ruralExperts.$inferSelect;

/** The channel of 裕农朋友圈; its columns are the rural columns. */
export const RURAL_CHANNEL_ID = 10;

/** Which group a rural column belongs to, by its name (the columns table has no group field). */
const GROUP_OF_COLUMN: Readonly<Record<string, RuralGroup>> = {
  乡村振兴: 'rural',
  政策解读: 'rural',
  产业发展: 'rural',
  种植技术: 'information',
  天气预警: 'information',
  补贴申报: 'information',
  农村电商: 'information',
  乡村视频: 'video',
};

function likePattern(word: string): string {
  return `%${word.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
}

export async function ruralColumnsRepo(db: Q): Promise<{ id: number; name: string; group: RuralGroup }[]> {
  const rows = await db
    .select({ id: columns.id, name: columns.name })
    .from(columns)
    .where(eq(columns.channelId, RURAL_CHANNEL_ID))
    .orderBy(asc(columns.sort), asc(columns.id));
  return rows.map((r) => ({ ...r, group: GROUP_OF_COLUMN[r.name] ?? 'information' }));
}

function toNews(r: typeof news.$inferSelect): RuralNews {
  return {
    id: r.id,
    classId: r.classId,
    dataType: r.dataType,
    title: r.title,
    intro: r.intro,
    cover: r.imageUrls[0] ?? '',
    source: r.source,
    region: r.region,
    pv: r.pv,
    isVideo: r.isVideo,
    videoUrl: r.videoUrl,
    videoTime: r.videoTime,
    publishTime: formatBeijingTime(r.publishTime),
  };
}

/** Published rural news of some columns, newest first (ids break ties). */
export async function ruralNewsRepo(db: Q, classIds: number[], page: number, pageSize: number, videoOnly = false): Promise<RuralNews[]> {
  if (classIds.length === 0) return [];
  const conditions: SQL[] = [eq(news.channelId, RURAL_CHANNEL_ID), inArray(news.classId, classIds), lte(news.publishTime, new Date())];
  if (videoOnly) conditions.push(eq(news.isVideo, true));
  const rows = await db
    .select()
    .from(news)
    .where(and(...conditions))
    .orderBy(desc(news.publishTime), desc(news.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return rows.map(toNews);
}

export async function ruralTabsRepo(db: Q, page: 'general' | 'sub') {
  return db.select().from(ruralTabs).where(eq(ruralTabs.page, page)).orderBy(asc(ruralTabs.sort), asc(ruralTabs.id));
}

/** Experts shown on 乡村帮帮: approved ones only (an application in review or refused is not an expert). */
export async function expertsRepo(db: Q) {
  return db
    .select({
      id: ruralExperts.id,
      name: ruralExperts.name,
      title: ruralExperts.title,
      org: ruralExperts.org,
      tags: ruralExperts.tags,
      avatar: ruralExperts.avatar,
      answerCount: sql<number>`(select count(*)::int from ${ruralAnswers} where ${qualified(ruralAnswers.expertId)} = ${qualified(ruralExperts.id)} and ${qualified(ruralAnswers.reviewState)} = 'approved' and ${qualified(ruralAnswers.deletedAt)} is null)`,
    })
    .from(ruralExperts)
    .where(eq(ruralExperts.state, 'approved'))
    .orderBy(asc(ruralExperts.sort), asc(ruralExperts.id));
}

/** The account's expert row (its application, in any state), or null. */
export async function expertOfUserRepo(db: Q, userId: number): Promise<ExpertRow | null> {
  return firstRow(db, ruralExperts, eq(ruralExperts.userId, userId));
}

/** Locks the account's expert row for an application (two sends at once apply once). */
export async function lockExpertOfUserRepo(tx: Tx, userId: number): Promise<ExpertRow | null> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('rural-expert'), ${userId})`);
  return firstRow(tx, ruralExperts, eq(ruralExperts.userId, userId));
}

export interface ExpertApplication {
  name: string;
  title: string;
  org: string;
  tags: string;
  avatar: string;
}

/** A new application, or a refused one sent again: state 'pending', the reason cleared. */
export async function saveExpertApplicationRepo(tx: Tx, userId: number, existingId: number | null, v: ExpertApplication): Promise<ExpertRow> {
  const values = { ...v, state: 'pending', rejectReason: '', createdAt: new Date(), reviewedAt: null };
  const rows =
    existingId === null
      ? await tx
          .insert(ruralExperts)
          .values({ ...values, userId, sort: 1000 })
          .returning()
      : await tx.update(ruralExperts).set(values).where(eq(ruralExperts.id, existingId)).returning();
  return rows[0]!;
}

/** Live questions not answered yet: no answer other than a refused or deleted one. */
const unanswered = sql`not exists (select 1 from ${ruralAnswers} where ${qualified(ruralAnswers.questionId)} = ${qualified(ruralQuestions.id)} and ${qualified(ruralAnswers.deletedAt)} is null and ${qualified(ruralAnswers.reviewState)} <> 'rejected')`;

/**
 * The expert's list: approved questions, the unanswered ones of their fields first (oldest first: the longest
 * waiting), then every other question newest first.
 */
export async function expertQueueRepo(db: Q, tags: string[], limit: number): Promise<(QuestionRow & { waiting: boolean })[]> {
  const inField =
    tags.length === 0
      ? sql`false`
      : sql`${ruralQuestions.tag} in (${sql.join(
          tags.map((t) => sql`${t}`),
          sql`, `,
        )})`;
  const waiting = sql<boolean>`(${inField} and ${unanswered})`;
  return db
    .select({ ...getTableColumns(ruralQuestions), waiting })
    .from(ruralQuestions)
    .where(and(eq(ruralQuestions.reviewState, 'approved'), isNull(ruralQuestions.deletedAt)))
    .orderBy(sql`${waiting} desc`, sql`case when ${waiting} then ${ruralQuestions.createdAt} end asc`, desc(ruralQuestions.createdAt), desc(ruralQuestions.id))
    .limit(limit);
}

/** The questions among `questionIds` the expert answered (an answer in any state but deleted). */
export async function answeredByExpertRepo(db: Q, expertId: number, questionIds: number[]): Promise<Set<number>> {
  if (questionIds.length === 0) return new Set();
  const rows = await db
    .select({ questionId: ruralAnswers.questionId })
    .from(ruralAnswers)
    .where(and(eq(ruralAnswers.expertId, expertId), inArray(ruralAnswers.questionId, questionIds), isNull(ruralAnswers.deletedAt)));
  return new Set(rows.map((r) => r.questionId));
}

export type AnswerRow = typeof ruralAnswers.$inferSelect;

export async function answerByClientKeyRepo(db: Q, userId: number, key: string): Promise<AnswerRow | null> {
  return rowByClientKey(db, ruralAnswers, userId, key);
}

export async function recentSameAnswerRepo(db: Q, userId: number, questionId: number, content: string, since: Date): Promise<boolean> {
  const A = ruralAnswers;
  return hasRow(db, A, and(eq(A.userId, userId), eq(A.questionId, questionId), eq(A.content, content), gte(A.createdAt, since), isNull(A.deletedAt)));
}

/** Writes an answer; an approved one moves the question's answer_count in the same transaction. Null: the key was taken. */
export async function insertAnswerRepo(tx: Tx, v: typeof ruralAnswers.$inferInsert): Promise<AnswerRow | null> {
  const row = await insertUnlessKeyTaken(tx, ruralAnswers, v);
  if (row && row.reviewState === 'approved') await addOne(tx, ruralQuestions, 'answerCount', row.questionId);
  return row;
}

export async function listQuestionsRepo(
  db: Q,
  q: { viewerId: number | null; keyword?: string | undefined; tag?: string | undefined; page: number; pageSize: number },
): Promise<QuestionRow[]> {
  const conditions: SQL[] = [visibleTo(ruralQuestions, q.viewerId)];
  if (q.tag !== undefined) conditions.push(eq(ruralQuestions.tag, q.tag));
  if (q.keyword !== undefined) {
    const pattern = likePattern(q.keyword);
    conditions.push(
      or(
        ilike(ruralQuestions.content, pattern),
        ilike(ruralQuestions.tag, pattern),
        ilike(ruralQuestions.district, pattern),
        sql`exists (select 1 from ${ruralAnswers} where ${ruralAnswers.questionId} = ${ruralQuestions.id} and ${ruralAnswers.reviewState} = 'approved' and ${ruralAnswers.deletedAt} is null and ${ruralAnswers.content} ilike ${pattern})`,
      )!,
    );
  }
  return newestFirstPage(db, ruralQuestions, and(...conditions), q.page, q.pageSize);
}

export async function findVisibleQuestionRepo(db: Q, id: number, viewerId: number | null): Promise<QuestionRow | null> {
  return firstRow(db, ruralQuestions, and(eq(ruralQuestions.id, id), visibleTo(ruralQuestions, viewerId)));
}

/** The answers of some questions the viewer may see (approved, or the viewer's own), oldest first. */
export async function answersOfRepo(db: Q, questionIds: number[], viewerId: number | null) {
  if (questionIds.length === 0) return [];
  return db
    .select({
      id: ruralAnswers.id,
      questionId: ruralAnswers.questionId,
      content: ruralAnswers.content,
      likeNum: ruralAnswers.likeNum,
      createdAt: ruralAnswers.createdAt,
      reviewState: ruralAnswers.reviewState,
      rejectReason: ruralAnswers.rejectReason,
      expertId: ruralExperts.id,
      name: ruralExperts.name,
      title: ruralExperts.title,
      org: ruralExperts.org,
      avatar: ruralExperts.avatar,
    })
    .from(ruralAnswers)
    .innerJoin(ruralExperts, eq(ruralExperts.id, ruralAnswers.expertId))
    .where(and(inArray(ruralAnswers.questionId, questionIds), visibleTo(ruralAnswers, viewerId)))
    .orderBy(asc(ruralAnswers.createdAt), asc(ruralAnswers.id));
}

export async function questionByClientKeyRepo(db: Q, userId: number, key: string): Promise<QuestionRow | null> {
  return rowByClientKey(db, ruralQuestions, userId, key);
}

export async function recentSameQuestionRepo(db: Q, userId: number, content: string, since: Date): Promise<boolean> {
  return hasRow(
    db,
    ruralQuestions,
    and(eq(ruralQuestions.userId, userId), eq(ruralQuestions.content, content), gte(ruralQuestions.createdAt, since), isNull(ruralQuestions.deletedAt)),
  );
}

/** Null: the client key was already taken (a concurrent retry wrote it). */
export async function insertQuestionRepo(tx: Tx, v: typeof ruralQuestions.$inferInsert): Promise<QuestionRow | null> {
  return insertUnlessKeyTaken(tx, ruralQuestions, v);
}

export async function listPostsRepo(db: Q, viewerId: number | null, page: number, pageSize: number): Promise<PostRow[]> {
  // Pinned posts lead (the 裕农 desk pins them, latest pin first), then the newest.
  return db
    .select()
    .from(ruralPosts)
    .where(visibleTo(ruralPosts, viewerId))
    .orderBy(sql`${ruralPosts.pinnedAt} desc nulls last`, desc(ruralPosts.createdAt), desc(ruralPosts.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
}

export async function findVisiblePostRepo(db: Q, id: number, viewerId: number | null): Promise<PostRow | null> {
  return firstRow(db, ruralPosts, and(eq(ruralPosts.id, id), visibleTo(ruralPosts, viewerId)));
}

export async function postByClientKeyRepo(db: Q, userId: number, key: string): Promise<PostRow | null> {
  return rowByClientKey(db, ruralPosts, userId, key);
}

export async function recentSamePostRepo(db: Q, userId: number, content: string, since: Date): Promise<boolean> {
  return hasRow(
    db,
    ruralPosts,
    and(eq(ruralPosts.userId, userId), eq(ruralPosts.content, content), gte(ruralPosts.createdAt, since), isNull(ruralPosts.deletedAt)),
  );
}

export async function insertPostRepo(tx: Tx, v: typeof ruralPosts.$inferInsert): Promise<PostRow | null> {
  return insertUnlessKeyTaken(tx, ruralPosts, v);
}

export async function likedPostIdsRepo(db: Q, userId: number, postIds: number[]): Promise<Set<number>> {
  if (postIds.length === 0) return new Set();
  const rows = await db
    .select({ postId: ruralPostLikes.postId })
    .from(ruralPostLikes)
    .where(and(eq(ruralPostLikes.userId, userId), inArray(ruralPostLikes.postId, postIds)));
  return new Set(rows.map((r) => r.postId));
}

/** Sets the reader's like to the wanted state; the counter moves only when a row was added or removed. */
export async function setLikeRepo(tx: Tx, postId: number, userId: number, like: boolean): Promise<number> {
  const changed = like
    ? await tx.insert(ruralPostLikes).values({ postId, userId }).onConflictDoNothing().returning({ postId: ruralPostLikes.postId })
    : await tx
        .delete(ruralPostLikes)
        .where(and(eq(ruralPostLikes.postId, postId), eq(ruralPostLikes.userId, userId)))
        .returning({ postId: ruralPostLikes.postId });
  const delta = changed.length === 0 ? 0 : like ? 1 : -1;
  const [row] = await tx
    .update(ruralPosts)
    .set({ likeNum: sql`greatest(0, ${ruralPosts.likeNum} + ${delta})` })
    .where(eq(ruralPosts.id, postId))
    .returning({ likeNum: ruralPosts.likeNum });
  return row?.likeNum ?? 0;
}

/** The newest `perPost` comments of each post the viewer may see (approved, or their own). */
export async function commentsOfRepo(db: Q, postIds: number[], viewerId: number | null, perPost: number): Promise<Map<number, CommentRow[]>> {
  const out = new Map<number, CommentRow[]>();
  if (postIds.length === 0) return out;
  const rows = await db
    .select()
    .from(ruralPostComments)
    .where(and(inArray(ruralPostComments.postId, postIds), visibleTo(ruralPostComments, viewerId)))
    .orderBy(desc(ruralPostComments.createdAt), desc(ruralPostComments.id));
  for (const r of rows) {
    const list = out.get(r.postId) ?? [];
    if (list.length < perPost) list.push(r);
    out.set(r.postId, list);
  }
  return out;
}

export async function commentByClientKeyRepo(db: Q, userId: number, key: string): Promise<CommentRow | null> {
  return rowByClientKey(db, ruralPostComments, userId, key);
}

export async function recentSameCommentRepo(db: Q, userId: number, postId: number, text: string, since: Date): Promise<boolean> {
  const C = ruralPostComments;
  return hasRow(db, C, and(eq(C.userId, userId), eq(C.postId, postId), eq(C.text, text), gte(C.createdAt, since), isNull(C.deletedAt)));
}

/** Writes a comment; an approved one moves the post's counter in the same transaction. Null: the key was taken. */
export async function insertCommentRepo(tx: Tx, v: typeof ruralPostComments.$inferInsert): Promise<CommentRow | null> {
  const row = await insertUnlessKeyTaken(tx, ruralPostComments, v);
  if (row && row.reviewState === 'approved') await addOne(tx, ruralPosts, 'commentCount', row.postId);
  return row;
}

export async function marketsRepo(db: Q) {
  return db
    .select({ id: ruralMarkets.id, name: ruralMarkets.name, district: ruralMarkets.district })
    .from(ruralMarkets)
    .orderBy(asc(ruralMarkets.sort), asc(ruralMarkets.id));
}

/** Dates with prices in a market, newest first. */
export async function priceDatesRepo(db: Q, marketId: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ day: ruralPrices.day })
    .from(ruralPrices)
    .where(eq(ruralPrices.marketId, marketId))
    .orderBy(desc(ruralPrices.day))
    .limit(90);
  return rows.map((r) => r.day);
}

/** Prices of a market from `from` to `to` (inclusive) with their products. */
export async function pricesRepo(db: Q, marketId: number, from: string, to: string) {
  return db
    .select({
      productId: ruralProducts.id,
      name: ruralProducts.name,
      category: ruralProducts.category,
      unit: ruralProducts.unit,
      sort: ruralProducts.sort,
      day: ruralPrices.day,
      priceFen: ruralPrices.priceFen,
    })
    .from(ruralPrices)
    .innerJoin(ruralProducts, eq(ruralProducts.id, ruralPrices.productId))
    .where(and(eq(ruralPrices.marketId, marketId), gte(ruralPrices.day, from), lte(ruralPrices.day, to)))
    .orderBy(asc(ruralProducts.sort), asc(ruralProducts.id), asc(ruralPrices.day));
}

export async function creditLevelsRepo(db: Q) {
  return db.select().from(ruralCreditLevels).orderBy(desc(ruralCreditLevels.minPoints));
}

export async function villagesRepo(db: Q) {
  return db
    .select({
      id: ruralVillages.id,
      name: ruralVillages.name,
      district: ruralVillages.district,
      town: ruralVillages.town,
      households: ruralVillages.households,
      intro: ruralVillages.intro,
      sort: ruralVillages.sort,
      avgPoints: sql<number>`coalesce((select round(avg(${qualified(ruralHouseholds.points)}))::int from ${ruralHouseholds} where ${qualified(ruralHouseholds.villageId)} = ${qualified(ruralVillages.id)}), 0)`,
      rated: sql<number>`(select count(*)::int from ${ruralHouseholds} where ${qualified(ruralHouseholds.villageId)} = ${qualified(ruralVillages.id)} and ${qualified(ruralHouseholds.points)} >= 70)`,
      recorded: sql<number>`(select count(*)::int from ${ruralHouseholds} where ${qualified(ruralHouseholds.villageId)} = ${qualified(ruralVillages.id)})`,
    })
    .from(ruralVillages)
    .orderBy(asc(ruralVillages.sort), asc(ruralVillages.id));
}

export async function householdsRepo(db: Q, villageId: number) {
  return db
    .select({ id: ruralHouseholds.id, maskedName: ruralHouseholds.maskedName, points: ruralHouseholds.points })
    .from(ruralHouseholds)
    .where(eq(ruralHouseholds.villageId, villageId))
    .orderBy(desc(ruralHouseholds.points), asc(ruralHouseholds.id));
}

export async function deedsRepo(db: Q, q: { villageId?: number | undefined; page: number; pageSize: number }) {
  return db
    .select({
      id: ruralCreditDeeds.id,
      villageName: ruralVillages.name,
      maskedName: ruralHouseholds.maskedName,
      kind: ruralCreditDeeds.kind,
      description: ruralCreditDeeds.description,
      points: ruralCreditDeeds.points,
      day: ruralCreditDeeds.day,
    })
    .from(ruralCreditDeeds)
    .innerJoin(ruralHouseholds, eq(ruralHouseholds.id, ruralCreditDeeds.householdId))
    .innerJoin(ruralVillages, eq(ruralVillages.id, ruralCreditDeeds.villageId))
    .where(q.villageId === undefined ? undefined : eq(ruralCreditDeeds.villageId, q.villageId))
    .orderBy(desc(ruralCreditDeeds.day), desc(ruralCreditDeeds.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
}

export async function configValueRepo(db: Q, key: string): Promise<unknown> {
  const rows = await db.select({ value: appConfig.value }).from(appConfig).where(eq(appConfig.key, key)).limit(1);
  return rows[0]?.value ?? null;
}

/** An answer with its expert's byline, as answersOfRepo reads it. */
export type AnswerView = Awaited<ReturnType<typeof answersOfRepo>>[number];

/**
 * The banners readers see on `day` (Beijing `YYYY-MM-DD`): on, not removed, within their window, in order; a
 * banner opening a story only while that story is a published story of the channel.
 */
export async function liveBannersRepo(db: Q, day: string) {
  const rows = await db
    .select({
      id: B.id,
      title: B.title,
      picture: B.picture,
      newsId: B.newsId,
      link: B.link,
      classId: news.classId,
      dataType: news.dataType,
      channelId: news.channelId,
      publishTime: news.publishTime,
    })
    .from(B)
    .leftJoin(news, eq(news.id, B.newsId))
    .where(and(isNull(B.deletedAt), eq(B.enabled, true), or(eq(B.startDay, ''), lte(B.startDay, day)), or(eq(B.endDay, ''), sql`${B.endDay} >= ${day}`)))
    .orderBy(asc(B.sort), asc(B.id));
  const now = Date.now();
  return rows.filter((r) => r.newsId === 0 || (r.channelId === RURAL_CHANNEL_ID && r.publishTime !== null && r.publishTime.getTime() <= now));
}
