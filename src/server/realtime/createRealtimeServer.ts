/**
 * The goim-compatible socket at `/sub` (spec 7.9, security.md K83–K93), attached to the node:http
 * server by `server.on('upgrade', realtime.handleUpgrade)` in main.ts.
 *
 * Before the upgrade: only the path `/sub` (query ignored: a `?token=` there is never read, K86),
 * only an allowed Origin (K83: the origin of PUBLIC_ORIGIN, the request's own Host, or one listed in
 * SUB_ALLOWED_ORIGINS or CORS_ORIGINS, comma-separated; no Origin header at all is a non-browser client and allowed,
 * because the cross-site attack this guards against always carries one), TLS in production (directly
 * or `x-forwarded-proto: https` from the proxy), at most 20 sockets per IP, and new sockets at a
 * bounded rate per process (K103: a token bucket, SUB_ACCEPT_RATE per second with bursts of
 * SUB_ACCEPT_BURST; the excess is answered 503 with Retry-After). Refusals are plain HTTP answers
 * (403, 404, 429, 503) and never reach `ws`.
 * The socket: `ws` with `maxPayload` 4112 (one goim packet), no permessage-deflate (K88, K89).
 *
 * Settings: SUB_ALLOWED_ORIGINS, REALTIME_REDIS_CHANNEL (with REDIS_URL; default shancheng:realtime),
 * SUB_ACCEPT_RATE (200 upgrades a second) and SUB_ACCEPT_BURST (200), and for tests
 * SUB_AUTH_TIMEOUT_MS (8000), SUB_IDLE_TIMEOUT_MS (70000).
 */
