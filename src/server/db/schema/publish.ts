/**
 * The newsroom's writing desk (ADR 025): stories as editors write them, apart from the `news` rows readers
 * see. A story's row holds its fields (src/contract/publish.ts ArticleFields, as written) and its
 * sanitised body; publishing writes the reader's `news` row under the id fixed at the first publish, and
 * withdrawing deletes that row again, so no reader query needs to know about drafts.
 */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ArticleFields } from '../../../contract/publish.ts';

export const articles = pgTable(
  'articles',
  {
    id: serial('id').primaryKey(),
    /** The reader row's id (news.id), taken from news' sequence at the first publish; kept after a withdrawal. */
    newsId: integer('news_id'),
    /** src/contract/publish.ts ARTICLE_STATES. */
    state: text('state').notNull().default('draft'),
    /** The review stage waiting (1–3) while in review; 0 otherwise. */
    reviewStage: integer('review_stage').notNull().default(0),
    /** Who took each review stage so far, in order. */
    reviewers: jsonb('reviewers')
      .$type<{ id: number; name: string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** The last send-back or withdrawal note, or why the scheduled publish did not happen. */
    note: text('note').notNull().default(''),
    authorId: integer('author_id').notNull(),
    authorName: text('author_name').notNull(),
    /** The browser's key of the create request (a retried create answers the same story). */
    createKey: text('create_key').notNull(),
    fields: jsonb('fields').$type<ArticleFields>().notNull(),
    /** The body, sanitised at save (src/features/richtext/sanitizeHtml.server.ts). */
    content: text('content').notNull().default(''),
    /** Counts saves: a save names the revision it started from. */
    revision: integer('revision').notNull().default(0),
    /** The key of the last save (a retried save is answered, not applied twice). */
    lastSaveId: text('last_save_id').notNull().default(''),
    publishAt: timestamp('publish_at', { withTimezone: true }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('articles_news_id_key').on(t.newsId),
    uniqueIndex('articles_create_key').on(t.authorId, t.createKey),
    index('articles_state_idx').on(t.state, t.updatedAt),
    index('articles_author_idx').on(t.authorId, t.updatedAt),
    index('articles_scheduled_idx')
      .on(t.publishAt)
      .where(sql`state = 'scheduled'`),
  ],
);

/** A kept version of a story: every save by hand and every workflow step. */
export const articleVersions = pgTable(
  'article_versions',
  {
    articleId: integer('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    fields: jsonb('fields').$type<ArticleFields>().notNull(),
    content: text('content').notNull(),
    savedBy: integer('saved_by').notNull(),
    savedByName: text('saved_by_name').notNull(),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.version], name: 'article_versions_pk' })],
);

/**
 * A correction (更正) of a published story: shown to readers with its date and note at the story's end
 * (src/sections/detail/DetailBody.astro). Keyed by the reader row's id, which a story keeps for good, so a
 * withdrawn and republished story still carries its corrections.
 */
export const newsCorrections = pgTable(
  'news_corrections',
  {
    id: serial('id').primaryKey(),
    articleId: integer('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    newsId: integer('news_id').notNull(),
    /** Plain text (tags dropped at save). */
    note: text('note').notNull(),
    staffId: integer('staff_id').notNull(),
    staffName: text('staff_name').notNull(),
    /** The console's key of the request (a retried send answers the same correction). */
    createKey: text('create_key').notNull(),
    correctedAt: timestamp('corrected_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('news_corrections_create_key').on(t.articleId, t.createKey), index('news_corrections_news_idx').on(t.newsId, t.correctedAt)],
);

/**
 * A breaking-news push (突发推送) of a published story to every reader on the site (ADR 025): the log the
 * desk-wide rate limit reads (one push per 10 minutes), and the key that makes a retried send push once.
 */
export const breakingPushes = pgTable(
  'breaking_pushes',
  {
    id: serial('id').primaryKey(),
    articleId: integer('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    newsId: integer('news_id').notNull(),
    /** The banner's words (plain text). */
    text: text('text').notNull(),
    staffId: integer('staff_id').notNull(),
    staffName: text('staff_name').notNull(),
    createKey: text('create_key').notNull(),
    pushedAt: timestamp('pushed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('breaking_pushes_create_key').on(t.createKey), index('breaking_pushes_at_idx').on(t.pushedAt)],
);

/**
 * 图文直播: the updates an editor posts to a published live's feed (ADR 025 "Live events"), shown on its
 * LiveDetail page newest first. Keyed by the reader row's id like corrections; the text is stored plain, as
 * typed, and escaped wherever it is shown. A withdrawn update (撤回) keeps its row with `withdrawn_at` set.
 */
export const livePosts = pgTable(
  'live_posts',
  {
    id: serial('id').primaryKey(),
    /** The desk's story; null for a live brought in with its feed from the old CMS (the demo's seeded lives). */
    articleId: integer('article_id').references(() => articles.id, { onDelete: 'cascade' }),
    newsId: integer('news_id').notNull(),
    text: text('text').notNull(),
    /** A `/media/…` picture uploaded through the desk, or ''. */
    picture: text('picture').notNull().default(''),
    staffId: integer('staff_id').notNull(),
    staffName: text('staff_name').notNull(),
    /** The console's key of the request (a retried send answers the same update). */
    createKey: text('create_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('live_posts_create_key').on(t.articleId, t.createKey), index('live_posts_news_idx').on(t.newsId, t.createdAt)],
);
