/**
 * The newsroom console's API framework (ADR 017): a Hono app at /newsroom/api, apart from the reader API.
 *
 * How a desk adds an endpoint:
 *
 *     consoleEndpoint(registry, {
 *       method: 'POST', path: '/moderation/decide', summary: '审核决定',
 *       permission: 'moderation.decide',            // required: the build fails without one
 *       area: (input) => areaOfKind(input.kind),    // optional: a scoped moderator outside it gets 403
 *       input: z.object({ … }),                     // GET: the query; POST: the JSON body
 *       handler: async ({ staff, input, deps, audit }) => { …; await audit(tx, { action, itemKind, itemId, before, after, reason }); return data; },
 *     });
 *
 * Before the handler runs: the session cookie is resolved (a reader's Bearer token is never read:
 * 401 请先登录), every POST must carry the session's CSRF token in X-CSRF-Token and, when the browser
 * names one, our own Origin (403), the permission is checked with `can` (403 无权操作), writes are
 * rate-limited per person, and only then is the input parsed (400 with a Chinese message). The answer is
 * the API's envelope `{statusCode, message, data}`, always `Cache-Control: no-store`.
 */
import type { Context } from 'hono';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { StatusCode } from '../../contract/envelope.ts';
import type { z } from '../../contract/zod.ts';
import { appendAudit, type AuditEntry } from '../audit/repo.ts';
import type { Tx } from '../db/client.ts';
import { ApiFailure, failure, messages, ok } from '../http/envelope.ts';
import { parseWith, readBody, readQuery } from '../http/input.ts';
import { clientIp, parseTrustedProxies, type RateLimiter, type TrustedProxies } from '../http/rateLimit.ts';
import type { AppDeps } from '../http/types.ts';
import { can, type Permission, type StaffMember } from './permissions.ts';
import { resolveStaffSession, type StaffSession } from './session.ts';
import { invalidationBus } from '../cache/invalidationBus.ts';
import { TAG_ALL } from '../web/writeScope.ts';

export const CONSOLE_API_BASE = '/newsroom/api';
/** Console request bodies are small (JSON forms): 100 KB like the reader API (security.md C3). */
const MAX_BODY_BYTES = 100 * 1024;
/** Writes per person: generous for a moderator's keyboard shift, a stop for a runaway script. */
const WRITES_PER_MINUTE = 240;

export const CONSOLE_MESSAGES = {
  signInFirst: '请先登录',
  forbidden: '无权操作',
  badOrigin: '请求来源无效，请刷新页面后重试',
} as const;

export interface ConsoleEndpointInfo {
  method: 'GET' | 'POST';
  /** The path under /newsroom/api. */
  path: string;
  summary: string;
  /** null: reachable signed out (sign-in and enrolment only, src/server/staff/routes.ts). */
  permission: Permission | null;
  /** `readers`: a successful call drops every reader cache (ConsoleEndpoint.invalidates). */
  invalidates?: 'readers';
}

export interface ConsoleEnv {
  Variables: { trustedProxies: TrustedProxies | null };
}

export interface ConsoleRegistry {
  app: Hono<ConsoleEnv>;
  endpoints: ConsoleEndpointInfo[];
  deps: AppDeps;
  limiter: RateLimiter;
  /** Body limits of the endpoints that declare `maxBodyBytes`, by full path. */
  bodyLimits: Map<string, number>;
}

/** What a console handler receives. */
export interface ConsoleContext<I> {
  staff: StaffMember;
  /** The id of the session this request came with (the 我的登录 page marks it). */
  sessionId: number;
  input: I;
  deps: AppDeps;
  c: Context<ConsoleEnv>;
  /** The caller's address, as recorded in the audit trail. */
  ip: string;
  /** Appends the audit row of this person's action in `tx` (who, from where, filled in). */
  audit: (tx: Tx, entry: Omit<AuditEntry, 'staffId' | 'staffName' | 'ip'>) => Promise<void>;
}

export interface ConsoleEndpoint<I extends z.ZodType, O> {
  method: 'GET' | 'POST';
  path: string;
  /** Chinese, shown in the permission-matrix report and the ADR. */
  summary: string;
  permission: Permission;
  /** The area the call acts in (an area-scoped permission then needs that area). */
  area?: (input: z.output<I>) => string | undefined;
  input: I;
  /** A larger JSON body than the console's 100 KB (a picture sent as base64); rarely needed. */
  maxBodyBytes?: number;
  /**
   * What a write changes for readers: `readers` drops every cached page and answer on every process (and the
   * CDN) once it has succeeded, so readers see a new price, an item taken off sale or an official reply at
   * once. The moderation and writing desks name finer tags from their services; a write that changes nothing
   * readers see (sessions, staff, exports) declares nothing.
   */
  invalidates?: 'readers';
  handler: (ctx: ConsoleContext<z.output<I>>) => Promise<O>;
}

export function consoleFailure(httpStatus: number, statusCode: number, message: string): ApiFailure {
  return new ApiFailure(statusCode, message, httpStatus);
}

