/**
 * Reading rules of the rest of the board (ADR 010): the Q&A home and lists, members' homes,
 * departments and the 问政 timeline, community groups, tips and explainers (spec 2.7, 7.6).
 */
import type {
  AnswerListItem,
  Department,
  Explainer,
  Group,
  GroupMember,
  GroupPost,
  MemberInfo,
  PoliticsProgress,
  Tip,
  WendaIndex,
} from '../../contract/bangbangBoard.ts';
import type { MemberItem, QuestionListItem } from '../../contract/bangbang.ts';
import { StatusCode } from '../../contract/envelope.ts';
import { formatBeijingTime } from '../../lib/formatTime.ts';
import type { Db } from '../db/client.ts';
import type { AuthUser } from '../http/auth.ts';
import { fail } from '../http/envelope.ts';
import { profilesRepo } from '../profiles/repo.ts';
import { questionListService, questionsByOrderService } from './boardService.ts';
import {
  findExplainerRepo,
  findGroupRepo,
  groupMembersRepo,
  groupPostsRepo,
  joinedGroupIdsRepo,
  listDepartmentsRepo,
  listExplainersRepo,
  listGroupsRepo,
  listQuestionsByUserRepo,
  listRecentAnswersRepo,
  listTipsRepo,
  findTipRepo,
  ownMemberRepo,
  toExplainer,
  toGroup,
  toGroupMember,
  toGroupPost,
  toTip,
  type GroupRow,
} from './more/repo.ts';
import { findMemberRepo, listMembersRepo, recommendedMembersRepo, toMemberItem } from './board/repo.ts';
import { findPoliticsRepo, type PoliticsRow } from './repo.ts';
import { answersForReaderService, BANG_LIKE_KINDS, BANG_MESSAGES } from './service.ts';
import { hasLikedRepo, likedIdsRepo } from '../likes/repo.ts';

export const MORE_MESSAGES = {
  memberMissing: '该用户不存在或未入驻',
  groupMissing: '社群不存在或已解散',
  explainerMissing: '文章不存在或已删除',
  tipMissing: '爆料不存在或已删除',
} as const;

/** Items of each list on the Q&A home. */
const INDEX_SIZE = 5;

export async function recentAnswersService(db: Db, viewer: AuthUser | null, page: number, pageSize: number, userId?: number): Promise<AnswerListItem[]> {
  const rows = await listRecentAnswersRepo(db, page, pageSize, userId);
  const answers = await answersForReaderService(
    db,
    viewer,
    rows.map((r) => r.answer),
  );
  return answers.map((answer, i) => ({ ...answer, questionTitle: rows[i]!.questionTitle }));
}

export async function recommendersService(db: Db, limit = 10): Promise<MemberItem[]> {
  return (await recommendedMembersRepo(db, limit)).map(toMemberItem);
}

export async function wendaIndexService(db: Db): Promise<WendaIndex> {
  const [hot, latest, answers, recommenders] = await Promise.all([
    questionsByOrderService(db, 'hot', 1, INDEX_SIZE),
    questionsByOrderService(db, 'new', 1, INDEX_SIZE),
    recentAnswersService(db, null, 1, INDEX_SIZE),
    recommendersService(db, 8),
  ]);
  return { hot, latest, answers, recommenders };
}

export async function memberListService(db: Db, type: '1' | '2', page: number, pageSize: number): Promise<MemberItem[]> {
  return (await listMembersRepo(db, type === '2' ? 'reporter' : 'answerer', page, pageSize)).map(toMemberItem);
}

export async function memberService(db: Db, userId: number): Promise<MemberItem> {
  const row = await findMemberRepo(db, userId);
  if (!row) throw fail(StatusCode.notFound, MORE_MESSAGES.memberMissing);
  return toMemberItem(row);
}

/** A member's questions: only when the member's home may be shown (isJump). */
export async function memberQuestionsService(db: Db, userId: number, page: number, pageSize: number): Promise<QuestionListItem[]> {
  const member = await memberService(db, userId);
  if (!member.isJump) return [];
  return questionListService(db, await listQuestionsByUserRepo(db, userId, page, pageSize));
}

export async function memberAnswersService(db: Db, viewer: AuthUser | null, userId: number, page: number, pageSize: number): Promise<AnswerListItem[]> {
  const member = await memberService(db, userId);
  if (!member.isJump) return [];
  return recentAnswersService(db, viewer, page, pageSize, userId);
}

export async function departmentsService(db: Db): Promise<Department[]> {
  return (await listDepartmentsRepo(db)).map((r) => ({ id: r.userId, name: r.department }));
}

/** Spec 2.7 timeline: 已提交 (asked) → 已受理 (taken on, or replied) → 已回复. */
export function politicsSteps(row: Pick<PoliticsRow, 'createdAt' | 'acceptedAt' | 'repliedAt' | 'status'>) {
  const accepted = row.acceptedAt ?? (row.status === 1 ? row.repliedAt : null);
  return [
    { name: '已提交', time: formatBeijingTime(row.createdAt), done: true },
    { name: '已受理', time: accepted ? formatBeijingTime(accepted) : '', done: accepted !== null },
    { name: '已回复', time: row.status === 1 && row.repliedAt ? formatBeijingTime(row.repliedAt) : '', done: row.status === 1 },
  ];
}