import { STATUS_CODES, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { TLSSocket } from 'node:tls';
import { WebSocketServer } from 'ws';
import { MAX_PACKET_LENGTH } from '../../lib/goim.ts';
import { findLiveTokenRepo } from '../tokens/repo.ts';
import { OPAQUE_TOKEN_RE, sha256Hex } from '../tokens/secrets.ts';
import type { ServerConfig } from '../../settings/serverConfig.ts';
import type { Database } from '../db/client.ts';
import type { Logger } from '../log.ts';
import { localBus, type RealtimeBus } from './RealtimeBus.ts';
import { RealtimeHub } from './RealtimeHub.ts';
import type { RealtimePublisher } from './RealtimePublisher.ts';
import { redisBus } from './redisBus.ts';
import { UpgradeBucket } from './UpgradeBucket.ts';
import { DEFAULT_SUB_LIMITS, SubConnection, type ResolveToken, type SubLimits } from './SubConnection.ts';
import { settings, type Settings } from '../../settings/settings.ts';

export const SUB_PATH = '/sub';
/** Sockets per client address (security.md C5, ours). */
export const MAX_SOCKETS_PER_IP = 20;
/**
 * Upgrades accepted per second per process, and the burst (security.md K103, ours). 10k clients
 * reconnecting with the client's ±50 % jitter on a 15 s delay arrive at about 700 a second; 200 a
 * second keeps the token lookups of the auth frames to a steady trickle and has them all back within
 * about a minute, each refused client retrying on its own jittered delay.
 */
export const DEFAULT_ACCEPT_RATE = 200;
export const DEFAULT_ACCEPT_BURST = 200;

export interface RealtimeServer {
  publisher: RealtimePublisher;
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Shutdown: refuse new sockets, close open ones with 1001, stop the bus. */
  close(): Promise<void>;
}

export interface RealtimeOptions {
  database: Database;
  log: Logger;
  config: ServerConfig;
  env?: Settings;
  /** Overrides the bus (tests); by default Redis when REDIS_URL is set, else this process only. */
  bus?: RealtimeBus;
}

function positiveInt(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

/** Identity from the token of the auth body, through the accounts token layer (never from `mid`). */
export function tokenResolver(database: Database): ResolveToken {
  return async (token) => {
    if (!OPAQUE_TOKEN_RE.test(token)) return null;
    const row = await findLiveTokenRepo(database.db, sha256Hex(token), new Date());
    return row ? { userId: row.userId, family: row.family } : null;
  };
}

/** The origins a browser page may open `/sub` from, besides the request's own host. */
export function allowedOrigins(config: ServerConfig, env: Settings): Set<string> {
  const origins = new Set<string>();
  const add = (value: string): void => {
    try {
      origins.add(new URL(value.trim()).origin);
    } catch {
      // not a URL: ignored
    }
  };
  if (config.publicOrigin) add(config.publicOrigin);
  // Sites allowed to call the API cross-origin (CORS_ORIGINS, src/server/http/cors.ts) may open the socket too.
  for (const value of [...(env.SUB_ALLOWED_ORIGINS ?? '').split(','), ...(env.CORS_ORIGINS ?? '').split(',')]) if (value.trim()) add(value);
  return origins;
}

export function originAllowed(req: IncomingMessage, allowed: ReadonlySet<string>): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  if (allowed.has(origin)) return true;
  const host = req.headers.host;
  return host !== undefined && (origin === `http://${host}` || origin === `https://${host}`);
}

/** security.md K83: no plain ws:// in production (TLS here, or `x-forwarded-proto: https` from the proxy). */
export function transportAllowed(req: IncomingMessage, production: boolean): boolean {
  if (!production) return true;
  return Boolean((req.socket as Partial<TLSSocket> | undefined)?.encrypted) || req.headers['x-forwarded-proto'] === 'https';
}

function refuse(socket: Duplex, status: number, extraHeaders = ''): void {
  if (socket.writable) socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n${extraHeaders}Connection: close\r\nContent-Length: 0\r\n\r\n`);
  socket.destroy();
}

export async function createRealtimeServer(options: RealtimeOptions): Promise<RealtimeServer> {
  const env = options.env ?? settings();
  const { log, config } = options;
  const limits: SubLimits = {
    ...DEFAULT_SUB_LIMITS,
    authTimeoutMs: positiveInt(env.SUB_AUTH_TIMEOUT_MS, DEFAULT_SUB_LIMITS.authTimeoutMs),
    idleTimeoutMs: positiveInt(env.SUB_IDLE_TIMEOUT_MS, DEFAULT_SUB_LIMITS.idleTimeoutMs),
  };
  // REALTIME_REDIS_CHANNEL separates deployments (or test runs) sharing one Redis.
  const bus = options.bus ?? (config.redisUrl ? await redisBus(config.redisUrl, log, env.REALTIME_REDIS_CHANNEL || undefined) : localBus());
  const hub = new RealtimeHub({ bus, log });
  const resolveToken = tokenResolver(options.database);
  const origins = allowedOrigins(config, env);
  const perIp = new Map<string, number>();
  const acceptRate = positiveInt(env.SUB_ACCEPT_RATE, DEFAULT_ACCEPT_RATE);
  const bucket = new UpgradeBucket(acceptRate, positiveInt(env.SUB_ACCEPT_BURST, DEFAULT_ACCEPT_BURST), Date.now());
  const connections = new Set<SubConnection>();
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_PACKET_LENGTH, perMessageDeflate: false, clientTracking: false });
  let closing = false;

  function handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const pathname = (req.url ?? '').split('?')[0];
    if (pathname !== SUB_PATH) return refuse(socket, 404);
    if (closing) return refuse(socket, 503);
    if (!originAllowed(req, origins)) return refuse(socket, 403);
    if (!transportAllowed(req, config.production)) return refuse(socket, 403);
    const ip = req.socket.remoteAddress ?? 'unknown';
    const held = perIp.get(ip) ?? 0;
    if (held >= MAX_SOCKETS_PER_IP) return refuse(socket, 429);
    // Past the cheap checks, before anything that costs: a reconnect storm is shed here (K103).
    if (!bucket.take(Date.now())) return refuse(socket, 503, 'Retry-After: 1\r\n');
    // Counted from now until the TCP socket closes, whether or not the handshake completes.
    perIp.set(ip, held + 1);
    socket.once('close', () => {
      const left = (perIp.get(ip) ?? 1) - 1;
      if (left > 0) perIp.set(ip, left);
      else perIp.delete(ip);
    });
    wss.handleUpgrade(req, socket, head, (ws) => {
      const connection = new SubConnection(ws, { hub, resolveToken, limits, log });
      connections.add(connection);
      ws.once('close', () => connections.delete(connection));
    });
  }

  return {
    publisher: hub,
    handleUpgrade,
    async close() {
      closing = true;
      // security.md C6: clients reconnect (to another node) after 1001 going away.
      for (const connection of connections) connection.close(1001, 'server going away');
      await hub.stop();
    },
  };
}