export const forbidden = (): ApiFailure => consoleFailure(403, StatusCode.forbidden, CONSOLE_MESSAGES.forbidden);

/** A Chinese business refusal (HTTP 200 envelope, like the reader API's). */
export const refuse = (message: string, statusCode: number = StatusCode.unprocessable): ApiFailure => new ApiFailure(statusCode, message);

export function createConsoleRegistry(deps: AppDeps, limiter: RateLimiter): ConsoleRegistry {
  const app = new Hono<ConsoleEnv>({ strict: true }).basePath(CONSOLE_API_BASE);
  const trustedProxies = parseTrustedProxies(deps.config.trustedProxies);
  app.use('*', async (c, next) => {
    c.set('trustedProxies', trustedProxies);
    await next();
    // Nothing the console answers may be kept by a browser or a proxy (ADR 017).
    c.header('cache-control', 'no-store');
    c.header('x-robots-tag', 'noindex, nofollow');
  });
  // An endpoint may declare a larger body (the writing desk's picture upload); every other keeps 100 KB.
  const bodyLimits = new Map<string, number>();
  const limits = new Map<number, ReturnType<typeof bodyLimit>>();
  const limitOf = (maxSize: number) => {
    let mw = limits.get(maxSize);
    if (!mw) {
      mw = bodyLimit({ maxSize, onError: (c) => c.json(failure(StatusCode.badParams, messages.tooLarge), 413) });
      limits.set(maxSize, mw);
    }
    return mw;
  };
  app.use('*', (c, next) => limitOf(bodyLimits.get(c.req.path) ?? MAX_BODY_BYTES)(c, next));
  app.onError((err, c) => {
    if (err instanceof ApiFailure) return c.json(failure(err.statusCode, err.message), err.httpStatus as 200);
    deps.log.error({ path: new URL(c.req.url).pathname, err: { message: err.message, stack: err.stack } }, 'console request failed');
    return c.json(failure(StatusCode.serverError, messages.serverError), 500);
  });
  app.notFound((c) => c.json(failure(StatusCode.notFound, messages.notFound), 404));
  return { app, endpoints: [], deps, limiter, bodyLimits };
}

/**
 * A write must come from our own pages: an Origin, when the browser sends one, must be ours (the host the
 * request was made to, or PUBLIC_ORIGIN). Sign-in posts have no session yet; they need the JSON body and
 * the X-Newsroom header a cross-site form cannot send (CORS would have to allow it, and it does not).
 */
export function checkWriteOrigin(c: Context, publicOrigin: string | undefined): void {
  checkOrigin(c, publicOrigin);
  if (contentTypeOf(c) !== 'application/json') throw consoleFailure(415, StatusCode.badParams, messages.unsupportedType);
}

/** The Origin part of `checkWriteOrigin`. */
function checkOrigin(c: Context, publicOrigin: string | undefined): void {
  const origin = c.req.header('origin');
  if (origin !== undefined) {
    const own = new URL(c.req.url).origin;
    const host = c.req.header('host');
    const allowed = origin === own || origin === publicOrigin || (host !== undefined && (origin === `http://${host}` || origin === `https://${host}`));
    if (!allowed) throw consoleFailure(403, StatusCode.forbidden, CONSOLE_MESSAGES.badOrigin);
  }
}

