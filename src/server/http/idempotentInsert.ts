/**
 * Reader writes keyed by an `Idempotency-Key` header (security.md C4): the key's format, and the one order
 * every keyed insert follows, so a retried send answers the row it wrote instead of writing a second one.
 */
import type { Context } from 'hono';
import { StatusCode } from '../../contract/envelope.ts';
import { HEADER_IDEMPOTENCY_KEY } from '../../contract/headers.ts';
import type { Db, Tx } from '../db/client.ts';
import type { AuthUser } from './auth.ts';
import { ApiFailure } from './envelope.ts';
import type { ServiceContext } from './types.ts';

/** 8–64 of [A-Za-z0-9_-]. */
export const IDEMPOTENCY_KEY_RE = /^[A-Za-z0-9_-]{8,64}$/;

export const IDEMPOTENCY_MESSAGES = {
  keyReused: '该 Idempotency-Key 已用于其他内容',
  badKey: 'Idempotency-Key 格式不正确',
} as const;

/**
 * The one reader of a call's `Idempotency-Key` header (security.md C4), for every keyed write: null when
 * the header is absent or empty, the key when it is 8–64 of [A-Za-z0-9_-], else a 400 with
 * IDEMPOTENCY_MESSAGES.badKey. `missing`: the message of a write that cannot go without one (a 400).
 */
export function callKey(c: Context): string | null;
export function callKey(c: Context, missing: string): string;
export function callKey(c: Context, missing?: string): string | null {
  const header = c.req.header(HEADER_IDEMPOTENCY_KEY);
  if (header === undefined || header === '') {
    if (missing !== undefined) throw new ApiFailure(StatusCode.badParams, missing);
    return null;
  }
  if (!IDEMPOTENCY_KEY_RE.test(header)) throw new ApiFailure(StatusCode.badParams, IDEMPOTENCY_MESSAGES.badKey);
  return header;
}

export interface KeyedInsert<R> {
  /** The call's checked Idempotency-Key, or null. */
  key: string | null;
  /** The caller's row written with this key, if any. */
  byKey: (key: string) => Promise<R | null>;
  /** Whether a row holds what this call sends (a key reused for other content is refused). */
  same: (row: R) => boolean;
  /** The rules a new row must pass (existence, own pictures, duplicate text, rate limits); a retry skips them. */
  check: () => Promise<void>;
  /** Writes the row; null when the key's unique index refused it (a concurrent send with the key won). */
  insert: () => Promise<R | null>;
  /** The message when the insert was refused and no row holds the key. */
  lost: string;
  /**
   * Its status: a server error by default (the row should have been there); a refusal the reader can act on
   * when another unique index than the key's refused it (a change already waiting, sent at the same moment).
   */
  lostStatus?: number;
}

/**
 * A retry of a send that already landed answers the row it wrote, before any other rule runs; else the
 * checks run and the row is inserted; when two sends with one key raced, the other one's row answers —
 * also when the race made this one's checks fail (the winner's row is now the "same text" or took the pace).
 */
export async function idempotentInsert<R>(w: KeyedInsert<R>): Promise<R> {
  const { key } = w;
  const keyed = async (): Promise<R | null> => {
    if (key === null) return null;
    const row = await w.byKey(key);
    if (row && !w.same(row)) throw new ApiFailure(StatusCode.unprocessable, IDEMPOTENCY_MESSAGES.keyReused);
    return row;
  };
  const earlier = await keyed();
  if (earlier) return earlier;
  try {
    await w.check();
  } catch (refused) {
    const winner = await keyed();
    if (winner) return winner;
    throw refused;
  }
  const row = await w.insert();
  if (row) return row;
  const winner = await keyed();
  if (!winner) throw new ApiFailure(w.lostStatus ?? StatusCode.serverError, w.lost);
  return winner;
}

/** What a reader's new row is written with: its author, its review state and the call's Idempotency-Key. */
export interface ReaderStamp {
  userId: number;
  reviewState: 'pending' | 'approved';
  clientKey: string | null;
}

export interface ReaderInsert<R> extends Pick<KeyedInsert<R>, 'same' | 'check' | 'lost'> {
  /** The author's row written with a key (a repo's by-client-key query). */
  byKey: (db: Db, userId: number, key: string) => Promise<R | null>;
  /** The state a new row starts in: the section's review-before-publish setting. */
  reviewState: () => Promise<'pending' | 'approved'>;
  /** Writes the row in the transaction; null when the key's unique index refused it. */
  insert: (tx: Tx, stamp: ReaderStamp) => Promise<R | null>;
}

/** `idempotentInsert` of a reader-written row (`key`: the call's, see callKey), stamped with its author, review state and key. */
export async function insertReaderRow<R>(ctx: ServiceContext, key: string | null, user: AuthUser, w: ReaderInsert<R>): Promise<R> {
  const { database } = ctx.deps;
  return idempotentInsert({
    key,
    byKey: (k) => w.byKey(database.db, user.userId, k),
    same: w.same,
    check: w.check,
    insert: async () => {
      const reviewState = await w.reviewState();
      return database.write((tx) => w.insert(tx, { userId: user.userId, reviewState, clientKey: key }));
    },
    lost: w.lost,
  });
}
