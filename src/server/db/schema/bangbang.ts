/**
 * The bangbang (community help) board, the smallest real part of it (issue 5): Q&A questions with their
 * answers, and politics questions (问政) with an official reply. Comments on these items live in the
 * `comments` table (scope 'bang1' politics / 'bang2' Q&A) and likes in `likes` (kinds 'bang_politics',
 * 'bang_qa', 'bang_answer'); the counters here change in the same transaction as those rows.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** A Q&A question (spec 2.7 QA, dataType 16). */
export const bangQuestions = pgTable(
  'bang_questions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    title: text('title').notNull(),
    /** Plain text, rendered as text. */
    content: text('content').notNull().default(''),
    pictures: jsonb('pictures').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    likeNum: integer('like_num').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    answerCount: integer('answer_count').notNull().default(0),
    pv: integer('pv').notNull().default(0),
    /** Where the asker is (区县), '' when not given. */
    region: text('region').notNull().default(''),
    /** Replying is closed (spec 4/5: the reply button shows only when isShowReply; 已回复 when answered and closed). */
    replyClosed: boolean('reply_closed').notNull().default(false),
    /** Reader-written content (team rule): 'pending' | 'approved' | 'rejected'; only approved items are public. */
    reviewState: text('review_state').notNull().default('approved'),
    reviewReason: text('review_reason').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('bang_questions_created_idx').on(t.createdAt), index('bang_questions_pv_idx').on(t.pv)],
);

/** An answer to a Q&A question; liked by `bangId` (spec 9 like type 6). */
export const bangAnswers = pgTable(
  'bang_answers',
  {
    id: serial('id').primaryKey(),
    questionId: integer('question_id').notNull(),
    userId: integer('user_id').notNull(),
    /** Spec 1: answerers may be tagged as reporters or other official types ('' for a reader). */
    label: text('label').notNull().default(''),
    /** Plain text, rendered as text. */
    content: text('content').notNull(),
    pictures: jsonb('pictures').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    region: text('region').notNull().default(''),
    likeNum: integer('like_num').notNull().default(0),
    reviewState: text('review_state').notNull().default('approved'),
    reviewReason: text('review_reason').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('bang_answers_question_idx').on(t.questionId, t.id), index('bang_answers_user_idx').on(t.userId, t.id)],
);

/**
 * A politics question (问政, spec 2.7 politics, dataType 15) addressed to a department. `status` 0 is
 * waiting for a reply, 1 replied; `replyHtml` is the department's official reply, rich HTML passed
 * through the one sanitiser when stored (and again when rendered).
 */
export const bangPolitics = pgTable(
  'bang_politics',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull().default(''),
    pictures: jsonb('pictures').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    department: text('department').notNull(),
    status: integer('status').notNull().default(0),
    replyHtml: text('reply_html').notNull().default(''),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    likeNum: integer('like_num').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    pv: integer('pv').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('bang_politics_created_idx').on(t.createdAt)],
);

/**
 * A member of the board (spec 2.7 ask-special, 6): a resident answerer (userType 1 入驻答人), a reporter
 * (2 记者, blue tag) or another official type (3 and up, red tag: 律师, 医生, an office …). One row per
 * user: a reader's application (applyfor) is a row in review state 'pending' until approved; only
 * approved rows tag answers. `isJump` opens the member's home page (spec 5).
 */
export const bangMembers = pgTable(
  'bang_members',
  {
    userId: integer('user_id').primaryKey(),
    userType: integer('user_type').notNull(),
    /** The tag shown beside the name: 记者, 律师, 医生, 官方 … */
    typeName: text('type_name').notNull(),
    realName: text('real_name').notNull().default(''),
    job: text('job').notNull().default(''),
    introduction: text('introduction').notNull().default(''),
    isJump: boolean('is_jump').notNull().default(true),
    /** Recommended on the Q&A home (getRecommenderList), in `sort` order. */
    recommended: boolean('recommended').notNull().default(false),
    sort: integer('sort').notNull().default(0),
    reviewState: text('review_state').notNull().default('approved'),
    reviewReason: text('review_reason').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('bang_members_type_idx').on(t.userType, t.sort)],
);

/** The service grid (spec 2.7 serve/index, /v1/bangbang/service/getService): each item opens a safe URL. */
export const bangServices = pgTable('bang_services', {
  id: serial('id').primaryKey(),
  /** The group heading on serve/index: 生活缴费, 交通出行 … */
  category: text('category').notNull(),
  name: text('name').notNull(),
  /** A short description under the name. */
  brief: text('brief').notNull().default(''),
  /** An http(s) URL or a path under the base path; anything else is never rendered as a link. */
  url: text('url').notNull(),
  /** One of the icon names the page knows (a glyph drawn in CSS/SVG), or ''. */
  icon: text('icon').notNull().default(''),
  /** Shown on the board home's short grid. */
  onHome: boolean('on_home').notNull().default(false),
  sort: integer('sort').notNull().default(0),
});

/** Hot searches of the board (/v1/bangbang/home/hotsearch), in `sort` order. */
export const bangHotSearches = pgTable('bang_hot_searches', {
  id: serial('id').primaryKey(),
  word: text('word').notNull(),
  sort: integer('sort').notNull().default(0),
});