const contentTypeOf = (c: Context): string => (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();

async function readInput<I extends z.ZodType>(c: Context, method: 'GET' | 'POST', schema: I): Promise<z.output<I>> {
  return parseWith(schema, method === 'GET' ? readQuery(c) : await readBody(c));
}

/** What a handler receives for `input`: who, from where, and the audit writer that records both. */
function handlerContext<I>(session: StaffSession, deps: AppDeps, c: Context<ConsoleEnv>, input: I): ConsoleContext<I> {
  const { staff } = session;
  const ip = clientIp(c);
  return {
    staff,
    sessionId: session.sessionId,
    input,
    deps,
    c,
    ip,
    audit: (tx, entry) => appendAudit(tx, { ...entry, staffId: staff.id, staffName: staff.name, ip }),
  };
}

/** Declares an endpoint that needs a signed-in person holding `permission` (see the file comment). */
export function consoleEndpoint<I extends z.ZodType, O>(registry: ConsoleRegistry, endpoint: ConsoleEndpoint<I, O>): void {
  registry.endpoints.push({
    method: endpoint.method,
    path: endpoint.path,
    summary: endpoint.summary,
    permission: endpoint.permission,
    ...(endpoint.invalidates ? { invalidates: endpoint.invalidates } : {}),
  });
  const { deps, limiter } = registry;
  const method = endpoint.method === 'GET' ? 'get' : 'post';
  if (endpoint.maxBodyBytes !== undefined) registry.bodyLimits.set(`${CONSOLE_API_BASE}${endpoint.path}`, endpoint.maxBodyBytes);
  registry.app[method](endpoint.path, async (c) => {
    const session: StaffSession = await resolveStaffSession(deps, c);
    const { staff } = session;
    if (endpoint.method === 'POST') {
      checkWriteOrigin(c, deps.config.publicOrigin);
      if (!session.csrfMatches(c.req.header('x-csrf-token'))) throw consoleFailure(403, StatusCode.forbidden, CONSOLE_MESSAGES.badOrigin);
    }
    if (!can(staff, endpoint.permission)) throw forbidden();
    if (endpoint.method === 'POST') await limiter.take([{ key: `console:write:${staff.id}`, rules: [{ max: WRITES_PER_MINUTE, windowMs: 60_000 }] }]);
    const input = await readInput(c, endpoint.method, endpoint.input);
    const area = endpoint.area?.(input);
    if (area !== undefined && !can(staff, endpoint.permission, area)) throw forbidden();
    const data = await endpoint.handler(handlerContext(session, deps, c, input));
    if (endpoint.invalidates === 'readers') invalidationBus.publish([TAG_ALL]);
    return c.json(ok(data));
  });
}

/** What an upload's handler gets as its input: the body as sent (a stream, never buffered here) and its key. */
export interface UploadInput {
  body: ReadableStream<Uint8Array> | null;
  /** The Idempotency-Key header, or null (a handler that needs one refuses its absence). */
  key: string | null;
  /** The Content-Length the browser declared (0 when none). */
  declaredBytes: number;
}

export interface ConsoleUpload<O> {
  path: string;
  summary: string;
  permission: Permission;
  /** The content types the file may be sent as (its own type; the handler sniffs the bytes and trusts no type). */
  types: readonly string[];
  /** The Chinese refusal of a body sent as another type (a form, JSON). */
  badType: string;
  /** Read by the body limit in front (a larger declared body is refused before it is read). */
  maxBodyBytes: number;
  handler: (ctx: ConsoleContext<UploadInput>) => Promise<O>;
}

/**
 * Declares a file upload that is its own body (a video: tens of megabytes, streamed to storage, never base64 in JSON
 * as pictures are). The same checks as `consoleEndpoint`'s POST run first — session, our Origin, the CSRF token,
 * the permission, the write rate — then the body's type is one of the file's (`badType` otherwise, never JSON: a
 * cross-site form cannot send these types without CORS, which does not allow it); then the handler gets the stream.
 */
export function consoleUpload<O>(registry: ConsoleRegistry, endpoint: ConsoleUpload<O>): void {
  registry.endpoints.push({ method: 'POST', path: endpoint.path, summary: endpoint.summary, permission: endpoint.permission });
  const { deps, limiter } = registry;
  registry.bodyLimits.set(`${CONSOLE_API_BASE}${endpoint.path}`, endpoint.maxBodyBytes);
  registry.app.post(endpoint.path, async (c) => {
    const session: StaffSession = await resolveStaffSession(deps, c);
    const { staff } = session;
    checkOrigin(c, deps.config.publicOrigin);
    if (!session.csrfMatches(c.req.header('x-csrf-token'))) throw consoleFailure(403, StatusCode.forbidden, CONSOLE_MESSAGES.badOrigin);
    if (!can(staff, endpoint.permission)) throw forbidden();
    await limiter.take([{ key: `console:write:${staff.id}`, rules: [{ max: WRITES_PER_MINUTE, windowMs: 60_000 }] }]);
    if (!endpoint.types.includes(contentTypeOf(c))) throw new ApiFailure(StatusCode.badParams, endpoint.badType);
    const input: UploadInput = {
      body: c.req.raw.body,
      key: c.req.header('idempotency-key') ?? null,
      declaredBytes: Number(c.req.header('content-length') ?? '0') || 0,
    };
    try {
      const data = await endpoint.handler(handlerContext(session, deps, c, input));
      return c.json(ok(data));
    } catch (err) {
      // A refused body may not have been read to its end: the connection is not reused.
      c.header('connection', 'close');
      throw err;
    }
  });
}

export interface SignedOutEndpoint<I extends z.ZodType, O> {
  method: 'GET' | 'POST';
  path: string;
  summary: string;
  input: I;
  handler: (ctx: { input: z.output<I>; deps: AppDeps; c: Context<ConsoleEnv>; ip: string }) => Promise<O>;
}

/**
 * The few endpoints reachable before sign-in (sign-in steps, enrolment, the current session's state).
 * They are declared in src/server/staff/routes.ts only; a desk never uses this.
 */
export function signedOutEndpoint<I extends z.ZodType, O>(registry: ConsoleRegistry, endpoint: SignedOutEndpoint<I, O>): void {
  registry.endpoints.push({ method: endpoint.method, path: endpoint.path, summary: endpoint.summary, permission: null });
  const { deps } = registry;
  const method = endpoint.method === 'GET' ? 'get' : 'post';
  registry.app[method](endpoint.path, async (c) => {
    if (endpoint.method === 'POST') {
      checkWriteOrigin(c, deps.config.publicOrigin);
      if (c.req.header('x-newsroom') !== '1') throw consoleFailure(403, StatusCode.forbidden, CONSOLE_MESSAGES.badOrigin);
    }
    const input = await readInput(c, endpoint.method, endpoint.input);
    const data = await endpoint.handler({ input, deps, c, ip: clientIp(c) });
    return c.json(ok(data));
  });
}
