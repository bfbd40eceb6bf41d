/**
 * One `/sub` socket, speaking the goim session flow (security.md section d) with the limits of C5:
 *
 * 1. The first frame must be op 7 (auth) within `authTimeoutMs` (8 s), else close 1008. Its JSON body
 *    is `{token?, room_id, platform, accepts}`. Identity comes only from the Bearer token in that body;
 *    a client-sent `mid` is ignored (goim's reference logic trusts it: K85); no token means mid 0,
 *    read-only. The reply is op 8 with `{"code":0,"mid":<id>}`, or `{"code":-101}` for a token that is
 *    not live, after which the socket closes (the client reconnects anonymously).
 * 2. Then op 2 (heartbeat) → op 3 with the room's int32 online count, op 12 (change room, body = new
 *    room_id) → op 13 echoing it. Any other op closes the socket (read-only: clients publish nothing).
 * 3. No heartbeat for `idleTimeoutMs` (70 s) → close; more than 100 messages a minute → close.
 *
 * Text frames close with 1003, malformed frames with 1002 (K87, K88); oversized frames never get
 * here (`ws` `maxPayload` closes them with 1009).
 */
import type { WebSocket } from 'ws';
import { z } from '../../contract/zod.ts';
import { decodeJsonBody, decodePacket, encodeJsonPacket, encodePacket, GoimOp, GoimProtocolError, onlineCountBody, type GoimPacket } from '../../lib/goim.ts';
import type { Logger } from '../log.ts';
import type { HubMember, RealtimeHub } from './RealtimeHub.ts';
import { roomKeyOf } from './roomId.ts';

/** The business ops a client may list in `accepts` (goim's example and the init config default). */
export const ALLOWED_ACCEPTS = [1000, 1001, 1002, 1003] as const;

/** Auth codes of the op-8 reply (Bilibili's WS_AUTH_OK and WS_AUTH_TOKEN_ERROR). */
export const AUTH_OK = 0;
export const AUTH_TOKEN_ERROR = -101;

export interface SubLimits {
  authTimeoutMs: number;
  idleTimeoutMs: number;
  /** Inbound messages per rolling minute. */
  maxMessagesPerMinute: number;
  /** Outbound bytes waiting in the socket before a slow reader is dropped. */
  maxBufferedBytes: number;
}

export const DEFAULT_SUB_LIMITS: SubLimits = {
  authTimeoutMs: 8_000,
  idleTimeoutMs: 70_000,
  maxMessagesPerMinute: 100,
  maxBufferedBytes: 256 * 1024,
};

export type Identity = { userId: number; family: string };

/** Resolves the token of an auth body: an identity, or null when the token is not live. */
export type ResolveToken = (token: string) => Promise<Identity | null>;

const AuthBody = z.object({
  token: z.string().max(512).nullish(),
  room_id: z.string().max(64),
  platform: z.string().regex(/^[A-Za-z0-9_-]{1,16}$/),
  accepts: z
    .array(z.number().int())
    .max(ALLOWED_ACCEPTS.length)
    .refine((ops) => ops.every((op) => (ALLOWED_ACCEPTS as readonly number[]).includes(op)))
    .optional(),
});

const RATE_WINDOW_MS = 60_000;

export class SubConnection implements HubMember {
  userId = 0;
  family: string | null = null;
  accepts: ReadonlySet<number> = new Set<number>(ALLOWED_ACCEPTS);
  private state: 'awaitingAuth' | 'authenticating' | 'open' | 'closed' = 'awaitingAuth';
  private room: string | null = null;
  private readonly recent: number[] = [];
  private authTimer: ReturnType<typeof setTimeout> | null;
  private idleTimer: ReturnType<typeof setTimeout> | null = null;

  private readonly ws: WebSocket;
  private readonly hub: RealtimeHub;
  private readonly resolveToken: ResolveToken;
  private readonly limits: SubLimits;
  private readonly log: Logger;

  constructor(ws: WebSocket, deps: { hub: RealtimeHub; resolveToken: ResolveToken; limits: SubLimits; log: Logger }) {
    this.ws = ws;
    this.hub = deps.hub;
    this.resolveToken = deps.resolveToken;
    this.limits = deps.limits;
    this.log = deps.log;
    this.authTimer = setTimeout(() => this.close(1008, 'auth timeout'), this.limits.authTimeoutMs);
    ws.on('message', (data, isBinary) => this.onMessage(data, isBinary));
    ws.on('close', () => this.dispose());
    ws.on('error', () => this.dispose());
  }

  send(bytes: Uint8Array): void {
    if (this.state === 'closed') return;
    if (this.ws.bufferedAmount > this.limits.maxBufferedBytes) {
      // A reader that does not read must not make the server hold its pushes without bound.
      this.close(1013, 'slow reader');
      return;
    }
    this.ws.send(bytes, { binary: true });
  }

