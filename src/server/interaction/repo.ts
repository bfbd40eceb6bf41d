/** Interaction data access: likes, comments, idempotency keys, reports; maps rows to the spec's fields. */
import { and, asc, desc, eq, getTableColumns, gt, gte, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { prepared } from '../db/prepared.ts';
import type { CommentReply, ReportOptions } from '../../contract/interaction.ts';
import { formatBeijingTime } from '../../lib/formatTime.ts';
import type { Db, Tx } from '../db/client.ts';
import { addOne, addOneReturningCounts, hasRow } from '../db/rows.ts';
import { users } from '../db/schema/accounts.ts';
import { appConfig, news } from '../db/schema/core.ts';
import { newsDetailExtras } from '../db/schema/detail.ts';
import type { Profile } from '../profiles/repo.ts';
import { commentIdempotency, comments, reports } from '../db/schema/interaction.ts';

type Q = Db | Tx;
export type CommentRow = typeof comments.$inferSelect;

// ── articles ───────────────────────────────────────────────────────────────────────────────────

export interface NewsTarget {
  id: number;
  classId: number;
  allowPl: boolean;
  /** Spec 5 flag pl: comments hidden on this article. */
  hideComments: boolean;
  permission: number;
  likeNum: number;
  commentCount: number;
  pv: number;
  /** Spec 2.11: 1 live, 21 video… (a live or video item's comments are the desk's 直播与视频 area). */
  dataType: number;
}

// The reads of every comment list a page renders are built once (src/server/db/prepared.ts) and run with their values.
const placeholder = sql.placeholder;

const newsTargetQuery = prepared('comments_news_target', (db, name) =>
  db
    .select({
      id: news.id,
      classId: news.classId,
      allowPl: news.allowPl,
      hideComments: newsDetailExtras.hideComments,
      permission: news.permission,
      likeNum: news.likeNum,
      commentCount: news.commentCount,
      pv: news.pv,
      dataType: news.dataType,
    })
    .from(news)
    .leftJoin(newsDetailExtras, eq(newsDetailExtras.newsId, news.id))
    .where(and(eq(news.id, placeholder('newsId')), eq(news.classId, placeholder('classId'))))
    .limit(1)
    .prepare(name),
);

export async function findNewsTargetRepo(db: Q, classId: number, newsId: number): Promise<NewsTarget | null> {
  const rows = await newsTargetQuery(db).execute({ classId, newsId });
  const row = rows[0];
  return row ? { ...row, hideComments: row.hideComments ?? false } : null;
}

/** Adds `delta` to an article's comment count (never below 0); returns the new count. */
export async function bumpNewsCommentCountRepo(tx: Tx, newsId: number, delta: number): Promise<number> {
  const rows = await tx
    .update(news)
    .set({ commentCount: sql`greatest(${news.commentCount} + ${delta}, 0)` })
    .where(eq(news.id, newsId))
    .returning({ commentCount: news.commentCount });
  return rows[0]?.commentCount ?? 0;
}

// ── likes ──────────────────────────────────────────────────────────────────────────────────────

export async function incrementNewsLikeRepo(tx: Tx, newsId: number): Promise<{ likeNum: number; commentCount: number }> {
  return addOneReturningCounts(tx, news, 'likeNum', newsId);
}

export async function incrementCommentLikeRepo(tx: Tx, commentId: number): Promise<number> {
  return addOne(tx, comments, 'likeNum', commentId);
}

// ── comments ───────────────────────────────────────────────────────────────────────────────────

export async function findCommentRepo(db: Q, id: number): Promise<CommentRow | null> {
  const rows = await db.select().from(comments).where(eq(comments.id, id)).limit(1);
  return rows[0] ?? null;
}

/**
 * What a reader may see of the comments (docs/adr/018-one-review-model.md): the approved ones, and their own in any
 * state (marked 审核中 or 未通过：reason).
 */
export function visibleTo(viewerId: number | null): SQL {
  return viewerId === null ? eq(comments.reviewState, 'approved') : or(eq(comments.reviewState, 'approved'), eq(comments.userId, viewerId))!;
}

/** `visibleTo` with the reader as the placeholder `viewerId` (null: no reader, so the approved ones alone). */
const visibleToViewer = or(eq(comments.reviewState, 'approved'), eq(comments.userId, placeholder('viewerId')));
/** The snapshot bound (security.md M101): the placeholder `maxId` is null for a page without a snapshot, which reads every id. */
const upToSnapshot = sql`(${placeholder('maxId')}::int is null or ${comments.id} <= ${placeholder('maxId')}::int)`;

/** Whether a comment counts in the public counters (comment_count, reply_num). */
export function isPublicComment(row: Pick<CommentRow, 'reviewState' | 'deletedAt'>): boolean {
  return row.reviewState === 'approved' && row.deletedAt === null;
}

export interface CommentPageQuery {
  /** Who reads: their own comments in review are shown to them. */
  viewerId: number | null;
  scope: string;
  newsId: number;
  page: number;
  pageSize: number;
  maxId: number | undefined;
}

/** A comment with its writer's profile as stored now, read in the same query (null when the account is gone). */
export type CommentWithWriter = CommentRow & { writer: Profile | null };

/** The writer's columns a comment read joins (users by comments.user_id), aliased so a subquery keeps them apart. */
const writerColumns = {
  writerNickname: sql<string | null>`${users.nickname}`.as('writer_nickname'),
  writerPic: sql<string | null>`${users.userPic}`.as('writer_pic'),
};

/** A read of comments with their writers' columns (`writerColumns`, users joined by comments.user_id), and `extra`. */
function selectWithWriter<E extends Record<string, SQL.Aliased>>(db: Q, extra: E) {
  return db
    .select({ ...getTableColumns(comments), ...writerColumns, ...extra })
    .from(comments)
    .leftJoin(users, eq(users.id, comments.userId));
}

function withWriter<R extends CommentRow>(row: R & { writerNickname: string | null; writerPic: string | null }): CommentWithWriter {
  const { writerNickname, writerPic, ...comment } = row;
  return { ...comment, writer: writerNickname === null ? null : { nickname: writerNickname, userPic: writerPic ?? '' } };
}

/** Which comments are a page of top-level ones: newest first; with maxId only those up to it (a stable snapshot, security.md M101). */
const topLevelPage = and(
  eq(comments.scope, placeholder('scope')),
  eq(comments.newsId, placeholder('newsId')),
  isNull(comments.rootId),
  isNull(comments.deletedAt),
  visibleToViewer,
  upToSnapshot,
);

/**
 * A page of top-level comments and the first `perRoot` live replies of each, all with their writers, in one read: the
 * page (rank 0) beside each of its comments' replies ranked oldest first (rank 1, 2, …). The replies' half finds the
 * page's ids by the same ordered, limited read of the index.
 */
const pageWithRepliesQuery = prepared('comments_page_with_replies', (db, name) => {
  const rank0 = sql<number>`0`.as('rank');
  const page = selectWithWriter(db, { rank: rank0 }).where(topLevelPage).orderBy(desc(comments.id)).limit(placeholder('limit')).offset(placeholder('offset'));
  const pageIds = db
    .select({ id: comments.id })
    .from(comments)
    .where(topLevelPage)
    .orderBy(desc(comments.id))
    .limit(placeholder('limit'))
    .offset(placeholder('offset'));
  const ranked = selectWithWriter(db, { rank: sql<number>`row_number() over (partition by ${comments.rootId} order by ${comments.id})`.as('rank') })
    .where(and(inArray(comments.rootId, pageIds), isNull(comments.deletedAt), visibleToViewer))
    .as('ranked');
  const replies = db
    .select()
    .from(ranked)
    .where(lte(ranked.rank, placeholder('perRoot')));
  return page.unionAll(replies).prepare(name);
});

/** A page of top-level comments, newest first, and the first `perRoot` live replies of each, oldest first; all with their writers. */
export async function listTopCommentsRepo(db: Q, q: CommentPageQuery, perRoot: number): Promise<{ tops: CommentWithWriter[]; replies: CommentWithWriter[] }> {
  const rows = await pageWithRepliesQuery(db).execute({
    scope: q.scope,
    newsId: q.newsId,
    viewerId: q.viewerId,
    maxId: q.maxId ?? null,
    limit: q.pageSize,
    offset: (q.page - 1) * q.pageSize,
    perRoot,
  });
  const tops: CommentWithWriter[] = [];
  const replies: CommentWithWriter[] = [];
  for (const { rank, ...row } of rows) (Number(rank) === 0 ? tops : replies).push(withWriter(row));
  tops.sort((a, b) => b.id - a.id);
  replies.sort((a, b) => a.id - b.id);
  return { tops, replies };
}

/** One comment with its writer, read in the same query (a thread's root on the reply page). */
export async function findCommentWithWriterRepo(db: Q, id: number): Promise<CommentWithWriter | null> {
  const rows = await selectWithWriter(db, {}).where(eq(comments.id, id)).limit(1);
  return rows[0] ? withWriter(rows[0]) : null;
}

/** Live replies of one root, oldest first, with their writers; with maxId only those up to it. */
export async function listRepliesRepo(
  db: Q,
  rootId: number,
  page: number,
  pageSize: number,
  maxId: number | undefined,
  viewerId: number | null,
): Promise<CommentWithWriter[]> {
  const rows = await selectWithWriter(db, {})
    .where(and(eq(comments.rootId, rootId), isNull(comments.deletedAt), visibleTo(viewerId), maxId === undefined ? undefined : lte(comments.id, maxId)))
    .orderBy(asc(comments.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return rows.map(withWriter);
}

export async function rowsByIdRepo(db: Q, ids: number[]): Promise<Map<number, CommentRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(comments).where(inArray(comments.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

/** True when the user posted this exact text within the window (security.md J76, Discourse unique_posts_mins). */
export async function recentSameTextRepo(db: Q, userId: number, text: string, since: Date): Promise<boolean> {
  return hasRow(db, comments, and(eq(comments.userId, userId), eq(comments.text, text), gt(comments.createdAt, since), isNull(comments.deletedAt)));
}

/** A user's account age and the posts counted against the first-day caps (security.md C2, J76). */
export interface FirstDayPosts {
  accountCreatedAt: Date;
  /** Top-level posts (new threads) since the account was created, deleted ones included. */
  topLevel: number;
  replies: number;
}

export async function firstDayPostsRepo(db: Q, userId: number): Promise<FirstDayPosts | null> {
  const [user] = await db.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) return null;
  // Deleted posts still count: deleting must not free a slot of the day's cap.
  const [counts] = await db
    .select({
      topLevel: sql<number>`count(*) filter (where ${comments.rootId} is null)`.mapWith(Number),
      replies: sql<number>`count(*) filter (where ${comments.rootId} is not null)`.mapWith(Number),
    })
    .from(comments)
    .where(and(eq(comments.userId, userId), gte(comments.createdAt, user.createdAt)));
  return { accountCreatedAt: user.createdAt, topLevel: counts?.topLevel ?? 0, replies: counts?.replies ?? 0 };
}

export interface NewComment {
  scope: string;
  classId: number;
  newsId: number;
  rootId: number | null;
  parentId: number | null;
  userId: number;
  text: string;
  pictures: string[];
  region: string;
  /** 'approved', or 'pending' when held for review (src/server/review/gate.ts). */
  reviewState: 'pending' | 'approved';
}

/** Inserts a comment and, when it is public, counts it on its root (reply_num); the caller counts it on the article. */
export async function insertCommentRepo(tx: Tx, c: NewComment): Promise<CommentRow> {
  const rows = await tx.insert(comments).values(c).returning();
  if (c.rootId !== null && c.reviewState === 'approved') {
    await tx
      .update(comments)
      .set({ replyNum: sql`${comments.replyNum} + 1` })
      .where(eq(comments.id, c.rootId));
  }
  return rows[0]!;
}

/**
 * Soft-deletes a comment of `userId` and, for a top-level comment, its live replies. Returns how many
 * live rows were deleted (0: not found, not the author's, or already deleted) and how many of them were
 * public (counted in comment_count; a comment in review never was).
 */
export async function deleteOwnCommentRepo(
  tx: Tx,
  id: number,
  userId: number,
  now: Date,
): Promise<{ deleted: number; counted: number; row: CommentRow | null }> {
  const rows = await tx
    .update(comments)
    .set({ deletedAt: now })
    .where(and(eq(comments.id, id), eq(comments.userId, userId), isNull(comments.deletedAt)))
    .returning();
  const row = rows[0];
  if (!row) return { deleted: 0, counted: 0, row: null };
  const self = row.reviewState === 'approved' ? 1 : 0;
  if (row.rootId === null) {
    const replies = await tx
      .update(comments)
      .set({ deletedAt: now })
      .where(and(eq(comments.rootId, row.id), isNull(comments.deletedAt)))
      .returning({ id: comments.id, reviewState: comments.reviewState });
    return { deleted: 1 + replies.length, counted: self + replies.filter((r) => r.reviewState === 'approved').length, row };
  }
  if (self === 1) {
    await tx
      .update(comments)
      .set({ replyNum: sql`greatest(${comments.replyNum} - 1, 0)` })
      .where(eq(comments.id, row.rootId));
  }
  return { deleted: 1, counted: self, row };
}

// ── idempotency keys ──────────────────────────────────────────────────────────────────────────

export interface IdempotencyRecord {
  bodyHash: string;
  response: unknown;
}

/** A key's record if it is younger than `since` (keys are kept 24 h, security.md C4). */
export async function findIdempotencyRepo(db: Q, userId: number, key: string, since: Date): Promise<IdempotencyRecord | null> {
  const rows = await db
    .select({ bodyHash: commentIdempotency.bodyHash, response: commentIdempotency.response })
    .from(commentIdempotency)
    .where(and(eq(commentIdempotency.userId, userId), eq(commentIdempotency.key, key), gt(commentIdempotency.createdAt, since)))
    .limit(1);
  return rows[0] ?? null;
}

/** Claims a key inside the comment's transaction; false when another request holds it. Expired keys are reused. */
export async function claimIdempotencyRepo(tx: Tx, userId: number, key: string, bodyHash: string, response: unknown, since: Date): Promise<boolean> {
  await tx
    .delete(commentIdempotency)
    .where(and(eq(commentIdempotency.userId, userId), eq(commentIdempotency.key, key), lte(commentIdempotency.createdAt, since)));
  const rows = await tx.insert(commentIdempotency).values({ userId, key, bodyHash, response }).onConflictDoNothing().returning({ id: commentIdempotency.id });
  return rows.length > 0;
}

// ── reports ────────────────────────────────────────────────────────────────────────────────────

/** Reasons and hot-line from the site texts (app_config 'detail', the same list the detail page shows). */
export async function reportOptionsRepo(db: Q): Promise<ReportOptions> {
  const rows = await db.select({ value: appConfig.value }).from(appConfig).where(eq(appConfig.key, 'detail')).limit(1);
  const value = rows[0]?.value as { repot?: Partial<ReportOptions> } | undefined;
  const repot = value?.repot;
  return {
    type: Array.isArray(repot?.type) ? repot.type.filter((t): t is string => typeof t === 'string') : [],
    tel: typeof repot?.tel === 'string' ? repot.tel : '',
  };
}

export interface NewReport {
  userId: number;
  kind: string;
  classId: number;
  newsId: number;
  commentId: number;
  platformId: number;
  reasons: string;
  commentText: string;
}

/** Inserts a report; null when this user already reported this target (security.md J78). */
export async function insertReportRepo(tx: Tx, r: NewReport): Promise<number | null> {
  const rows = await tx.insert(reports).values(r).onConflictDoNothing().returning({ id: reports.id });
  return rows[0]?.id ?? null;
}

// ── mapping ────────────────────────────────────────────────────────────────────────────────────

export interface ReplyContext {
  viewerId: number | null;
  liked: Set<number>;
  profiles: Map<number, Profile>;
  /** Rows of directly answered comments (for beCommenter). */
  parents: Map<number, CommentRow>;
}

const ANONYMOUS: Profile = { nickname: '网友', userPic: '' };

export function toCommentReply(row: CommentRow, ctx: ReplyContext): CommentReply {
  const author = ctx.profiles.get(row.userId) ?? ANONYMOUS;
  const parent = row.parentId === null ? undefined : ctx.parents.get(row.parentId);
  // A reply to a reply names whom it answers ("A 回复 B"); a reply to the thread's root does not.
  const beCommenter = parent && parent.rootId !== null ? (ctx.profiles.get(parent.userId) ?? ANONYMOUS).nickname : '';
  const time = formatBeijingTime(row.createdAt);
  const liked = ctx.liked.has(row.id) ? 1 : 0;
  return {
    id: row.id,
    plId: row.id,
    pId: row.parentId ?? 0,
    grandPid: row.rootId ?? 0,
    newsId: row.newsId,
    classId: row.classId,
    userId: row.userId,
    nickname: author.nickname,
    userName: author.nickname,
    userPic: author.userPic,
    sayTime: time,
    newsTime: time,
    sayText: row.text,
    conpic: row.pictures,
    label: '',
    region: row.region,
    belongMyself: ctx.viewerId !== null && ctx.viewerId === row.userId ? 1 : 0,
    zcNum: row.likeNum,
    rsNum: row.replyNum,
    hasDoLike: liked,
    isDoLike: liked,
    isGood: row.isGood ? 1 : 0,
    beCommenter,
    reviewState: row.reviewState === 'pending' || row.reviewState === 'rejected' ? row.reviewState : 'approved',
    reviewReason: row.reviewReason,
  };
}
