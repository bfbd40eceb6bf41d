/**
 * Rate-limit hits and single-use markers kept in the database (src/server/http/DatabaseRateLimitStore.ts):
 * without REDIS_URL the limits survive a restart. Times are epoch milliseconds.
 */
import { bigint, bigserial, index, pgTable, text } from 'drizzle-orm/pg-core';

/** One recorded hit of a limit key; `keepUntil` is when the longest window that counts it has passed. */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    key: text('key').notNull(),
    at: bigint('at', { mode: 'number' }).notNull(),
    keepUntil: bigint('keep_until', { mode: 'number' }).notNull(),
  },
  (t) => [index('rate_limit_hits_key_idx').on(t.key, t.at), index('rate_limit_hits_keep_idx').on(t.keepUntil)],
);

/** A claimed single-use marker (claimOnce) and until when it holds. */
export const rateLimitClaims = pgTable('rate_limit_claims', {
  key: text('key').primaryKey(),
  until: bigint('until', { mode: 'number' }).notNull(),
});
