/**
 * Accounts (ADR 008): users, login tokens, SMS codes, one-time tickets and the server's own secrets.
 * Secrets are never stored in the clear: tokens as SHA-256, codes as HMAC-SHA-256, passwords as argon2id.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columnBuilders.ts';

/**
 * A reader account. `phone` is the normalised 11-digit mainland number (null for a messenger-only user
 * who has not bound one yet, spec 4); `unionId` is the messenger identity our server obtained itself.
 */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    phone: text('phone'),
    unionId: text('union_id'),
    nickname: text('nickname').notNull(),
    userPic: text('user_pic').notNull().default(''),
    /** PHC string of argon2id; null until the reader sets a password (code login auto-registers). */
    passwordHash: text('password_hash'),
    /** Consecutive failed password logins; at 100 the password is locked until an SMS reset (NIST 5.2.2). */
    failedLogins: integer('failed_logins').notNull().default(0),
    passwordLocked: boolean('password_locked').notNull().default(false),
    credit: integer('credit').notNull().default(0),
    integral: integer('integral').notNull().default(0),
    creditLevel: integer('credit_level').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_phone_key')
      .on(t.phone)
      .where(sql`${t.phone} is not null`),
    uniqueIndex('users_union_id_key')
      .on(t.unionId)
      .where(sql`${t.unionId} is not null`),
    // credit is the running sum of points_ledger (src/server/points): never negative (ADR 012).
    check('users_credit_nonnegative', sql`${t.credit} >= 0`),
  ],
);

/**
 * Bearer tokens. One login is a `family`; refreshing issues a new row in the same family with the same
 * absolute expiry (30 days from login), and shortens the old row to a 60 s grace (security.md C1, D31).
 */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    family: text('family').notNull(),
    tokenHash: text('token_hash').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    replacedAt: timestamp('replaced_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('auth_tokens_hash_key').on(t.tokenHash), index('auth_tokens_user_idx').on(t.userId), index('auth_tokens_family_idx').on(t.family)],
);

/** SMS codes: bound to (phone, purpose), single use, 5 minutes, 5 wrong tries (security.md A, C1). */
export const smsCodes = pgTable(
  'sms_codes',
  {
    id: serial('id').primaryKey(),
    phone: text('phone').notNull(),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** Set when used, replaced by a newer code, or burnt by the 5th wrong try. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [index('sms_codes_phone_idx').on(t.phone, t.purpose, t.createdAt)],
);

/**
 * One-time tickets that carry a finished step to the next one: a checked code to the new-password step
 * (reset, change; security.md B19), a messenger code exchange to login or phone binding (C20).
 */
export const accountTickets = pgTable(
  'account_tickets',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    ticketHash: text('ticket_hash').notNull(),
    phone: text('phone'),
    userId: integer('user_id'),
    unionId: text('union_id'),
    nickname: text('nickname').notNull().default(''),
    userPic: text('user_pic').notNull().default(''),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('account_tickets_hash_key').on(t.ticketHash)],
);

/** Server secrets (HMAC keys), generated once per database so every node of a deployment agrees. */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
});

/**
 * A reader's change of nickname or avatar, through the one review gate (docs/adr/018-one-review-model.md, kind
 * `profile_change`): the new values wait here, `pending`, while everyone else keeps seeing the old ones in
 * `users`; approval copies them there. `nickname` / `user_pic` are '' when that part is not changed. One change
 * of a reader waits at a time (the partial unique index).
 */
export const profileChanges = pgTable(
  'profile_changes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    nickname: text('nickname').notNull().default(''),
    userPic: text('user_pic').notNull().default(''),
    oldNickname: text('old_nickname').notNull(),
    oldUserPic: text('old_user_pic').notNull().default(''),
    reviewState: text('review_state').notNull().default('pending'),
    reviewReason: text('review_reason').notNull().default(''),
    clientKey: text('client_key'),
    createdAt: createdAt(),
  },
  (t) => [
    index('profile_changes_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('profile_changes_client_key')
      .on(t.userId, t.clientKey)
      .where(sql`${t.clientKey} is not null`),
    uniqueIndex('profile_changes_one_pending')
      .on(t.userId)
      .where(sql`${t.reviewState} = 'pending'`),
    check('profile_changes_something', sql`${t.nickname} <> '' or ${t.userPic} <> ''`),
  ],
);
