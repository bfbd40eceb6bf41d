/**
 * Discover (发现; spec 2.6, 3, 7.2): topics (a topic is also a theme and a post's tag), reader
 * posts with pictures under one or more topics, and the official account's reply to a post. Comments on
 * posts live in `comments` (scope 'quan', class_id the post's topic, news_id the post) and likes in
 * `likes` (kind 'quan_post'); the counters here change in the same transaction as those rows.
 */
import { boolean, index, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, deletedAt, blank, pictureList, reviewState, clientKeyIndex, keyedWrite } from './columnBuilders.ts';

/** A topic (#话题#): the hot strip, a tag chip, a theme page (themeId) and the composer's tag (HotTagsId). */
export const discoverTopics = pgTable(
  'discover_topics',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    /** One line under the title on the theme page. */
    intro: text('intro').notNull().default(''),
    /** Cover picture (a /media path). */
    cover: text('cover').notNull().default(''),
    /** Recommend tags (spec getTopicListByKeyboard), comma-separated. */
    keyboard: text('keyboard').notNull().default(''),
    /** Hot topics come first in the hot strip (higher first). */
    hot: integer('hot').notNull().default(0),
    /** Approved live posts under the topic. */
    contentCount: integer('content_count').notNull().default(0),
    /** Comments on those posts. */
    commentCount: integer('comment_count').notNull().default(0),
    pv: integer('pv').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('discover_topics_hot_idx').on(t.hot, t.id)],
);

/**
 * A reader's post. `reviewState` 'pending' | 'approved' | 'rejected' (team rule: reader content carries
 * a review state from the start); pending and rejected posts are shown to their author only.
 * `officialReply*`: the official account's answer (sanitised HTML) and the report it links to.
 */
export const discoverPosts = pgTable(
  'discover_posts',
  {
    id: serial('id').primaryKey(),
    /** The first topic of the post: the classId of its comment and like calls (spec 3 discover post classId). */
    topicId: integer('topic_id').notNull(),
    userId: integer('user_id').notNull(),
    /** Plain text, rendered as text. */
    content: text('content').notNull(),
    pictures: pictureList(),
    video: text('video').notNull().default(''),
    likeNum: integer('like_num').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    pv: integer('pv').notNull().default(0),
    reviewState: reviewState(),
    rejectReason: blank('reject_reason'),
    officialName: text('official_name').notNull().default(''),
    officialHtml: text('official_html').notNull().default(''),
    /** The related report of the official reply (a news item), 0 when none. */
    officialNewsId: integer('official_news_id').notNull().default(0),
    officialClassId: integer('official_class_id').notNull().default(0),
    isTop: boolean('is_top').notNull().default(false),
    /** Idempotency-Key of the publish call that wrote it (unique per user: a retried send writes nothing new). */
    ...keyedWrite(),
    deletedAt: deletedAt(),
  },
  (t) => [
    index('discover_posts_feed_idx').on(t.createdAt, t.id),
    index('discover_posts_user_idx').on(t.userId, t.createdAt),
    clientKeyIndex('discover_posts', t),
  ],
);

/** The topics (tags) of a post, in the order the author chose them. */
export const discoverPostTopics = pgTable(
  'discover_post_topics',
  {
    postId: integer('post_id').notNull(),
    topicId: integer('topic_id').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.postId, t.topicId] }), index('discover_post_topics_topic_idx').on(t.topicId, t.postId)],
);

/** Hot search words of the discover search (spec getHotWord), higher weight first. */
export const discoverHotWords = pgTable('discover_hot_words', {
  id: serial('id').primaryKey(),
  word: text('word').notNull(),
  weight: integer('weight').notNull().default(0),
});
