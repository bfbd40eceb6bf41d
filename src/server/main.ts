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
import { registerServerTransport } from '../client/serverTransport.ts';
import { HEADER_REQUEST_ID } from '../contract/headers.ts';
import { BASE_PATH as BASE, HOME_PATH, ownTarget } from '../lib/safeUrl.ts';
import { canonicalPath } from '../routing/routes.ts';
import { readConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { seedDemo } from './db/seed/demoSeed.ts';
import { expirePoints } from './points/service.ts';
import { createApiApp } from './http/createApiApp.ts';
import { createLogger } from './log.ts';
import { createRealtimeServer } from './realtime/createRealtimeServer.ts';
import { serveMedia } from './web/mediaFiles.ts';
import { guardRequestArrival, readDeadlines, SERVER_REQUEST_TIMEOUT_MS } from './web/requestDeadlines.ts';
import { sharedPageCache } from './web/pageCache.ts';
import { PageResponder, pageCacheEnabled } from './web/pageResponder.ts';
import { StaticAssets } from './web/staticAssets.ts';

const API_PREFIXES = ['/v1/', '/v2/', '/kratos/', '/member/', '/api/'];
/** security.md C6: readiness 503 at once, drain ≤ 25 s, exit before the 30 s grace. */
const DRAIN_MS = 25_000;
/** The CSP of non-API answers Astro does not render (ADR 009). */
const PAGE_CSP = "frame-ancestors 'self'; object-src 'none'; base-uri 'none'";
const API_CSP = "default-src 'none'; object-src 'none'; frame-ancestors 'none'; base-uri 'none'";

type NodeHandler = (req: IncomingMessage, res: ServerResponse, next?: (err?: unknown) => void) => Promise<void> | void;

const root = path.resolve(fileURLToPath(new URL('../..', import.meta.url)));
const config = readConfig();
const log = createLogger(config.logLevel);

const database = await openDatabase({ url: config.databaseUrl, dataDir: path.join(config.dataDir, 'db') });
const mediaDir = path.join(config.dataDir, 'media');
if (process.env.SEED_DEMO !== '0') {
  const { seeded } = await seedDemo(database, { mediaDir });
  if (seeded) log.info('demo data loaded');
}

// The yearly points expiry (issue 18): safe to run twice and on every node (one ledger row per reader
// and year); checked at start and daily, so a year's turn is applied within a day.
const runExpiry = (): void => {
  expirePoints(database)
    .then((r) => r && r.readers > 0 && log.info(r, 'points expired'))
    .catch((err: Error) => log.warn({ err: err.message }, 'points expiry failed'));
};
runExpiry();
setInterval(runExpiry, 24 * 3600_000).unref();

// The goim socket at /sub (issue 5); its publisher lets likes and comments broadcast counts.
const realtime = await createRealtimeServer({ database, log, config });
const { app, apiCache } = createApiApp({ database, log, config, mediaDir, realtime: realtime.publisher });
// Pages call the API in process through the shared client's transport (no socket, DESIGN.md).
registerServerTransport(async (req) => app.fetch(req));

const apiListener = getRequestListener(app.fetch);
// API answers are made per request (the micro-cache compresses its own entries once): a fast gzip level
// (brotli is this package's 4 already); built assets are pre-compressed at the maximum.
const compress = compression({ threshold: 1024, level: 4 }) as unknown as (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
const assets = new StaticAssets(path.join(root, 'dist/client'), BASE);
// Anonymous page renders cached in process, ETag/304 on pages (issue 7); PAGE_CACHE=0 turns the cache off.
const pages = new PageResponder({ cache: sharedPageCache, enabled: pageCacheEnabled() });

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
      void (rel !== null ? serveMedia(req, res, mediaDir, rel) : Promise.resolve(false)).then((served) => {
        if (!served) notFound(res);
      });
    });
    return;
  }
  if ((req.method === 'GET' || req.method === 'HEAD') && assets.serve(req, res, pathname)) return;
  if (pathname.startsWith(`${BASE}/`)) {
    // Paths match case-insensitively, like the original router: shared links keep working (DESIGN.md).
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
 * (issue 7: the API list ran at 0.32× the static rate through the app's Request/Response and middleware
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
const deadlines = readDeadlines(process.env);
const server = http.createServer({ requestTimeout: SERVER_REQUEST_TIMEOUT_MS, headersTimeout: 10_000 }, (req, res) => {
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
  // The address actually bound (issue 13 item 10): HOST=127.0.0.1 says 127.0.0.1, PORT=0 says its port.
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
