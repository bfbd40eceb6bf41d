/**
 * Composition (作文; spec 2.8): schools, teachers (a reader account an operator verified as a
 * teacher of a school), student essays with their review state and the assigned teacher's score and
 * comment, newspaper printings, the section's news, and comments on essays. Likes live in `likes`
 * (kind 'composition') and reports in `reports` (kind 'composition'); the counters here change in the
 * same transaction as those rows.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  createdAt,
  deletedAt,
  blank,
  pictureList,
  reviewState,
  clientKeyIndex,
  zero,
  keyedWrite,
  authored,
  likeAndCommentCounts,
  serialId,
} from './columnBuilders.ts';

export const compositionSchools = pgTable('composition_schools', {
  id: serialId(),
  name: text('name').notNull(),
  /** 小学 / 初中 / 高中 (what grades the school teaches). */
  stage: text('stage').notNull(),
  district: blank('district'),
  intro: blank('intro'),
  cover: blank('cover'),
  sort: zero('sort'),
});

/**
 * A teacher: one row per reader account an operator verified (`verified`); only a verified teacher may
 * review, and only the essays assigned to them (security: TeacherReview rows in docs/security.md).
 */
export const compositionTeachers = pgTable(
  'composition_teachers',
  {
    ...authored(),
    schoolId: integer('school_id').notNull(),
    name: text('name').notNull(),
    /** 高级教师, 语文教研组长 … */
    title: blank('title'),
    intro: blank('intro'),
    avatar: blank('avatar'),
    verified: boolean('verified').notNull().default(true),
    /** The section editor's reason for the latest verify or withdraw (shown to the teacher, 作文 desk). */
    verifyReason: blank('verify_reason'),
    sort: zero('sort'),
  },
  (t) => [uniqueIndex('composition_teachers_user_key').on(t.userId), index('composition_teachers_school_idx').on(t.schoolId)],
);

/**
 * An essay. `reviewState` 'pending' | 'approved' | 'rejected' (team rule); pending and rejected essays are
 * seen by their author only. `score` (0–100) and `reviewText` are the assigned teacher's review (null
 * until reviewed). `newspaperEdition`/`newspaperDate`: printed in the paper (empty when not).
 */
export const compositionEssays = pgTable(
  'composition_essays',
  {
    ...authored(),
    /** The author's name as printed (the student's real name, not the nickname). */
    studentName: text('student_name').notNull(),
    schoolId: integer('school_id').notNull(),
    /** 1–12: 一年级 … 高三. */
    grade: integer('grade').notNull(),
    teacherId: integer('teacher_id'),
    title: text('title').notNull(),
    /** Plain text, paragraphs split by newlines. */
    content: blank('content'),
    pictures: pictureList(),
    reviewState: reviewState(),
    rejectReason: blank('reject_reason'),
    score: integer('score'),
    reviewText: blank('review_text'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    isRecommend: boolean('is_recommend').notNull().default(false),
    /** Non-empty: an editor kept the essay out of the rankings (found copied); its author reads why. */
    rankExcludedReason: blank('rank_excluded_reason'),
    newspaperEdition: blank('newspaper_edition'),
    newspaperDate: blank('newspaper_date'),
    pv: zero('pv'),
    ...likeAndCommentCounts(),
    /** Idempotency-Key of the contribute call that wrote it (unique per user). */
    ...keyedWrite(),
    deletedAt: deletedAt(),
  },
  (t) => [
    index('composition_essays_feed_idx').on(t.createdAt, t.id),
    index('composition_essays_user_idx').on(t.userId, t.createdAt),
    index('composition_essays_teacher_idx').on(t.teacherId, t.reviewedAt),
    index('composition_essays_school_idx').on(t.schoolId, t.createdAt),
    clientKeyIndex('composition_essays', t),
    check('composition_essays_score_range', sql`${t.score} is null or (${t.score} >= 0 and ${t.score} <= 100)`),
    check('composition_essays_grade_range', sql`${t.grade} >= 1 and ${t.grade} <= 12`),
  ],
);

/** A reader's comment on an essay (`replyId` the comment answered, null at the top level). */
export const compositionComments = pgTable(
  'composition_comments',
  {
    id: serialId(),
    essayId: integer('essay_id').notNull(),
    userId: integer('user_id').notNull(),
    replyId: integer('reply_id'),
    content: text('content').notNull(),
    reviewState: reviewState(),
    /** Why the desk refused it (未通过：reason, shown to its author only). */
    rejectReason: blank('reject_reason'),
    ...keyedWrite(),
    deletedAt: deletedAt(),
  },
  (t) => [
    index('composition_comments_essay_idx').on(t.essayId, t.id),
    index('composition_comments_user_idx').on(t.userId, t.createdAt),
    clientKeyIndex('composition_comments', t),
  ],
);

/** News of the section (征文通知, 获奖名单 …): InformationList. */
export const compositionNews = pgTable('composition_news', {
  id: serialId(),
  title: text('title').notNull(),
  summary: blank('summary'),
  body: blank('body'),
  cover: blank('cover'),
  createdAt: createdAt(),
});
