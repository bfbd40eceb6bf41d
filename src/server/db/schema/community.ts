/**
 * The 互动 area and the shell's own forms: readers' photos on the photo wall (/interact/imagePage),
 * the live-commerce complaint platform (/Complaints-platform) with its status timeline, and the business
 * cooperation messages (/business-cooperation/home). Reader-written rows carry a review state from the start
 * ('pending' | 'approved' | 'rejected'); pending and rejected rows are shown to their author only.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  createdAt,
  updatedAt,
  pictureList,
  clientKeyIndex,
  zero,
  blank,
  likesTable,
  review,
  keyedWrite,
  readerWrittenColumns,
  authored,
  serialId,
} from './columnBuilders.ts';
import { answerUnits } from './answer.ts';

/** A reader's photo on the photo wall (读者拍客): one picture from the upload path and a caption. */
export const readerPhotos = pgTable(
  'reader_photos',
  {
    ...authored(),
    /** A /media path: the reader's own upload (/media/comments/<userId>/…) or a demo picture. */
    url: text('url').notNull(),
    width: zero('width'),
    height: zero('height'),
    /** Plain text, rendered as text. */
    caption: text('caption').notNull(),
    likeNum: zero('like_num'),
    /** Idempotency-Key of the upload call that wrote it (a retried send writes nothing new). */
    ...readerWrittenColumns(),
  },
  (t) => [
    index('reader_photos_created_idx').on(t.createdAt, t.id),
    index('reader_photos_user_idx').on(t.userId, t.createdAt),
    clientKeyIndex('reader_photos', t),
    check('reader_photos_like_nonnegative', sql`${t.likeNum} >= 0`),
  ],
);

/** One like per reader per photo; the photo's like_num changes in the same transaction. */
export const readerPhotoLikes = likesTable('reader_photo_likes', 'photoId', 'photo_id');

/**
 * A complaint against a live-stream seller. `status`: 'submitted' (待受理) → 'processing' (处理中: the desk
 * sent it to the seller `unitId` names, a unit of kind 'seller' in answer_units, or kept it, `unitId` null)
 * → 'replied' (已回复) → 'completed' (已完结: the complainant confirmed, `closedBy` 'complainant', or nobody
 * did within 7 days of the last reply, 'auto'), or 'refused' (不予受理, with `refuseReason`). The older
 * demo rows also say 'accepted'. A complainant asks again once (complaint_follow_ups): 'replied' →
 * 'processing'. `contactPhone` is never shown publicly (the author sees it masked). Amounts in fen.
 */
export const complaints = pgTable(
  'complaints',
  {
    ...authored(),
    platform: text('platform').notNull(),
    shopName: text('shop_name').notNull(),
    orderNo: blank('order_no'),
    amountFen: zero('amount_fen'),
    problemType: text('problem_type').notNull(),
    /** What happened; plain text. */
    content: text('content').notNull(),
    /** What the reader wants (退款, 换货 …); plain text. */
    demand: text('demand').notNull(),
    pictures: pictureList(),
    contactPhone: text('contact_phone').notNull(),
    status: text('status').notNull().default('submitted'),
    refuseReason: blank('refuse_reason'),
    sellerReply: blank('seller_reply'),
    sellerReplyAt: timestamp('seller_reply_at', { withTimezone: true }),
    unitId: integer('unit_id').references(() => answerUnits.id),
    assignedAt: timestamp('assigned_at', { withTimezone: true }),
    /** Who wrote the last reply (staff.id): the seller's person, or the desk's when the desk kept it. */
    replyStaffId: integer('reply_staff_id'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** '' while open; 'complainant' (确认已解决) or 'auto' (7 days after the last reply). */
    closedBy: blank('closed_by'),
    ...review(),
    ...keyedWrite(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('complaints_created_idx').on(t.createdAt, t.id),
    index('complaints_user_idx').on(t.userId, t.createdAt),
    clientKeyIndex('complaints', t),
    index('complaints_unit_idx').on(t.unitId, t.status),
    index('complaints_replied_idx').on(t.status, t.sellerReplyAt),
    check('complaints_status_known', sql`${t.status} in ('submitted', 'accepted', 'processing', 'replied', 'completed', 'refused')`),
    check('complaints_closed_by_known', sql`${t.closedBy} in ('', 'complainant', 'auto')`),
    check('complaints_amount_nonnegative', sql`${t.amountFen} >= 0`),
  ],
);

/** The status timeline of a complaint: one row per step, with the platform's note. */
export const complaintEvents = pgTable(
  'complaint_events',
  {
    id: serialId(),
    complaintId: integer('complaint_id').notNull(),
    status: text('status').notNull(),
    note: blank('note'),
    createdAt: createdAt(),
  },
  (t) => [index('complaint_events_complaint_idx').on(t.complaintId, t.createdAt)],
);

/**
 * The complainant's one follow-up question after a reply (再次追问): reader-written, with its review state
 * (the one review model, kind 'complaint_follow_up'); the unique complaint id makes it once.
 */
export const complaintFollowUps = pgTable(
  'complaint_follow_ups',
  {
    ...authored(),
    complaintId: integer('complaint_id').notNull(),
    /** Plain text. */
    content: text('content').notNull(),
    ...readerWrittenColumns(),
  },
  (t) => [uniqueIndex('complaint_follow_ups_once').on(t.complaintId), clientKeyIndex('complaint_follow_ups', t)],
);

/** A message from the business cooperation form (广告与合作), kept for the group's business team. */
export const cooperationRequests = pgTable(
  'cooperation_requests',
  {
    id: serialId(),
    name: text('name').notNull(),
    company: text('company').notNull(),
    phone: text('phone').notNull(),
    need: text('need').notNull(),
    /** The kind of cooperation picked on the form ('ad', 'event', 'content', 'other'). */
    kind: text('kind').notNull().default('other'),
    /** Idempotency-Key of the send: a retried send writes nothing new. */
    clientKey: text('client_key'),
    ip: blank('ip'),
    createdAt: createdAt(),
  },
  (t) => [index('cooperation_requests_created_idx').on(t.createdAt), uniqueIndex('cooperation_requests_client_key').on(t.clientKey)],
);
