/**
 * Composition rules (spec 2.8, 2.11, 7.5): who sees which essay (approved ones, and the author's
 * own pending or rejected ones), who reviews (only the verified teacher an essay is assigned to), what a
 * contribution writes (review state, own photos only, idempotent, rate-limited), likes once per reader,
 * comments with their review state, reports, and the live counts of an essay's room on `/sub`.
 */
import type { Context } from 'hono';
import type { Essay, EssayComment, EssaySummary, Mine, Role, SearchResult, Student, Teacher } from '../../contract/composition.ts';
import { COMPOSITION_ROOM_CLASS, SEARCH_ESSAYS_PAGE_SIZE } from '../../contract/compositionRules.ts';
import { StatusCode } from '../../contract/envelope.ts';
import { formatBeijingTime } from '../../lib/formatTime.ts';
import type { Db } from '../db/client.ts';
import type { AuthUser } from '../http/auth.ts';
import { fail } from '../http/envelope.ts';
import { callKey, idempotentInsert } from '../http/idempotentInsert.ts';
import { admitReaderWrite, enqueueRow, insertReviewedRow, noteReport, type ReportedItem } from '../review/write.ts';
import type { Admission } from '../review/gate.ts';
import { DAY_MS, paced, perMinuteAndDay, type RateRule } from '../http/rateLimit.ts';
import type { AppDeps, ServiceContext } from '../http/types.ts';
import { insertReportRepo, reportOptionsRepo } from '../interaction/repo.ts';
import { profilesRepo } from '../profiles/repo.ts';
import { hasLikedRepo, insertLikeRepo } from '../likes/repo.ts';
import { decideReasons, OP_COUNTS } from '../interaction/service.ts';
import { checkPictures } from '../upload/checkPictures.ts';
import { configValueRepo } from '../discover/repo.ts';
import {
  assignedEssaysRepo,
  bumpEssayCommentRepo,
  bumpPvRepo,
  commentsByIdsRepo,
  ESSAY_KIND,
  essaysByIdsRepo,
  findCommentByClientKeyRepo,
  findCommentRepo,
  findEssayByClientKeyRepo,
  findEssayRowRepo,
  findTeacherRowRepo,
  findVisibleEssayRepo,
  incrementEssayLikeRepo,
  insertCommentRepo,
  insertEssayRepo,
  listCommentsRepo,
  listEssaysRepo,
  ownCommentsRepo,
  ownEssaysRepo,
  recentOwnTitleRepo,
  recentSameCommentRepo,
  schoolExistsRepo,
  schoolsRepo,
  studentIdsByNameRepo,
  studentRepo,
  teacherOfUserRepo,
  teachersRepo,
  toComment,
  toSummary,
  writeReviewRepo,
  type CommentRow,
  type EssayJoined,
  type EssayQuery,
  type EssayRow,
} from './repo.ts';

export const COMPOSITION_MESSAGES = {
  essayMissing: '作文不存在或已删除',
  schoolMissing: '学校不存在',
  teacherMissing: '老师不存在',
  studentMissing: '小作者不存在',
  teacherNotOfSchool: '所选老师不在该学校，请重新选择',
  contributed: '投稿成功',
  pending: '投稿成功，审核通过后将公开显示',
  duplicate: '请勿重复投稿同一篇作文',
  notTeacher: '只有认证老师可以点评',
  notAssigned: '只能点评指定给你的作文',
  notPublished: '作文审核通过后才能点评',
  reviewed: '点评成功',
  liked: '点赞成功',
  alreadyLiked: '你已经点过赞了',
  notPublic: '作文审核通过后才能点赞和评论',
  commented: '评论成功',
  commentPending: '评论成功，审核通过后将公开显示',
  commentDuplicate: '请勿重复发表相同的内容',
  replyMissing: '回复的评论不存在或已删除',
  commentMissing: '评论不存在或已删除',
  reported: '举报成功',
  alreadyReported: '你已经举报过了，我们会尽快处理',
} as const;

/** app_config keys of the section's review-before-publish settings (team rule; default off). */
export const ESSAY_REVIEW_SETTING = 'composition.reviewBeforePublish';
export const COMMENT_REVIEW_SETTING = 'composition.reviewCommentsBeforePublish';

