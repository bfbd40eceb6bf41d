/**
 * The browser's realtime socket (the only `/sub` user): goim frames over `wss://` (or `ws://` on a
 * plain-http page) to the page's own host.
 *
 * Spec 4/9 and security.md section d: on open it sends op 7 with `{token?, room_id, platform, accepts}`
 * (the token of `$session`, never in the URL), then a heartbeat (op 2) at once and every 30 s. When the
 * socket closes it reconnects at most 10 times, after 15 s doubling each time with ±50 % jitter (ADR 014) so that
 * a restarted server is not hit by every reader at once; a connection that stayed up for a minute
 * resets the budget. A frame that does not parse is dropped and the socket reconnects (K93); the
 * parser never hangs (src/lib/goim.ts). An auth reply of -101 (token not live) reconnects as an
 * anonymous reader: counts are public.
 */
import { decodeJsonBody, decodeMessage, encodeJsonPacket, encodePacket, FIRST_BUSINESS_OP, GoimOp, readOnlineCount } from '../lib/goim.ts';
import { $session } from '../stores/session.ts';

export const HEARTBEAT_MS = 30_000;
export const MAX_RECONNECTS = 10;
export const RECONNECT_BASE_MS = 15_000;
/** A connection that stayed authenticated this long resets the reconnect budget. */
export const HEALTHY_MS = 60_000;

/** The parts of the browser WebSocket this client uses (a fake one stands in for tests). */
export interface SocketLike {
  binaryType: string;
  readonly readyState: number;
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: unknown) => void) | null;
  onerror: ((ev: unknown) => void) | null;
  send(data: Uint8Array): void;
  close(code?: number, reason?: string): void;
}

export interface RealtimeSocketOptions {
  /** The room_id to join, e.g. `news://1:5` or the init config's `live://1000`. */
  room: string;
  /** Business ops to receive (default [1001], the counts update). */
  accepts?: readonly number[];
  /** A business push (op ≥ 1000) with its JSON body. */
  onMessage(op: number, body: unknown): void;
  /** The room's online count from each heartbeat reply. */
  onOnline?(online: number): void;
  /** Called once the reconnect budget is spent. */
  onGiveUp?(): void;
  /** Defaults: the page's `/sub`, the global WebSocket, Math.random, the `$session` token. */
  url?: string;
  createSocket?: (url: string) => SocketLike;
  random?: () => number;
  token?: () => string;
}

export interface RealtimeSocket {
  /** Closes for good (no reconnect). */
  close(): void;
}

const OPEN = 1;

/** `wss://host/sub` on an https page, `ws://host/sub` on an http one. */
export function subUrl(loc: { protocol: string; host: string }): string {
  return `${loc.protocol === 'https:' ? 'wss' : 'ws'}://${loc.host}/sub`;
}

/** The delay before reconnect number `attempt` (0-based): 15 s × 2^attempt, ±50 %. */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  return Math.round(RECONNECT_BASE_MS * 2 ** attempt * (0.5 + random()));
}

export function openRealtimeSocket(options: RealtimeSocketOptions): RealtimeSocket {
  const url = options.url ?? subUrl(location);
  const createSocket = options.createSocket ?? ((u: string) => new WebSocket(u) as unknown as SocketLike);
  const random = options.random ?? Math.random;
  const readToken = options.token ?? (() => $session.get().token);
  const accepts = [...(options.accepts ?? [GoimOp.counts])];

  let socket: SocketLike | null = null;
  let attempts = 0;
  let stopped = false;
  let anonymous = false;
  let seq = 1;
  let heartbeat: ReturnType<typeof setInterval> | null = null;
  let retry: ReturnType<typeof setTimeout> | null = null;
  let authedAt = 0;

  function stopHeartbeat(): void {
    if (heartbeat !== null) clearInterval(heartbeat);
    heartbeat = null;
  }

  function send(bytes: Uint8Array): void {
    if (socket && socket.readyState === OPEN) socket.send(bytes);
  }

  function sendHeartbeat(): void {
    send(encodePacket(GoimOp.heartbeat, undefined, seq++));
  }

  function drop(current: SocketLike): void {
    // Our own handlers first, so the close below cannot schedule a second reconnect.
    current.onopen = current.onmessage = current.onclose = current.onerror = null;
    if (socket === current) socket = null;
    try {
      current.close();
    } catch {
      // already closing
    }
  }

  function scheduleReconnect(): void {
    stopHeartbeat();
    if (stopped || retry !== null) return;
    if (authedAt > 0 && Date.now() - authedAt >= HEALTHY_MS) attempts = 0;
    authedAt = 0;
    if (attempts >= MAX_RECONNECTS) {
      options.onGiveUp?.();
      return;
    }
    const delay = reconnectDelay(attempts, random);
    attempts += 1;
    retry = setTimeout(() => {
      retry = null;
      connect();
    }, delay);
  }

  function onPackets(data: unknown, current: SocketLike): void {
    if (!(data instanceof ArrayBuffer)) {
      // security.md K93: anything we cannot parse drops the frame and the connection.
      drop(current);
      scheduleReconnect();
      return;
    }
    let packets;
    try {
      packets = decodeMessage(data);
    } catch {
      drop(current);
      scheduleReconnect();
      return;
    }
    for (const packet of packets) {
      if (packet.op === GoimOp.authReply) {
        let code: unknown = 0;
        try {
          code = (decodeJsonBody(packet) as { code?: unknown } | null)?.code ?? 0;
        } catch {
          // goim replies with an empty body: that is success
        }
        if (code !== 0) {
          // Token not live: join again as an anonymous reader.
          anonymous = true;
          drop(current);
          scheduleReconnect();
          return;
        }
        authedAt = Date.now();
        sendHeartbeat();
        stopHeartbeat();
        heartbeat = setInterval(sendHeartbeat, HEARTBEAT_MS);
      } else if (packet.op === GoimOp.heartbeatReply) {
        options.onOnline?.(readOnlineCount(packet));
      } else if (packet.op >= FIRST_BUSINESS_OP) {
        let body: unknown;
        try {
          body = decodeJsonBody(packet);
        } catch {
          continue;
        }
        options.onMessage(packet.op, body);
      }
    }
  }

  function connect(): void {
    if (stopped) return;
    let current: SocketLike;
    try {
      current = createSocket(url);
    } catch {
      scheduleReconnect();
      return;
    }
    socket = current;
    current.binaryType = 'arraybuffer';
    current.onopen = () => {
      const token = anonymous ? '' : readToken();
      const body: Record<string, unknown> = { room_id: options.room, platform: 'web', accepts };
      if (token) body.token = token;
      send(encodeJsonPacket(GoimOp.auth, body, seq++));
    };
    current.onmessage = (ev) => onPackets(ev.data, current);
    current.onerror = () => {};
    current.onclose = () => {
      if (socket === current) socket = null;
      scheduleReconnect();
    };
  }

  connect();

  return {
    close() {
      stopped = true;
      stopHeartbeat();
      if (retry !== null) clearTimeout(retry);
      retry = null;
      if (socket) drop(socket);
      socket = null;
    },
  };
}
