/**
 * Interaction rules (spec 4, 5, 7.3–7.5; security.md E34–E37, F51, J76–J79, M97–M101): who may like,
 * comment, delete and report what, how often, and what a retry answers.
 */
import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import { StatusCode } from '../../contract/envelope.ts';
import {
  REPORT_MAX_REASONS,
  SUB_COMMENTS_SHOWN,
  type CommentItem,
  type CommentReply,
  type CommentTargetRef,
  type LikeResult,
  type ReportOptions,
} from '../../contract/interaction.ts';
import type { Db, Tx } from '../db/client.ts';
import type { AuthUser } from '../http/auth.ts';
import { fail } from '../http/envelope.ts';
import { callKey } from '../http/idempotentInsert.ts';
import { DAY_MS, paced, perMinuteAndDay, type RateRule } from '../http/rateLimit.ts';
import type { AppDeps, ServiceContext } from '../http/types.ts';
import { NEW_ACCOUNT_MAX_REPLIES, NEW_ACCOUNT_MAX_TOP_LEVEL, NEW_ACCOUNT_MS } from '../profiles/newAccount.ts';
import { checkPictures } from '../upload/checkPictures.ts';
import {
  bumpBangCommentCountRepo,
  findAnswerRepo,
  findBangItemRepo,
  findPoliticsRepo,
  findQuestionRepo,
  findVisibleAnswerRepo,
  incrementAnswerLikeRepo,
  incrementBangItemLikeRepo,
  bangScopeOf,
  type BangScope,
} from '../bangbang/repo.ts';
import { BANG_LIKE_KINDS } from '../bangbang/service.ts';
import { bangRoomClass } from '../../contract/bangbangRooms.ts';
import { bumpPostCommentCountRepo, findPostRepo, incrementPostLikeRepo, type PostRow } from '../discover/repo.ts';
import { awardPoints } from '../points/service.ts';
import { noteReport, type ReportedItem } from '../review/write.ts';
import { admitWrite, enqueue } from '../review/gate.ts';
import { commentArea } from '../moderation/registry.ts';
import {
  bumpNewsCommentCountRepo,
  claimIdempotencyRepo,
  deleteOwnCommentRepo,
  findCommentRepo,
  findCommentWithWriterRepo,
  findIdempotencyRepo,
  findNewsTargetRepo,
  firstDayPostsRepo,
  incrementCommentLikeRepo,
  incrementNewsLikeRepo,
  insertCommentRepo,
  insertReportRepo,
  isPublicComment,
  listRepliesRepo,
  listTopCommentsRepo,
  recentSameTextRepo,
  reportOptionsRepo,
  rowsByIdRepo,
  type CommentRow,
  type NewsTarget,
  type ReplyContext,
  toCommentReply,
} from './repo.ts';
import { profilesRepo, type Profile } from '../profiles/repo.ts';
import { hasLikedRepo, insertLikeRepo, likedIdsRepo } from '../likes/repo.ts';

export const MESSAGES = {
  liked: '点赞成功',
  alreadyLiked: '你已经点过赞了',
  likeFailed: '点赞失败',
  likeNotAllowed: '该内容不支持点赞',
  likeTargetMissing: '点赞对象不存在',
  newsMissing: '新闻不存在或已下线',
  bangItemMissing: '内容不存在或已删除',
  commentsClosed: '该内容暂不开放评论',
  commentPosted: '评论成功',
  commentHeld: '评论成功，审核通过后将公开显示',
  replyTargetMissing: '回复的评论不存在或已删除',
  commentMissing: '评论不存在或已删除',
  duplicateText: '请勿重复发表相同的内容',
  notOwnComment: '只能删除自己的评论',
  deleted: '删除成功！',
  chooseReason: '请选择举报内容',
  badReason: '举报理由不在可选范围内',
  tooManyReasons: `举报理由最多 ${REPORT_MAX_REASONS} 项`,
  reported: '举报成功',
  alreadyReported: '你已经举报过了，我们会尽快处理',
  idempotencyReused: '该 Idempotency-Key 已用于其他内容',
  newAccountTopLevelCap: `新注册用户首日最多发表 ${NEW_ACCOUNT_MAX_TOP_LEVEL} 条评论，请明天再来`,
  newAccountReplyCap: `新注册用户首日最多回复 ${NEW_ACCOUNT_MAX_REPLIES} 次，请明天再来`,
} as const;

/** Permission bit value 8 hides the like button; the server refuses too (spec 5, security.md E37). */
export const PERMISSION_NO_LIKE = 8;

