/**
 * The board's writes (spec 7.7; ADR 010): asking, answering, 问政 and its official reply, tips,
 * applications and joining groups. Every write: the body parsed by its contract (Chinese messages),
 * pictures only the caller's own uploads, one transaction, an Idempotency-Key (a retry answers what the
 * first send wrote; the same key with other content is refused), rate limits per user (stricter for an
 * account younger than a day), and a review state from the start (pending when the board's
 * review-before-publish setting is on).
 */
import type { Context } from 'hono';
import type { Answer, PoliticsDetail, QuestionDetail } from '../../contract/bangbang.ts';
import type { GroupPost, MemberInfo, Tip } from '../../contract/bangbangBoard.ts';
import { StatusCode } from '../../contract/envelope.ts';
import { sanitizeHtml } from '../../features/richtext/sanitizeHtml.server.ts';
import type { Db } from '../db/client.ts';
import { configValueRepo } from '../discover/repo.ts';
import type { AuthUser } from '../http/auth.ts';
import { fail } from '../http/envelope.ts';
import { callKey, type ReaderInsert } from '../http/idempotentInsert.ts';
import { insertReviewedRow, type DeskWrite } from '../review/write.ts';
import { paced, type RateRule } from '../http/rateLimit.ts';
import type { ServiceContext } from '../http/types.ts';
import { profilesRepo } from '../profiles/repo.ts';
import { checkPictures } from '../upload/checkPictures.ts';
import { NEW_ACCOUNT_MS } from '../profiles/newAccount.ts';
import { answererOf, membersOfRepo } from './board/repo.ts';
import { findDepartmentRepo, findGroupRepo, joinGroupRepo, leaveGroupRepo, memberRoleRepo, ownMemberRepo, toGroupPost, toTip } from './more/repo.ts';
import { memberInfoService } from './moreService.ts';
import { findPoliticsRepo, findQuestionRepo, toAnswer, toPoliticsDetail, toQuestionDetail } from './repo.ts';
import { BANG_MESSAGES } from './service.ts';
import {
  accountCreatedAtRepo,
  answerByKeyRepo,
  groupPostByKeyRepo,
  insertAnswerRepo,
  insertGroupPostRepo,
  insertPoliticsRepo,
  insertQuestionRepo,
  insertTipRepo,
  politicsByKeyRepo,
  questionByKeyRepo,
  recentSamePostRepo,
  recentSameTitleRepo,
  politicsHandledByDeskRepo,
  replyPoliticsRepo,
  sameAnswerRepo,
  tipByKeyRepo,
  upsertApplicationRepo,
} from './write/repo.ts';
import { paragraphsHtml } from '../../lib/escapeHtml.ts';

export const WRITE_MESSAGES = {
  asked: '提问成功',
  answered: '回答成功',
  politicsSent: '提交成功，请等待部门回复',
  replied: '回复成功',
  tipSent: '爆料成功，感谢您提供线索',
  pending: '提交成功，审核通过后将公开显示',
  applied: '申请已提交，请等待审核',
  duplicate: '请勿重复提交相同的内容',
  replyClosed: '该问题已关闭回答',
  departmentMissing: '请选择要问政的部门',
  notDepartment: '只有该部门的认证账号可以回复',
  handledByDesk: '该问政已由受理台办理，请在工作台回复',
  alreadyReplied: '该问政已回复，不能重复回复',
  alreadyMember: '您已通过认证，无需重复申请',
  groupMissing: '社群不存在或已解散',
  ownerCannotLeave: '群主不能退出自己的社群',
  joined: '加入成功',
  posted: '发帖成功',
  joinFirst: '请先加入社群',
  left: '已退出社群',
} as const;

/** app_config key of the board's review-before-publish setting (team rule; default off). */
export const BANG_REVIEW_SETTING_KEY = 'bangbang.reviewBeforePublish';

