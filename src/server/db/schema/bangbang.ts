/**
 * The bangbang (community help) board, the smallest real part of it (ADR 007): Q&A questions with their
 * answers, and politics questions (问政) with an official reply. Comments on these items live in the
 * `comments` table (scope 'bang1' politics / 'bang2' Q&A) and likes in `likes` (kinds 'bang_politics',
 * 'bang_qa', 'bang_answer'); the counters here change in the same transaction as those rows.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, pictureList, review, keyedWrite, readerWrittenColumns, authored, likeAndCommentCounts, serialId } from './columnBuilders.ts';

/** A Q&A question (spec 2.7 QA, dataType 16). */
export const bangQuestions = pgTable(
  'bang_questions',
  {
    ...authored(),
    title: text('title').notNull(),
    /** Plain text, rendered as text. */
    content: text('content').notNull().default(''),
    pictures: pictureList(),
    ...likeAndCommentCounts(),
    answerCount: integer('answer_count').notNull().default(0),
    pv: integer('pv').notNull().default(0),
    /** Where the asker is (区县), '' when not given. */
    region: text('region').notNull().default(''),
    /** Replying is closed (spec 4/5: the reply button shows only when isShowReply; 已回复 when answered and closed). */
    replyClosed: boolean('reply_closed').notNull().default(false),
    /** Review state (only approved items are public) and the asker's Idempotency-Key (a retried ask answers the question it wrote). */
    ...readerWrittenColumns(),
  },
  (t) => [
    index('bang_questions_created_idx').on(t.createdAt),
    index('bang_questions_pv_idx').on(t.pv),
    uniqueIndex('bang_questions_client_key_idx').on(t.userId, t.clientKey),
  ],
);

/** An answer to a Q&A question; liked by `bangId` (spec 9 like type 6). */
export const bangAnswers = pgTable(
  'bang_answers',
  {
    id: serialId(),
    questionId: integer('question_id').notNull(),
    userId: integer('user_id').notNull(),
    /** Spec 1: answerers may be tagged as reporters or other official types ('' for a reader). */
    label: text('label').notNull().default(''),
    /** Plain text, rendered as text. */
    content: text('content').notNull(),
    pictures: pictureList(),
    region: text('region').notNull().default(''),
    likeNum: integer('like_num').notNull().default(0),
    ...readerWrittenColumns(),
  },
  (t) => [
    index('bang_answers_question_idx').on(t.questionId, t.id),
    index('bang_answers_user_idx').on(t.userId, t.id),
    uniqueIndex('bang_answers_client_key_idx').on(t.userId, t.clientKey),
  ],
);

/**
 * A politics question (问政, spec 2.7 politics, dataType 15) addressed to a department. `status` 0 is
 * waiting for a reply, 1 replied; `replyHtml` is the department's official reply, rich HTML passed
 * through the one sanitiser when stored (and again when rendered).
 */
export const bangPolitics = pgTable(
  'bang_politics',
  {
    ...authored(),
    title: text('title').notNull(),
    content: text('content').notNull().default(''),
    pictures: pictureList(),
    department: text('department').notNull(),
    status: integer('status').notNull().default(0),
    replyHtml: text('reply_html').notNull().default(''),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    /** The member account (of `department`) that wrote the official reply. */
    replyUserId: integer('reply_user_id'),
    /** The department took the question on (timeline 已提交 → 已受理 → 已回复); null until then. */
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    ...likeAndCommentCounts(),
    pv: integer('pv').notNull().default(0),
    ...readerWrittenColumns(),
  },
  (t) => [index('bang_politics_created_idx').on(t.createdAt), uniqueIndex('bang_politics_client_key_idx').on(t.userId, t.clientKey)],
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
    /** A department's account (问政): the department it answers for ('' for every other member). */
    department: text('department').notNull().default(''),
    /** The proof picture of an application (an own upload; never shown publicly). */
    proofPicture: text('proof_picture').notNull().default(''),
    isJump: boolean('is_jump').notNull().default(true),
    /** Recommended on the Q&A home (getRecommenderList), in `sort` order. */
    recommended: boolean('recommended').notNull().default(false),
    sort: integer('sort').notNull().default(0),
    ...review(),
    createdAt: createdAt(),
  },
  (t) => [index('bang_members_type_idx').on(t.userType, t.sort)],
);

