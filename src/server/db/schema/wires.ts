/**
 * The wires (docs/security.md "The wires"): feeds an admin added, the hosts they may be fetched from, the
 * items taken in (one row per guid or link and feed: the unique indexes de-duplicate), and the archive
 * records `npm run import` brought in (a re-run finds them here and writes nothing twice).
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Hosts feeds may be fetched from, set by an admin (an exact host name, lower case). */
export const wireAllowedHosts = pgTable('wire_allowed_hosts', {
  host: text('host').primaryKey(),
  addedBy: integer('added_by').notNull(),
  addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
});

export const wireFeeds = pgTable(
  'wire_feeds',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    url: text('url').notNull(),
    everyMinutes: integer('every_minutes').notNull().default(30),
    /** The channel and column a draft made from its items starts in (0: none suggested). */
    channelId: integer('channel_id').notNull().default(0),
    classId: integer('class_id').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    /** A fetch claims the feed by moving this forward (one process per feed and period). */
    nextFetchAt: timestamp('next_fetch_at', { withTimezone: true }).notNull().defaultNow(),
    lastFetchedAt: timestamp('last_fetched_at', { withTimezone: true }),
    /** The last fetch's problem in Chinese, '' when it went well. */
    lastError: text('last_error').notNull().default(''),
    lastNewItems: integer('last_new_items').notNull().default(0),
    createdBy: integer('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('wire_feeds_url_key').on(t.url),
    index('wire_feeds_due_idx')
      .on(t.nextFetchAt)
      .where(sql`enabled`),
  ],
);

export const wireItems = pgTable(
  'wire_items',
  {
    id: serial('id').primaryKey(),
    feedId: integer('feed_id')
      .notNull()
      .references(() => wireFeeds.id, { onDelete: 'cascade' }),
    /** The item's guid (id), or its link when it has none. */
    dedupKey: text('dedup_key').notNull(),
    link: text('link').notNull().default(''),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    /** Sanitised with the reader pages' sanitiser (src/features/richtext/sanitizeHtml.server.ts). */
    content: text('content').notNull().default(''),
    author: text('author').notNull().default(''),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
    /** The draft made from it (the writing desk's `articles.id`). */
    articleId: integer('article_id'),
    draftedBy: text('drafted_by').notNull().default(''),
  },
  (t) => [
    uniqueIndex('wire_items_dedup_key').on(t.feedId, t.dedupKey),
    uniqueIndex('wire_items_link_key')
      .on(t.feedId, t.link)
      .where(sql`link <> ''`),
    index('wire_items_tray_idx').on(t.fetchedAt, t.id),
  ],
);

/** One row per old-CMS record imported: its id there, the reader row and the story made of it. */
export const archiveImports = pgTable(
  'archive_imports',
  {
    sourceId: text('source_id').primaryKey(),
    newsId: integer('news_id').notNull(),
    articleId: integer('article_id').notNull(),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('archive_imports_news_id_key').on(t.newsId)],
);
