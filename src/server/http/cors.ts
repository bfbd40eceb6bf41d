/**
 * CORS for the API (security.md H61): an allowlist of exact origins (PUBLIC_ORIGIN and CORS_ORIGINS),
 * never a pattern over subdomains. Same-origin pages need none of it. A disallowed origin gets no
 * Access-Control-Allow-Origin, so the browser keeps the answer from it. Auth is header-only, so no
 * credentials mode is ever allowed.
 */
import type { MiddlewareHandler } from 'hono';
import { HEADER_APP_KEY, HEADER_APP_VERSION, HEADER_DEVICE_ID, HEADER_IDEMPOTENCY_KEY, HEADER_REFRESHED_TOKEN, HEADER_REQUEST_ID } from '../../contract/headers.ts';

const ALLOWED_HEADERS = ['authorization', 'content-type', HEADER_DEVICE_ID, HEADER_APP_KEY, HEADER_APP_VERSION, HEADER_IDEMPOTENCY_KEY].join(', ');
const EXPOSED_HEADERS = [HEADER_REFRESHED_TOKEN, HEADER_REQUEST_ID].join(', ');

export function corsOrigins(env: NodeJS.ProcessEnv): Set<string> {
  const list = [env.PUBLIC_ORIGIN ?? '', ...(env.CORS_ORIGINS ?? '').split(',')]
    .map((o) => o.trim().replace(/\/+$/, ''))
    .filter((o) => /^https?:\/\/[^/]+$/.test(o));
  return new Set(list);
}

export function cors(allowed: ReadonlySet<string>): MiddlewareHandler {
  return async (c, next) => {
    const origin = c.req.header('origin');
    const ok = origin !== undefined && allowed.has(origin);
    if (c.req.method === 'OPTIONS' && c.req.header('access-control-request-method')) {
      if (!ok) return c.body(null, 204, { vary: 'Origin' });
      return c.body(null, 204, {
        'access-control-allow-origin': origin,
        'access-control-allow-methods': 'GET, POST',
        'access-control-allow-headers': ALLOWED_HEADERS,
        'access-control-max-age': '600',
        vary: 'Origin',
      });
    }
    await next();
    if (ok) {
      c.header('access-control-allow-origin', origin);
      c.header('access-control-expose-headers', EXPOSED_HEADERS);
      c.header('vary', 'Origin', { append: true });
    }
    return undefined;
  };
}
