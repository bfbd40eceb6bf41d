/**
 * Interaction (ADR 007): likes, comments with replies, comment idempotency keys, reports.
 * Counters on `news` (like_num, comment_count) change in the same transaction as these rows.
 */
import { boolean, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, deletedAt, pictureList, review } from './columnBuilders.ts';

/**
 * One like of one reader on one target. `kind` names the target table ('news', 'comment',
 * 'bang_politics', 'bang_qa', 'bang_answer'); the unique index makes a like idempotent (security.md J77).
 */
export const likes = pgTable(
  'likes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    kind: text('kind').notNull(),
    targetId: integer('target_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('likes_user_target_key').on(t.userId, t.kind, t.targetId), index('likes_target_idx').on(t.kind, t.targetId)],
);

/**
 * A comment or a reply. `scope` is 'news' (class_id/news_id name the article) or 'bang1'/'bang2'
 * (politics / Q&A, news_id is the bangbang item). `rootId` is the top-level comment a reply belongs
 * to (null for a top-level comment), `parentId` the comment directly answered.
 */
export const comments = pgTable(
  'comments',
  {
    id: serial('id').primaryKey(),
    scope: text('scope').notNull().default('news'),
    classId: integer('class_id').notNull(),
    newsId: integer('news_id').notNull(),
    rootId: integer('root_id'),
    parentId: integer('parent_id'),
    userId: integer('user_id').notNull(),
    text: text('text').notNull(),
    pictures: pictureList(),
    region: text('region').notNull().default(''),
    likeNum: integer('like_num').notNull().default(0),
    /** Live replies of a top-level comment. */
    replyNum: integer('reply_num').notNull().default(0),
    isGood: boolean('is_good').notNull().default(false),
    /** The desk's decision (docs/adr/018-one-review-model.md): only approved comments are public; rows written before it are approved. */
    ...review(),
    createdAt: createdAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    index('comments_target_idx').on(t.scope, t.newsId, t.rootId, t.id),
    index('comments_root_idx').on(t.rootId, t.id),
    index('comments_user_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * `Idempotency-Key` records of comment posts, written in the same transaction as the comment
 * (security.md M97, C4): the same key and body answer the stored response; another body is refused.
 */
export const commentIdempotency = pgTable(
  'comment_idempotency',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    key: text('key').notNull(),
    bodyHash: text('body_hash').notNull(),
    response: jsonb('response').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('comment_idempotency_user_key').on(t.userId, t.key)],
);

/**
 * One report of one reader on one target (security.md J78): `kind` 'news', 'bang' or 'comment';
 * `commentId` 0 unless a comment is reported. Reasons are the server's list, joined by commas.
 */
export const reports = pgTable(
  'reports',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    kind: text('kind').notNull(),
    classId: integer('class_id').notNull(),
    newsId: integer('news_id').notNull(),
    commentId: integer('comment_id').notNull().default(0),
    platformId: integer('platform_id').notNull().default(0),
    reasons: text('reasons').notNull(),
    /** The reported comment's text as the server had it (never the client's copy). */
    commentText: text('comment_text').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('reports_user_target_key').on(t.userId, t.kind, t.newsId, t.commentId), index('reports_user_day_idx').on(t.userId, t.createdAt)],
);
