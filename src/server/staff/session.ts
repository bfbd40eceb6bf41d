/**
 * Staff sessions (ADR 017): a server-side row behind an HttpOnly, SameSite=Strict cookie (Secure in
 * production) scoped to /newsroom; idle 30 minutes, absolute 12 hours; revocable. The cookie holds 256
 * random bits, the row their SHA-256. A reader's `Authorization` header is never read here, and the
 * reader API never reads this cookie (docs/security.md "Newsroom staff").
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { StatusCode } from '../../contract/envelope.ts';
import { newOpaqueToken, OPAQUE_TOKEN_RE, sha256Hex } from '../tokens/secrets.ts';
import type { Tx } from '../db/client.ts';
import { ApiFailure } from '../http/envelope.ts';
import type { AppDeps } from '../http/types.ts';
import { isRole, type StaffMember } from './permissions.ts';
import { findSessionRepo, insertSessionRepo, touchSessionRepo, type StaffRow } from './repo.ts';

export const SESSION_COOKIE = 'nr_session';
export const COOKIE_PATH = '/newsroom';
export const IDLE_MS = 30 * 60_000;
export const ABSOLUTE_MS = 12 * 3600_000;
/** lastSeenAt is written at most this often (a console page polls; the idle clock needs minutes, not ms). */
const TOUCH_EVERY_MS = 60_000;

export interface StaffSession {
  staff: StaffMember;
  sessionId: number;
  csrfToken: string;
  /** Constant-time check of the X-CSRF-Token header against this session's token. */
  csrfMatches(header: string | undefined): boolean;
}

const notSignedIn = (): ApiFailure => new ApiFailure(StatusCode.notLoggedIn, '请先登录', 401);

export function memberOf(row: StaffRow): StaffMember {
  if (!isRole(row.role)) throw new Error(`unknown staff role ${row.role}`);
  return { id: row.id, name: row.name, role: row.role, scopes: row.scopes };
}

/** The signed-in person of this request, or a 401 envelope. */
export async function resolveStaffSession(deps: AppDeps, c: Context, now: Date = new Date()): Promise<StaffSession> {
  const found = await findSession(deps, c, now);
  if (!found) throw notSignedIn();
  return found;
}

/** The signed-in person, or null (the 我的登录 state of the sign-in page). */
export async function findSession(deps: AppDeps, c: Context, now: Date = new Date()): Promise<StaffSession | null> {
  const token = getCookie(c, SESSION_COOKIE);
  if (!token || !OPAQUE_TOKEN_RE.test(token)) return null;
  const found = await findSessionRepo(deps.database.db, sha256Hex(token), now);
  if (!found) return null;
  const { session, person } = found;
  if (person.disabledAt !== null || person.totpSecret === null) return null;
  if (now.getTime() - session.lastSeenAt.getTime() > IDLE_MS) return null;
  if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_EVERY_MS) await touchSessionRepo(deps.database.db, session.id, now);
  const csrfToken = session.csrfToken;
  return {
    staff: memberOf(person),
    sessionId: session.id,
    csrfToken,
    csrfMatches(header) {
      if (!header) return false;
      const a = Buffer.from(header);
      const b = Buffer.from(csrfToken);
      return a.length === b.length && timingSafeEqual(a, b);
    },
  };
}

/**
 * Opens a new session for a person who passed both factors. The token is always new (never one the
 * browser brought: session fixation), and the cookie replaces whatever was there.
 */
export async function openSession(tx: Tx, c: Context, deps: AppDeps, staffId: number, ip: string, now: Date): Promise<{ id: number; csrfToken: string }> {
  const token = newOpaqueToken();
  const csrfToken = randomBytes(24).toString('base64url');
  const row = await insertSessionRepo(tx, {
    staffId,
    tokenHash: sha256Hex(token),
    csrfToken,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + ABSOLUTE_MS),
    ip,
    device: (c.req.header('user-agent') ?? '').slice(0, 300),
  });
  setCookie(c, SESSION_COOKIE, token, {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: 'Strict',
    secure: deps.config.production,
    maxAge: ABSOLUTE_MS / 1000,
  });
  return { id: row.id, csrfToken };
}

export function clearSessionCookie(c: Context, deps: AppDeps): void {
  deleteCookie(c, SESSION_COOKIE, { path: COOKIE_PATH, httpOnly: true, sameSite: 'Strict', secure: deps.config.production });
}