/** Questions, 问政 and tips: one per 15 s, ≤ 20 a day; a new account one per minute, ≤ 5 a day. */
const ASK_RULES = paced(15_000, 20);
const NEW_ACCOUNT_ASK_RULES = paced(60_000, 5);
/** Answers: one per 10 s, ≤ 60 a day; a new account one per 30 s, ≤ 10 a day. */
const ANSWER_RULES = paced(10_000, 60);
const NEW_ACCOUNT_ANSWER_RULES = paced(30_000, 10);
/** Official replies: ≤ 10 a minute per department account. */
const OFFICIAL_RULES: RateRule[] = [{ max: 10, windowMs: 60_000 }];
/** Applications and group joins: ≤ 10 an hour. */
const SMALL_RULES: RateRule[] = [{ max: 10, windowMs: 3600_000 }];
const JOIN_RULES: RateRule[] = [{ max: 30, windowMs: 3600_000 }];

export type BangWriteContext = ServiceContext;

async function isNewAccount(db: Db, userId: number): Promise<boolean> {
  const at = await accountCreatedAtRepo(db, userId);
  return at !== null && Date.now() - at.getTime() < NEW_ACCOUNT_MS;
}

type RateKind = 'ask' | 'politics' | 'tip' | 'answer' | 'post';

/** Each kind of write has its own budget: a question does not hold back a tip. */
async function takeRate(ctx: BangWriteContext, user: AuthUser, kind: RateKind): Promise<void> {
  const fresh = await isNewAccount(ctx.deps.database.db, user.userId);
  // A group post is paced like an answer: a short text among people who know the topic.
  const rules = kind !== 'answer' && kind !== 'post' ? (fresh ? NEW_ACCOUNT_ASK_RULES : ASK_RULES) : fresh ? NEW_ACCOUNT_ANSWER_RULES : ANSWER_RULES;
  await ctx.limiter.take([{ key: `bang-${kind}:user:${user.userId}`, rules }]);
}

async function reviewState(db: Db): Promise<'pending' | 'approved'> {
  return (await configValueRepo(db, BANG_REVIEW_SETTING_KEY)) === true ? 'pending' : 'approved';
}

interface BoardInsert<R> extends Pick<ReaderInsert<R>, 'byKey' | 'same' | 'insert'> {
  /** What the desk files it as (the one gate: mute, emergency switch, words, review before publish). */
  desk: DeskWrite;
  /** The write's own rules (the item exists, the reader is a member), run first. */
  check?: () => Promise<void>;
  /** The pictures sent: the caller's own uploads only. */
  pictures: string[];
  /** Whether the reader sent the same text lately (refused as a duplicate). */
  repeated?: () => Promise<boolean>;
}

/** A reader's write on the board: its own rules, own pictures, no repeat, the pace of its kind; stored under the review setting. */
function insertBoardRow<R extends { id: number }>(ctx: BangWriteContext, key: string | null, user: AuthUser, kind: RateKind, w: BoardInsert<R>): Promise<R> {
  return insertReviewedRow(ctx, key, user, {
    ...w,
    check: async () => {
      await w.check?.();
      await checkPictures(ctx.deps, user.userId, w.pictures);
      if (await w.repeated?.()) throw fail(StatusCode.fail, WRITE_MESSAGES.duplicate);
      await takeRate(ctx, user, kind);
    },
    reviewState: () => reviewState(ctx.deps.database.db),
    lost: WRITE_MESSAGES.duplicate,
  });
}

const messageFor = (state: string, published: string) => (state === 'pending' ? WRITE_MESSAGES.pending : published);

const samePictures = (a: string[], b: string[]) => JSON.stringify(a) === JSON.stringify(b);

// ── asking and answering ─────────────────────────────────────────────────────────────────────────

export interface AskInput {
  title: string;
  content: string;
  pictures: string[];
  videoUrl: string;
  region: string;
}

