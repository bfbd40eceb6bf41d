/**
 * The one server process (node:http): /v1 /v2 /kratos /member /api → the Hono API, /shancheng/* →
 * Astro in middleware mode, built assets from memory, /media from DATA_DIR. SIGTERM drains.
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import http from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { getRequestListener } from '@hono/node-server';
import compression from 'compression';
import { apiHostsFromEnv } from '../client/api.ts';
import { registerServerApiHosts, registerServerTransport } from '../client/serverTransport.ts';
import { HEADER_REQUEST_ID } from '../contract/headers.ts';
import { BASE_PATH as BASE, HOME_PATH, ownTarget } from '../lib/safeUrl.ts';
import { canonicalPath } from '../routing/routes.ts';
import { cdnPurgeHook, invalidationBus, redisInvalidationTransport } from './cache/invalidationBus.ts';
import { readConfig } from '../settings/serverConfig.ts';
import { settings, SettingsError, type Settings } from '../settings/settings.ts';
import { openDatabase } from './db/client.ts';
import { seedDemo } from './db/seed/demoSeed.ts';
import { seedTipCases } from './db/seed/tipCasesSeed.ts';
import { seedDemoStaff } from './staff/demoStaff.ts';
import { seedDepartmentStaff, seedSellerStaff } from './answer/units.ts';
import { createApiApp } from './app/createApiApp.ts';
import { JobRunner } from './jobs/jobRunner.ts';
import { PRODUCT_JOBS } from './jobs/productJobs.ts';
import { createLogger } from './log.ts';
import { createRealtimeServer } from './realtime/createRealtimeServer.ts';
import { REALTIME_CHANNEL } from './realtime/redisBus.ts';
import { serveMedia } from './web/mediaFiles.ts';
import { copyFolderIntoStore, mediaStorageFromSettings } from './media/storage.ts';
import { mediaLinker } from './media/publicMedia.ts';
import { guardRequestArrival, readDeadlines, SERVER_REQUEST_TIMEOUT_MS } from './web/requestDeadlines.ts';
import { sharedPageCache } from './web/pageCache.ts';
import { PageResponder, pageCacheEnabled } from './web/pageResponder.ts';
import { StaticAssets } from './web/staticAssets.ts';
import { NewsroomPages } from './web/newsroomPages.ts';
import { inProcessTransport } from './http/inProcessAnswers.ts';

const API_PREFIXES = ['/v1/', '/v2/', '/kratos/', '/member/', '/api/'];
/** security.md C6: readiness 503 at once, drain ≤ 25 s, exit before the 30 s grace. */
const DRAIN_MS = 25_000;
/** The CSP of non-API answers Astro does not render (ADR 009). */
const PAGE_CSP = "frame-ancestors 'self'; object-src 'none'; base-uri 'none'";
const API_CSP = "default-src 'none'; object-src 'none'; frame-ancestors 'none'; base-uri 'none'";

type NodeHandler = (req: IncomingMessage, res: ServerResponse, next?: (err?: unknown) => void) => Promise<void> | void;

const root = path.resolve(fileURLToPath(new URL('../..', import.meta.url)));
// Every setting is checked before anything starts: a bad one stops here, naming the variable (README "Settings").
let env: Settings;
try {
  env = settings();
} catch (err) {
  if (!(err instanceof SettingsError)) throw err;
  console.error(err.message);
  process.exit(1);
}
const config = readConfig(env);
const log = createLogger(config.logLevel);

const database = await openDatabase({ url: config.databaseUrl, dataDir: path.join(config.dataDir, 'db') });
const mediaDir = path.join(config.dataDir, 'media');
if (env.SEED_DEMO !== '0') {
  const { seeded } = await seedDemo(database, { mediaDir });
  if (seeded) log.info('demo data loaded');
  // The demo staff (ADR 017): never in production, where the first admin comes from `npm run staff`.
  if (!config.production && (await seedDemoStaff(database)).seeded) log.info('demo staff loaded');
  // The demo departments' people, linked to their 问政 departments (src/server/answer/units.ts).
  if (!config.production && (await seedDepartmentStaff(database)).seeded) log.info('demo department staff linked');
  // The demo seller's person, linked to its shop on the complaint desk.
  if (!config.production && (await seedSellerStaff(database)).seeded) log.info('demo seller staff linked');
  // The demo 爆料 inbox's handling (已采纳 by the demo reporter, 已报道, 未采用): after the demo staff, to name the reporter.
  if ((await seedTipCases(database)).seeded) log.info('demo tip handling loaded');
}
// Uploads go to the store the settings choose (ADR 019); the seed's pictures are copied into an object store.
const media = mediaStorageFromSettings(env, mediaDir);
if (media.kind === 's3') log.info({ copied: await copyFolderIntoStore(mediaDir, media) }, 'seeded media copied into the object store');

