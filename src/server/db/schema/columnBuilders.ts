/**
 * Column (and index) builders the tables share, so a recurring column is written once and spelt the same in every
 * table. Each is a function: a Drizzle column builder belongs to the one table it is spread into.
 * Changing one changes every table that uses it, so `npm run db:generate` must then report no changes.
 */
import { sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, type PgColumn } from 'drizzle-orm/pg-core';

/** `created_at`, set by the database when the row is written. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
/** `updated_at`, set when the row is written; the repo moves it on each change. */
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
/** `deleted_at`: null while the row is live (soft delete). */
export const deletedAt = () => timestamp('deleted_at', { withTimezone: true });
/** A plain integer column that starts at 0 (sort keys, counters, points). */
export const zero = (name: string) => integer(name).notNull().default(0);
/** A text column that may be left empty. */
export const blank = (name: string) => text(name).notNull().default('');
/** A list of /media picture paths, empty by default. */
export const pictureList = () =>
  jsonb('pictures')
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'::jsonb`);
/** Reader-written content's review state (team rule): 'pending' | 'approved' | 'rejected'; only approved rows are public. */
export const reviewState = () => text('review_state').notNull().default('approved');

/** The review state and the reason told to the author when it is refused. */
export const review = () => ({ reviewState: reviewState(), reviewReason: blank('review_reason') });

/** The Idempotency-Key of the call that wrote the row (a retried send writes nothing new) and when it was written. */
export const keyedWrite = () => ({ clientKey: text('client_key'), createdAt: createdAt() });

/** One row per reader and Idempotency-Key (rows written without a key are not constrained). */
export const clientKeyIndex = (table: string, t: { userId: PgColumn; clientKey: PgColumn }) =>
  uniqueIndex(`${table}_client_key`)
    .on(t.userId, t.clientKey)
    .where(sql`${t.clientKey} is not null`);

/** What a reader-written, soft-deleted row ends with: review state and reason, retry key, written and deleted times. */
export const readerWrittenColumns = () => ({ ...review(), ...keyedWrite(), deletedAt: deletedAt() });

/** `id`, the row's own serial number. */
export const serialId = () => serial('id').primaryKey();

/** A reader-written row's own id and its author (users.id). */
export const authored = () => ({ id: serialId(), userId: integer('user_id').notNull() });

/** The counters of an item readers like and comment on. */
export const likeAndCommentCounts = () => ({ likeNum: zero('like_num'), commentCount: zero('comment_count') });

const required = (name: string) => integer(name).notNull();
type LikeColumns<K extends string> = Record<K, ReturnType<typeof required>> & { userId: ReturnType<typeof required>; createdAt: ReturnType<typeof createdAt> };

/** One like per reader per item (the item's id under `key`/`column`): the primary key makes a repeated like a no-op. */
export function likesTable<N extends string, K extends string>(name: N, key: K, column: string) {
  const columns = { [key]: required(column), userId: required('user_id'), createdAt: createdAt() } as LikeColumns<K>;
  return pgTable(name, columns, (t) => [primaryKey({ columns: [t[key], t.userId] })]);
}
