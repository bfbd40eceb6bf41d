/**
 * How long a request may take to arrive (security.md I72). Node's `requestTimeout` is one number for the
 * whole server, and one number cannot serve both: a slow-drip body must be cut within 30 s, but a reader's
 * 50 MB video on a weak phone uplink needs minutes. So the server's `requestTimeout` is the long one (the
 * video's, `VIDEO_UPLOAD_MAX_MS` plus a minute), and this guard holds every other request to 30 s for its
 * whole body, as before. The video upload is instead cut when it stalls: no byte for 30 s.
 * `headersTimeout` (10 s) still bounds every request's head.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { VIDEO_UPLOAD_MAX_MS } from '../../contract/uploadRules.ts';
import type { Settings } from '../../settings/settings.ts';
import { uploadVideo } from '../../contract/upload.ts';

export interface RequestDeadlines {
  /** Every request but the video upload: its whole body within this (ms). */
  bodyMs: number;
  /** The video upload: cut after this long without a byte (ms). */
  uploadIdleMs: number;
  /** How long an idle keep-alive connection stays open (ms); see DEFAULT_KEEP_ALIVE_MS. */
  keepAliveMs: number;
}

/**
 * How long an idle keep-alive connection stays open (Node's default is 5 s). A reader who taps again after
 * reading for half a minute reuses the connection instead of paying a new handshake on a weak network, and a
 * proxy in front (nginx, a cloud load balancer: 60 s idle) always closes first, so it never sends a request
 * on a connection the server is closing at that moment (ECONNRESET, a 502 at the proxy). Clients are told
 * through `Keep-Alive: timeout=65` and close a second before. `headersTimeout` counts from a request's
 * first byte, so an idle connection is not cut by it. A deployment that wants fewer idle sockets on a server
 * exposed without a proxy sets KEEP_ALIVE_MS lower (behind a proxy, keep it above the proxy's idle time).
 */
const DEFAULT_KEEP_ALIVE_MS = 65_000;
export const DEFAULT_DEADLINES: RequestDeadlines = { bodyMs: 30_000, uploadIdleMs: 30_000, keepAliveMs: DEFAULT_KEEP_ALIVE_MS };
/** The server's `requestTimeout`: the longest any request may take to arrive. */
export const SERVER_REQUEST_TIMEOUT_MS = VIDEO_UPLOAD_MAX_MS + 60_000;

/** The one path allowed to take minutes: the video upload (POST, the file itself as the body). */
export function isLongUpload(req: IncomingMessage): boolean {
  return req.method === 'POST' && (req.url ?? '').split('?')[0] === uploadVideo.path;
}

/** Ends a request whose body is late: 408 when nothing has been answered yet, then the socket closes. */
function cut(req: IncomingMessage, res: ServerResponse): void {
  if (!res.headersSent) {
    res.writeHead(408, { connection: 'close', 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
    res.end(JSON.stringify({ statusCode: 408, message: '请求超时，请检查网络后重试', data: null }));
  }
  // Whatever is still in flight on this connection is not worth reading.
  setImmediate(() => req.socket.destroy());
}

/** Whether a body follows the head (a request without one has nothing left to arrive: headersTimeout covered it). */
function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * Starts the deadline of a request that has a body; it is cleared when the response closes. Page and asset
 * GETs (no body) pass without a timer: this runs on every request.
 */
export function guardRequestArrival(req: IncomingMessage, res: ServerResponse, deadlines: RequestDeadlines = DEFAULT_DEADLINES): void {
  if (req.complete || !hasBody(req)) return;
  if (!isLongUpload(req)) {
    const timer = setTimeout(() => {
      if (!req.complete) cut(req, res);
    }, deadlines.bodyMs);
    timer.unref();
    res.once('close', () => clearTimeout(timer));
    return;
  }
  // Progress is read off the socket's byte count, so nothing here touches the body stream the handler reads.
  let seen = req.socket.bytesRead;
  const every = Math.max(50, Math.floor(deadlines.uploadIdleMs / 3));
  let idleFor = 0;
  const timer = setInterval(() => {
    if (req.complete) {
      clearInterval(timer);
      return;
    }
    const now = req.socket.bytesRead;
    idleFor = now === seen ? idleFor + every : 0;
    seen = now;
    if (idleFor >= deadlines.uploadIdleMs) {
      clearInterval(timer);
      cut(req, res);
    }
  }, every);
  timer.unref();
  res.once('close', () => clearInterval(timer));
}

/** REQUEST_BODY_MS, UPLOAD_IDLE_MS and KEEP_ALIVE_MS (positive whole milliseconds; anything else keeps the default). */
export function readDeadlines(env: Settings): RequestDeadlines {
  const pick = (value: string | undefined, fallback: number): number => (value && /^[1-9]\d{0,8}$/.test(value) ? Number(value) : fallback);
  return {
    bodyMs: pick(env.REQUEST_BODY_MS, DEFAULT_DEADLINES.bodyMs),
    uploadIdleMs: pick(env.UPLOAD_IDLE_MS, DEFAULT_DEADLINES.uploadIdleMs),
    keepAliveMs: pick(env.KEEP_ALIVE_MS, DEFAULT_DEADLINES.keepAliveMs),
  };
}