export async function askService(
  ctx: BangWriteContext,
  c: Context,
  user: AuthUser,
  input: AskInput,
): Promise<{ data: QuestionDetail & { reviewState: string }; message: string }> {
  const db = ctx.deps.database.db;
  // The video link is kept with the text: the board shows it as a link under the question.
  const content = input.videoUrl ? `${input.content}${input.content ? '\n' : ''}视频：${input.videoUrl}` : input.content;
  const row = await insertBoardRow(ctx, callKey(c), user, 'ask', {
    byKey: questionByKeyRepo,
    desk: { kind: 'bang_question', area: 'bangbang', text: `${input.title} ${content}` },
    same: (r) => r.title === input.title && r.content === content && samePictures(r.pictures, input.pictures),
    pictures: input.pictures,
    repeated: () => recentSameTitleRepo(db, user.userId, input.title),
    insert: (tx, stamp) => insertQuestionRepo(tx, { ...stamp, title: input.title, content, pictures: input.pictures, region: input.region }),
  });
  const profiles = await profilesRepo(db, [user.userId]);
  return { data: toQuestionDetail(row, profiles.get(user.userId), false), message: messageFor(row.reviewState, WRITE_MESSAGES.asked) };
}

export interface AnswerInput {
  id: number;
  content: string;
  pictures: string[];
}

export async function answerService(
  ctx: BangWriteContext,
  c: Context,
  user: AuthUser,
  input: AnswerInput,
): Promise<{ data: Answer & { reviewState: string }; message: string }> {
  const db = ctx.deps.database.db;
  const row = await insertBoardRow(ctx, callKey(c), user, 'answer', {
    byKey: answerByKeyRepo,
    desk: { kind: 'bang_answer', area: 'bangbang', text: input.content },
    same: (r) => r.questionId === input.id && r.content === input.content && samePictures(r.pictures, input.pictures),
    check: async () => {
      const question = await findQuestionRepo(db, input.id);
      if (!question || question.reviewState !== 'approved') throw fail(StatusCode.notFound, BANG_MESSAGES.questionMissing);
      if (question.replyClosed) throw fail(StatusCode.unprocessable, WRITE_MESSAGES.replyClosed);
    },
    pictures: input.pictures,
    repeated: () => sameAnswerRepo(db, user.userId, input.id, input.content),
    insert: (tx, stamp) => insertAnswerRepo(tx, { ...stamp, questionId: input.id, content: input.content, pictures: input.pictures }),
  });
  const [profiles, members] = await Promise.all([profilesRepo(db, [user.userId]), membersOfRepo(db, [user.userId])]);
  return {
    data: toAnswer(row, profiles.get(user.userId), false, answererOf(members.get(user.userId))),
    message: messageFor(row.reviewState, WRITE_MESSAGES.answered),
  };
}

// ── 问政 ─────────────────────────────────────────────────────────────────────────────────────────

export interface PoliticsInput {
  departmentId: number;
  title: string;
  content: string;
  pictures: string[];
}

export async function politicsAddService(
  ctx: BangWriteContext,
  c: Context,
  user: AuthUser,
  input: PoliticsInput,
): Promise<{ data: PoliticsDetail & { reviewState: string }; message: string }> {
  const db = ctx.deps.database.db;
  const key = callKey(c);
  const department = await findDepartmentRepo(db, input.departmentId);
  if (!department) throw fail(StatusCode.badParams, WRITE_MESSAGES.departmentMissing);
  const row = await insertBoardRow(ctx, key, user, 'politics', {
    byKey: politicsByKeyRepo,
    desk: { kind: 'bang_politics', area: 'wenzheng', text: `${input.title} ${input.content}` },
    same: (r) => r.title === input.title && r.content === input.content && r.department === department.department && samePictures(r.pictures, input.pictures),
    pictures: input.pictures,
    insert: (tx, stamp) =>
      insertPoliticsRepo(tx, { ...stamp, title: input.title, content: input.content, pictures: input.pictures, department: department.department, status: 0 }),
  });
  const profiles = await profilesRepo(db, [user.userId]);
  return { data: toPoliticsDetail(row, profiles.get(user.userId), false), message: messageFor(row.reviewState, WRITE_MESSAGES.politicsSent) };
}