/** Likes: ≤30 / min and ≤500 / day per user (security.md C2). */
const LIKE_RULES = perMinuteAndDay(30, 500);
/** Posts: one per 5 s, ≤300 / 3 h per user (security.md C2). */
const POST_RULES = paced(5_000, 300, 3 * 3600_000);
/** Posts of a new account (<24 h): one per 30 s (security.md C2, Discourse rate_limit_new_user_create_post). */
const NEW_ACCOUNT_POST_RULES = paced(30_000, 300, 3 * 3600_000);
/** Deletes: ≤2 / min, ≤10 / day (security.md J79). */
const DELETE_RULES = perMinuteAndDay(2, 10);
/** Reports: ≤20 / day (security.md J78). */
const REPORT_RULES: RateRule[] = [{ max: 20, windowMs: DAY_MS }];

/** The same text from one user within 5 minutes is a duplicate (security.md C2). */
const DUPLICATE_WINDOW_MS = 5 * 60_000;
/** Idempotency keys are kept 24 h (security.md C4). */
const IDEMPOTENCY_TTL_MS = 24 * 3600_000;

/** Business op of a room message carrying an item's counts (src/server/realtime/roomId.ts). */
export const OP_COUNTS = 1001;

export type InteractionContext = ServiceContext;

function publishCounts(deps: AppDeps, classId: number, newsId: number, counts: { likeNum: number; commentCount: number }): void {
  try {
    deps.realtime?.publish(`news:${classId}:${newsId}`, OP_COUNTS, counts);
  } catch (err) {
    // A broadcast is best effort: the write is committed and the answer must say so.
    deps.log.warn({ err: { message: (err as Error).message } }, 'realtime publish failed');
  }
}

/** The comment classid (spec 7.4) of each bangbang scope. */
const BANG_CLASSID: Readonly<Record<BangScope, 1 | 2 | 4>> = { bang1: 1, bang2: 2, bang4: 4 };

function isBangScope(scope: string): scope is BangScope {
  return scope in BANG_CLASSID;
}

/** A bangbang item's counts go to its own room (contract/bangbangRooms.ts), never a news item's. */
function publishBangCounts(deps: AppDeps, scope: BangScope, id: number, counts: { likeNum: number; commentCount: number }): void {
  try {
    deps.realtime?.publish(`news:${bangRoomClass(BANG_CLASSID[scope])}:${id}`, OP_COUNTS, counts);
  } catch (err) {
    // A broadcast is best effort: the write is committed and the answer must say so.
    deps.log.warn({ err: { message: (err as Error).message } }, 'realtime publish failed');
  }
}

async function requireNews(db: Db, classId: number, newsId: number): Promise<NewsTarget> {
  const target = await findNewsTargetRepo(db, classId, newsId);
  if (!target) throw fail(StatusCode.notFound, MESSAGES.newsMissing);
  return target;
}

/** The item comments are about: a news article, or a bangbang item (spec 7.4 from=bang), with what the rules read. */
interface CommentTarget extends NewsTarget {
  scope: CommentTargetRef['scope'];
}

/** The discover post kind in the likes table (src/server/discover/service.ts QUAN_LIKE_KIND). */
const QUAN_LIKE_KIND = 'quan_post';

/**
 * A discover post others may act on: live and approved, named with its own topic (classId). Its author
 * may also act on it while it is pending (a pending or rejected post is seen by its author only).
 */
async function requirePost(db: Db, classId: number, id: number, viewerId: number | null): Promise<PostRow> {
  const post = await findPostRepo(db, id);
  if (!post || post.topicId !== classId || (post.reviewState !== 'approved' && post.userId !== viewerId))
    throw fail(StatusCode.notFound, MESSAGES.bangItemMissing);
  return post;
}

async function requireTarget(db: Db, ref: CommentTargetRef, viewerId: number | null = null): Promise<CommentTarget> {
  if (ref.scope === 'news') return { scope: 'news', ...(await requireNews(db, ref.classId, ref.newsId)) };
  if (ref.scope === 'quan') {
    const post = await requirePost(db, ref.classId, ref.newsId, viewerId);
    return {
      scope: 'quan',
      id: post.id,
      classId: post.topicId,
      allowPl: true,
      hideComments: false,
      permission: 0,
      likeNum: post.likeNum,
      commentCount: post.commentCount,
      pv: post.pv,
      dataType: 0,
    };
  }
  // A bangbang item in review is missing for all but its author (bangbang/repo.ts findVisibleRepo).
  const item = await findBangItemRepo(db, ref.scope, ref.newsId, viewerId);
  if (!item) throw fail(StatusCode.notFound, MESSAGES.bangItemMissing);
  // Bangbang items are always open to comments; they have no permission bits.
  return {
    scope: ref.scope,
    id: item.id,
    classId: ref.classId,
    allowPl: true,
    hideComments: false,
    permission: 0,
    likeNum: item.likeNum,
    commentCount: item.commentCount,
    pv: 0,
    dataType: 0,
  };
}

