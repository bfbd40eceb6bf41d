/**
 * The newsroom's staff (ADR 017): accounts apart from readers, one-time enrolment links, sign-in
 * challenges between the password and the second factor, server-side sessions, and the append-only audit
 * trail. Secrets are never stored in the clear: passwords as argon2id, link/challenge/session tokens as
 * SHA-256.
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columnBuilders.ts';

/** A staff account. `account` is the lower-case sign-in name; `role` one of src/server/staff/permissions.ts. */
export const staff = pgTable(
  'staff',
  {
    id: serial('id').primaryKey(),
    account: text('account').notNull(),
    name: text('name').notNull(),
    role: text('role').notNull(),
    /** The areas a scoped person (a moderator) works in; empty: every area. */
    scopes: jsonb('scopes')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** PHC string of argon2id; null until the person enrols. */
    passwordHash: text('password_hash'),
    /** The TOTP secret (base32, RFC 6238); null until enrolled or after a second-factor reset. */
    totpSecret: text('totp_secret'),
    /** The last TOTP time step accepted: a code of that step or an earlier one is refused (replay). */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }).notNull().default(0),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('staff_account_key').on(t.account),
    check('staff_role_known', sql`${t.role} in ('admin','chief','editor','moderator','reporter','department','mallOperator')`),
  ],
);

/** A one-time enrolment link (invitation or second-factor reset): valid 24 hours, used once. */
export const staffEnrolments = pgTable(
  'staff_enrolments',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id),
    tokenHash: text('token_hash').notNull(),
    /** The TOTP secret offered when the link was first opened (the QR code is shown once). */
    offeredSecret: text('offered_secret'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('staff_enrolments_token_key').on(t.tokenHash), index('staff_enrolments_staff_idx').on(t.staffId)],
);

/** The step between a right password and the TOTP code: 5 minutes, used once, not a session. */
export const staffChallenges = pgTable(
  'staff_challenges',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('staff_challenges_token_key').on(t.tokenHash)],
);

/** A signed-in session behind the HttpOnly cookie: idle 30 minutes, absolute 12 hours, revocable. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id),
    tokenHash: text('token_hash').notNull(),
    /** The session's CSRF token (sent back in X-CSRF-Token on every write). */
    csrfToken: text('csrf_token').notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip').notNull().default(''),
    device: text('device').notNull().default(''),
  },
  (t) => [uniqueIndex('staff_sessions_token_key').on(t.tokenHash), index('staff_sessions_staff_idx').on(t.staffId)],
);

/**
 * The audit trail: one row per staff action, never updated or deleted (a trigger refuses UPDATE, DELETE
 * and TRUNCATE on every database, migration 0016). `staffId` null: the command line (`npm run staff`).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    staffId: integer('staff_id'),
    /** The person's name at the time (a later rename does not rewrite history). */
    staffName: text('staff_name').notNull(),
    action: text('action').notNull(),
    itemKind: text('item_kind').notNull(),
    itemId: text('item_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: text('reason').notNull().default(''),
    ip: text('ip').notNull().default(''),
  },
  (t) => [index('audit_log_at_idx').on(t.at), index('audit_log_staff_idx').on(t.staffId, t.at), index('audit_log_item_idx').on(t.itemKind, t.itemId, t.at)],
);
