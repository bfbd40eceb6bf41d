/**
 * The token layer: who is calling, from the `Authorization: Bearer <token>` header only.
 *
 * How an area uses it (ADR 008; later areas build on this):
 * - Declare `auth: 'required'` (or `'optional'`) on the endpoint in `src/contract/<area>.ts`.
 *   `registerEndpoint` then resolves the caller before the handler runs. For 'required', an anonymous
 *   or expired caller gets HTTP 200 `{statusCode: 301, message: '未登录或登录过期，请重新登录'}` and the
 *   handler never runs.
 * - In the handler, `requireUser(c)` returns `{userId, family, tokenId}` (throws the 301 envelope when
 *   anonymous); `optionalUser(c)` returns it or null. Both are synchronous and only valid on endpoints
 *   that declared `auth` (calling them elsewhere is a programming error and throws).
 * - Raw Hono routes (not through registerEndpoint) call `await authenticate(deps, c)` themselves.
 * - Never read identity from cookies, the query string or the body (security.md D32, H60): user ids,
 *   nicknames and pictures come from the database row of `requireUser(c).userId`.
 *
 * Tokens are opaque: 256 random bits, stored as SHA-256, valid 30 days from login (absolute, not
 * sliding). A token older than 2 hours is rotated on its next authenticated call: the response
 * carries the new one in `x-access-token` (HEADER_REFRESHED_TOKEN) and `Cache-Control: no-store,
 * private`, and the old one keeps working for a 60 s grace so parallel requests in flight do not log
 * the reader out (security.md D30, D31). Every response of an authenticated call is no-store, private.
 * `Bearer null`, `Bearer undefined`, an empty or truncated token is simply anonymous, never a 500.
 */
import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { StatusCode } from '../../contract/envelope.ts';
import { HEADER_REFRESHED_TOKEN } from '../../contract/headers.ts';
import type { Tx } from '../db/client.ts';
import { findLiveTokenRepo, insertTokenRepo, rotateTokenRepo } from '../tokens/repo.ts';
import { newOpaqueToken, OPAQUE_TOKEN_RE, sha256Hex } from '../tokens/secrets.ts';
import { ApiFailure, messages } from './envelope.ts';
import type { AppDeps } from './types.ts';

/** Absolute token lifetime: 30 days, then log in again (security.md C1, a documented choice). */
export const TOKEN_LIFETIME_MS = 30 * 24 * 3600_000;
/** A token is replaced at most every 2 hours (security.md C1). */
export const TOKEN_ROTATE_AFTER_MS = 2 * 3600_000;
/** The replaced token still works this long, for requests already in flight (security.md D31). */
export const TOKEN_GRACE_MS = 60_000;
/** Every response to an authenticated call; never cacheable by a CDN or shared cache (security.md D30). */
export const PRIVATE_NO_STORE = 'no-store, private';
export const TOKEN_TYPE = 'Bearer';

export interface AuthUser {
  userId: number;
  /** The login this token belongs to (logout revokes the whole family). */
  family: string;
  tokenId: number;
}

export type AuthMode = 'none' | 'optional' | 'required';

const resolved = new WeakMap<Context, AuthUser | null>();

/** The token of an `Authorization: Bearer …` header, or null for anything we could not have issued. */
export function readBearer(header: string | undefined | null): string | null {
  if (!header) return null;
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header);
  const token = match?.[1];
  if (!token || !OPAQUE_TOKEN_RE.test(token)) return null;
  return token;
}

export interface IssuedToken {
  token: string;
  tokenType: typeof TOKEN_TYPE;
  expiresAt: Date;
}

/** Issues the first token of a new login, inside the transaction that logs the reader in. */
export async function issueToken(tx: Tx, userId: number, now: Date = new Date()): Promise<IssuedToken> {
  const token = newOpaqueToken();
  const expiresAt = new Date(now.getTime() + TOKEN_LIFETIME_MS);
  await insertTokenRepo(tx, { userId, family: randomUUID(), tokenHash: sha256Hex(token), issuedAt: now, expiresAt });
  return { token, tokenType: TOKEN_TYPE, expiresAt };
}

/**
 * Resolves the caller of this request (cached per request) and rotates an old token. Sets the
 * refreshed-token header and no-store, private on the response when a user is found.
 */
export async function authenticate(deps: AppDeps, c: Context, now: Date = new Date()): Promise<AuthUser | null> {
  if (resolved.has(c)) return resolved.get(c) ?? null;
  const token = readBearer(c.req.header('authorization'));
  let user: AuthUser | null = null;
  if (token !== null) {
    const row = await findLiveTokenRepo(deps.database.db, sha256Hex(token), now);
    if (row) {
      user = { userId: row.userId, family: row.family, tokenId: row.id };
      if (row.replacedAt === null && now.getTime() - row.issuedAt.getTime() >= TOKEN_ROTATE_AFTER_MS) {
        const fresh = newOpaqueToken();
        const rotated = await rotateTokenRepo(deps.database, row.id, new Date(now.getTime() + TOKEN_GRACE_MS), {
          userId: row.userId,
          family: row.family,
          tokenHash: sha256Hex(fresh),
          issuedAt: now,
          // Same absolute expiry as the login: refreshing never extends a session past 30 days.
          expiresAt: row.expiresAt,
        });
        if (rotated) c.header(HEADER_REFRESHED_TOKEN, fresh);
      }
    }
  }
  resolved.set(c, user);
  if (user) c.header('cache-control', PRIVATE_NO_STORE);
  return user;
}

function notLoggedIn(): ApiFailure {
  return new ApiFailure(StatusCode.notLoggedIn, messages.notLoggedIn);
}

/** Called by registerEndpoint before the handler: resolves the caller, 301 for 'required' and anonymous. */
export async function applyEndpointAuth(deps: AppDeps, c: Context, mode: AuthMode | undefined): Promise<AuthUser | null> {
  if (mode === undefined || mode === 'none') return null;
  const user = await authenticate(deps, c);
  if (mode === 'required' && !user) throw notLoggedIn();
  return user;
}

/** The caller of an endpoint declared `auth: 'required'` (or 'optional'); throws the 301 envelope when anonymous. */
export function requireUser(c: Context): AuthUser {
  if (!resolved.has(c)) throw new Error('requireUser: the endpoint did not declare auth, or authenticate() was not called');
  const user = resolved.get(c);
  if (!user) throw notLoggedIn();
  return user;
}

/** The caller of an endpoint declared `auth: 'optional'`, or null when anonymous. */
export function optionalUser(c: Context): AuthUser | null {
  if (!resolved.has(c)) throw new Error('optionalUser: the endpoint did not declare auth, or authenticate() was not called');
  return resolved.get(c) ?? null;
}

/** True when this request was made by a logged-in reader (for headers after the handler ran). */
export function isAuthenticated(c: Context): boolean {
  return Boolean(resolved.get(c));
}