/** Plain text → paragraphs of escaped HTML, then the one sanitiser (the reply renders through RichText). */
function replyHtmlOf(text: string): string {
  return sanitizeHtml(paragraphsHtml(text));
}

export async function politicsReplyService(
  ctx: BangWriteContext,
  user: AuthUser,
  input: { id: number; content: string },
): Promise<{ data: PoliticsDetail; message: string }> {
  const db = ctx.deps.database.db;
  const row = await findPoliticsRepo(db, input.id);
  if (!row || row.reviewState !== 'approved') throw fail(StatusCode.notFound, BANG_MESSAGES.politicsMissing);
  // Authorization (security.md): only an approved account of the question's own department.
  const member = await ownMemberRepo(db, user.userId);
  if (!member || member.reviewState !== 'approved' || member.department === '' || member.department !== row.department) {
    throw fail(StatusCode.forbidden, WRITE_MESSAGES.notDepartment);
  }
  // Once the desk has handled it (accepted, assigned, declined), the reply belongs to the console (docs/security.md "Answering desks").
  if (await politicsHandledByDeskRepo(db, row.id)) throw fail(StatusCode.forbidden, WRITE_MESSAGES.handledByDesk);
  await ctx.limiter.take([{ key: `bang-official-reply:user:${user.userId}`, rules: OFFICIAL_RULES }]);
  const html = replyHtmlOf(input.content);
  // Only the first reply lands: the update is conditional on status 0 (two departments' tabs racing).
  const updated = await ctx.deps.database.write((tx) => replyPoliticsRepo(tx, row.id, html, user.userId));
  if (!updated) throw fail(StatusCode.unprocessable, WRITE_MESSAGES.alreadyReplied);
  const profiles = await profilesRepo(db, [updated.userId]);
  return { data: toPoliticsDetail(updated, profiles.get(updated.userId), false), message: WRITE_MESSAGES.replied };
}

// ── tips ─────────────────────────────────────────────────────────────────────────────────────────

export interface TipInput {
  content: string;
  pictures: string[];
  videoUrl: string;
  place: string;
  contactPhone: string;
}

export async function tipAddService(ctx: BangWriteContext, c: Context, user: AuthUser, input: TipInput): Promise<{ data: Tip; message: string }> {
  const db = ctx.deps.database.db;
  const row = await insertBoardRow(ctx, callKey(c), user, 'tip', {
    byKey: tipByKeyRepo,
    desk: { kind: 'bang_tip', area: 'baoliao', text: `${input.content} ${input.place}` },
    same: (r) => r.content === input.content && r.place === input.place && samePictures(r.pictures, input.pictures),
    pictures: input.pictures,
    insert: (tx, stamp) =>
      insertTipRepo(tx, {
        ...stamp,
        content: input.content,
        pictures: input.pictures,
        videoUrl: input.videoUrl,
        place: input.place,
        contactPhone: input.contactPhone,
      }),
  });
  const profiles = await profilesRepo(db, [user.userId]);
  return { data: toTip(row, profiles.get(user.userId), false), message: messageFor(row.reviewState, WRITE_MESSAGES.tipSent) };
}

// ── applications ─────────────────────────────────────────────────────────────────────────────────

export interface ApplyInput {
  userType: number;
  realName: string;
  job: string;
  introduction: string;
  proofPicture: string;
}

const TYPE_NAMES: Readonly<Record<number, string>> = { 1: '答人', 2: '记者' };

/**
 * An application: a member row in review. Only the listed fields are taken from the body (never the
 * review state, type name, department or isJump: mass assignment). A pending or refused application
 * may be changed and is pending again; an approved member cannot re-apply. Sending it twice is one row.
 */