export async function politicsProgressService(db: Db, viewer: AuthUser | null, id: number): Promise<PoliticsProgress> {
  const row = await findPoliticsRepo(db, id);
  if (!row || (row.reviewState !== 'approved' && viewer?.userId !== row.userId)) throw fail(StatusCode.notFound, BANG_MESSAGES.politicsMissing);
  let canReply = 0;
  if (viewer && row.status !== 1) {
    const own = await ownMemberRepo(db, viewer.userId);
    if (own && own.reviewState === 'approved' && own.department !== '' && own.department === row.department) canReply = 1;
  }
  return { steps: politicsSteps(row), canReply, reviewState: row.reviewState };
}

// ── community ────────────────────────────────────────────────────────────────────────────────────

async function groupsFor(db: Db, viewer: AuthUser | null, rows: GroupRow[]): Promise<Group[]> {
  const joined = viewer
    ? await joinedGroupIdsRepo(
        db,
        viewer.userId,
        rows.map((r) => r.id),
      )
    : new Set<number>();
  return rows.map((r) => toGroup(r, joined.has(r.id)));
}

export async function postsWithAuthors(db: Db, rows: Awaited<ReturnType<typeof groupPostsRepo>>): Promise<GroupPost[]> {
  const profiles = await profilesRepo(db, [...new Set(rows.map((r) => r.post.userId))]);
  return rows.map((r) => toGroupPost(r, profiles.get(r.post.userId)));
}

export async function groupHomeService(db: Db, viewer: AuthUser | null): Promise<{ groups: Group[]; posts: GroupPost[] }> {
  const [groups, posts] = await Promise.all([
    listGroupsRepo(db, { recommended: true, page: 1, pageSize: 10 }),
    groupPostsRepo(db, { recommended: true, page: 1, pageSize: 10 }),
  ]);
  return { groups: await groupsFor(db, viewer, groups), posts: await postsWithAuthors(db, posts) };
}

export async function groupsService(db: Db, viewer: AuthUser | null, page: number, pageSize: number, keyword?: string): Promise<Group[]> {
  return groupsFor(db, viewer, await listGroupsRepo(db, { page, pageSize, ...(keyword === undefined ? {} : { keyword }) }));
}

async function requireGroup(db: Db, id: number): Promise<GroupRow> {
  const row = await findGroupRepo(db, id);
  if (!row) throw fail(StatusCode.notFound, MORE_MESSAGES.groupMissing);
  return row;
}

export async function groupService(db: Db, viewer: AuthUser | null, id: number): Promise<Group> {
  const [group] = await groupsFor(db, viewer, [await requireGroup(db, id)]);
  return group!;
}

export async function groupMembersService(db: Db, id: number, page: number, pageSize: number): Promise<GroupMember[]> {
  await requireGroup(db, id);
  return (await groupMembersRepo(db, id, page, pageSize)).map(toGroupMember);
}

export async function groupPostsService(db: Db, viewer: AuthUser | null, id: number, page: number, pageSize: number): Promise<GroupPost[]> {
  await requireGroup(db, id);
  return postsWithAuthors(db, await groupPostsRepo(db, { groupId: id, viewerId: viewer?.userId ?? null, page, pageSize }));
}

// ── tips and explainers ──────────────────────────────────────────────────────────────────────────

export async function tipsService(db: Db, viewer: AuthUser | null, page: number, pageSize: number): Promise<Tip[]> {
  const rows = await listTipsRepo(db, viewer?.userId ?? null, page, pageSize);
  const [profiles, liked] = await Promise.all([
    profilesRepo(db, [...new Set(rows.map((r) => r.userId))]),
    viewer
      ? likedIdsRepo(
          db,
          viewer.userId,
          BANG_LIKE_KINDS.tip,
          rows.map((r) => r.id),
        )
      : Promise.resolve(new Set<number>()),
  ]);
  return rows.map((r) => toTip(r, profiles.get(r.userId), liked.has(r.id)));
}

/** One tip (jump 20): a tip nobody may see yet answers as missing, like one that never was. */
export async function tipService(db: Db, viewer: AuthUser | null, id: number): Promise<Tip> {
  const row = await findTipRepo(db, id, viewer?.userId ?? null);
  if (!row) throw fail(StatusCode.notFound, MORE_MESSAGES.tipMissing);
  const [profiles, liked] = await Promise.all([
    profilesRepo(db, [row.userId]),
    viewer ? hasLikedRepo(db, viewer.userId, BANG_LIKE_KINDS.tip, row.id) : Promise.resolve(false),
  ]);
  return toTip(row, profiles.get(row.userId), liked);
}

export async function explainersService(db: Db, page: number, pageSize: number): Promise<Explainer[]> {
  return (await listExplainersRepo(db, page, pageSize)).map((r) => toExplainer(r, false));
}

export async function explainerService(db: Db, id: number): Promise<Explainer> {
  const row = await findExplainerRepo(db, id);
  if (!row) throw fail(StatusCode.notFound, MORE_MESSAGES.explainerMissing);
  return toExplainer(row, true);
}

// ── applications ─────────────────────────────────────────────────────────────────────────────────

export async function memberInfoService(db: Db, user: AuthUser): Promise<MemberInfo> {
  const row = await ownMemberRepo(db, user.userId);
  if (!row) return { state: 'none', reason: '', userType: 0, typeName: '', realName: '', job: '', introduction: '' };
  const state = row.reviewState === 'approved' || row.reviewState === 'rejected' ? row.reviewState : 'pending';
  return {
    state,
    reason: row.reviewReason,
    userType: row.userType,
    typeName: row.typeName,
    realName: row.realName,
    job: row.job,
    introduction: row.introduction,
  };
}
