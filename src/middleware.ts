/**
 * Runs before every page: the route meta is looked up, the host is detected once, the global config
 * is loaded.
 */
import { defineMiddleware } from 'astro:middleware';
import { loadInitConfig } from './client/initConfig.ts';
import { hostOfRequest } from './client/requestHost.ts';
import { BASE_PATH as BASE } from './lib/safeUrl.ts';
import { findRoute } from './routing/routes.ts';

export const onRequest = defineMiddleware(async (context, next) => {
  const { pathname } = context.url;
  const rel = pathname.startsWith(BASE) ? pathname.slice(BASE.length) || '/' : pathname;
  // Case-insensitive matching redirects in src/server/main.ts, before a request reaches Astro.
  context.locals.route = findRoute(rel);
  context.locals.host = hostOfRequest(context.request.headers);
  context.locals.initConfig = await loadInitConfig();
  return next();
});