/**
 * Whether the item a comment belongs to is one `viewerId` may see: a bangbang item or a discover post in
 * review is its author's alone, and so are its comments (liking or reporting one must not tell others
 * the item exists). Articles answer for themselves (requireNews).
 */
async function commentItemVisible(db: Db, comment: CommentRow, viewerId: number | null): Promise<boolean> {
  if (isBangScope(comment.scope)) return (await findBangItemRepo(db, comment.scope, comment.newsId, viewerId)) !== null;
  if (comment.scope === 'quan') {
    const post = await findPostRepo(db, comment.newsId);
    return post !== null && (post.reviewState === 'approved' || post.userId === viewerId);
  }
  return true;
}

/** Adds `delta` to the comment count of the target a comment belongs to; returns the new count. */
async function bumpCommentCount(tx: Tx, scope: string, newsId: number, delta: number): Promise<number> {
  if (scope === 'news') return bumpNewsCommentCountRepo(tx, newsId, delta);
  if (isBangScope(scope)) return bumpBangCommentCountRepo(tx, scope, newsId, delta);
  if (scope === 'quan') return bumpPostCommentCountRepo(tx, newsId, delta);
  return 0;
}

// ── likes ──────────────────────────────────────────────────────────────────────────────────────

export interface LikeInput {
  classId?: number | undefined;
  newsId?: number | undefined;
  commentId?: number | undefined;
  bangId?: number | undefined;
  type: 1 | 2 | 3 | 4 | 6;
  from?: string | undefined;
}

type LikeTarget =
  | { kind: 'news'; id: number; news: NewsTarget }
  | { kind: 'comment'; id: number; comment: CommentRow }
  | { kind: 'bang_politics' | 'bang_qa' | 'bang_tip'; id: number; scope: BangScope; likeNum: number }
  | { kind: 'bang_answer'; id: number; likeNum: number }
  | { kind: typeof QUAN_LIKE_KIND; id: number; likeNum: number };

async function resolveLikeTarget(db: Db, input: LikeInput, viewerId: number): Promise<LikeTarget> {
  if (input.from === 'quan' && input.type === 1) {
    // Spec 7.3: the like wrapper of discover views sends classId, newsId, type=1 (here with from=quan).
    if (input.classId === undefined || input.newsId === undefined) throw fail(StatusCode.badParams, '参数错误: 缺少 classId 或 newsId');
    const post = await findPostRepo(db, input.newsId);
    if (!post || post.topicId !== input.classId || (post.reviewState !== 'approved' && post.userId !== viewerId))
      throw fail(StatusCode.fail, MESSAGES.likeTargetMissing);
    return { kind: QUAN_LIKE_KIND, id: post.id, likeNum: post.likeNum };
  }
  if (input.type === 6) {
    // Spec 9: a Q&A answer, liked by bangId (commentId is accepted as the same id from older clients).
    const answerId = input.bangId ?? input.commentId;
    if (answerId === undefined) throw fail(StatusCode.badParams, '参数错误: 缺少 bangId');
    const answer = await findVisibleAnswerRepo(db, answerId, viewerId);
    if (!answer || (input.newsId !== undefined && input.newsId !== answer.questionId)) throw fail(StatusCode.fail, MESSAGES.likeTargetMissing);
    return { kind: 'bang_answer', id: answer.id, likeNum: answer.likeNum };
  }
  if (input.from === 'bang' && (input.type === 1 || input.type === 2 || input.type === 4)) {
    // Spec 7.3: a politics (type 1) or Q&A (type 2) item of the bangbang board, by newsId; type 4 a tip (爆料).
    if (input.newsId === undefined) throw fail(StatusCode.badParams, '参数错误: 缺少 newsId');
    const scope = bangScopeOf(input.type);
    const item = await findBangItemRepo(db, scope, input.newsId, viewerId);
    if (!item) throw fail(StatusCode.fail, MESSAGES.likeTargetMissing);
    const kind = scope === 'bang2' ? BANG_LIKE_KINDS.qa : scope === 'bang4' ? BANG_LIKE_KINDS.tip : BANG_LIKE_KINDS.politics;
    return { kind, id: item.id, scope, likeNum: item.likeNum };
  }
  // Type 4 names a tip, which is liked only from=bang.
  if (input.type === 4) throw fail(StatusCode.badParams, '参数错误: 爆料点赞须带 from=bang');
  if (input.type === 1) {
    if (input.classId === undefined || input.newsId === undefined) throw fail(StatusCode.badParams, '参数错误: 缺少 classId 或 newsId');
    const news = await findNewsTargetRepo(db, input.classId, input.newsId);
    if (!news) throw fail(StatusCode.fail, MESSAGES.likeTargetMissing);
    if ((news.permission & PERMISSION_NO_LIKE) !== 0) throw fail(StatusCode.fail, MESSAGES.likeNotAllowed);
    return { kind: 'news', id: news.id, news };
  }
  // Type 2: a comment of an article; type 3: a comment of the bangbang board.
  if (input.commentId === undefined) throw fail(StatusCode.badParams, '参数错误: 缺少 commentId');
  const comment = await findCommentRepo(db, input.commentId);
  const scopeOk = comment && (input.type === 2 ? comment.scope === (input.from === 'quan' ? 'quan' : 'news') : comment.scope.startsWith('bang'));
  if (!comment || !scopeOk || !isPublicComment(comment)) throw fail(StatusCode.fail, MESSAGES.likeTargetMissing);
  if (input.newsId !== undefined && input.newsId !== comment.newsId) throw fail(StatusCode.fail, MESSAGES.likeTargetMissing);
  if (!(await commentItemVisible(db, comment, viewerId))) throw fail(StatusCode.fail, MESSAGES.likeTargetMissing);
  return { kind: 'comment', id: comment.id, comment };
}