/** Contributions: one per 30 s, ≤ 10 a day per user (an essay is rarer than a comment). */
const CONTRIBUTE_RULES = paced(30_000, 10);
/** Reviews: ≤ 30 / min, ≤ 500 / day per teacher. */
const REVIEW_RULES = perMinuteAndDay(30, 500);
/** Likes: ≤ 30 / min and ≤ 500 / day per user (security.md C2). */
const LIKE_RULES = perMinuteAndDay(30, 500);
/** Comments: one per 5 s, ≤ 300 / 3 h per user (security.md C2). */
const COMMENT_RULES = paced(5_000, 300, 3 * 3600_000);
/** Reports: ≤ 20 / day (security.md J78). */
const REPORT_RULES: RateRule[] = [{ max: 20, windowMs: DAY_MS }];

const DUPLICATE_WINDOW_MS = 5 * 60_000;

export type CompositionContext = ServiceContext;

/** Best effort: the write is committed and the answer must say so even when the broadcast fails. */
function publishCounts(deps: AppDeps, essayId: number, counts: { likeNum: number; commentCount: number }): void {
  try {
    deps.realtime?.publish(`news:${COMPOSITION_ROOM_CLASS}:${essayId}`, OP_COUNTS, counts);
  } catch (err) {
    deps.log.warn({ err: { message: (err as Error).message } }, 'realtime publish failed');
  }
}

// ── reading ────────────────────────────────────────────────────────────────────────────────────

export async function listEssaysService(db: Db, q: EssayQuery): Promise<EssaySummary[]> {
  return (await listEssaysRepo(db, q)).map(toSummary);
}

async function toEssay(db: Db, j: EssayJoined, viewer: AuthUser | null): Promise<Essay> {
  const e = j.essay;
  const [liked, teacher] = await Promise.all([
    viewer ? hasLikedRepo(db, viewer.userId, ESSAY_KIND, e.id) : Promise.resolve(false),
    viewer && e.teacherId !== null ? teacherOfUserRepo(db, viewer.userId) : Promise.resolve(null),
  ]);
  return {
    ...toSummary(j),
    content: e.content,
    pictures: e.pictures,
    teacherTitle: j.teacherTitle,
    reviewText: e.reviewText,
    reviewTime: e.reviewedAt ? formatBeijingTime(e.reviewedAt) : '',
    isDoLike: liked ? 1 : 0,
    belongMyself: viewer !== null && viewer.userId === e.userId ? 1 : 0,
    canReview: teacher !== null && teacher.verified && teacher.id === e.teacherId && e.reviewState === 'approved' ? 1 : 0,
    rankExcludedReason: viewer !== null && viewer.userId === e.userId ? e.rankExcludedReason : '',
  };
}

export async function essayDetailService(db: Db, viewer: AuthUser | null, id: number): Promise<Essay> {
  const found = await findVisibleEssayRepo(db, id, viewer?.userId ?? null);
  if (!found) throw fail(StatusCode.notFound, COMPOSITION_MESSAGES.essayMissing);
  if (found.essay.reviewState === 'approved') {
    await bumpPvRepo(db, id);
    found.essay.pv += 1;
  }
  return toEssay(db, found, viewer);
}

export async function reviewsService(db: Db, q: { teacherId?: number | undefined; page: number; pageSize: number }): Promise<Essay[]> {
  const rows = await listEssaysRepo(db, { teacherId: q.teacherId, order: 'reviewed', page: q.page, pageSize: q.pageSize });
  return Promise.all(rows.map((j) => toEssay(db, j, null)));
}

export async function schoolService(db: Db, id: number) {
  const [school] = await schoolsRepo(db, [id]);
  if (!school) throw fail(StatusCode.notFound, COMPOSITION_MESSAGES.schoolMissing);
  return school;
}

export async function teacherService(db: Db, id: number): Promise<Teacher> {
  const [teacher] = await teachersRepo(db, { id });
  if (!teacher) throw fail(StatusCode.notFound, COMPOSITION_MESSAGES.teacherMissing);
  return teacher;
}

export async function studentService(db: Db, userId: number): Promise<Student> {
  const student = await studentRepo(db, userId);
  if (!student) throw fail(StatusCode.notFound, COMPOSITION_MESSAGES.studentMissing);
  return student;
}

/** Essays a page at a time; the students, teachers and schools found come with the first page only. */
export async function searchService(db: Db, keyword: string, page: number): Promise<SearchResult> {
  const first = page === 1;
  const [essays, studentIds, teachers, schools] = await Promise.all([
    listEssaysRepo(db, { keyword, order: 'new', page, pageSize: SEARCH_ESSAYS_PAGE_SIZE }),
    first ? studentIdsByNameRepo(db, keyword) : [],
    first ? teachersRepo(db, { keyword }) : [],
    first ? schoolsRepo(db, undefined, keyword) : [],
  ]);
  const students = (await Promise.all(studentIds.map((id) => studentRepo(db, id)))).filter((s): s is Student => s !== null);
  return { essays: essays.map(toSummary), students, teachers, schools };
}