export async function applyService(ctx: BangWriteContext, user: AuthUser, input: ApplyInput): Promise<{ data: MemberInfo; message: string }> {
  const db = ctx.deps.database.db;
  const existing = await ownMemberRepo(db, user.userId);
  if (existing && existing.reviewState === 'approved') throw fail(StatusCode.unprocessable, WRITE_MESSAGES.alreadyMember);
  await checkPictures(ctx.deps, user.userId, [input.proofPicture]);
  await ctx.limiter.take([{ key: `bang-apply:user:${user.userId}`, rules: SMALL_RULES }]);
  await ctx.deps.database.write((tx) =>
    upsertApplicationRepo(tx, user.userId, {
      userType: input.userType,
      typeName: TYPE_NAMES[input.userType] ?? '答人',
      realName: input.realName,
      job: input.job,
      introduction: input.introduction,
      proofPicture: input.proofPicture,
    }),
  );
  return { data: await memberInfoService(db, user), message: WRITE_MESSAGES.applied };
}

// ── groups ───────────────────────────────────────────────────────────────────────────────────────

export async function joinService(
  ctx: BangWriteContext,
  user: AuthUser,
  id: number,
  join: boolean,
): Promise<{ data: { id: number; joined: number; memberCount: number }; message: string }> {
  const db = ctx.deps.database.db;
  if (!(await findGroupRepo(db, id))) throw fail(StatusCode.notFound, WRITE_MESSAGES.groupMissing);
  await ctx.limiter.take([{ key: `bang-join:user:${user.userId}`, rules: JOIN_RULES }]);
  if (!join && (await memberRoleRepo(db, id, user.userId)) === 'owner') throw fail(StatusCode.unprocessable, WRITE_MESSAGES.ownerCannotLeave);
  const memberCount = await ctx.deps.database.write((tx) => (join ? joinGroupRepo(tx, id, user.userId) : leaveGroupRepo(tx, id, user.userId)));
  return { data: { id, joined: join ? 1 : 0, memberCount }, message: join ? WRITE_MESSAGES.joined : WRITE_MESSAGES.left };
}

/**
 * A post in a group (社群): only a member of the group writes one (请先加入社群 otherwise; the membership
 * row is the proof, never the body). Text and own pictures; review state from the start; the same text in
 * the same group within 5 minutes is refused; an Idempotency-Key makes a retried send one post; paced like
 * an answer (stricter for a new account). A published post counts on its group in the same transaction.
 */
export async function groupPostService(
  ctx: BangWriteContext,
  c: Context,
  user: AuthUser,
  input: { id: number; content: string; pictures: string[] },
): Promise<{ data: GroupPost; message: string }> {
  const db = ctx.deps.database.db;
  const key = callKey(c);
  const group = await findGroupRepo(db, input.id);
  if (!group) throw fail(StatusCode.notFound, WRITE_MESSAGES.groupMissing);
  const row = await insertBoardRow(ctx, key, user, 'post', {
    byKey: groupPostByKeyRepo,
    desk: { kind: 'bang_group_post', area: 'group', text: input.content },
    same: (r) => r.groupId === input.id && r.content === input.content && samePictures(r.pictures, input.pictures),
    check: async () => {
      if ((await memberRoleRepo(db, input.id, user.userId)) === null) throw fail(StatusCode.forbidden, WRITE_MESSAGES.joinFirst);
    },
    pictures: input.pictures,
    repeated: () => recentSamePostRepo(db, user.userId, input.id, input.content),
    insert: (tx, stamp) => insertGroupPostRepo(tx, { ...stamp, groupId: input.id, content: input.content, pictures: input.pictures }),
  });
  const profiles = await profilesRepo(db, [user.userId]);
  return { data: toGroupPost({ post: row, groupName: group.name }, profiles.get(user.userId)), message: messageFor(row.reviewState, WRITE_MESSAGES.posted) };
}