export async function likeService(ctx: InteractionContext, user: AuthUser, input: LikeInput): Promise<{ data: LikeResult; message: string }> {
  const { database } = ctx.deps;
  const target = await resolveLikeTarget(database.db, input, user.userId);
  const current = () => (target.kind === 'news' ? target.news.likeNum : target.kind === 'comment' ? target.comment.likeNum : target.likeNum);
  // A retry of a like that already happened answers at once, without spending the rate limit.
  if (await hasLikedRepo(database.db, user.userId, target.kind, target.id)) {
    return { data: { voteType: 1, likeNum: current() }, message: MESSAGES.alreadyLiked };
  }
  await ctx.limiter.take([{ key: `like:user:${user.userId}`, rules: LIKE_RULES }]);
  const outcome = await database.write(async (tx) => {
    const inserted = await insertLikeRepo(tx, user.userId, target.kind, target.id);
    // The counter moves only when this call added the row (security.md M100).
    if (!inserted) return { inserted, likeNum: null, commentCount: 0 };
    if (target.kind === 'news') return { inserted, ...(await incrementNewsLikeRepo(tx, target.id)) };
    if (target.kind === 'comment') return { inserted, likeNum: await incrementCommentLikeRepo(tx, target.id), commentCount: 0 };
    if (target.kind === 'bang_answer') return { inserted, likeNum: await incrementAnswerLikeRepo(tx, target.id), commentCount: 0 };
    if (target.kind === QUAN_LIKE_KIND) return { inserted, likeNum: await incrementPostLikeRepo(tx, target.id), commentCount: 0 };
    return { inserted, ...(await incrementBangItemLikeRepo(tx, target.scope, target.id)) };
  });
  if (!outcome.inserted) {
    return { data: { voteType: 1, likeNum: (await freshLikeNum(database.db, target)) ?? current() }, message: MESSAGES.alreadyLiked };
  }
  if (target.kind === 'news') publishCounts(ctx.deps, target.news.classId, target.id, { likeNum: outcome.likeNum, commentCount: outcome.commentCount });
  if (target.kind === 'bang_politics' || target.kind === 'bang_qa' || target.kind === 'bang_tip')
    publishBangCounts(ctx.deps, target.scope, target.id, { likeNum: outcome.likeNum, commentCount: outcome.commentCount });
  return { data: { voteType: 1, likeNum: outcome.likeNum }, message: MESSAGES.liked };
}

/** A target's like count as stored now (a concurrent like may have moved it). */
async function freshLikeNum(db: Db, target: LikeTarget): Promise<number | undefined> {
  switch (target.kind) {
    case 'news':
      return (await findNewsTargetRepo(db, target.news.classId, target.id))?.likeNum;
    case 'comment':
      return (await findCommentRepo(db, target.id))?.likeNum;
    case 'bang_answer':
      return (await findAnswerRepo(db, target.id))?.likeNum;
    case QUAN_LIKE_KIND:
      return (await findPostRepo(db, target.id))?.likeNum;
    default:
      return (await findBangItemRepo(db, target.scope, target.id, null))?.likeNum;
  }
}

export async function likeStateService(db: Db, viewer: AuthUser | null, classId: number, newsId: number) {
  const target = await requireNews(db, classId, newsId);
  const liked = viewer ? await hasLikedRepo(db, viewer.userId, 'news', target.id) : false;
  return { isDoLike: liked ? 1 : 0, doLikeNum: target.likeNum, commentCount: target.commentCount, onclick: target.pv };
}