// Periodic jobs (the yearly points expiry, expired sign-in rows): each runs once per period across every
// process sharing the database (src/server/jobs/jobRunner.ts).
const jobs = new JobRunner({ database, media, log, jobs: PRODUCT_JOBS });
jobs.start();

// Invalidation tags reach the other processes' caches over Redis, and the CDN through its purge hook
// (src/server/cache/invalidationBus.ts); without REDIS_URL this process is alone.
if (config.redisUrl) {
  const channel = `${env.REALTIME_REDIS_CHANNEL || REALTIME_CHANNEL}:invalidate`;
  invalidationBus.connect(await redisInvalidationTransport(config.redisUrl, log, channel));
}
if (config.cdnPurgeUrl) invalidationBus.onPurge(cdnPurgeHook(config.cdnPurgeUrl, log));

// The goim socket at /sub (ADR 007); its publisher lets likes and comments broadcast counts.
const realtime = await createRealtimeServer({ database, log, config });
const { app, apiCache, console: newsroom } = createApiApp({ database, log, config, mediaDir, media, realtime: realtime.publisher });
// Pages call the API in process through the shared client's transport (no socket, docs/conventions.md "How a request flows").
// A call the endpoint's handler answers hands the page its envelope object, no JSON read back (src/server/http/inProcessAnswers.ts).
registerServerTransport(inProcessTransport((req) => app.fetch(req)));
// The pages' client reads its API hosts (API_BASE …) from the settings checked at start, never the
// environment itself; made once, not per API call of every page.
const apiHosts = apiHostsFromEnv(env);
registerServerApiHosts(() => apiHosts);

const apiListener = getRequestListener(app.fetch);
// The newsroom console (ADR 017): its API at /newsroom/api, its pages at /newsroom/ (not under the reader base).
const newsroomApiListener = getRequestListener(newsroom.app.fetch);
const newsroomPages = new NewsroomPages(path.join(root, 'dist/newsroom'));
// API answers are made per request (the micro-cache compresses its own entries once): a fast gzip level
// (brotli is this package's 4 already); built assets are pre-compressed at the maximum.
const compress = compression({ threshold: 1024, level: 4 }) as unknown as (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
const assets = new StaticAssets(path.join(root, 'dist/client'), BASE);
// Anonymous page renders cached in process, ETag/304 on pages (ADR 001); PAGE_CACHE=0 turns the cache off.
// With MEDIA_PUBLIC_BASE the pages link media through that CDN (ADR 019), and their CSP allows its origin.
const pages = new PageResponder({ cache: sharedPageCache, enabled: pageCacheEnabled(), media: mediaLinker(env.MEDIA_PUBLIC_BASE || undefined) });

const entry = path.join(root, 'dist/server/entry.mjs');
if (!existsSync(entry)) {
  log.error('dist/server/entry.mjs is missing: run `npm run build` (npm start builds it for you)');
  process.exit(1);
}
const astro = ((await import(pathToFileURL(entry).href)) as { handler: NodeHandler }).handler;

let draining = false;

function notFound(res: ServerResponse): void {
  res.statusCode = 404;
  res.setHeader('content-type', 'text/plain; charset=utf-8');
  res.end('页面不存在');
}

/** Every Location this server sends goes through the one redirect-target gate (security.md H62). */
function redirect(res: ServerResponse, location: string, status = 302): void {
  const target = ownTarget(location);
  if (target === null) {
    notFound(res);
    return;
  }
  res.statusCode = status;
  res.setHeader('location', target);
  res.end();
}

async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = req.url ?? '/';
  const pathname = url.split('?')[0] ?? '/';
  res.setHeader('x-content-type-options', 'nosniff');
  res.setHeader('referrer-policy', 'strict-origin-when-cross-origin');
  // security.md C4: HSTS; browsers ignore it over plain http (development), so it is always sent.
  res.setHeader('strict-transport-security', 'max-age=31536000; includeSubDomains');
  res.setHeader('permissions-policy', 'geolocation=(self), camera=(), microphone=(), payment=()');
  // security.md C4/H64/H65: Astro replaces this with its full hashed policy on the pages it renders
  // (astro.config.mjs, ADR 009); redirects, 404s, media and assets keep this one. API answers are data:
  // nothing in them may load anything or be framed.
  const api = pathname === '/healthz' || API_PREFIXES.some((p) => pathname.startsWith(p));
  res.setHeader('content-security-policy', api ? API_CSP : PAGE_CSP);

  if (pathname === '/readyz') {
    let ready = !draining;
    if (ready) {
      try {
        await database.ping();
      } catch {
        ready = false;
      }
    }
    res.statusCode = ready ? 200 : 503;
    res.setHeader('content-type', 'application/json');
    res.setHeader('cache-control', 'no-store');
    res.end(JSON.stringify({ status: ready ? 'ready' : 'unavailable' }));
    return;
  }
  if (pathname.startsWith('/newsroom/api/')) {
    res.setHeader('content-security-policy', API_CSP);
    compress(req, res, () => void newsroomApiListener(req, res));
    return;
  }
  if (NewsroomPages.owns(pathname)) {
    compress(req, res, () => newsroomPages.handle(req, res, pathname));
    return;
  }
  if (api) {
    if (replayApiHit(req, res, url)) return;
    compress(req, res, () => void apiListener(req, res));
    return;
  }
  if (pathname === '/' || pathname === BASE || pathname === `${BASE}/`) {
    redirect(res, HOME_PATH);
    return;
  }
  if (pathname.startsWith('/media/')) {
    const rel = decodeURIComponentSafe(pathname.slice('/media/'.length));
    compress(req, res, () => {
      void (rel !== null ? serveMedia(req, res, media, rel) : Promise.resolve(false)).then((served) => {
        if (!served) notFound(res);
      });
    });
    return;
  }
  if ((req.method === 'GET' || req.method === 'HEAD') && assets.serve(req, res, pathname)) return;
  if (pathname.startsWith(`${BASE}/`)) {
    // Paths match case-insensitively, like the original router: shared links keep working (docs/architecture.md "One request's path").
    const canonical = canonicalPath(pathname.slice(BASE.length));
    if (canonical) {
      const query = url.includes('?') ? url.slice(url.indexOf('?')) : '';
      redirect(res, `${BASE}${canonical}${query}`, 301);
      return;
    }
    if (pages.tryHit(req, res)) return;
    // No `next`: a path no page matches is rendered by Astro as src/pages/404.astro (inside the shell).
    compress(req, res, () => void pages.handle(req, res, () => void astro(req, res)));
    return;
  }
  if (req.method === 'GET' || req.method === 'HEAD') {
    // Any other unknown path outside the base gets the same 404 page inside the app shell.
    compress(req, res, () => void astro(req, res));
    return;
  }
  notFound(res);
}