export async function roleService(db: Db, user: AuthUser): Promise<Role> {
  const row = await teacherOfUserRepo(db, user.userId);
  const [teacher] = row?.verified ? await teachersRepo(db, { userId: user.userId }) : [];
  const verifyReason = row?.verifyReason ?? '';
  return teacher ? { role: 'teacher', teacher, verified: true, verifyReason } : { role: 'student', teacher: null, verified: false, verifyReason };
}

async function requireTeacher(db: Db, user: AuthUser) {
  const teacher = await teacherOfUserRepo(db, user.userId);
  if (!teacher || !teacher.verified) throw fail(StatusCode.forbidden, COMPOSITION_MESSAGES.notTeacher);
  return teacher;
}

export async function assignedService(db: Db, user: AuthUser): Promise<EssaySummary[]> {
  const teacher = await requireTeacher(db, user);
  return (await assignedEssaysRepo(db, teacher.id)).map(toSummary);
}

export async function mineService(db: Db, user: AuthUser): Promise<Mine> {
  const [essays, comments] = await Promise.all([ownEssaysRepo(db, user.userId), ownCommentsRepo(db, user.userId)]);
  const [profiles, parents, titles] = await Promise.all([
    profilesRepo(db, [user.userId]),
    commentsByIdsRepo(
      db,
      comments.flatMap((c) => (c.replyId === null ? [] : [c.replyId])),
    ),
    essaysByIdsRepo(db, [...new Set(comments.map((c) => c.essayId))]),
  ]);
  const titleOf = new Map(titles.map((t) => [t.essay.id, t.essay.title]));
  return {
    essays: essays.map(toSummary),
    comments: comments.map((c) => ({ ...toComment(c, user.userId, profiles, parents), essayTitle: titleOf.get(c.essayId) ?? '' })),
  };
}

// ── contributing and reviewing ─────────────────────────────────────────────────────────────────

export interface ContributeInput {
  schoolId: number;
  grade: number;
  teacherId: number | null;
  studentName: string;
  title: string;
  content: string;
  pictures: string[];
}

function sameEssay(row: EssayRow, input: ContributeInput): boolean {
  return (
    row.title === input.title &&
    row.content === input.content &&
    row.schoolId === input.schoolId &&
    row.grade === input.grade &&
    row.teacherId === input.teacherId &&
    JSON.stringify(row.pictures) === JSON.stringify(input.pictures)
  );
}

export async function contributeService(
  ctx: CompositionContext,
  c: Context,
  user: AuthUser,
  input: ContributeInput,
): Promise<{ essay: Essay; message: string }> {
  const db = ctx.deps.database.db;
  const row = await insertReviewedRow(ctx, callKey(c), user, {
    desk: { kind: 'essay', area: 'composition', text: `${input.title} ${input.content}` },
    byKey: findEssayByClientKeyRepo,
    same: (r) => sameEssay(r, input),
    check: async () => {
      if (!(await schoolExistsRepo(db, input.schoolId))) throw fail(StatusCode.badParams, COMPOSITION_MESSAGES.schoolMissing);
      if (input.teacherId !== null) {
        const teacher = await findTeacherRowRepo(db, input.teacherId);
        if (!teacher || !teacher.verified) throw fail(StatusCode.badParams, COMPOSITION_MESSAGES.teacherMissing);
        if (teacher.schoolId !== input.schoolId) throw fail(StatusCode.badParams, COMPOSITION_MESSAGES.teacherNotOfSchool);
      }
      await checkPictures(ctx.deps, user.userId, input.pictures);
      if (await recentOwnTitleRepo(db, user.userId, input.title, new Date(Date.now() - DUPLICATE_WINDOW_MS)))
        throw fail(StatusCode.fail, COMPOSITION_MESSAGES.duplicate);
      await ctx.limiter.take([{ key: `composition-contribute:user:${user.userId}`, rules: CONTRIBUTE_RULES }]);
    },
    reviewState: async () => ((await configValueRepo(db, ESSAY_REVIEW_SETTING)) === true ? 'pending' : 'approved'),
    insert: (tx, stamp) => insertEssayRepo(tx, { ...input, ...stamp }),
    lost: COMPOSITION_MESSAGES.essayMissing,
  });
  const [j] = await essaysByIdsRepo(db, [row.id]);
  return { essay: await toEssay(db, j!, user), message: row.reviewState === 'pending' ? COMPOSITION_MESSAGES.pending : COMPOSITION_MESSAGES.contributed };
}