/** A live comment this reader may see: approved, or their own in review (docs/adr/018-one-review-model.md). */
function seenBy(row: CommentRow, viewerId: number | null): boolean {
  return row.deletedAt === null && (row.reviewState === 'approved' || row.userId === viewerId);
}

// ── comment lists ──────────────────────────────────────────────────────────────────────────────

/**
 * What the list's items are shown with. Writers read with their comments (`writer`, listTopCommentsRepo) are not read again: only the writers of answered comments outside the list, and of rows read
 * without them, are.
 */
async function replyContext(db: Db, viewer: AuthUser | null, rows: (CommentRow & { writer?: Profile | null })[]): Promise<ReplyContext> {
  const known = new Map(rows.map((r) => [r.id, r]));
  const missingParents = [...new Set(rows.map((r) => r.parentId).filter((id): id is number => id !== null && !known.has(id)))];
  const fetched = await rowsByIdRepo(db, missingParents);
  const parents = new Map([...known, ...fetched]);
  const profiles = new Map<number, Profile>();
  const read = new Set<number>();
  for (const r of rows) {
    if (r.writer === undefined) continue;
    read.add(r.userId);
    if (r.writer) profiles.set(r.userId, r.writer);
  }
  const userIds = [...new Set([...parents.values()].map((r) => r.userId))].filter((id) => !read.has(id));
  const [more, liked] = await Promise.all([
    profilesRepo(db, userIds),
    viewer
      ? likedIdsRepo(
          db,
          viewer.userId,
          'comment',
          rows.map((r) => r.id),
        )
      : Promise.resolve(new Set<number>()),
  ]);
  for (const [id, profile] of more) profiles.set(id, profile);
  return { viewerId: viewer?.userId ?? null, liked, profiles, parents };
}

export interface PageInput {
  page: number;
  pageSize: number;
  maxId: number | undefined;
}

export async function listCommentsService(db: Db, viewer: AuthUser | null, ref: CommentTargetRef, paging: PageInput): Promise<CommentItem[]> {
  const viewerId = viewer?.userId ?? null;
  // The item is checked while its top comments and their first replies are read (a target's scope and id are the
  // reference's own), so the two queries go to the database together; the comments are dropped unless the item may
  // show them.
  const [target, { tops, replies }] = await Promise.all([
    requireTarget(db, ref, viewerId),
    listTopCommentsRepo(db, { viewerId, scope: ref.scope, newsId: ref.newsId, ...paging }, SUB_COMMENTS_SHOWN),
  ]);
  // Spec 5 flag pl: the article's comments are hidden.
  if (target.hideComments) return [];
  const ctx = await replyContext(db, viewer, [...tops, ...replies]);
  return tops.map((top) => {
    const sub = replies.filter((r) => r.rootId === top.id).map((r) => toCommentReply(r, ctx));
    return { ...toCommentReply(top, ctx), subComments: sub, hasMoreSubComments: top.replyNum > sub.length };
  });
}

export async function listRepliesService(
  db: Db,
  viewer: AuthUser | null,
  ref: CommentTargetRef,
  plId: number,
  paging: PageInput,
): Promise<{ comment: CommentItem; list: CommentReply[] }> {
  const viewerId = viewer?.userId ?? null;
  // The item, the thread's root and its page of replies, each with its writer, are read together; the replies are
  // dropped unless the root is a comment of that item this reader may see.
  const [target, root, list] = await Promise.all([
    requireTarget(db, ref, viewerId),
    findCommentWithWriterRepo(db, plId),
    listRepliesRepo(db, plId, paging.page, paging.pageSize, paging.maxId, viewerId),
  ]);
  if (target.hideComments || !root || !seenBy(root, viewerId) || root.scope !== target.scope || root.newsId !== target.id || root.rootId !== null) {
    throw fail(StatusCode.notFound, MESSAGES.commentMissing);
  }
  const ctx = await replyContext(db, viewer, [root, ...list]);
  return {
    comment: { ...toCommentReply(root, ctx), subComments: [], hasMoreSubComments: root.replyNum > 0 },
    list: list.map((r) => toCommentReply(r, ctx)),
  };
}

// ── posting ────────────────────────────────────────────────────────────────────────────────────

export interface StoreInput {
  target: CommentTargetRef;
  plId?: number | undefined;
  grandPid?: number | undefined;
  pId?: number | undefined;
  sayText: string;
  conpic: string[];
}

