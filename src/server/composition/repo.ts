/** Composition data access: schools, teachers, essays with their school and teacher, comments, news; maps rows once. */
import { and, asc, desc, eq, gt, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { EssayComment, EssaySummary, InfoItem, School, Student, Teacher } from '../../contract/composition.ts';
import { gradeLabel } from '../../contract/compositionRules.ts';
import { formatBeijingTime } from '../../lib/formatTime.ts';
import type { Db, Tx } from '../db/client.ts';
import { insertUnlessKeyTaken, rowByClientKey } from '../db/keyedRows.ts';
import { qualified } from '../db/qualified.ts';
import { addOneReturningCounts, firstRow, hasRow, newestFirstPage } from '../db/rows.ts';
import { compositionComments, compositionEssays, compositionNews, compositionSchools, compositionTeachers } from '../db/schema/composition.ts';
import type { Profile } from '../profiles/repo.ts';

type Q = Db | Tx;
export type EssayRow = typeof compositionEssays.$inferSelect;
export type CommentRow = typeof compositionComments.$inferSelect;
export type TeacherRow = typeof compositionTeachers.$inferSelect;

/** The like kind of an essay in `likes`, and the report kind in `reports`. */
export const ESSAY_KIND = 'composition';

/** `%` and `_` of a reader's keyword are literal in LIKE. */
function likePattern(word: string): string {
  return `%${word.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
}

const E = compositionEssays;
const live = isNull(E.deletedAt);
const approved = and(live, eq(E.reviewState, 'approved'))!;

// ── schools and teachers ───────────────────────────────────────────────────────────────────────

const schoolColumns = {
  id: compositionSchools.id,
  name: compositionSchools.name,
  stage: compositionSchools.stage,
  district: compositionSchools.district,
  intro: compositionSchools.intro,
  cover: compositionSchools.cover,
  essayCount: sql<number>`(select count(*)::int from ${E} where ${qualified(E.schoolId)} = ${qualified(compositionSchools.id)} and ${qualified(E.deletedAt)} is null and ${qualified(E.reviewState)} = 'approved')`,
  teacherCount: sql<number>`(select count(*)::int from ${compositionTeachers} where ${qualified(compositionTeachers.schoolId)} = ${qualified(compositionSchools.id)} and ${qualified(compositionTeachers.verified)})`,
};

export async function schoolsRepo(db: Q, ids?: number[], keyword?: string): Promise<School[]> {
  const where: SQL[] = [];
  if (ids) where.push(ids.length === 0 ? sql`false` : inArray(compositionSchools.id, ids));
  if (keyword !== undefined) where.push(ilike(compositionSchools.name, likePattern(keyword)));
  return db
    .select(schoolColumns)
    .from(compositionSchools)
    .where(where.length ? and(...where) : undefined)
    .orderBy(asc(compositionSchools.sort), asc(compositionSchools.id));
}

const teacherColumns = {
  id: compositionTeachers.id,
  name: compositionTeachers.name,
  title: compositionTeachers.title,
  intro: compositionTeachers.intro,
  avatar: compositionTeachers.avatar,
  schoolId: compositionTeachers.schoolId,
  schoolName: sql<string>`coalesce((select ${qualified(compositionSchools.name)} from ${compositionSchools} where ${qualified(compositionSchools.id)} = ${qualified(compositionTeachers.schoolId)}), '')`,
  reviewCount: sql<number>`(select count(*)::int from ${E} where ${qualified(E.teacherId)} = ${qualified(compositionTeachers.id)} and ${qualified(E.score)} is not null and ${qualified(E.deletedAt)} is null and ${qualified(E.reviewState)} = 'approved')`,
  avgScore: sql<number>`coalesce((select round(avg(${qualified(E.score)}), 1)::float from ${E} where ${qualified(E.teacherId)} = ${qualified(compositionTeachers.id)} and ${qualified(E.score)} is not null and ${qualified(E.deletedAt)} is null and ${qualified(E.reviewState)} = 'approved'), 0)`,
};

export interface TeacherQuery {
  schoolId?: number | undefined;
  id?: number | undefined;
  userId?: number | undefined;
  keyword?: string | undefined;
}

/** Verified teachers only: an unverified row is not a teacher yet. */
export async function teachersRepo(db: Q, q: TeacherQuery = {}): Promise<Teacher[]> {
  const where: SQL[] = [eq(compositionTeachers.verified, true)];
  if (q.schoolId !== undefined) where.push(eq(compositionTeachers.schoolId, q.schoolId));
  if (q.id !== undefined) where.push(eq(compositionTeachers.id, q.id));
  if (q.userId !== undefined) where.push(eq(compositionTeachers.userId, q.userId));
  if (q.keyword !== undefined) where.push(ilike(compositionTeachers.name, likePattern(q.keyword)));
  return db
    .select(teacherColumns)
    .from(compositionTeachers)
    .where(and(...where))
    .orderBy(asc(compositionTeachers.sort), asc(compositionTeachers.id));
}

/** The teacher row of an account (verified or not). */
export async function teacherOfUserRepo(db: Q, userId: number): Promise<TeacherRow | null> {
  return firstRow(db, compositionTeachers, eq(compositionTeachers.userId, userId));
}

export async function findTeacherRowRepo(db: Q, id: number): Promise<TeacherRow | null> {
  return firstRow(db, compositionTeachers, eq(compositionTeachers.id, id));
}

export async function schoolExistsRepo(db: Q, id: number): Promise<boolean> {
  return hasRow(db, compositionSchools, eq(compositionSchools.id, id));
}

// ── essays ─────────────────────────────────────────────────────────────────────────────────────

const essayColumns = {
  essay: E,
  schoolName: sql<string>`coalesce(${compositionSchools.name}, '')`,
  teacherName: sql<string>`coalesce(${compositionTeachers.name}, '')`,
  teacherTitle: sql<string>`coalesce(${compositionTeachers.title}, '')`,
};
export type EssayJoined = { essay: EssayRow; schoolName: string; teacherName: string; teacherTitle: string };

function joined(db: Q) {
  return db
    .select(essayColumns)
    .from(E)
    .leftJoin(compositionSchools, eq(compositionSchools.id, E.schoolId))
    .leftJoin(compositionTeachers, eq(compositionTeachers.id, E.teacherId));
}

export type EssayOrder = 'new' | 'rank' | 'score' | 'reviewed';

export interface EssayQuery {
  grade?: number | undefined;
  schoolId?: number | undefined;
  teacherId?: number | undefined;
  userId?: number | undefined;
  kind?: 'all' | 'recommend' | 'newspaper';
  keyword?: string | undefined;
  order: EssayOrder;
  page: number;
  pageSize: number;
}

/** A page of approved essays. Ids break ties, so pages never overlap. */
export async function listEssaysRepo(db: Q, q: EssayQuery): Promise<EssayJoined[]> {
  const where: SQL[] = [approved];
  if (q.grade !== undefined) where.push(eq(E.grade, q.grade));
  if (q.schoolId !== undefined) where.push(eq(E.schoolId, q.schoolId));
  if (q.teacherId !== undefined) where.push(eq(E.teacherId, q.teacherId));
  if (q.userId !== undefined) where.push(eq(E.userId, q.userId));
  if (q.kind === 'recommend') where.push(eq(E.isRecommend, true));
  if (q.kind === 'newspaper') where.push(sql`${E.newspaperEdition} <> ''`);
  if (q.keyword !== undefined) {
    const p = likePattern(q.keyword);
    where.push(or(ilike(E.title, p), ilike(E.content, p))!);
  }
  if (q.order === 'score' || q.order === 'reviewed') where.push(isNotNull(E.score));
  // The rankings (RankList) leave out essays an editor excluded (found copied, 作文 desk).
  if (q.order === 'rank' || q.order === 'score') where.push(eq(E.rankExcludedReason, ''));
  const order =
    q.order === 'rank'
      ? [desc(sql`${E.pv} + ${E.likeNum} * 20`), desc(E.id)]
      : q.order === 'score'
        ? [desc(E.score), desc(E.likeNum), desc(E.id)]
        : q.order === 'reviewed'
          ? [desc(E.reviewedAt), desc(E.id)]
          : q.kind === 'newspaper'
            ? [desc(E.newspaperDate), desc(E.id)]
            : [desc(E.createdAt), desc(E.id)];
  return joined(db)
    .where(and(...where))
    .orderBy(...order)
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
}

/** A live essay the viewer may see: approved, or the viewer's own in any state. */
export async function findVisibleEssayRepo(db: Q, id: number, viewerId: number | null): Promise<EssayJoined | null> {
  const visible = viewerId === null ? approved : and(live, or(eq(E.reviewState, 'approved'), eq(E.userId, viewerId)))!;
  const rows = await joined(db)
    .where(and(eq(E.id, id), visible))
    .limit(1);
  return rows[0] ?? null;
}

export async function findEssayRowRepo(db: Q, id: number): Promise<EssayRow | null> {
  const rows = await db
    .select()
    .from(E)
    .where(and(eq(E.id, id), live))
    .limit(1);
  return rows[0] ?? null;
}

export async function essaysByIdsRepo(db: Q, ids: number[]): Promise<EssayJoined[]> {
  if (ids.length === 0) return [];
  return joined(db).where(inArray(E.id, ids));
}

export async function bumpPvRepo(db: Q, id: number): Promise<void> {
  await db
    .update(E)
    .set({ pv: sql`${E.pv} + 1` })
    .where(eq(E.id, id));
}

/** The author's own essays in every review state, newest first. */
export async function ownEssaysRepo(db: Q, userId: number): Promise<EssayJoined[]> {
  return joined(db)
    .where(and(eq(E.userId, userId), live))
    .orderBy(desc(E.createdAt), desc(E.id))
    .limit(100);
}

/** Approved essays assigned to a teacher: those waiting for a review first, then the newest reviews. */
export async function assignedEssaysRepo(db: Q, teacherId: number): Promise<EssayJoined[]> {
  return joined(db)
    .where(and(eq(E.teacherId, teacherId), live, eq(E.reviewState, 'approved')))
    .orderBy(sql`${E.score} is not null`, desc(E.reviewedAt), desc(E.createdAt), desc(E.id))
    .limit(100);
}

export async function findEssayByClientKeyRepo(db: Q, userId: number, key: string): Promise<EssayRow | null> {
  return rowByClientKey(db, E, userId, key);
}

export interface NewEssay {
  userId: number;
  studentName: string;
  schoolId: number;
  grade: number;
  teacherId: number | null;
  title: string;
  content: string;
  pictures: string[];
  reviewState: 'pending' | 'approved';
  clientKey: string | null;
}

/** Null: the client key was taken (a concurrent retry wrote it). */
export async function insertEssayRepo(tx: Tx, e: NewEssay): Promise<EssayRow | null> {
  return insertUnlessKeyTaken(tx, E, e);
}

export async function recentOwnTitleRepo(db: Q, userId: number, title: string, since: Date): Promise<boolean> {
  const rows = await db
    .select({ id: E.id })
    .from(E)
    .where(and(eq(E.userId, userId), eq(E.title, title), gt(E.createdAt, since), live))
    .limit(1);
  return rows.length > 0;
}

export async function writeReviewRepo(tx: Tx, id: number, teacherId: number, score: number, text: string): Promise<boolean> {
  const rows = await tx
    .update(E)
    .set({ score, reviewText: text, reviewedAt: new Date() })
    .where(and(eq(E.id, id), eq(E.teacherId, teacherId), live))
    .returning({ id: E.id });
  return rows.length > 0;
}

export async function incrementEssayLikeRepo(tx: Tx, id: number): Promise<{ likeNum: number; commentCount: number }> {
  return addOneReturningCounts(tx, E, 'likeNum', id);
}

export async function bumpEssayCommentRepo(tx: Tx, id: number): Promise<{ likeNum: number; commentCount: number }> {
  return addOneReturningCounts(tx, E, 'commentCount', id);
}

// ── students ───────────────────────────────────────────────────────────────────────────────────

/** A student as their newest approved essay names them, with their totals. */
export async function studentRepo(db: Q, userId: number): Promise<Student | null> {
  const rows = await joined(db)
    .where(and(eq(E.userId, userId), approved))
    .orderBy(desc(E.createdAt), desc(E.id))
    .limit(1);
  const newest = rows[0];
  if (!newest) return null;
  const [totals] = await db
    .select({ n: sql<number>`count(*)::int`, likes: sql<number>`coalesce(sum(${E.likeNum}), 0)::int` })
    .from(E)
    .where(and(eq(E.userId, userId), approved));
  return {
    userId,
    name: newest.essay.studentName,
    schoolId: newest.essay.schoolId,
    schoolName: newest.schoolName,
    grade: newest.essay.grade,
    gradeLabel: gradeLabel(newest.essay.grade),
    essayCount: totals?.n ?? 0,
    likeTotal: totals?.likes ?? 0,
  };
}

/** Students whose printed name contains the keyword (one per account). */
export async function studentIdsByNameRepo(db: Q, keyword: string): Promise<number[]> {
  const rows = await db
    .selectDistinct({ userId: E.userId })
    .from(E)
    .where(and(approved, ilike(E.studentName, likePattern(keyword))))
    .limit(10);
  return rows.map((r) => r.userId);
}

// ── comments ───────────────────────────────────────────────────────────────────────────────────

export async function listCommentsRepo(db: Q, essayId: number, viewerId: number | null, page: number, pageSize: number): Promise<CommentRow[]> {
  const C = compositionComments;
  const visible = viewerId === null ? eq(C.reviewState, 'approved') : or(eq(C.reviewState, 'approved'), eq(C.userId, viewerId))!;
  return db
    .select()
    .from(C)
    .where(and(eq(C.essayId, essayId), isNull(C.deletedAt), visible))
    .orderBy(desc(C.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
}

export async function findCommentRepo(db: Q, id: number): Promise<CommentRow | null> {
  const rows = await db.select().from(compositionComments).where(eq(compositionComments.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function commentsByIdsRepo(db: Q, ids: number[]): Promise<Map<number, CommentRow>> {
  const out = new Map<number, CommentRow>();
  if (ids.length === 0) return out;
  for (const r of await db.select().from(compositionComments).where(inArray(compositionComments.id, ids))) out.set(r.id, r);
  return out;
}

export async function findCommentByClientKeyRepo(db: Q, userId: number, key: string): Promise<CommentRow | null> {
  return rowByClientKey(db, compositionComments, userId, key);
}

export async function recentSameCommentRepo(db: Q, userId: number, essayId: number, content: string, since: Date): Promise<boolean> {
  const C = compositionComments;
  const rows = await db
    .select({ id: C.id })
    .from(C)
    .where(and(eq(C.userId, userId), eq(C.essayId, essayId), eq(C.content, content), gt(C.createdAt, since), isNull(C.deletedAt)))
    .limit(1);
  return rows.length > 0;
}

export async function insertCommentRepo(
  tx: Tx,
  c: { essayId: number; userId: number; replyId: number | null; content: string; reviewState: string; clientKey: string | null },
): Promise<CommentRow | null> {
  return insertUnlessKeyTaken(tx, compositionComments, c);
}

export async function ownCommentsRepo(db: Q, userId: number): Promise<CommentRow[]> {
  return db
    .select()
    .from(compositionComments)
    .where(and(eq(compositionComments.userId, userId), isNull(compositionComments.deletedAt)))
    .orderBy(desc(compositionComments.id))
    .limit(50);
}

// ── news ───────────────────────────────────────────────────────────────────────────────────────

export async function listInfoRepo(db: Q, page: number, pageSize: number): Promise<InfoItem[]> {
  const rows = await newestFirstPage(db, compositionNews, undefined, page, pageSize);
  return rows.map((r) => ({ id: r.id, title: r.title, summary: r.summary, body: r.body, cover: r.cover, createTime: formatBeijingTime(r.createdAt) }));
}

// ── mapping ────────────────────────────────────────────────────────────────────────────────────

const EXCERPT_CHARS = 60;

function excerptOf(content: string): string {
  const flat = content.replace(/\s+/g, ' ').trim();
  const chars = Array.from(flat);
  return chars.length > EXCERPT_CHARS ? `${chars.slice(0, EXCERPT_CHARS).join('')}…` : flat;
}

function stateOf(value: string): EssaySummary['reviewState'] {
  return value === 'pending' || value === 'rejected' ? value : 'approved';
}

export function toSummary(j: EssayJoined): EssaySummary {
  const e = j.essay;
  return {
    id: e.id,
    title: e.title,
    excerpt: excerptOf(e.content),
    userId: e.userId,
    studentName: e.studentName,
    grade: e.grade,
    gradeLabel: gradeLabel(e.grade),
    schoolId: e.schoolId,
    schoolName: j.schoolName,
    teacherId: e.teacherId ?? 0,
    teacherName: j.teacherName,
    cover: e.pictures[0] ?? '',
    pictureCount: e.pictures.length,
    score: e.score,
    like: e.likeNum,
    pv: e.pv,
    commentCount: e.commentCount,
    createTime: formatBeijingTime(e.createdAt),
    isRecommend: e.isRecommend ? 1 : 0,
    newspaperEdition: e.newspaperEdition,
    newspaperDate: e.newspaperDate,
    reviewState: stateOf(e.reviewState),
    rejectReason: e.rejectReason,
  };
}

const ANONYMOUS: Profile = { nickname: '网友', userPic: '' };

export function toComment(row: CommentRow, viewerId: number | null, profiles: Map<number, Profile>, parents: Map<number, CommentRow>): EssayComment {
  const who = profiles.get(row.userId) ?? ANONYMOUS;
  const parent = row.replyId === null ? undefined : parents.get(row.replyId);
  return {
    id: row.id,
    essayId: row.essayId,
    userId: row.userId,
    nickname: who.nickname,
    userPic: who.userPic,
    content: row.content,
    replayId: row.replyId ?? 0,
    replyNickname: parent ? (profiles.get(parent.userId) ?? ANONYMOUS).nickname : '',
    createTime: formatBeijingTime(row.createdAt),
    reviewState: stateOf(row.reviewState),
    rejectReason: row.reviewState === 'rejected' ? row.rejectReason : '',
    belongMyself: viewerId !== null && viewerId === row.userId ? 1 : 0,
  };
}
