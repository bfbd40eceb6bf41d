/**
 * The rural section (裕农; spec 2.9). Rural news are rows of `news` under channel 10 (裕农朋友圈)
 * and its columns, so they open in the ordinary news and video detail pages; the tables here hold what
 * only the rural section has: the tab configuration of general-tab and sub-general-tab, the rural Q&A
 * board (乡村帮帮: questions, tagged agricultural experts, their answers), farmers' posts (农友说) with
 * likes and comments, market prices, and the village credit scheme (public, masked data only).
 * Reader-written rows (questions, posts, comments) carry a review state from the start.
 */
import { sql, type SQLWrapper } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, type PgColumn } from 'drizzle-orm/pg-core';
import {
  createdAt,
  deletedAt,
  zero,
  blank,
  pictureList,
  reviewState,
  clientKeyIndex,
  likesTable,
  keyedWrite,
  authored,
  likeAndCommentCounts,
  serialId,
  updatedAt,
} from './columnBuilders.ts';

const reviewCheck = (column: SQLWrapper) => sql`${column} in ('pending', 'approved', 'rejected')`;

/** What every reader-written row ends with: its review state, the retry key of the call that wrote it, times. */
const readerWritten = () => ({
  reviewState: reviewState(),
  rejectReason: blank('reject_reason'),
  ...keyedWrite(),
  deletedAt: deletedAt(),
});

/** A reader-written table's guards: one row per reader and retry key, and a known review state. */
const readerWrittenGuards = (table: string, t: { userId: PgColumn; clientKey: PgColumn; reviewState: PgColumn }) => [
  clientKeyIndex(table, t),
  check(`${table}_review_check`, reviewCheck(t.reviewState)),
];

/** Tabs of /yu-nong/general-tab (page 'general') and /yu-nong/sub-general-tab (page 'sub': parents with child tabs). */
export const ruralTabs = pgTable(
  'rural_tabs',
  {
    id: serialId(),
    page: text('page').notNull(),
    /** A child tab's parent (sub-general-tab only); null for a top tab. */
    parentId: integer('parent_id'),
    name: text('name').notNull(),
    /** The news column (columns.id) the tab lists; 0 for a parent tab that only groups children. */
    columnId: zero('column_id'),
    sort: zero('sort'),
  },
  (t) => [index('rural_tabs_page_idx').on(t.page, t.parentId, t.sort), check('rural_tabs_page_check', sql`${t.page} in ('general', 'sub')`)],
);

/**
 * An agricultural expert who answers on 乡村帮帮; `tags` are the fields they answer (comma-separated). An expert
 * is a reader account (`user_id`) the section's editors approved: a reader applies (state 'pending'), the 裕农
 * desk approves ('approved': shown on 乡村帮帮, may answer) or refuses with a reason the applicant reads
 * ('rejected'). One row per account; applying again after a refusal puts the same row back to 'pending' (ADR 029).
 * The desk may later revoke an approved expert ('revoked', with a reason the expert reads in `reject_reason`): no
 * longer shown, no longer answering; the desk may approve the row again, or the account apply again (ADR 030).
 */