/** The service grid (spec 2.7 serve/index, /v1/bangbang/service/getService): each item opens a safe URL. */
export const bangServices = pgTable('bang_services', {
  id: serialId(),
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
  id: serialId(),
  word: text('word').notNull(),
  sort: integer('sort').notNull().default(0),
});

/** A community group (社群, spec 2.7 community, dataType 18). */
export const bangGroups = pgTable('bang_groups', {
  id: serialId(),
  name: text('name').notNull(),
  intro: text('intro').notNull().default(''),
  cover: text('cover').notNull().default(''),
  /** 区县 or theme shown under the name. */
  area: text('area').notNull().default(''),
  memberCount: integer('member_count').notNull().default(0),
  postCount: integer('post_count').notNull().default(0),
  recommended: boolean('recommended').notNull().default(false),
  sort: integer('sort').notNull().default(0),
  createdAt: createdAt(),
});

/** Membership of a group: one row per reader per group (join is idempotent by the key). */
export const bangGroupMembers = pgTable(
  'bang_group_members',
  {
    groupId: integer('group_id').notNull(),
    userId: integer('user_id').notNull(),
    /** 'owner' | 'admin' | 'member' */
    role: text('role').notNull().default('member'),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index('bang_group_members_user_idx').on(t.userId)],
);

/** A post in a group. */
export const bangGroupPosts = pgTable(
  'bang_group_posts',
  {
    id: serialId(),
    groupId: integer('group_id').notNull(),
    userId: integer('user_id').notNull(),
    content: text('content').notNull(),
    pictures: pictureList(),
    ...likeAndCommentCounts(),
    recommended: boolean('recommended').notNull().default(false),
    ...review(),
    /** The Idempotency-Key of the send that wrote it (a reader's post; null for seeded posts). */
    ...keyedWrite(),
  },
  (t) => [index('bang_group_posts_group_idx').on(t.groupId, t.createdAt), uniqueIndex('bang_group_posts_client_key_idx').on(t.userId, t.clientKey)],
);

/** A reader's tip (爆料, spec 2.7 exposure, dataType 20). `contactPhone` is never shown publicly. */
export const bangTips = pgTable(
  'bang_tips',
  {
    ...authored(),
    content: text('content').notNull(),
    pictures: pictureList(),
    videoUrl: text('video_url').notNull().default(''),
    place: text('place').notNull().default(''),
    /** Optional; for the newsroom only. */
    contactPhone: text('contact_phone').notNull().default(''),
    /** 0 received, 1 being followed up, 2 reported (the newsroom's handling). */
    handling: integer('handling').notNull().default(0),
    ...likeAndCommentCounts(),
    ...review(),
    ...keyedWrite(),
  },
  (t) => [index('bang_tips_created_idx').on(t.createdAt), uniqueIndex('bang_tips_client_key_idx').on(t.userId, t.clientKey)],
);

/** The 帮你解读 explainer column (spec 2.7 helpYouExplain, jump type 57): newsroom-written, plain paragraphs. */
export const bangExplainers = pgTable('bang_explainers', {
  id: serialId(),
  title: text('title').notNull(),
  summary: text('summary').notNull().default(''),
  /** Paragraphs of plain text. */
  paragraphs: jsonb('paragraphs')
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  cover: text('cover').notNull().default(''),
  author: text('author').notNull().default(''),
  pv: integer('pv').notNull().default(0),
  createdAt: createdAt(),
});
