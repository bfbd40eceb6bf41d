/**
 * CORS for the API (security.md H61): an allowlist of exact origins (PUBLIC_ORIGIN and CORS_ORIGINS),
 * never a pattern over subdomains. Same-origin pages need none of it. A disallowed origin gets no
 * Access-Control-Allow-Origin, so the browser keeps the answer from it. Auth is header-only, so no
 * credentials mode is ever allowed.
 */
import type { MiddlewareHandler } from 'hono';
import { cors as honoCors } from 'hono/cors';
import {
  HEADER_APP_KEY,
  HEADER_APP_VERSION,
  HEADER_DEVICE_ID,
  HEADER_IDEMPOTENCY_KEY,
  HEADER_REFRESHED_TOKEN,
  HEADER_REQUEST_ID,
} from '../../contract/headers.ts';
import type { Settings } from '../../settings/settings.ts';

const ALLOWED_HEADERS = ['authorization', 'content-type', HEADER_DEVICE_ID, HEADER_APP_KEY, HEADER_APP_VERSION, HEADER_IDEMPOTENCY_KEY];
const EXPOSED_HEADERS = [HEADER_REFRESHED_TOKEN, HEADER_REQUEST_ID];

export function corsOrigins(env: Settings): Set<string> {
  const list = [env.PUBLIC_ORIGIN ?? '', ...(env.CORS_ORIGINS ?? '').split(',')]
    .map((o) => o.trim().replace(/\/+$/, ''))
    .filter((o) => /^https?:\/\/[^/]+$/.test(o));
  return new Set(list);
}

/**
 * Hono's CORS middleware over the allowlist: an allowed origin is echoed (never `*`), preflights answer 204
 * with GET and POST, the request headers the client sends, and a 10-minute max-age; every answer varies
 * on Origin. A disallowed origin gets no CORS header at all (its preflight a bare 204). A request without an Origin (same-origin
 * pages, the server's own calls) and an OPTIONS that is not a preflight pass untouched, as before: no Vary
 * on Origin splits the caches of public answers.
 */
export function cors(allowed: ReadonlySet<string>): MiddlewareHandler {
  const handler = honoCors({
    origin: (origin) => (allowed.has(origin) ? origin : null),
    allowMethods: ['GET', 'POST'],
    allowHeaders: ALLOWED_HEADERS,
    exposeHeaders: EXPOSED_HEADERS,
    maxAge: 600,
    credentials: false,
  });
  return (c, next) => {
    const preflight = c.req.method === 'OPTIONS' && c.req.header('access-control-request-method') !== undefined;
    const origin = c.req.header('origin');
    if (origin === undefined || (c.req.method === 'OPTIONS' && !preflight)) return next();
    // A disallowed origin's request is answered as a same-origin one would be: no CORS header and no Vary on
    // Origin, so a cached public answer stays one entry (the server's fast path replays it byte for byte).
    if (!preflight && !allowed.has(origin)) return next();
    return handler(c, next);
  };
}
