/** Bangbang data access: Q&A questions, answers, politics questions and their counters; maps rows once. */
import { and, asc, desc, eq, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { POLITICS_STEPS, type Answer, type PoliticsDetail, type PoliticsListItem, type PoliticsStepKey, type QuestionDetail } from '../../contract/bangbang.ts';
import { formatBeijingTime } from '../../lib/formatTime.ts';
import type { Db, Tx } from '../db/client.ts';
import { visibleTo } from '../db/keyedRows.ts';
import { addOne, addOneReturningCounts } from '../db/rows.ts';
import { bangAnswers, bangPolitics, bangQuestions, bangTips } from '../db/schema/bangbang.ts';
import type { Profile } from '../profiles/repo.ts';

type Q = Db | Tx;
export type QuestionRow = typeof bangQuestions.$inferSelect;
export type AnswerRow = typeof bangAnswers.$inferSelect;
export type PoliticsRow = typeof bangPolitics.$inferSelect;

/** The comment scopes of bangbang items (comments.scope): 'bang1' politics, 'bang2' Q&A, 'bang4' a tip (爆料). */
export type BangScope = 'bang1' | 'bang2' | 'bang4';

/** The comment classid of spec 7.4 (1 politics, 2 Q&A; 4 a tip, after its report platform id of spec 9) → the scope. */
export function bangScopeOf(classid: number): BangScope {
  return classid === 2 ? 'bang2' : classid === 4 ? 'bang4' : 'bang1';
}

/** Approved tips, and the viewer's own in any state (tips are never soft-deleted). */
export function visibleTip(viewerId: number | null): SQL {
  return viewerId === null ? eq(bangTips.reviewState, 'approved') : or(eq(bangTips.reviewState, 'approved'), eq(bangTips.userId, viewerId))!;
}

type LiveTable = typeof bangQuestions | typeof bangPolitics | typeof bangAnswers;

/** A row that is not deleted, by id. */
async function findLiveRepo<T extends LiveTable>(db: Q, table: T, id: number): Promise<T['$inferSelect'] | null> {
  const live = table as LiveTable;
  const rows = await db
    .select()
    .from(live)
    .where(and(eq(live.id, id), isNull(live.deletedAt)))
    .limit(1);
  return (rows[0] as T['$inferSelect'] | undefined) ?? null;
}

export const findQuestionRepo = (db: Q, id: number): Promise<QuestionRow | null> => findLiveRepo(db, bangQuestions, id);
export const findPoliticsRepo = (db: Q, id: number): Promise<PoliticsRow | null> => findLiveRepo(db, bangPolitics, id);

/**
 * A live row `viewerId` may see (keyedRows.visibleTo, as discover, essays and 农友说 read theirs): approved,
 * or the viewer's own in any review state. Everyone else gets null, exactly as for an id that never
 * existed, so no answer tells which ids are in review.
 */
async function findVisibleRepo<T extends LiveTable>(db: Q, table: T, id: number, viewerId: number | null): Promise<T['$inferSelect'] | null> {
  const live = table as LiveTable;
  const rows = await db
    .select()
    .from(live)
    .where(and(eq(live.id, id), visibleTo(live, viewerId)))
    .limit(1);
  return (rows[0] as T['$inferSelect'] | undefined) ?? null;
}

export const findVisibleQuestionRepo = (db: Q, id: number, viewerId: number | null): Promise<QuestionRow | null> =>
  findVisibleRepo(db, bangQuestions, id, viewerId);
export const findVisiblePoliticsRepo = (db: Q, id: number, viewerId: number | null): Promise<PoliticsRow | null> =>
  findVisibleRepo(db, bangPolitics, id, viewerId);

/** An answer the viewer may see, on a question the viewer may see (findVisibleRepo for both). */
export async function findVisibleAnswerRepo(db: Q, id: number, viewerId: number | null): Promise<AnswerRow | null> {
  const answer = await findVisibleRepo(db, bangAnswers, id, viewerId);
  if (!answer) return null;
  return (await findVisibleQuestionRepo(db, answer.questionId, viewerId)) ? answer : null;
}
export const findAnswerRepo = (db: Q, id: number): Promise<AnswerRow | null> => findLiveRepo(db, bangAnswers, id);

/** Live answers of a question the viewer may see (approved, and the viewer's own in review), oldest first. */
export async function listAnswersRepo(db: Q, questionId: number, page: number, pageSize: number, viewerId: number | null = null): Promise<AnswerRow[]> {
  return db
    .select()
    .from(bangAnswers)
    .where(and(eq(bangAnswers.questionId, questionId), visibleTo(bangAnswers, viewerId)))
    .orderBy(asc(bangAnswers.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
}

/** The columns a politics list shows: never the official reply's HTML. */
export const politicsListColumns = {
  id: bangPolitics.id,
  userId: bangPolitics.userId,
  title: bangPolitics.title,
  content: bangPolitics.content,
  department: bangPolitics.department,
  status: bangPolitics.status,
  acceptedAt: bangPolitics.acceptedAt,
  createdAt: bangPolitics.createdAt,
  pv: bangPolitics.pv,
  likeNum: bangPolitics.likeNum,
  commentCount: bangPolitics.commentCount,
};
export type PoliticsListRow = { [K in keyof typeof politicsListColumns]: PoliticsRow[K] };

/** Orders of the politics lists: 'new' newest first (createdAt, id), 'hot' most viewed first (pv, id). */
export type PoliticsOrder = 'new' | 'hot';

/** The rows at one step of the timeline (the same rule as `politicsStepOf`). */
function stepCondition(step: PoliticsStepKey | undefined): SQL | undefined {
  if (step === 'replied') return eq(bangPolitics.status, 1);
  if (step === 'accepted') return and(eq(bangPolitics.status, 0), isNotNull(bangPolitics.acceptedAt));
  if (step === 'submitted') return and(eq(bangPolitics.status, 0), isNull(bangPolitics.acceptedAt));
  return undefined;
}

/** A page of live politics questions in the given order (ids break ties, so pages never overlap), optionally at one step. */
export async function listPoliticsRepo(db: Q, order: PoliticsOrder, page: number, pageSize: number, step?: PoliticsStepKey): Promise<PoliticsListRow[]> {
  return db
    .select(politicsListColumns)
    .from(bangPolitics)
    .where(and(isNull(bangPolitics.deletedAt), eq(bangPolitics.reviewState, 'approved'), stepCondition(step)))
    .orderBy(...(order === 'hot' ? [desc(bangPolitics.pv), desc(bangPolitics.id)] : [desc(bangPolitics.createdAt), desc(bangPolitics.id)]))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
}

/** A commentable, likable bangbang item by its comment scope: its counters (null: no such live item). */
export interface BangItem {
  scope: BangScope;
  id: number;
  /** Its author. */
  userId: number;
  /** Its title (a tip, which has none: the start of its text). */
  title: string;
  likeNum: number;
  commentCount: number;
}

/** The item as `viewerId` may see it (findVisibleRepo): a pending or refused item is missing for all but its author. */
export async function findBangItemRepo(db: Q, scope: BangScope, id: number, viewerId: number | null): Promise<BangItem | null> {
  const row =
    scope === 'bang2'
      ? await findVisibleQuestionRepo(db, id, viewerId)
      : scope === 'bang4'
        ? ((
            await db
              .select()
              .from(bangTips)
              .where(and(eq(bangTips.id, id), visibleTip(viewerId)))
              .limit(1)
          )[0] ?? null)
        : await findVisiblePoliticsRepo(db, id, viewerId);
  if (!row) return null;
  const title = 'title' in row ? row.title : row.content.slice(0, 40);
  return { scope, id: row.id, userId: row.userId, title, likeNum: row.likeNum, commentCount: row.commentCount };
}

/** +1 on an item's like count; returns the new like count and the comment count beside it (what a room push carries). */
export async function incrementBangItemLikeRepo(tx: Tx, scope: BangScope, id: number): Promise<{ likeNum: number; commentCount: number }> {
  if (scope === 'bang4') return addOneReturningCounts(tx, bangTips, 'likeNum', id);
  return scope === 'bang2' ? addOneReturningCounts(tx, bangQuestions, 'likeNum', id) : addOneReturningCounts(tx, bangPolitics, 'likeNum', id);
}

export async function incrementAnswerLikeRepo(tx: Tx, id: number): Promise<number> {
  return addOne(tx, bangAnswers, 'likeNum', id);
}

/** Adds `delta` to an item's comment count (never below 0); returns the new count. */
export async function bumpBangCommentCountRepo(tx: Tx, scope: BangScope, id: number, delta: number): Promise<number> {
  // The three tables share the counter columns; one statement shape for all (cast as findLiveRepo does).
  const table = (scope === 'bang4' ? bangTips : scope === 'bang2' ? bangQuestions : bangPolitics) as typeof bangQuestions;
  const rows = await tx
    .update(table)
    .set({ commentCount: sql`greatest(${table.commentCount} + ${delta}, 0)` })
    .where(eq(table.id, id))
    .returning({ commentCount: table.commentCount });
  return rows[0]?.commentCount ?? 0;
}

// ── mapping ────────────────────────────────────────────────────────────────────────────────────

/** The author of an item whose account is gone. */
export const ANONYMOUS: Profile = { nickname: '网友', userPic: '' };

/** The author fields of an item as the contract spells them. */
export function authorFields(userId: number, author: Profile | undefined): { userId: number; nickname: string; userPic: string } {
  const who = author ?? ANONYMOUS;
  return { userId, nickname: who.nickname, userPic: who.userPic };
}

/** Spec 4: a question is 答 (1) once it has an answer; before that it waits (0, 待回答). isShowReply: answering is open. */
export function questionState(row: Pick<QuestionRow, 'answerCount' | 'replyClosed' | 'region'>) {
  const status = row.answerCount > 0 ? 1 : 0;
  return { status, statusText: status === 1 ? '答' : '待回答', isShowReply: row.replyClosed ? 0 : 1, region: row.region };
}

/** The answerer fields of spec 3 (a reader without an approved member row: type 0, no tag, no home). */
export interface AnswererFields {
  userType: number;
  typeName: string;
  job: string;
  introduction: string;
  isJump: number;
}

export const READER_ANSWERER: AnswererFields = { userType: 0, typeName: '', job: '', introduction: '', isJump: 0 };

/** The review state as the contract spells it (an unknown value reads as approved, the column's default). */
function reviewOf(row: { reviewState: string; reviewReason: string }): { reviewState: 'pending' | 'approved' | 'rejected'; reviewReason: string } {
  const reviewState = row.reviewState === 'pending' || row.reviewState === 'rejected' ? row.reviewState : 'approved';
  return { reviewState, reviewReason: reviewState === 'rejected' ? row.reviewReason : '' };
}

export function toQuestionDetail(row: QuestionRow, author: Profile | undefined, liked: boolean): QuestionDetail {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    pictures: row.pictures,
    ...authorFields(row.userId, author),
    ...questionState(row),
    ...reviewOf(row),
    createTime: formatBeijingTime(row.createdAt),
    likeNum: row.likeNum,
    commentCount: row.commentCount,
    answerCount: row.answerCount,
    pv: row.pv,
    isDoLike: liked ? 1 : 0,
  };
}

export function toAnswer(row: AnswerRow, author: Profile | undefined, liked: boolean, answerer: AnswererFields = READER_ANSWERER): Answer {
  return {
    id: row.id,
    bangId: row.id,
    questionId: row.questionId,
    ...authorFields(row.userId, author),
    // The member's tag wins over the tag stored with an old answer.
    label: answerer.typeName || row.label,
    ...answerer,
    content: row.content,
    pictures: row.pictures,
    region: row.region,
    createTime: formatBeijingTime(row.createdAt),
    likeNum: row.likeNum,
    isDoLike: liked ? 1 : 0,
    reviewState: reviewOf(row).reviewState,
  };
}

/** Politics status texts. */
const STATUS_TEXT: Readonly<Record<number, string>> = { 0: '待回复', 1: '已回复' };

/** Code points of a question shown in a list item. */
export const POLITICS_EXCERPT_LENGTH = 80;

/** The first `max` code points of plain text, whitespace runs folded, with … when cut. */
export function excerptOf(text: string, max: number): string {
  const folded = text.replace(/\s+/g, ' ').trim();
  const chars = Array.from(folded);
  return chars.length <= max ? folded : `${chars.slice(0, max).join('').trimEnd()}…`;
}

/** Spec 2.7 timeline step of a 问政: 3 已回复 once replied, 2 已受理 once taken on, else 1 已提交. */
export function politicsStepOf(row: Pick<PoliticsRow, 'status' | 'acceptedAt'>): { step: number; stepText: string } {
  const step = row.status === 1 ? 3 : row.acceptedAt !== null ? 2 : 1;
  return { step, stepText: POLITICS_STEPS[step - 1]!.name };
}

export function toPoliticsListItem(row: PoliticsListRow, author: Profile | undefined): PoliticsListItem {
  return {
    id: row.id,
    title: row.title,
    content: excerptOf(row.content, POLITICS_EXCERPT_LENGTH),
    ...authorFields(row.userId, author),
    department: row.department,
    status: row.status,
    statusText: STATUS_TEXT[row.status] ?? '待回复',
    ...politicsStepOf(row),
    createTime: formatBeijingTime(row.createdAt),
    pv: row.pv,
    likeNum: row.likeNum,
    commentCount: row.commentCount,
  };
}

/** `replyContent` is the stored, sanitised HTML; the page sanitises it again when rendering (RichText). */
export function toPoliticsDetail(row: PoliticsRow, author: Profile | undefined, liked: boolean): PoliticsDetail {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    pictures: row.pictures,
    ...authorFields(row.userId, author),
    createTime: formatBeijingTime(row.createdAt),
    department: row.department,
    ...reviewOf(row),
    status: row.status,
    statusText: STATUS_TEXT[row.status] ?? '待回复',
    replyContent: row.replyHtml,
    replyTime: row.repliedAt ? formatBeijingTime(row.repliedAt) : '',
    likeNum: row.likeNum,
    commentCount: row.commentCount,
    pv: row.pv,
    isDoLike: liked ? 1 : 0,
  };
}