/**
 * A fresh micro-cache entry for an anonymous, same-origin GET is sent from here, before the API app
 * (ADR 001; the API list ran at 0.32× the static rate through the app's Request/Response and middleware
 * for an answer already kept). The headers are the app's: the entry's own, the request id, and the
 * Vary of the compression step. Anything else — a token, an Origin (CORS headers), a miss — takes the
 * usual way.
 */
function replayApiHit(req: IncomingMessage, res: ServerResponse, url: string): boolean {
  if (req.method !== 'GET' || req.headers.authorization !== undefined || req.headers.origin !== undefined) return false;
  const hit = apiCache.peek(url, req.headers['accept-encoding']);
  if (!hit) return false;
  res.statusCode = hit.status;
  for (const [name, value] of Object.entries(hit.headers)) res.setHeader(name, value);
  res.setHeader(HEADER_REQUEST_ID, randomUUID());
  res.setHeader('vary', 'Accept-Encoding');
  res.setHeader('content-length', hit.body.byteLength);
  res.end(hit.body);
  return true;
}

function decodeURIComponentSafe(s: string): string | null {
  try {
    return decodeURIComponent(s);
  } catch {
    return null;
  }
}

// requestTimeout is the video upload's (minutes on a weak uplink); every other request is held to 30 s for
// its body by guardRequestArrival (src/server/web/requestDeadlines.ts, security.md I72).
const deadlines = readDeadlines(env);
const server = http.createServer({ requestTimeout: SERVER_REQUEST_TIMEOUT_MS, headersTimeout: 10_000, keepAliveTimeout: deadlines.keepAliveMs }, (req, res) => {
  guardRequestArrival(req, res, deadlines);
  route(req, res).catch((err: unknown) => {
    log.error({ err, url: req.url }, 'unhandled request error');
    if (!res.headersSent) {
      res.statusCode = 500;
      res.end();
    }
  });
});

server.on('upgrade', realtime.handleUpgrade);

server.listen(config.port, config.host, () => {
  // The address actually bound: HOST=127.0.0.1 says 127.0.0.1, PORT=0 says its port.
  const bound = server.address();
  if (bound === null || typeof bound === 'string') return;
  const everywhere = bound.address === '::' || bound.address === '0.0.0.0';
  const host = everywhere ? 'localhost' : bound.family === 'IPv6' ? `[${bound.address}]` : bound.address;
  const note = everywhere ? ' (all interfaces)' : '';
  log.info({ address: bound.address, port: bound.port }, `山城新闻 serving at http://${host}:${bound.port}${BASE}/${note}`);
});

async function shutdown(signal: string): Promise<void> {
  if (draining) return;
  draining = true;
  log.info({ signal }, 'draining');
  const hardStop = setTimeout(() => {
    server.closeAllConnections();
  }, DRAIN_MS);
  hardStop.unref();
  await realtime.close();
  await invalidationBus.close();
  await jobs.stop();
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeIdleConnections();
  });
  clearTimeout(hardStop);
  await database.close();
  log.info('stopped');
  process.exit(0);
}

process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
