/**
 * Data access of the board's writes (ADR 010): rows by an author's Idempotency-Key, the inserts (each
 * `on conflict do nothing` on the key, so a lost race reads the winner), the official reply's
 * conditional update and the application's upsert.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { insertUnlessKeyTaken, rowByClientKey } from '../../db/keyedRows.ts';
import { addOne, hasRow } from '../../db/rows.ts';
import { users } from '../../db/schema/accounts.ts';
import { politicsCases } from '../../db/schema/answer.ts';
import { bangAnswers, bangGroupPosts, bangGroups, bangMembers, bangPolitics, bangQuestions, bangTips } from '../../db/schema/bangbang.ts';

type Q = Db | Tx;
export type NewQuestion = typeof bangQuestions.$inferInsert;
export type NewAnswer = typeof bangAnswers.$inferInsert;
export type NewPolitics = typeof bangPolitics.$inferInsert;
export type NewTip = typeof bangTips.$inferInsert;
export type NewGroupPost = typeof bangGroupPosts.$inferInsert;

export async function accountCreatedAtRepo(db: Q, userId: number): Promise<Date | null> {
  const rows = await db.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, userId)).limit(1);
  return rows[0]?.createdAt ?? null;
}

export async function questionByKeyRepo(db: Q, userId: number, key: string) {
  return rowByClientKey(db, bangQuestions, userId, key);
}

/** True when the user asked a question with this title in the last 5 minutes. */
export async function recentSameTitleRepo(db: Q, userId: number, title: string): Promise<boolean> {
  const rows = await db
    .select({ id: bangQuestions.id })
    .from(bangQuestions)
    .where(and(eq(bangQuestions.userId, userId), eq(bangQuestions.title, title), sql`${bangQuestions.createdAt} > now() - interval '5 minutes'`))
    .limit(1);
  return rows.length > 0;
}

export async function insertQuestionRepo(tx: Tx, values: NewQuestion) {
  return insertUnlessKeyTaken(tx, bangQuestions, values);
}

export async function answerByKeyRepo(db: Q, userId: number, key: string) {
  return rowByClientKey(db, bangAnswers, userId, key);
}

/** True when the user already gave this answer to this question. */
export async function sameAnswerRepo(db: Q, userId: number, questionId: number, content: string): Promise<boolean> {
  return hasRow(db, bangAnswers, and(eq(bangAnswers.userId, userId), eq(bangAnswers.questionId, questionId), eq(bangAnswers.content, content)));
}

/** Inserts an answer; a published one counts on its question (the question becomes 答) in the same transaction. */
export async function insertAnswerRepo(tx: Tx, values: NewAnswer) {
  const answer = await insertUnlessKeyTaken(tx, bangAnswers, values);
  if (answer && answer.reviewState === 'approved') await addOne(tx, bangQuestions, 'answerCount', answer.questionId);
  return answer;
}

export async function politicsByKeyRepo(db: Q, userId: number, key: string) {
  return rowByClientKey(db, bangPolitics, userId, key);
}

export async function insertPoliticsRepo(tx: Tx, values: NewPolitics) {
  return insertUnlessKeyTaken(tx, bangPolitics, values);
}

/** The official reply: only while status is 0 (of two racing replies one lands); null when already replied. */
/** Whether the console's 问政 desk handles the question (a case other than a hand-back): its reply is then written there. */
export async function politicsHandledByDeskRepo(db: Q, id: number): Promise<boolean> {
  const rows = await db.select({ state: politicsCases.state }).from(politicsCases).where(eq(politicsCases.politicsId, id)).limit(1);
  return rows.length > 0 && rows[0]!.state !== 'returned';
}

export async function replyPoliticsRepo(tx: Tx, id: number, html: string, replyUserId: number) {
  const rows = await tx
    .update(bangPolitics)
    .set({ status: 1, replyHtml: html, repliedAt: new Date(), replyUserId, acceptedAt: sql`coalesce(${bangPolitics.acceptedAt}, now())` })
    .where(and(eq(bangPolitics.id, id), eq(bangPolitics.status, 0)))
    .returning();
  return rows[0] ?? null;
}

export async function tipByKeyRepo(db: Q, userId: number, key: string) {
  return rowByClientKey(db, bangTips, userId, key);
}

export async function insertTipRepo(tx: Tx, values: NewTip) {
  return insertUnlessKeyTaken(tx, bangTips, values);
}

export interface ApplicationValues {
  userType: number;
  typeName: string;
  realName: string;
  job: string;
  introduction: string;
  proofPicture: string;
}

/** One member row per user: a new application, or a pending / refused one changed (pending again); never over an approved row. */
export async function upsertApplicationRepo(tx: Tx, userId: number, values: ApplicationValues): Promise<void> {
  const set = { ...values, reviewState: 'pending', reviewReason: '' };
  await tx
    .insert(bangMembers)
    .values({ userId, ...set, isJump: true })
    .onConflictDoUpdate({ target: bangMembers.userId, set, where: sql`${bangMembers.reviewState} <> 'approved'` });
}

// ── group posts ──────────────────────────────────────────────────────────────────────────────────

export async function groupPostByKeyRepo(db: Q, userId: number, key: string) {
  return rowByClientKey(db, bangGroupPosts, userId, key);
}

/** True when the user posted this text in this group in the last 5 minutes. */
export async function recentSamePostRepo(db: Q, userId: number, groupId: number, content: string): Promise<boolean> {
  const rows = await db
    .select({ id: bangGroupPosts.id })
    .from(bangGroupPosts)
    .where(
      and(
        eq(bangGroupPosts.userId, userId),
        eq(bangGroupPosts.groupId, groupId),
        eq(bangGroupPosts.content, content),
        sql`${bangGroupPosts.createdAt} > now() - interval '5 minutes'`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Inserts a post (nothing on a key conflict); a published one counts on its group in the same transaction. */
export async function insertGroupPostRepo(tx: Tx, values: NewGroupPost) {
  const row = await insertUnlessKeyTaken(tx, bangGroupPosts, values);
  if (row && row.reviewState === 'approved') await addOne(tx, bangGroups, 'postCount', row.groupId);
  return row;
}