/** Decides the thread of a reply; refuses ids of another article, deleted comments and forged ids (security.md E36). */
async function resolveThread(db: Db, input: StoreInput, target: CommentTarget, userId: number): Promise<{ rootId: number | null; parentId: number | null }> {
  const rootHint = input.plId ?? input.grandPid;
  if (rootHint === undefined && input.pId === undefined) return { rootId: null, parentId: null };
  // Only a comment the writer can see may be answered: a comment in review is its author's alone.
  const live = (row: CommentRow | null): row is CommentRow =>
    row !== null && seenBy(row, userId) && row.scope === target.scope && row.newsId === target.id && row.classId === target.classId;
  const parent = input.pId === undefined ? null : await findCommentRepo(db, input.pId);
  if (input.pId !== undefined && !live(parent)) throw fail(StatusCode.notFound, MESSAGES.replyTargetMissing);
  const rootId = rootHint ?? parent?.rootId ?? parent?.id;
  const root = rootId === undefined ? null : rootId === parent?.id ? parent : await findCommentRepo(db, rootId);
  if (!live(root) || root.rootId !== null) throw fail(StatusCode.notFound, MESSAGES.replyTargetMissing);
  if (parent && parent.id !== root.id && parent.rootId !== root.id) throw fail(StatusCode.notFound, MESSAGES.replyTargetMissing);
  return { rootId: root.id, parentId: parent?.id ?? root.id };
}

/**
 * New accounts (<24 h) may start at most 3 threads and write at most 10 replies (security.md C2, J76).
 * Counted from the comments table, so the caps survive a restart and hold across nodes; deleted posts
 * count. Two concurrent posts cannot both slip past the count: the 30 s interval taken right after
 * lets only one of them through. Returns whether the account is new.
 */
async function checkFirstDayCaps(db: Db, userId: number, topLevel: boolean): Promise<boolean> {
  const firstDay = await firstDayPostsRepo(db, userId);
  if (!firstDay || Date.now() - firstDay.accountCreatedAt.getTime() >= NEW_ACCOUNT_MS) return false;
  if (topLevel && firstDay.topLevel >= NEW_ACCOUNT_MAX_TOP_LEVEL) throw fail(StatusCode.tooFrequent, MESSAGES.newAccountTopLevelCap);
  if (!topLevel && firstDay.replies >= NEW_ACCOUNT_MAX_REPLIES) throw fail(StatusCode.tooFrequent, MESSAGES.newAccountReplyCap);
  return true;
}

class IdempotencyRace extends Error {}

