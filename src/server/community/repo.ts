/** Database access of the 互动 area: reader photos, complaints with their timeline, cooperation messages, the reader's own lists. */
import { and, desc, eq, gt, ilike, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { newestFirstPage } from '../db/rows.ts';
import { insertUnlessKeyTaken, rowByClientKey, visibleTo } from '../db/keyedRows.ts';
import { bangPolitics, bangQuestions, bangTips } from '../db/schema/bangbang.ts';
import { appConfig, news } from '../db/schema/core.ts';
import { complaintEvents, complaints, cooperationRequests, readerPhotos } from '../db/schema/community.ts';
import { comments } from '../db/schema/interaction.ts';

type Q = Db | Tx;

export type PhotoRow = typeof readerPhotos.$inferSelect;
export type ComplaintRow = typeof complaints.$inferSelect;
export type ComplaintEventRow = typeof complaintEvents.$inferSelect;

export async function configFlagRepo(db: Q, key: string): Promise<boolean> {
  const rows = await db.select({ value: appConfig.value }).from(appConfig).where(eq(appConfig.key, key)).limit(1);
  return rows[0]?.value === true;
}

/** Approved photos, plus the viewer's own pending or rejected ones; newest first. */
export function listPhotosRepo(db: Q, viewerId: number | null, page: number, pageSize: number): Promise<PhotoRow[]> {
  return newestFirstPage(db, readerPhotos, visibleTo(readerPhotos, viewerId), page, pageSize);
}

export async function findPhotoByKeyRepo(db: Q, userId: number, key: string): Promise<PhotoRow | null> {
  return rowByClientKey(db, readerPhotos, userId, key);
}

export async function recentPhotoSameUrlRepo(db: Q, userId: number, url: string): Promise<PhotoRow | null> {
  const rows = await db
    .select()
    .from(readerPhotos)
    .where(and(eq(readerPhotos.userId, userId), eq(readerPhotos.url, url), isNull(readerPhotos.deletedAt)))
    .limit(1);
  return rows[0] ?? null;
}

/** Inserts a photo; null when the same Idempotency-Key already wrote one (a concurrent retry). */
export async function insertPhotoRepo(tx: Tx, row: typeof readerPhotos.$inferInsert): Promise<PhotoRow | null> {
  return insertUnlessKeyTaken(tx, readerPhotos, row);
}

export interface ComplaintQuery {
  keyword?: string | undefined;
  platform?: string | undefined;
  status?: string | undefined;
  page: number;
  pageSize: number;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/** The public list: approved complaints only, newest first, with search and filters. */
export function listComplaintsRepo(db: Q, q: ComplaintQuery): Promise<ComplaintRow[]> {
  const where: SQL[] = [eq(complaints.reviewState, 'approved')];
  if (q.platform) where.push(eq(complaints.platform, q.platform));
  if (q.status) where.push(eq(complaints.status, q.status));
  if (q.keyword) {
    const like = `%${escapeLike(q.keyword)}%`;
    where.push(or(ilike(complaints.shopName, like), ilike(complaints.content, like), ilike(complaints.problemType, like))!);
  }
  return newestFirstPage(db, complaints, and(...where), q.page, q.pageSize);
}

export async function findComplaintRepo(db: Q, id: number): Promise<ComplaintRow | null> {
  const rows = await db.select().from(complaints).where(eq(complaints.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function findComplaintByKeyRepo(db: Q, userId: number, key: string): Promise<ComplaintRow | null> {
  return rowByClientKey(db, complaints, userId, key);
}

/** The same reader filing the same text against the same shop since `since` (a double tap without a key). */
export async function recentSameComplaintRepo(db: Q, userId: number, shopName: string, content: string, since: Date): Promise<ComplaintRow | null> {
  const rows = await db
    .select()
    .from(complaints)
    .where(and(eq(complaints.userId, userId), eq(complaints.shopName, shopName), eq(complaints.content, content), gt(complaints.createdAt, since)))
    .limit(1);
  return rows[0] ?? null;
}

export function eventsOfComplaintRepo(db: Q, id: number): Promise<ComplaintEventRow[]> {
  return db.select().from(complaintEvents).where(eq(complaintEvents.complaintId, id)).orderBy(complaintEvents.createdAt, complaintEvents.id);
}

/** The complaint and its first timeline step in one transaction; null when the key already wrote one. */
export async function insertComplaintRepo(tx: Tx, row: typeof complaints.$inferInsert): Promise<ComplaintRow | null> {
  const inserted = await insertUnlessKeyTaken(tx, complaints, row);
  if (!inserted) return null;
  await tx
    .insert(complaintEvents)
    .values({ complaintId: inserted.id, status: 'submitted', note: '投诉已提交，平台将在 3 个工作日内审核受理', createdAt: inserted.createdAt });
  return inserted;
}

export function myComplaintsRepo(db: Q, userId: number, page: number, pageSize: number): Promise<ComplaintRow[]> {
  return newestFirstPage(db, complaints, eq(complaints.userId, userId), page, pageSize);
}

/**
 * 我的爆料: the reader's photo contributions and their tips to the newsroom (the 爆料 board), newest first,
 * enough of both for `page` (the service merges and slices).
 */
export async function myTipsRepo(db: Q, userId: number, page: number, pageSize: number) {
  const take = page * pageSize;
  const [photos, tips] = await Promise.all([
    db
      .select()
      .from(readerPhotos)
      .where(and(eq(readerPhotos.userId, userId), isNull(readerPhotos.deletedAt)))
      .orderBy(desc(readerPhotos.createdAt), desc(readerPhotos.id))
      .limit(take),
    db
      .select({
        id: bangTips.id,
        content: bangTips.content,
        pictures: bangTips.pictures,
        place: bangTips.place,
        handling: bangTips.handling,
        reviewState: bangTips.reviewState,
        reviewReason: bangTips.reviewReason,
        createdAt: bangTips.createdAt,
      })
      .from(bangTips)
      .where(eq(bangTips.userId, userId))
      .orderBy(desc(bangTips.createdAt), desc(bangTips.id))
      .limit(take),
  ]);
  return { photos, tips };
}

/** The reader's live comments, newest first, with the title of what they commented on (news items only). */
export async function myCommentsRepo(db: Q, userId: number, page: number, pageSize: number) {
  const rows = await db
    .select({
      id: comments.id,
      scope: comments.scope,
      classId: comments.classId,
      newsId: comments.newsId,
      text: comments.text,
      pictures: comments.pictures,
      reviewState: comments.reviewState,
      reviewReason: comments.reviewReason,
      createdAt: comments.createdAt,
    })
    .from(comments)
    .where(and(eq(comments.userId, userId), isNull(comments.deletedAt)))
    .orderBy(desc(comments.createdAt), desc(comments.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const newsIds = [...new Set(rows.filter((r) => r.scope === 'news').map((r) => r.newsId))];
  const titles = newsIds.length === 0 ? [] : await db.select({ id: news.id, title: news.title }).from(news).where(inArray(news.id, newsIds));
  return { rows, titles: new Map(titles.map((t) => [t.id, t.title])) };
}

/** The reader's Q&A questions and politics questions, merged newest first. */
export async function myQuestionsRepo(db: Q, userId: number, page: number, pageSize: number) {
  const take = page * pageSize;
  const [qa, politics] = await Promise.all([
    db
      .select({
        id: bangQuestions.id,
        title: bangQuestions.title,
        content: bangQuestions.content,
        reviewState: bangQuestions.reviewState,
        reviewReason: bangQuestions.reviewReason,
        answerCount: bangQuestions.answerCount,
        createdAt: bangQuestions.createdAt,
      })
      .from(bangQuestions)
      .where(and(eq(bangQuestions.userId, userId), isNull(bangQuestions.deletedAt)))
      .orderBy(desc(bangQuestions.createdAt))
      .limit(take),
    db
      .select({
        id: bangPolitics.id,
        title: bangPolitics.title,
        content: bangPolitics.content,
        department: bangPolitics.department,
        status: bangPolitics.status,
        reviewState: bangPolitics.reviewState,
        reviewReason: bangPolitics.reviewReason,
        createdAt: bangPolitics.createdAt,
      })
      .from(bangPolitics)
      .where(and(eq(bangPolitics.userId, userId), isNull(bangPolitics.deletedAt)))
      .orderBy(desc(bangPolitics.createdAt))
      .limit(take),
  ]);
  return { qa, politics };
}

export async function findCooperationByKeyRepo(db: Q, key: string): Promise<typeof cooperationRequests.$inferSelect | null> {
  const rows = await db.select().from(cooperationRequests).where(eq(cooperationRequests.clientKey, key)).limit(1);
  return rows[0] ?? null;
}

export async function insertCooperationRepo(tx: Tx, row: typeof cooperationRequests.$inferInsert): Promise<{ id: number } | null> {
  const rows = await tx.insert(cooperationRequests).values(row).onConflictDoNothing().returning({ id: cooperationRequests.id });
  return rows[0] ?? null;
}

/** The same phone sending the same need since `since` (a double tap without a key). */
export async function recentSameCooperationRepo(db: Q, phone: string, need: string, since: Date): Promise<{ id: number } | null> {
  const rows = await db
    .select({ id: cooperationRequests.id })
    .from(cooperationRequests)
    .where(and(eq(cooperationRequests.phone, phone), eq(cooperationRequests.need, need), gt(cooperationRequests.createdAt, since)))
    .limit(1);
  return rows[0] ?? null;
}
