/** The composition root of the Hono API: envelope, validation errors, 404/500 envelopes, body limit, request ids, and every area's routes (docs/where-code-lives.md: only app/ and main.ts see every area). */
import { randomUUID } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HEADER_REQUEST_ID } from '../../contract/headers.ts';
import { StatusCode } from '../../contract/envelope.ts';
import { registerAccountsRoutes } from '../accounts/routes.ts';
import { registerAnswerRoutes } from '../answer/routes.ts';
import { registerBangbangRoutes } from '../bangbang/routes.ts';
import { registerConfigRoutes } from '../appConfig/routes.ts';
import { registerDetailRoutes } from '../detail/routes.ts';
import { registerDiscoverRoutes } from '../discover/routes.ts';
import { registerRuralRoutes } from '../rural/routes.ts';
import { registerCompositionRoutes } from '../composition/routes.ts';
import { findCommentRepo } from '../interaction/repo.ts';
import { registerInteractRoutes } from '../community/routes.ts';
import { registerInteractionRoutes } from '../interaction/routes.ts';
import { registerMallRoutes } from '../mall/routes.ts';
import { registerNewsRoutes } from '../news/routes.ts';
import { registerPointsRoutes } from '../points/routes.ts';
import { registerShareRoutes } from '../share/routes.ts';
import { registerUploadRoutes, UPLOAD_MAX_REQUEST_BYTES } from '../upload/routes.ts';
import { apiCacheEnabled, apiMicroCache, type ApiMicroCache } from '../web/apiMicroCache.ts';
import { invalidationBus } from '../cache/invalidationBus.ts';
import type { WriteEffect } from '../../contract/endpoint.ts';
import { bodyFields, decideWriteScope, tagsOfScope, type FindCommentItem, type WriteScope } from '../web/writeScope.ts';
import { cors, corsOrigins } from '../http/cors.ts';
import { ApiFailure, failure, messages } from '../http/envelope.ts';
import { buildOpenApi } from '../http/openApi.ts';
import { parseTrustedProxies, rateLimiterOf } from '../http/rateLimit.ts';
import { createConsoleApp } from './consoleApp.ts';
import type { ConsoleRegistry } from '../staff/console.ts';
import type { ApiRegistry, AppDeps, AppEnv } from '../http/types.ts';
import { settings } from '../../settings/settings.ts';
import { uploadVideo, uploadImage } from '../../contract/upload.ts';

/** Non-upload request bodies are at most 100 KB (security.md C3). */
export const MAX_BODY_BYTES = 100 * 1024;

export interface ApiApp {
  app: Hono<AppEnv>;
  registry: ApiRegistry;
  /** The public-answer micro-cache; its `peek` lets the server answer a hit before the app (main.ts). */
  apiCache: ApiMicroCache;
  /** The newsroom console's API at /newsroom/api (ADR 017): its own app, served beside this one by main.ts. */
  console: ConsoleRegistry;
}