function canonicalHash(input: StoreInput): string {
  const canonical = JSON.stringify([
    input.target.scope,
    input.target.classId,
    input.target.newsId,
    input.plId ?? input.grandPid ?? 0,
    input.pId ?? 0,
    input.sayText,
    input.conpic,
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}

function replay(record: { bodyHash: string; response: unknown }, bodyHash: string): { data: CommentReply; message: string } {
  if (record.bodyHash !== bodyHash) throw fail(StatusCode.unprocessable, MESSAGES.idempotencyReused);
  const reply = record.response as CommentReply;
  return { data: reply, message: reply.reviewState === 'pending' ? MESSAGES.commentHeld : MESSAGES.commentPosted };
}

export async function storeCommentService(
  ctx: InteractionContext,
  c: Context,
  user: AuthUser,
  input: StoreInput,
): Promise<{ data: CommentReply; message: string }> {
  const { database } = ctx.deps;
  const db = database.db;
  const key = callKey(c) ?? undefined;
  const bodyHash = canonicalHash(input);
  const keySince = () => new Date(Date.now() - IDEMPOTENCY_TTL_MS);
  // A retry with the same key answers what the first call answered, before any other rule runs.
  if (key !== undefined) {
    const earlier = await findIdempotencyRepo(db, user.userId, key, keySince());
    if (earlier) return replay(earlier, bodyHash);
  }
  const target = await requireTarget(db, input.target, user.userId);
  // allowPl=false and the pl flag are enforced here, not only by hiding the input (security.md E37).
  if (!target.allowPl || target.hideComments) throw fail(StatusCode.forbidden, MESSAGES.commentsClosed);
  const thread = await resolveThread(db, input, target, user.userId);
  await checkPictures(ctx.deps, user.userId, input.conpic);
  // The one door of every reader write (src/server/review/gate.ts): mute, emergency switch, word list, review before publish.
  const area = commentArea(target.scope, target.dataType);
  const admission = await admitWrite(db, { userId: user.userId, area, text: input.sayText });
  if (await recentSameTextRepo(db, user.userId, input.sayText, new Date(Date.now() - DUPLICATE_WINDOW_MS))) {
    throw fail(StatusCode.fail, MESSAGES.duplicateText);
  }
  const newAccount = await checkFirstDayCaps(db, user.userId, thread.rootId === null);
  // Same key for both rule sets: the 30 s interval of a new account counts the same posts as the 5 s one.
  await ctx.limiter.take([{ key: `comment:user:${user.userId}`, rules: newAccount ? NEW_ACCOUNT_POST_RULES : POST_RULES }]);
  let result: { reply: CommentReply; commentCount: number };
  try {
    result = await database.write(async (tx) => {
      const row = await insertCommentRepo(tx, {
        scope: target.scope,
        classId: target.classId,
        newsId: target.id,
        rootId: thread.rootId,
        parentId: thread.parentId,
        userId: user.userId,
        text: input.sayText,
        pictures: input.conpic,
        // No IP-region database is configured; the field stays empty rather than guessed.
        region: '',
        reviewState: admission.state,
      });
      await enqueue(tx, { kind: 'comment', itemId: row.id, area, userId: user.userId, excerpt: input.sayText, admission });
      // A comment held for review is not counted until it is approved (src/server/moderation/registry.ts).
      const commentCount = admission.state === 'approved' ? await bumpCommentCount(tx, target.scope, target.id, 1) : target.commentCount;
      // The first comment of the day earns points, in the comment's own transaction (ADR 012).
      await awardPoints(tx, { userId: user.userId, reason: 'comment', ref: String(row.id) });
      const parents = new Map<number, CommentRow>();
      if (thread.parentId !== null) {
        const parent = await findCommentRepo(tx, thread.parentId);
        if (parent) parents.set(parent.id, parent);
      }
      const profiles = await profilesRepo(tx, [user.userId, ...[...parents.values()].map((p) => p.userId)]);
      const reply = toCommentReply(row, { viewerId: user.userId, liked: new Set(), profiles, parents });
      // The key is stored in the comment's own transaction: both exist, or neither (security.md C6).
      if (key !== undefined && !(await claimIdempotencyRepo(tx, user.userId, key, bodyHash, reply, keySince()))) {
        throw new IdempotencyRace();
      }
      return { reply, commentCount };
    });
  } catch (err) {
    if (!(err instanceof IdempotencyRace) || key === undefined) throw err;
    const winner = await findIdempotencyRepo(db, user.userId, key, keySince());
    if (!winner) throw err;
    return replay(winner, bodyHash);
  }
  if (admission.state === 'pending') return { data: result.reply, message: MESSAGES.commentHeld };
  if (target.scope === 'news') publishCounts(ctx.deps, target.classId, target.id, { likeNum: target.likeNum, commentCount: result.commentCount });
  if (isBangScope(target.scope)) publishBangCounts(ctx.deps, target.scope, target.id, { likeNum: target.likeNum, commentCount: result.commentCount });
  return { data: result.reply, message: MESSAGES.commentPosted };
}

/** `bang`: the spec 7.4 bangbang delete (id=plId, from=bang) names a comment of a bangbang item only. */
export async function deleteCommentService(
  ctx: InteractionContext,
  user: AuthUser,
  plId: number,
  bang = false,
): Promise<{ plId: number; commentCount: number }> {
  const { database } = ctx.deps;
  const row = await findCommentRepo(database.db, plId);
  if (!row || row.deletedAt !== null || (bang && row.scope === 'news')) throw fail(StatusCode.notFound, MESSAGES.commentMissing);
  // Only the author deletes (security.md E34); belongMyself is never read from the request.
  if (row.userId !== user.userId) throw fail(StatusCode.forbidden, MESSAGES.notOwnComment);
  await ctx.limiter.take([{ key: `delete:user:${user.userId}`, rules: DELETE_RULES }]);
  const outcome = await database.write(async (tx) => {
    const { deleted, counted } = await deleteOwnCommentRepo(tx, plId, user.userId, new Date());
    const commentCount = counted > 0 ? await bumpCommentCount(tx, row.scope, row.newsId, -counted) : null;
    return { deleted, commentCount };
  });
  if (outcome.deleted === 0) throw fail(StatusCode.notFound, MESSAGES.commentMissing);
  if (isBangScope(row.scope)) {
    const item = await findBangItemRepo(database.db, row.scope, row.newsId, user.userId);
    const commentCount = outcome.commentCount ?? item?.commentCount ?? 0;
    if (item) publishBangCounts(ctx.deps, row.scope, item.id, { likeNum: item.likeNum, commentCount });
    return { plId, commentCount };
  }
  if (row.scope !== 'news') return { plId, commentCount: outcome.commentCount ?? 0 };
  const target = await findNewsTargetRepo(database.db, row.classId, row.newsId);
  const commentCount = outcome.commentCount ?? target?.commentCount ?? 0;
  if (target) publishCounts(ctx.deps, target.classId, target.id, { likeNum: target.likeNum, commentCount });
  return { plId, commentCount };
}

// ── reports ────────────────────────────────────────────────────────────────────────────────────

/** Reasons from `content`: split on commas, trimmed, deduplicated; each must be on the server's list (security.md F51). */
export function decideReasons(content: string, options: ReportOptions): string[] {
  const chosen = [
    ...new Set(
      content
        .split(/[,，]/)
        .map((s) => s.trim())
        .filter((s) => s !== ''),
    ),
  ];
  if (chosen.length === 0) throw fail(StatusCode.fail, MESSAGES.chooseReason);
  if (chosen.length > REPORT_MAX_REASONS) throw fail(StatusCode.badParams, MESSAGES.tooManyReasons);
  if (chosen.some((r) => !options.type.includes(r))) throw fail(StatusCode.badParams, MESSAGES.badReason);
  return chosen;
}

export interface ReportInput {
  /** 'bang_politics' / 'bang_qa' / 'bang_tip': a bangbang item (classId 1 / 2 / 4, newsId the item id). */
  kind: 'news' | 'comment' | 'bang_politics' | 'bang_qa' | 'bang_tip';
  classId: number;
  newsId: number;
  commentId: number;
  platformId: number;
  content: string;
}

export async function reportService(ctx: InteractionContext, user: AuthUser, input: ReportInput): Promise<{ id: number }> {
  const { database } = ctx.deps;
  const db = database.db;
  const reasons = decideReasons(input.content, await reportOptionsRepo(db));
  let commentText = '';
  // What the report puts on the desk's 被举报 (src/server/moderation/desk.ts noteReport).
  let onDesk: ReportedItem;
  if (input.kind === 'news') {
    const news = await requireNews(db, input.classId, input.newsId);
    onDesk = { kind: 'article', itemId: news.id, area: 'news', userId: 0, excerpt: '', reasons };
  } else if (input.kind === 'bang_tip') {
    const tip = await findBangItemRepo(db, 'bang4', input.newsId, user.userId);
    if (!tip) throw fail(StatusCode.notFound, MESSAGES.bangItemMissing);
    onDesk = { kind: 'bang_tip', itemId: tip.id, area: 'baoliao', userId: tip.userId, excerpt: tip.title, reasons };
  } else if (input.kind === 'bang_politics' || input.kind === 'bang_qa') {
    const scope = input.kind === 'bang_qa' ? 'bang2' : 'bang1';
    await requireTarget(db, { scope, classId: input.classId, newsId: input.newsId }, user.userId);
    const item = scope === 'bang2' ? await findQuestionRepo(db, input.newsId) : await findPoliticsRepo(db, input.newsId);
    onDesk = {
      kind: scope === 'bang2' ? 'bang_question' : 'bang_politics',
      itemId: input.newsId,
      area: scope === 'bang2' ? 'bangbang' : 'wenzheng',
      userId: item?.userId ?? 0,
      excerpt: item?.title ?? '',
      reasons,
    };
  } else {
    const comment = await findCommentRepo(db, input.commentId);
    // The comment must be public, on the named item, and that item visible to the reporter; its text is the
    // server's copy, never commentContent.
    if (!comment || !isPublicComment(comment) || comment.newsId !== input.newsId || !(await commentItemVisible(db, comment, user.userId))) {
      throw fail(StatusCode.notFound, MESSAGES.commentMissing);
    }
    commentText = comment.text;
    // A live or video item's comments are the 直播与视频 area's (spec 7.5 live reports: classId 12 on the live page).
    const dataType = comment.scope === 'news' ? ((await findNewsTargetRepo(db, comment.classId, comment.newsId))?.dataType ?? 0) : 0;
    onDesk = { kind: 'comment', itemId: comment.id, area: commentArea(comment.scope, dataType), userId: comment.userId, excerpt: comment.text, reasons };
  }
  await ctx.limiter.take([{ key: `report:user:${user.userId}`, rules: REPORT_RULES }]);
  const id = await database.write(async (tx) => {
    const reportId = await insertReportRepo(tx, {
      userId: user.userId,
      kind: input.kind,
      classId: input.classId,
      newsId: input.newsId,
      commentId: input.commentId,
      platformId: input.platformId,
      reasons: reasons.join(','),
      commentText,
    });
    // A repeated report changes nothing on the desk either.
    if (reportId !== null) await noteReport(tx, onDesk);
    return reportId;
  });
  if (id === null) throw fail(StatusCode.fail, MESSAGES.alreadyReported);
  return { id };
}

export function reportOptionsService(db: Db): Promise<ReportOptions> {
  return reportOptionsRepo(db);
}
