/**
 * Data access of the rest of the board (ADR 010): answers lists, members' questions, departments,
 * community groups, tips and explainers. Public reads carry approved rows only; an author also sees
 * their own pending or refused tips.
 */
import { and, asc, desc, eq, ilike, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Explainer, Group, GroupMember, GroupPost, Tip } from '../../../contract/bangbangBoard.ts';
import { formatBeijingTime } from '../../../lib/formatTime.ts';
import type { Db, Tx } from '../../db/client.ts';
import { firstRow, newestFirstPage } from '../../db/rows.ts';
import { bangAnswers, bangExplainers, bangGroupMembers, bangGroupPosts, bangGroups, bangMembers, bangQuestions, bangTips } from '../../db/schema/bangbang.ts';
import { users } from '../../db/schema/accounts.ts';
import type { Profile } from '../../profiles/repo.ts';
import { likePattern, PUBLIC_QUESTION } from '../board/repo.ts';
import { authorFields, visibleTip } from '../repo.ts';

type Q = Db | Tx;
export type GroupRow = typeof bangGroups.$inferSelect;
export type TipRow = typeof bangTips.$inferSelect;

/** Approved answers of approved questions, newest first, optionally of one answerer, with the question's title. */
export async function listRecentAnswersRepo(db: Q, page: number, pageSize: number, userId?: number) {
  return db
    .select({ answer: bangAnswers, questionTitle: bangQuestions.title })
    .from(bangAnswers)
    .innerJoin(bangQuestions, eq(bangQuestions.id, bangAnswers.questionId))
    .where(
      and(
        isNull(bangAnswers.deletedAt),
        eq(bangAnswers.reviewState, 'approved'),
        PUBLIC_QUESTION,
        userId === undefined ? undefined : eq(bangAnswers.userId, userId),
      ),
    )
    .orderBy(desc(bangAnswers.createdAt), desc(bangAnswers.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
}

export async function listQuestionsByUserRepo(db: Q, userId: number, page: number, pageSize: number) {
  return newestFirstPage(db, bangQuestions, and(PUBLIC_QUESTION, eq(bangQuestions.userId, userId)), page, pageSize);
}

/** Approved department accounts (问政): one per department. */
export async function listDepartmentsRepo(db: Q) {
  return db
    .select({ userId: bangMembers.userId, department: bangMembers.department })
    .from(bangMembers)
    .where(and(eq(bangMembers.reviewState, 'approved'), ne(bangMembers.department, '')))
    .orderBy(asc(bangMembers.sort), asc(bangMembers.userId));
}

export async function findDepartmentRepo(db: Q, userId: number) {
  const rows = await db
    .select({ userId: bangMembers.userId, department: bangMembers.department })
    .from(bangMembers)
    .where(and(eq(bangMembers.userId, userId), eq(bangMembers.reviewState, 'approved'), ne(bangMembers.department, '')))
    .limit(1);
  return rows[0] ?? null;
}

/** The caller's member row in any review state (applications). */
export async function ownMemberRepo(db: Q, userId: number) {
  const rows = await db.select().from(bangMembers).where(eq(bangMembers.userId, userId)).limit(1);
  return rows[0] ?? null;
}

// ── community ────────────────────────────────────────────────────────────────────────────────────

export async function listGroupsRepo(db: Q, opts: { recommended?: boolean; keyword?: string; page: number; pageSize: number }) {
  const pattern = opts.keyword === undefined ? null : likePattern(opts.keyword);
  return db
    .select()
    .from(bangGroups)
    .where(
      and(
        opts.recommended ? eq(bangGroups.recommended, true) : undefined,
        pattern ? or(ilike(bangGroups.name, pattern), ilike(bangGroups.intro, pattern), ilike(bangGroups.area, pattern)) : undefined,
      ),
    )
    .orderBy(asc(bangGroups.sort), asc(bangGroups.id))
    .limit(opts.pageSize)
    .offset((opts.page - 1) * opts.pageSize);
}

export async function findGroupRepo(db: Q, id: number): Promise<GroupRow | null> {
  const rows = await db.select().from(bangGroups).where(eq(bangGroups.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function joinedGroupIdsRepo(db: Q, userId: number, groupIds: number[]): Promise<Set<number>> {
  if (groupIds.length === 0) return new Set();
  const rows = await db
    .select({ groupId: bangGroupMembers.groupId })
    .from(bangGroupMembers)
    .where(and(eq(bangGroupMembers.userId, userId), inArray(bangGroupMembers.groupId, groupIds)));
  return new Set(rows.map((r) => r.groupId));
}

export async function groupMembersRepo(db: Q, groupId: number, page: number, pageSize: number) {
  return db
    .select({
      userId: bangGroupMembers.userId,
      role: bangGroupMembers.role,
      joinedAt: bangGroupMembers.joinedAt,
      nickname: users.nickname,
      userPic: users.userPic,
    })
    .from(bangGroupMembers)
    .innerJoin(users, eq(users.id, bangGroupMembers.userId))
    .where(eq(bangGroupMembers.groupId, groupId))
    .orderBy(
      sql`case ${bangGroupMembers.role} when 'owner' then 0 when 'admin' then 1 else 2 end`,
      asc(bangGroupMembers.joinedAt),
      asc(bangGroupMembers.userId),
    )
    .limit(pageSize)
    .offset((page - 1) * pageSize);
}

/** Approved posts; with `viewerId`, that reader's own pending or refused posts too (theirs alone). */
export async function groupPostsRepo(db: Q, opts: { groupId?: number; recommended?: boolean; viewerId?: number | null; page: number; pageSize: number }) {
  return db
    .select({ post: bangGroupPosts, groupName: bangGroups.name })
    .from(bangGroupPosts)
    .innerJoin(bangGroups, eq(bangGroups.id, bangGroupPosts.groupId))
    .where(
      and(
        opts.viewerId == null
          ? eq(bangGroupPosts.reviewState, 'approved')
          : or(eq(bangGroupPosts.reviewState, 'approved'), eq(bangGroupPosts.userId, opts.viewerId)),
        opts.groupId === undefined ? undefined : eq(bangGroupPosts.groupId, opts.groupId),
        opts.recommended ? eq(bangGroupPosts.recommended, true) : undefined,
      ),
    )
    .orderBy(desc(bangGroupPosts.createdAt), desc(bangGroupPosts.id))
    .limit(opts.pageSize)
    .offset((opts.page - 1) * opts.pageSize);
}

/** Adds the membership row (nothing when it exists) and counts; returns the member count. */
export async function joinGroupRepo(tx: Tx, groupId: number, userId: number): Promise<number> {
  const added = await tx.insert(bangGroupMembers).values({ groupId, userId }).onConflictDoNothing().returning({ userId: bangGroupMembers.userId });
  const delta = added.length;
  const rows = await tx
    .update(bangGroups)
    .set({ memberCount: sql`${bangGroups.memberCount} + ${delta}` })
    .where(eq(bangGroups.id, groupId))
    .returning({ memberCount: bangGroups.memberCount });
  return rows[0]?.memberCount ?? 0;
}

/** Removes a plain or admin membership (never the owner's); returns the member count. */
export async function leaveGroupRepo(tx: Tx, groupId: number, userId: number): Promise<number> {
  const removed = await tx
    .delete(bangGroupMembers)
    .where(and(eq(bangGroupMembers.groupId, groupId), eq(bangGroupMembers.userId, userId), ne(bangGroupMembers.role, 'owner')))
    .returning({ userId: bangGroupMembers.userId });
  const rows = await tx
    .update(bangGroups)
    .set({ memberCount: sql`greatest(${bangGroups.memberCount} - ${removed.length}, 0)` })
    .where(eq(bangGroups.id, groupId))
    .returning({ memberCount: bangGroups.memberCount });
  return rows[0]?.memberCount ?? 0;
}

export async function memberRoleRepo(db: Q, groupId: number, userId: number): Promise<string | null> {
  const rows = await db
    .select({ role: bangGroupMembers.role })
    .from(bangGroupMembers)
    .where(and(eq(bangGroupMembers.groupId, groupId), eq(bangGroupMembers.userId, userId)))
    .limit(1);
  return rows[0]?.role ?? null;
}

// ── tips ─────────────────────────────────────────────────────────────────────────────────────────

/** Approved tips, and the viewer's own in any state, newest first. */
export async function listTipsRepo(db: Q, viewerId: number | null, page: number, pageSize: number): Promise<TipRow[]> {
  return newestFirstPage(db, bangTips, visibleTip(viewerId), page, pageSize);
}

/** One tip: approved, or the viewer's own in any state. */
export async function findTipRepo(db: Q, id: number, viewerId: number | null): Promise<TipRow | null> {
  return firstRow(db, bangTips, and(eq(bangTips.id, id), visibleTip(viewerId)));
}

// ── explainers ───────────────────────────────────────────────────────────────────────────────────

export async function listExplainersRepo(db: Q, page: number, pageSize: number) {
  return newestFirstPage(db, bangExplainers, undefined, page, pageSize);
}

export async function findExplainerRepo(db: Q, id: number) {
  const rows = await db.select().from(bangExplainers).where(eq(bangExplainers.id, id)).limit(1);
  return rows[0] ?? null;
}

// ── mapping ──────────────────────────────────────────────────────────────────────────────────────

export function toGroup(row: GroupRow, joined: boolean): Group {
  return {
    id: row.id,
    name: row.name,
    intro: row.intro,
    cover: row.cover,
    area: row.area,
    memberCount: row.memberCount,
    postCount: row.postCount,
    joined: joined ? 1 : 0,
  };
}

export function toGroupPost(row: { post: typeof bangGroupPosts.$inferSelect; groupName: string }, author: Profile | undefined): GroupPost {
  return {
    id: row.post.id,
    groupId: row.post.groupId,
    groupName: row.groupName,
    ...authorFields(row.post.userId, author),
    content: row.post.content,
    pictures: row.post.pictures,
    likeNum: row.post.likeNum,
    commentCount: row.post.commentCount,
    createTime: formatBeijingTime(row.post.createdAt),
    reviewState: row.post.reviewState,
    reviewReason: row.post.reviewReason,
  };
}

const ROLE_NAMES: Readonly<Record<string, string>> = { owner: '群主', admin: '管理员' };

export function toGroupMember(row: Awaited<ReturnType<typeof groupMembersRepo>>[number]): GroupMember {
  return { userId: row.userId, nickname: row.nickname, userPic: row.userPic, roleName: ROLE_NAMES[row.role] ?? '', joinTime: formatBeijingTime(row.joinedAt) };
}

/** The newsroom's handling of a tip as the public list shows it (src/server/answer/tips/tipDesk.ts sets it). */
export const HANDLING_TEXT: Readonly<Record<number, string>> = { 0: '已收到', 1: '已采纳', 2: '已报道', 3: '未采用' };

/** A tip for the list: the contact phone never leaves the server. */
export function toTip(row: TipRow, author: Profile | undefined, liked: boolean): Tip {
  return {
    id: row.id,
    ...authorFields(row.userId, author),
    content: row.content,
    pictures: row.pictures,
    videoUrl: row.videoUrl,
    place: row.place,
    handlingText: HANDLING_TEXT[row.handling] ?? '已收到',
    likeNum: row.likeNum,
    commentCount: row.commentCount,
    isDoLike: liked ? 1 : 0,
    createTime: formatBeijingTime(row.createdAt),
    reviewState: row.reviewState,
    reviewReason: row.reviewReason,
  };
}

export function toExplainer(row: typeof bangExplainers.$inferSelect, withBody: boolean): Explainer {
  return {
    id: row.id,
    title: row.title,
    summary: row.summary,
    cover: row.cover,
    author: row.author,
    pv: row.pv,
    createTime: formatBeijingTime(row.createdAt),
    paragraphs: withBody ? row.paragraphs : [],
  };
}

/** Approved posts of every group whose text or group name holds `keyword`, newest first (groupownet/top/search). */
export async function searchGroupPostsRepo(db: Q, keyword: string, page: number, pageSize: number) {
  const pattern = likePattern(keyword);
  return db
    .select({ post: bangGroupPosts, groupName: bangGroups.name })
    .from(bangGroupPosts)
    .innerJoin(bangGroups, eq(bangGroups.id, bangGroupPosts.groupId))
    .where(and(eq(bangGroupPosts.reviewState, 'approved'), or(ilike(bangGroupPosts.content, pattern), ilike(bangGroups.name, pattern))))
    .orderBy(desc(bangGroupPosts.createdAt), desc(bangGroupPosts.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
}
