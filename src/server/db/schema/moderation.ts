/**
 * The moderation desk (docs/adr/018-one-review-model.md): one row per reader-written item of every registered
 * kind (`kind`, `item_id`), the queues' single index; the per-area settings (review before publish, the
 * emergency switch), muted readers, the sensitive-word list and the reasons a moderator picks from.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { blank, createdAt, updatedAt, zero } from './columnBuilders.ts';

/**
 * An item on the desk. `state` mirrors the item's own review state ('pending' | 'approved' | 'rejected'), or
 * 'removed' (taken down after publication). `heldWord`: the sensitive word that held it ('' when none).
 * `reportsOpen`: readers reported it and no decision has settled those reports yet.
 */
export const moderationItems = pgTable(
  'moderation_items',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    itemId: integer('item_id').notNull(),
    area: text('area').notNull(),
    userId: integer('user_id').notNull(),
    /** The item's text as written (for the queue and the word filter; the item's page has the rest). */
    excerpt: blank('excerpt'),
    state: text('state').notNull(),
    heldWord: blank('held_word'),
    createdAt: createdAt(),
    reportCount: zero('report_count'),
    /** Distinct reasons readers gave, joined by commas. */
    reportReasons: blank('report_reasons'),
    reportedAt: timestamp('reported_at', { withTimezone: true }),
    reportsOpen: boolean('reports_open').notNull().default(false),
    /** 'approve' | 'reject' | 'remove' ('' until decided). */
    decision: blank('decision'),
    reason: blank('reason'),
    decidedBy: integer('decided_by'),
    decidedByName: blank('decided_by_name'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('moderation_items_item_key').on(t.kind, t.itemId),
    index('moderation_items_pending_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.state} = 'pending'`),
    index('moderation_items_pending_area_idx')
      .on(t.area, t.createdAt, t.id)
      .where(sql`${t.state} = 'pending'`),
    index('moderation_items_word_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.state} = 'pending' and ${t.heldWord} <> ''`),
    index('moderation_items_reported_idx')
      .on(t.reportedAt, t.id)
      .where(sql`${t.reportsOpen}`),
    index('moderation_items_patrol_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.state} = 'approved'`),
    index('moderation_items_decided_idx')
      .on(t.decidedAt, t.id)
      .where(sql`${t.decidedAt} is not null`),
    index('moderation_items_user_idx').on(t.userId, t.state),
    check('moderation_items_state_check', sql`${t.state} in ('pending', 'approved', 'rejected', 'removed')`),
  ],
);

/** One area's settings; an area without a row has the defaults of src/server/moderation/areas.ts. */
export const moderationSettings = pgTable('moderation_settings', {
  area: text('area').primaryKey(),
  reviewBeforePublish: boolean('review_before_publish').notNull(),
  /** 应急处置: commenting and posting closed in this area ('all': site-wide), with the message readers read. */
  closed: boolean('closed').notNull().default(false),
  closedMessage: blank('closed_message'),
  updatedBy: integer('updated_by'),
  updatedAt: updatedAt(),
});

/** A muted reader: no writes until `until` (null: for good). */
export const readerMutes = pgTable('reader_mutes', {
  userId: integer('user_id').primaryKey(),
  until: timestamp('until', { withTimezone: true }),
  reason: text('reason').notNull(),
  staffId: integer('staff_id'),
  createdAt: createdAt(),
});

/** A word admins keep: 'hold' sends a match to 待审, 'block' refuses it at once. `normalized`: as the matcher sees it. */
export const sensitiveWords = pgTable(
  'sensitive_words',
  {
    id: serial('id').primaryKey(),
    word: text('word').notNull(),
    normalized: text('normalized').notNull(),
    action: text('action').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sensitive_words_normalized_key').on(t.normalized), check('sensitive_words_action_check', sql`${t.action} in ('hold', 'block')`)],
);

/** The reasons a moderator picks when refusing (admins edit the list; a typed reason is allowed too). */
export const rejectReasons = pgTable(
  'reject_reasons',
  {
    id: serial('id').primaryKey(),
    text: text('text').notNull(),
    sort: zero('sort'),
  },
  (t) => [uniqueIndex('reject_reasons_text_key').on(t.text)],
);