/** Only the verified teacher the essay is assigned to reviews it; a second review replaces the first. */
export async function reviewService(ctx: CompositionContext, user: AuthUser, input: { id: number; score: number; content: string }): Promise<Essay> {
  const db = ctx.deps.database.db;
  const teacher = await requireTeacher(db, user);
  const essay = await findEssayRowRepo(db, input.id);
  if (!essay) throw fail(StatusCode.notFound, COMPOSITION_MESSAGES.essayMissing);
  if (essay.teacherId !== teacher.id) throw fail(StatusCode.forbidden, COMPOSITION_MESSAGES.notAssigned);
  if (essay.reviewState !== 'approved') throw fail(StatusCode.fail, COMPOSITION_MESSAGES.notPublished);
  await ctx.limiter.take([{ key: `composition-review:user:${user.userId}`, rules: REVIEW_RULES }]);
  const written = await ctx.deps.database.write((tx) => writeReviewRepo(tx, essay.id, teacher.id, input.score, input.content));
  if (!written) throw fail(StatusCode.notFound, COMPOSITION_MESSAGES.essayMissing);
  const [j] = await essaysByIdsRepo(db, [essay.id]);
  return toEssay(db, j!, user);
}

// ── likes, comments, reports ───────────────────────────────────────────────────────────────────

/** An essay others may like, comment on and report: live and approved. */
async function requirePublic(db: Db, id: number): Promise<EssayRow> {
  const essay = await findEssayRowRepo(db, id);
  if (!essay) throw fail(StatusCode.notFound, COMPOSITION_MESSAGES.essayMissing);
  if (essay.reviewState !== 'approved') throw fail(StatusCode.fail, COMPOSITION_MESSAGES.notPublic);
  return essay;
}

export async function likeService(
  ctx: CompositionContext,
  user: AuthUser,
  id: number,
): Promise<{ data: { voteType: number; likeNum: number }; message: string }> {
  const db = ctx.deps.database.db;
  await requirePublic(db, id);
  // Spec 4: a second like answers 你已经点过赞了 and changes nothing (the unique index decides under races).
  if (await hasLikedRepo(db, user.userId, ESSAY_KIND, id)) throw fail(StatusCode.fail, COMPOSITION_MESSAGES.alreadyLiked);
  await ctx.limiter.take([{ key: `like:user:${user.userId}`, rules: LIKE_RULES }]);
  const outcome = await ctx.deps.database.write(async (tx) => {
    if (!(await insertLikeRepo(tx, user.userId, ESSAY_KIND, id))) return null;
    return incrementEssayLikeRepo(tx, id);
  });
  if (!outcome) throw fail(StatusCode.fail, COMPOSITION_MESSAGES.alreadyLiked);
  publishCounts(ctx.deps, id, outcome);
  return { message: COMPOSITION_MESSAGES.liked, data: { voteType: 1, likeNum: outcome.likeNum } };
}

async function hydrateComments(db: Db, viewerId: number | null, rows: CommentRow[]): Promise<EssayComment[]> {
  const parents = await commentsByIdsRepo(
    db,
    rows.flatMap((r) => (r.replyId === null ? [] : [r.replyId])),
  );
  const profiles = await profilesRepo(db, [...new Set([...rows.map((r) => r.userId), ...[...parents.values()].map((p) => p.userId)])]);
  return rows.map((r) => toComment(r, viewerId, profiles, parents));
}

export async function commentsService(db: Db, viewer: AuthUser | null, q: { id: number; page: number; pageSize: number }): Promise<EssayComment[]> {
  if (!(await findVisibleEssayRepo(db, q.id, viewer?.userId ?? null))) throw fail(StatusCode.notFound, COMPOSITION_MESSAGES.essayMissing);
  return hydrateComments(db, viewer?.userId ?? null, await listCommentsRepo(db, q.id, viewer?.userId ?? null, q.page, q.pageSize));
}

