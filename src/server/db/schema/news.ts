/**
 * News-browsing tables beyond core.ts: topics (话题), special topics (专题) with their categories,
 * publisher accounts (山城号), search hot words, newspapers (数字报) and district coordinates for the
 * location lookup. News items themselves stay in core.ts; these tables link to them by id.
 */
import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { pictureList } from './columnBuilders.ts';

/** Topics shown as topic-list cards and swipe carousels (spec 3: Topic, Topic carousel). */
export const topics = pgTable(
  'topics',
  {
    id: integer('id').primaryKey(),
    /** The column whose topic collection lists this topic (/kratos/v1/topicsCollect?columnId=). */
    columnId: integer('column_id').notNull(),
    title: text('title').notNull(),
    logo: text('logo').notNull().default(''),
    pictures: pictureList(),
    intro: text('intro').notNull().default(''),
    contentCount: integer('content_count').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    /** A time-line topic (/timeTopic) lists its news oldest first as a time line. */
    isTimeline: boolean('is_timeline').notNull().default(false),
    sort: integer('sort').notNull().default(0),
    /** The topic desk's console key of the create that made it (ADR 035): a retried create answers this topic. */
    clientKey: text('client_key'),
  },
  (t) => [index('topics_column_idx').on(t.columnId, t.sort), uniqueIndex('topics_client_key').on(t.clientKey)],
);

export const topicNews = pgTable(
  'topic_news',
  {
    topicId: integer('topic_id').notNull(),
    newsId: integer('news_id').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.topicId, t.newsId] }), index('topic_news_order_idx').on(t.topicId, t.sort)],
);

/** A special topic (专题) is addressed by its class id (spec 2.4: /SpecialPage takes classId only). */
export const specialTopics = pgTable(
  'special_topics',
  {
    classId: integer('class_id').primaryKey(),
    title: text('title').notNull(),
    img: text('img').notNull().default(''),
    intro: text('intro').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    /** The topic desk's console key of the create that made it (ADR 035): a retried create answers this special topic. */
    clientKey: text('client_key'),
  },
  (t) => [uniqueIndex('special_topics_client_key').on(t.clientKey)],
);

export const specialCategories = pgTable(
  'special_categories',
  {
    id: integer('id').primaryKey(),
    classId: integer('class_id').notNull(),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('special_categories_class_idx').on(t.classId, t.sort)],
);

export const specialCategoryNews = pgTable(
  'special_category_news',
  {
    categoryId: integer('category_id').notNull(),
    newsId: integer('news_id').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  // news_idx: a detail looks up its special topic by the article (detail repo topicOf); the key leads with the category.
  (t) => [
    primaryKey({ columns: [t.categoryId, t.newsId] }),
    index('special_category_news_order_idx').on(t.categoryId, t.sort),
    index('special_category_news_news_idx').on(t.newsId),
  ],
);

/** Publisher accounts (山城号); class ids are the columns of channel 11. */
export const publisherAccounts = pgTable('publisher_accounts', {
  classId: integer('class_id').primaryKey(),
  name: text('name').notNull(),
  img: text('img').notNull().default(''),
  intro: text('intro').notNull().default(''),
  /** spec 5: the account home opens only when isJump is truthy. */
  isJump: boolean('is_jump').notNull().default(true),
  fans: integer('fans').notNull().default(0),
  sort: integer('sort').notNull().default(0),
});

export const publisherAccountNews = pgTable(
  'publisher_account_news',
  {
    classId: integer('class_id').notNull(),
    newsId: integer('news_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.classId, t.newsId] })],
);

/** Search hot words (/v1/news/getNewsHotWord). */
export const hotWords = pgTable('hot_words', {
  id: integer('id').primaryKey(),
  word: text('word').notNull(),
  sort: integer('sort').notNull().default(0),
});

/** Newspaper editions (/readNewspaper, /maeNewspaper); each page lists the news printed on it. */
export const newspapers = pgTable('newspapers', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  /** Edition date, YYYY-MM-DD (Beijing). */
  editionDate: text('edition_date').notNull(),
  cover: text('cover').notNull().default(''),
  pages: jsonb('pages')
    .$type<{ name: string; image: string; newsIds: number[] }[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  sort: integer('sort').notNull().default(0),
});

/** District centres for the nearest-district location lookup (docs/conventions.md "Outside services": maps stand-in). */
export const districtLocations = pgTable('district_locations', {
  classId: integer('class_id').primaryKey(),
  lat: doublePrecision('lat').notNull(),
  lng: doublePrecision('lng').notNull(),
});