export const ruralExperts = pgTable(
  'rural_experts',
  {
    id: serialId(),
    userId: integer('user_id'),
    name: text('name').notNull(),
    title: text('title').notNull(),
    org: text('org').notNull(),
    tags: blank('tags'),
    avatar: blank('avatar'),
    sort: zero('sort'),
    state: text('state').notNull().default('approved'),
    rejectReason: blank('reject_reason'),
    /** When the account applied (or applied again). */
    createdAt: createdAt(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('rural_experts_user_key')
      .on(t.userId)
      .where(sql`${t.userId} is not null`),
    check('rural_experts_state_check', sql`${t.state} in ('pending', 'approved', 'rejected', 'revoked')`),
  ],
);

/** A farmer's question on 乡村帮帮. */
export const ruralQuestions = pgTable(
  'rural_questions',
  {
    ...authored(),
    content: text('content').notNull(),
    /** The field asked about (one of RURAL_QUESTION_TAGS), matched to the experts' tags. */
    tag: text('tag').notNull(),
    district: blank('district'),
    pictures: pictureList(),
    answerCount: zero('answer_count'),
    pv: zero('pv'),
    ...readerWritten(),
  },
  (t) => [index('rural_questions_feed_idx').on(t.createdAt, t.id), ...readerWrittenGuards('rural_questions', t)],
);

/**
 * An expert's answer to a question, written in the reader app by the expert's own account (`user_id`). It is
 * reader-written content: it passes the one review gate and carries a review state; only an approved answer
 * counts in the question's answer_count.
 */
export const ruralAnswers = pgTable(
  'rural_answers',
  {
    id: serialId(),
    questionId: integer('question_id').notNull(),
    expertId: integer('expert_id').notNull(),
    /** The expert's account; null on demo answers of an expert not linked to an account yet. */
    userId: integer('user_id'),
    content: text('content').notNull(),
    likeNum: zero('like_num'),
    reviewState: reviewState(),
    rejectReason: blank('reject_reason'),
    clientKey: text('client_key'),
    createdAt: createdAt(),
    deletedAt: deletedAt(),
  },
  (t) => [index('rural_answers_question_idx').on(t.questionId, t.createdAt), ...readerWrittenGuards('rural_answers', t)],
);

/** A farmer's post on 农友说 (text, pictures or a short video). */
export const ruralPosts = pgTable(
  'rural_posts',
  {
    ...authored(),
    content: text('content').notNull(),
    pictures: pictureList(),
    video: blank('video'),
    district: blank('district'),
    /** Pinned by the section's editors (裕农 desk): pinned posts lead 农友说, latest pin first. */
    pinnedAt: timestamp('pinned_at', { withTimezone: true }),
    ...likeAndCommentCounts(),
    ...readerWritten(),
  },
  (t) => [index('rural_posts_feed_idx').on(t.createdAt, t.id), ...readerWrittenGuards('rural_posts', t)],
);

/** One like per reader per post: the primary key makes a repeated like a no-op. */
export const ruralPostLikes = likesTable('rural_post_likes', 'postId', 'post_id');

/** A comment under a farmer's post (plain text). */
export const ruralPostComments = pgTable(
  'rural_post_comments',
  {
    id: serialId(),
    postId: integer('post_id').notNull(),
    userId: integer('user_id').notNull(),
    text: text('text').notNull(),
    ...readerWritten(),
  },
  (t) => [index('rural_post_comments_post_idx').on(t.postId, t.createdAt), ...readerWrittenGuards('rural_post_comments', t)],
);

/** A wholesale or farmers' market whose prices are collected. */
export const ruralMarkets = pgTable('rural_markets', {
  id: serialId(),
  name: text('name').notNull(),
  district: text('district').notNull(),
  sort: zero('sort'),
});

/** A farm product on the price board. */
export const ruralProducts = pgTable('rural_products', {
  id: serialId(),
  name: text('name').notNull(),
  /** 蔬菜 / 水果 / 畜禽 / 粮油 / 特产 */
  category: text('category').notNull(),
  unit: text('unit').notNull().default('元/斤'),
  sort: zero('sort'),
});

/** One product's price in one market on one day (Beijing date), in fen. */
export const ruralPrices = pgTable(
  'rural_prices',
  {
    productId: integer('product_id').notNull(),
    marketId: integer('market_id').notNull(),
    day: text('day').notNull(),
    priceFen: integer('price_fen').notNull(),
  },
  (t) => [primaryKey({ columns: [t.marketId, t.day, t.productId] }), check('rural_prices_positive', sql`${t.priceFen} > 0`)],
);

/** A village of the credit scheme (信用村). */
export const ruralVillages = pgTable('rural_villages', {
  id: serialId(),
  name: text('name').notNull(),
  district: text('district').notNull(),
  town: text('town').notNull(),
  households: integer('households').notNull(),
  intro: blank('intro'),
  sort: zero('sort'),
});

/** A household's public credit record: only the masked name is stored (王*华), never the full name. */
export const ruralHouseholds = pgTable(
  'rural_households',
  {
    id: serialId(),
    villageId: integer('village_id').notNull(),
    maskedName: text('masked_name').notNull(),
    points: zero('points'),
    /** The console key of the desk call that added it (裕农 desk): a retried add adds nothing. */
    clientKey: text('client_key'),
  },
  (t) => [index('rural_households_village_idx').on(t.villageId, t.points), uniqueIndex('rural_households_client_key').on(t.clientKey)],
);

/** A deed that earned (or cost) a household credit points. */
export const ruralCreditDeeds = pgTable(
  'rural_credit_deeds',
  {
    id: serialId(),
    householdId: integer('household_id').notNull(),
    villageId: integer('village_id').notNull(),
    /** 孝老爱亲 / 环境整治 / 按时还贷 / 志愿服务 / 移风易俗 / 违规扣分 */
    kind: text('kind').notNull(),
    description: text('description').notNull(),
    points: integer('points').notNull(),
    /**
     * What the deed moved its household's credit points by: its points, cut where the score meets 0 or 100
     * (ADR 033). Correcting or removing the deed takes back exactly this.
     */
    applied: zero('applied'),
    day: text('day').notNull(),
    /** The console key of the desk call that recorded it (裕农 desk): a retried add adds nothing. */
    clientKey: text('client_key'),
  },
  (t) => [
    uniqueIndex('rural_credit_deeds_client_key').on(t.clientKey),
    index('rural_credit_deeds_village_idx').on(t.villageId, t.day),
    index('rural_credit_deeds_day_idx').on(t.day, t.id),
  ],
);

/** Credit ratings: the points a rating needs and what it unlocks. */
export const ruralCreditLevels = pgTable('rural_credit_levels', {
  rating: text('rating').primaryKey(),
  minPoints: integer('min_points').notNull(),
  title: text('title').notNull(),
  benefits: jsonb('benefits')
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
});

/**
 * A slide of the 裕农 home's carousel (轮播图), managed by the section's editors on the 裕农 desk. It opens a rural
 * story (`news_id`) or a link (`link`: an https URL or a path of our own site), never both. Readers see the
 * enabled slides within their Beijing-date window, in `sort` order; with none, the home falls back to its newest
 * stories with a picture. One row per console key (`client_key`), so a retried create adds nothing.
 */
export const ruralBanners = pgTable(
  'rural_banners',
  {
    id: serialId(),
    title: text('title').notNull(),
    /** A /media picture path (uploaded through the desk, or a demo picture). */
    picture: text('picture').notNull(),
    newsId: zero('news_id'),
    link: blank('link'),
    /** First and last Beijing day `YYYY-MM-DD` it is shown; '' for open-ended. */
    startDay: blank('start_day'),
    endDay: blank('end_day'),
    enabled: boolean('enabled').notNull().default(true),
    sort: zero('sort'),
    clientKey: text('client_key'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Removed by the desk (kept so the removal can be undone). */
    deletedAt: deletedAt(),
  },
  (t) => [
    index('rural_banners_sort_idx').on(t.sort, t.id),
    uniqueIndex('rural_banners_client_key').on(t.clientKey),
    check('rural_banners_target_check', sql`(${t.newsId} > 0) <> (${t.link} <> '')`),
    check('rural_banners_window_check', sql`${t.startDay} = '' or ${t.endDay} = '' or ${t.startDay} <= ${t.endDay}`),
  ],
);