export async function storeCommentService(
  ctx: CompositionContext,
  c: Context,
  user: AuthUser,
  input: { id: number; content: string; replayId: number | null },
): Promise<{ comment: EssayComment; message: string }> {
  const db = ctx.deps.database.db;
  const key = callKey(c);
  const desk = { kind: 'essay_comment', area: 'composition', text: input.content } as const;
  let admission: Admission | null = null;
  const row = await idempotentInsert({
    key,
    byKey: (k) => findCommentByClientKeyRepo(db, user.userId, k),
    same: (r) => r.essayId === input.id && r.content === input.content && (r.replyId ?? null) === input.replayId,
    check: async () => {
      // The one gate (src/server/review/gate.ts): mute, emergency switch, words, review before publish.
      const own = (await configValueRepo(db, COMMENT_REVIEW_SETTING)) === true ? 'pending' : 'approved';
      admission = await admitReaderWrite(ctx, user, desk, own);
      await requirePublic(db, input.id);
      if (input.replayId !== null) {
        const parent = await findCommentRepo(db, input.replayId);
        if (!parent || parent.deletedAt !== null || parent.essayId !== input.id || parent.reviewState !== 'approved')
          throw fail(StatusCode.notFound, COMPOSITION_MESSAGES.replyMissing);
      }
      if (await recentSameCommentRepo(db, user.userId, input.id, input.content, new Date(Date.now() - DUPLICATE_WINDOW_MS)))
        throw fail(StatusCode.fail, COMPOSITION_MESSAGES.commentDuplicate);
      await ctx.limiter.take([{ key: `comment:user:${user.userId}`, rules: COMMENT_RULES }]);
    },
    insert: async () => {
      const admitted: Admission = admission ?? { state: 'pending', heldWord: '' };
      const reviewState = admitted.state;
      const written = await ctx.deps.database.write(async (tx) => {
        const inserted = await insertCommentRepo(tx, {
          essayId: input.id,
          userId: user.userId,
          replyId: input.replayId,
          content: input.content,
          reviewState,
          clientKey: key,
        });
        if (!inserted) return null;
        await enqueueRow(tx, desk, user.userId, inserted.id, admitted);
        const counts = reviewState === 'approved' ? await bumpEssayCommentRepo(tx, input.id) : null;
        return { inserted, counts };
      });
      if (written?.counts) publishCounts(ctx.deps, input.id, written.counts);
      return written?.inserted ?? null;
    },
    lost: COMPOSITION_MESSAGES.commentMissing,
  });
  const [comment] = await hydrateComments(db, user.userId, [row]);
  return { comment: comment!, message: row.reviewState === 'pending' ? COMPOSITION_MESSAGES.commentPending : COMPOSITION_MESSAGES.commented };
}

/** Spec 7.5 composition variant: isTitle 1 reports the essay, 0 the comment replayId (on that essay). */
export async function reportService(
  ctx: CompositionContext,
  user: AuthUser,
  input: { id: number; isTitle: number; replayId: number | null; content: string },
): Promise<void> {
  const db = ctx.deps.database.db;
  const reasons = decideReasons(input.content, await reportOptionsRepo(db));
  const essay = await requirePublic(db, input.id);
  let commentText = '';
  let commentId = 0;
  // What the report puts on the desk's 被举报 (src/server/review/write.ts noteReport): the essay, or its comment.
  let onDesk: ReportedItem = { kind: 'essay', itemId: essay.id, area: 'composition', userId: essay.userId, excerpt: essay.title, reasons };
  if (input.isTitle === 0) {
    const comment = input.replayId === null ? null : await findCommentRepo(db, input.replayId);
    if (!comment || comment.deletedAt !== null || comment.essayId !== input.id || comment.reviewState !== 'approved')
      throw fail(StatusCode.notFound, COMPOSITION_MESSAGES.commentMissing);
    commentText = comment.content;
    commentId = comment.id;
    onDesk = { kind: 'essay_comment', itemId: comment.id, area: 'composition', userId: comment.userId, excerpt: comment.content, reasons };
  }
  await ctx.limiter.take([{ key: `report:user:${user.userId}`, rules: REPORT_RULES }]);
  const id = await ctx.deps.database.write(async (tx) => {
    const reportId = await insertReportRepo(tx, {
      userId: user.userId,
      kind: ESSAY_KIND,
      classId: COMPOSITION_ROOM_CLASS,
      newsId: input.id,
      commentId,
      platformId: 0,
      reasons: reasons.join(','),
      commentText,
    });
    // A repeated report changes nothing on the desk either.
    if (reportId !== null) await noteReport(tx, onDesk);
    return reportId;
  });
  if (id === null) throw fail(StatusCode.fail, COMPOSITION_MESSAGES.alreadyReported);
}