export function createApiApp(deps: AppDeps): ApiApp {
  const app = new Hono<AppEnv>({ strict: true });
  const registry: ApiRegistry = { app, endpoints: [], checkResponses: deps.config.checkResponses, deps };

  // Parsed once; a bad TRUSTED_PROXIES entry stops the start rather than silently trusting nothing.
  const trustedProxies = parseTrustedProxies(deps.config.trustedProxies);

  app.use('*', async (c, next) => {
    const requestId = randomUUID();
    c.set('requestId', requestId);
    c.set('trustedProxies', trustedProxies);
    c.header(HEADER_REQUEST_ID, requestId);
    await next();
    if (!c.res.headers.has('cache-control')) c.header('cache-control', 'no-store');
  });

  app.use('*', cors(corsOrigins(settings())));

  // The refused body is not read; the connection closes after the answer, so a
  // keep-alive client opens a new one for its next request instead of losing it on this one.
  const tooLarge = (c: Context<AppEnv>) => {
    c.header('connection', 'close');
    return c.json(failure(StatusCode.badParams, messages.tooLarge), 413);
  };
  const apiBodyLimit = bodyLimit({ maxSize: MAX_BODY_BYTES, onError: tooLarge });
  // Exactly the picture upload path takes up to 10 MB (plus the multipart framing), security.md C3.
  const uploadBodyLimit = bodyLimit({ maxSize: UPLOAD_MAX_REQUEST_BYTES, onError: tooLarge });
  // The video upload counts its own 50 MB while it streams the body to disk (src/server/upload/storeVideo.ts):
  // hono's limit would hold a chunked body in memory.
  app.use('*', (c, next) => (c.req.path === uploadVideo.path ? next() : c.req.path === uploadImage.path ? uploadBodyLimit(c, next) : apiBodyLimit(c, next)));

  app.onError((err, c) => {
    if (err instanceof ApiFailure) {
      return c.json(failure(err.statusCode, err.message), err.httpStatus as 200);
    }
    deps.log.error(
      { requestId: c.get('requestId'), method: c.req.method, path: new URL(c.req.url).pathname, err: { message: err.message, stack: err.stack } },
      'request failed',
    );
    return c.json(failure(StatusCode.serverError, messages.serverError), 500);
  });

  app.notFound((c) => c.json(failure(StatusCode.notFound, messages.notFound), 404));

  app.get('/healthz', async (c) => {
    try {
      await deps.database.ping();
      return c.json({ status: 'ok', database: 'ok' });
    } catch {
      return c.json({ status: 'error', database: 'unreachable' }, 503);
    }
  });

  // Public GET answers kept a few seconds in memory (ADR 001). A successful write drops what it changed
  // there and in the page cache — an article's or a bangbang item's pages and answers for a like or a comment, everything
  // for a write writeScope.ts does not know (a reader returning from 写评论 sees the comment); the view
  // beacon's count changes neither.
  // A comment's item (an article, scope 'news', or a bangbang item, 'bang1'/'bang2'), soft-deleted ones
  // too: a delete names the comment only by id.
  const findComment: FindCommentItem = async (id) => {
    const row = await findCommentRepo(deps.database.db, id);
    return row ? { scope: row.scope, newsId: row.newsId } : null;
  };
  // Each write endpoint declares what it can change (its contract's `invalidates`); the
  // development-only routes under /api/dev (no contract) change nothing public, any other unknown write may.
  let effects: Map<string, WriteEffect> | null = null;
  const effectOf = (path: string): WriteEffect => {
    effects ??= new Map(registry.endpoints.filter((e) => e.method === 'POST').map((e) => [e.path, e.invalidates ?? 'all']));
    return effects.get(path) ?? (path.startsWith('/api/dev/') ? 'none' : 'all');
  };
  const writeScope = async (c: Context): Promise<WriteScope> => {
    const effect = effectOf(c.req.path);
    // Only the item-scoped effects read the body (an upload's body is a picture, never read here).
    const fields = effect === 'none' || effect === 'all' ? null : bodyFields(c.req.header('content-type'), await c.req.text());
    return decideWriteScope(effect, fields, findComment);
  };
  // The write's tags go to every process's page and API caches and to the CDN (src/server/cache/invalidationBus.ts).
  const onWrite = (_path: string, scope: WriteScope): void => invalidationBus.publish(tagsOfScope(scope));
  const apiCache = apiMicroCache({ enabled: apiCacheEnabled(deps.config.production), keepOnWrite: ['/v1/news/view'], writeScope, onWrite });
  invalidationBus.listen(apiCache);
  app.use('*', apiCache);

  registerConfigRoutes(registry);
  registerAccountsRoutes(registry);
  registerNewsRoutes(registry);
  registerDetailRoutes(registry);
  registerShareRoutes(registry);
  registerInteractionRoutes(registry);
  registerBangbangRoutes(registry);
  registerAnswerRoutes(registry);
  registerDiscoverRoutes(registry);
  registerRuralRoutes(registry);
  registerCompositionRoutes(registry);
  registerPointsRoutes(registry);
  registerMallRoutes(registry);
  registerUploadRoutes(registry);
  registerInteractRoutes(registry);

  app.get('/api/openapi.json', (c) => c.json(buildOpenApi(registry.endpoints)));

  return { app, registry, apiCache, console: createConsoleApp(deps, rateLimiterOf(registry)) };
}
