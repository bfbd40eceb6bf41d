/**
 * The placement desk's own rows (ADR 034). Channel banners are `banners` of core.ts; the topics' order is the sort of
 * `topic_news` and `special_category_news` (news.ts).
 */
import { check, index, integer, text, timestamp, pgTable, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, deletedAt, serialId } from './columnBuilders.ts';

/** 热榜置顶: a published story an editor pins at a position (1 first) of the hot list until `ends_at`. */
export const hotPicks = pgTable(
  'hot_picks',
  {
    id: serialId(),
    newsId: integer('news_id').notNull(),
    position: integer('position').notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** The console's key of the pin that made it: a retried pin adds nothing. */
    clientKey: text('client_key'),
    createdAt: createdAt(),
    /** Unpinned by the desk (kept for the audit trail and undo). */
    deletedAt: deletedAt(),
  },
  (t) => [
    index('hot_picks_live_idx').on(t.endsAt),
    uniqueIndex('hot_picks_client_key').on(t.clientKey),
    check('hot_picks_position_check', sql`${t.position} >= 1`),
  ],
);