  close(code: number, reason: string): void {
    if (this.state === 'closed') return;
    this.dispose();
    this.ws.close(code, reason);
    // A peer that never answers the close handshake is cut off.
    setTimeout(() => this.ws.terminate(), 2_000).unref();
  }

  private dispose(): void {
    if (this.state === 'closed') return;
    this.state = 'closed';
    if (this.authTimer) clearTimeout(this.authTimer);
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.authTimer = null;
    this.idleTimer = null;
    this.hub.remove(this);
  }

  private overRate(now: number): boolean {
    while (this.recent.length > 0 && this.recent[0]! <= now - RATE_WINDOW_MS) this.recent.shift();
    this.recent.push(now);
    return this.recent.length > this.limits.maxMessagesPerMinute;
  }

  private onMessage(data: WebSocket.RawData, isBinary: boolean): void {
    if (this.state === 'closed') return;
    // security.md K90: at most 100 messages a minute, whatever they are.
    if (this.overRate(Date.now())) return this.close(1008, 'too many messages');
    if (!isBinary) return this.close(1003, 'binary frames only');
    const bytes = Array.isArray(data) ? Buffer.concat(data) : data instanceof ArrayBuffer ? new Uint8Array(data) : data;
    let packet: GoimPacket;
    try {
      packet = decodePacket(bytes);
    } catch (err) {
      if (err instanceof GoimProtocolError) return this.close(1002, `protocol error: ${err.code}`);
      throw err;
    }
    if (this.state === 'awaitingAuth') {
      if (packet.op !== GoimOp.auth) return this.close(1008, 'auth first');
      this.state = 'authenticating';
      this.authenticate(packet).catch((err: unknown) => {
        this.log.error({ err }, 'realtime auth failed');
        this.close(1011, 'server error');
      });
      return;
    }
    // The client waits for op 8 before it sends anything else (goim client.js).
    if (this.state === 'authenticating') return this.close(1008, 'wait for the auth reply');
    switch (packet.op) {
      case GoimOp.heartbeat:
        this.armIdle();
        this.send(encodePacket(GoimOp.heartbeatReply, onlineCountBody(this.room ? this.hub.online(this.room) : 0), packet.seq));
        return;
      case GoimOp.changeRoom: {
        let roomId: string;
        try {
          roomId = new TextDecoder('utf-8', { fatal: true }).decode(packet.body);
        } catch {
          return this.close(1008, 'bad room');
        }
        const room = roomKeyOf(roomId);
        if (!room) return this.close(1008, 'bad room');
        this.room = room;
        this.hub.join(this, room);
        this.send(encodePacket(GoimOp.changeRoomReply, roomId, packet.seq));
        return;
      }
      default:
        // Readers only listen: no op other than heartbeat and change-room is taken after auth.
        return this.close(1008, `op ${packet.op} not allowed`);
    }
  }

  private async authenticate(packet: GoimPacket): Promise<void> {
    let raw: unknown;
    try {
      raw = decodeJsonBody(packet);
    } catch {
      return this.close(1008, 'bad auth body');
    }
    const parsed = AuthBody.safeParse(raw);
    const room = parsed.success ? roomKeyOf(parsed.data.room_id) : null;
    if (!parsed.success || !room) return this.close(1008, 'bad auth body');
    const token = parsed.data.token ? bearerless(parsed.data.token) : '';
    let identity: Identity | null = null;
    if (token !== '') {
      identity = await this.resolveToken(token);
      if (this.state !== 'authenticating') return;
      if (!identity) {
        this.send(encodeJsonPacket(GoimOp.authReply, { code: AUTH_TOKEN_ERROR }, packet.seq));
        return this.close(1008, 'token refused');
      }
    }
    if (this.state !== 'authenticating') return;
    this.userId = identity?.userId ?? 0;
    this.family = identity?.family ?? null;
    if (parsed.data.accepts) this.accepts = new Set(parsed.data.accepts);
    // security.md K90: at most 5 sockets per user.
    if (!this.hub.admit(this, room)) return this.close(1008, 'too many connections');
    this.room = room;
    this.state = 'open';
    if (this.authTimer) clearTimeout(this.authTimer);
    this.authTimer = null;
    this.armIdle();
    this.send(encodeJsonPacket(GoimOp.authReply, { code: AUTH_OK, mid: this.userId }, packet.seq));
  }

  private armIdle(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    // security.md K91: silence for 70 s closes the socket and frees its room membership.
    this.idleTimer = setTimeout(() => this.close(1008, 'heartbeat timeout'), this.limits.idleTimeoutMs);
  }
}

/** The token of `Bearer <token>` or a bare token (goim clients put it in the body as is). */
function bearerless(value: string): string {
  const match = /^Bearer[ \t]+(\S+)$/i.exec(value.trim());
  return match?.[1] ?? value.trim();
}
