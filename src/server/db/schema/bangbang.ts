/**
 * The bangbang (community help) board, the smallest real part of it (issue 5): Q&A questions with their
 * answers, and politics questions (问政) with an official reply. Comments on these items live in the
 * `comments` table (scope 'bang1' politics / 'bang2' Q&A) and likes in `likes` (kinds 'bang_politics',
 * 'bang_qa', 'bang_answer'); the counters here change in the same transaction as those rows.
 */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('bang_questions_created_idx').on(t.createdAt)],
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
    likeNum: integer('like_num').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('bang_answers_question_idx').on(t.questionId, t.id)],
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
