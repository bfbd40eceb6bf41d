/**
 * Data access of the board's home, search, services and members (spec 2.7, 7.6). Public lists show
 * approved items only (reader-written content carries a review state; pending and rejected items are
 * the author's alone). Maps rows to contract shapes once.
 */
import { and, asc, desc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import type { BoardItem, MemberItem, QuestionListItem, ServiceItem } from '../../../contract/bangbang.ts';
import { formatBeijingTime } from '../../../lib/formatTime.ts';
import type { Db, Tx } from '../../db/client.ts';
import { newestFirstPage } from '../../db/rows.ts';
import { qualified } from '../../db/qualified.ts';
import { bangAnswers, bangHotSearches, bangMembers, bangPolitics, bangQuestions, bangServices } from '../../db/schema/bangbang.ts';
import { users } from '../../db/schema/accounts.ts';
import type { Profile } from '../../profiles/repo.ts';
import {
  ANONYMOUS,
  authorFields,
  excerptOf,
  POLITICS_EXCERPT_LENGTH,
  politicsListColumns,
  questionState,
  READER_ANSWERER,
  type AnswererFields,
  type PoliticsListRow,
  type QuestionRow,
} from '../repo.ts';

type Q = Db | Tx;
export type MemberRow = typeof bangMembers.$inferSelect;

/** Escapes LIKE wildcards so a search for "100%" means the text, not a pattern (security.md). */
export function likePattern(word: string): string {
  return `%${word.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
}

export const PUBLIC_QUESTION = and(isNull(bangQuestions.deletedAt), eq(bangQuestions.reviewState, 'approved'));

/** Orders of the Q&A lists: newest first, or most viewed first; ids break ties so pages never overlap. */
export type QuestionOrder = 'new' | 'hot';

export async function listQuestionsRepo(db: Q, order: QuestionOrder, page: number, pageSize: number): Promise<QuestionRow[]> {
  return db
    .select()
    .from(bangQuestions)
    .where(PUBLIC_QUESTION)
    .orderBy(...(order === 'hot' ? [desc(bangQuestions.pv), desc(bangQuestions.id)] : [desc(bangQuestions.createdAt), desc(bangQuestions.id)]))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
}

export async function searchQuestionsRepo(db: Q, keyword: string, page: number, pageSize: number): Promise<QuestionRow[]> {
  const pattern = likePattern(keyword);
  return newestFirstPage(
    db,
    bangQuestions,
    and(PUBLIC_QUESTION, or(ilike(bangQuestions.title, pattern), ilike(bangQuestions.content, pattern))),
    page,
    pageSize,
  );
}

export async function searchPoliticsRepo(db: Q, keyword: string, page: number, pageSize: number): Promise<PoliticsListRow[]> {
  const pattern = likePattern(keyword);
  return db
    .select(politicsListColumns)
    .from(bangPolitics)
    .where(
      and(
        isNull(bangPolitics.deletedAt),
        eq(bangPolitics.reviewState, 'approved'),
        or(ilike(bangPolitics.title, pattern), ilike(bangPolitics.content, pattern), ilike(bangPolitics.department, pattern)),
      ),
    )
    .orderBy(desc(bangPolitics.createdAt), desc(bangPolitics.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
}

/** Newest or most viewed politics items with their pictures (the board home shows both kinds together). */
export async function boardPoliticsRepo(db: Q, order: QuestionOrder, limit: number) {
  return db
    .select({ ...politicsListColumns, pictures: bangPolitics.pictures })
    .from(bangPolitics)
    .where(and(isNull(bangPolitics.deletedAt), eq(bangPolitics.reviewState, 'approved')))
    .orderBy(...(order === 'hot' ? [desc(bangPolitics.pv), desc(bangPolitics.id)] : [desc(bangPolitics.createdAt), desc(bangPolitics.id)]))
    .limit(limit);
}

export type BoardPoliticsRow = Awaited<ReturnType<typeof boardPoliticsRepo>>[number];

// ── members ──────────────────────────────────────────────────────────────────────────────────────

/** Approved member rows of these users (the answerers' tags). */
export async function membersOfRepo(db: Q, userIds: number[]): Promise<Map<number, MemberRow>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(bangMembers)
    .where(and(inArray(bangMembers.userId, userIds), eq(bangMembers.reviewState, 'approved')));
  return new Map(rows.map((r) => [r.userId, r]));
}

export interface MemberListRow {
  member: MemberRow;
  nickname: string;
  userPic: string;
  answerCount: number;
}

const answerCountSql = sql<number>`(select count(*)::int from ${bangAnswers} a where a.user_id = ${qualified(bangMembers.userId)} and a.deleted_at is null and a.review_state = 'approved')`;

function memberSelect(db: Q) {
  return db
    .select({ member: bangMembers, nickname: users.nickname, userPic: users.userPic, answerCount: answerCountSql })
    .from(bangMembers)
    .innerJoin(users, eq(users.id, bangMembers.userId));
}

/** Approved members of a type group: 'answerer' (入驻答人: every type but 记者) or 'reporter' (记者). */
/** Members a reader can ask (ask-special, the member search): approved, and not a department's reply account. */
const askableMember = () => and(eq(bangMembers.reviewState, 'approved'), eq(bangMembers.department, ''));

export async function listMembersRepo(db: Q, group: 'answerer' | 'reporter', page: number, pageSize: number): Promise<MemberListRow[]> {
  const typeCond = group === 'reporter' ? eq(bangMembers.userType, 2) : sql`${bangMembers.userType} <> 2`;
  return memberSelect(db)
    .where(and(askableMember(), typeCond))
    .orderBy(asc(bangMembers.sort), asc(bangMembers.userId))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
}

export async function recommendedMembersRepo(db: Q, limit: number): Promise<MemberListRow[]> {
  return memberSelect(db)
    .where(and(eq(bangMembers.reviewState, 'approved'), eq(bangMembers.recommended, true)))
    .orderBy(asc(bangMembers.sort), asc(bangMembers.userId))
    .limit(limit);
}

export async function findMemberRepo(db: Q, userId: number): Promise<MemberListRow | null> {
  const rows = await memberSelect(db)
    .where(and(eq(bangMembers.userId, userId), eq(bangMembers.reviewState, 'approved')))
    .limit(1);
  return rows[0] ?? null;
}

export async function searchMembersRepo(db: Q, keyword: string, page: number, pageSize: number): Promise<MemberListRow[]> {
  const pattern = likePattern(keyword);
  return memberSelect(db)
    .where(
      and(
        askableMember(),
        or(ilike(users.nickname, pattern), ilike(bangMembers.job, pattern), ilike(bangMembers.introduction, pattern), ilike(bangMembers.typeName, pattern)),
      ),
    )
    .orderBy(asc(bangMembers.sort), asc(bangMembers.userId))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
}

// ── services and hot searches ────────────────────────────────────────────────────────────────────

export async function listServicesRepo(db: Q, onlyHome: boolean) {
  return db
    .select()
    .from(bangServices)
    .where(onlyHome ? eq(bangServices.onHome, true) : undefined)
    .orderBy(asc(bangServices.sort), asc(bangServices.id));
}

export async function listHotSearchesRepo(db: Q) {
  return db.select({ id: bangHotSearches.id, word: bangHotSearches.word }).from(bangHotSearches).orderBy(asc(bangHotSearches.sort), asc(bangHotSearches.id));
}

// ── mapping ────────────────────────────────────────────────────────────────────────────────────

export function toQuestionListItem(row: QuestionRow, author: Profile | undefined): QuestionListItem {
  return {
    id: row.id,
    title: row.title,
    content: excerptOf(row.content, POLITICS_EXCERPT_LENGTH),
    pictures: row.pictures,
    ...authorFields(row.userId, author),
    ...questionState(row),
    createTime: formatBeijingTime(row.createdAt),
    pv: row.pv,
    likeNum: row.likeNum,
    answerCount: row.answerCount,
    commentCount: row.commentCount,
  };
}

/** What a board item of either kind shows the same way: its title, excerpt, pictures, author and time. */
function boardItemCommon(row: QuestionRow | BoardPoliticsRow, author: Profile | undefined) {
  return {
    id: row.id,
    title: row.title,
    content: excerptOf(row.content, POLITICS_EXCERPT_LENGTH),
    pictures: row.pictures,
    nickname: (author ?? ANONYMOUS).nickname,
    createTime: formatBeijingTime(row.createdAt),
    pv: row.pv,
  };
}

export function questionBoardItem(row: QuestionRow, author: Profile | undefined): BoardItem {
  const state = questionState(row);
  return {
    kind: 'qa',
    ...boardItemCommon(row, author),
    count: row.answerCount,
    status: state.status,
    statusText: state.statusText,
    isShowReply: state.isShowReply,
    department: '',
  };
}

export function politicsBoardItem(row: BoardPoliticsRow, author: Profile | undefined): BoardItem {
  return {
    kind: 'politics',
    ...boardItemCommon(row, author),
    count: row.commentCount,
    status: row.status,
    statusText: row.status === 1 ? '已回复' : '待回复',
    // Once a department has replied, replying is over.
    isShowReply: row.status === 1 ? 0 : 1,
    department: row.department,
  };
}

/** The answerer fields of spec 3 for a user (a reader without an approved member row: type 0, no tag, no home). */
export function answererOf(member: MemberRow | undefined): AnswererFields {
  return member
    ? { userType: member.userType, typeName: member.typeName, job: member.job, introduction: member.introduction, isJump: member.isJump ? 1 : 0 }
    : READER_ANSWERER;
}

export function toMemberItem(row: MemberListRow): MemberItem {
  return { userId: row.member.userId, nickname: row.nickname, userPic: row.userPic, ...answererOf(row.member), answerCount: row.answerCount };
}

export function toServiceItem(row: typeof bangServices.$inferSelect): ServiceItem {
  return { id: row.id, name: row.name, brief: row.brief, url: row.url, icon: row.icon };
}

// ── lawyers (wenda/lawList) ──────────────────────────────────────────────────────────────────────

/** Approved, askable members tagged `typeName` (the lawyers of wenda/lawList), in the board's order. */
export async function listMembersTaggedRepo(db: Q, typeName: string, page: number, pageSize: number): Promise<MemberListRow[]> {
  return memberSelect(db)
    .where(and(askableMember(), eq(bangMembers.typeName, typeName)))
    .orderBy(asc(bangMembers.sort), asc(bangMembers.userId))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
}
