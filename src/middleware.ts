/**
 * Runs before every page: the route meta is looked up, the host is detected once, the global config
 * is loaded.
 */
import { defineMiddleware } from 'astro:middleware';
import { loadInitConfig } from './client/initConfig.ts';
import { hostOfRequest } from './client/requestHost.ts';
import { BASE_PATH as BASE } from './lib/safeUrl.ts';
import { findRoute } from './routing/routes.ts';
import { liteHtml, liteReason } from './lib/liteMode.ts';

export const onRequest = defineMiddleware(async (context, next) => {
  const { pathname } = context.url;
  const rel = pathname.startsWith(BASE) ? pathname.slice(BASE.length) || '/' : pathname;
  // Case-insensitive matching redirects in src/server/main.ts, before a request reaches Astro.
  context.locals.route = findRoute(rel);
  context.locals.host = hostOfRequest(context.request.headers);
  context.locals.initConfig = await loadInitConfig();
  const lite = liteReason(context.request.headers.get('save-data'), context.request.headers.get('cookie'));
  const response = await next();
  if (lite === null || !(response.headers.get('content-type') ?? '').includes('text/html')) return response;
  // Lite mode (src/lib/liteMode.ts): the same page, its pictures and videos made cheaper.
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  // The cookie's page must not reach a shared cache (it keys on Save-Data, never on cookies).
  if (lite === 'cookie') headers.set('cache-control', 'private, no-cache');
  return new Response(liteHtml(await response.text()), { status: response.status, statusText: response.statusText, headers });
});
