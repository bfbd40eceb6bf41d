/** A raw `/sub` client for process tests (tests/server/realtime.test.ts and the Redis suite here): the `ws` client speaking goim frames, with waits that time out. */
import { WebSocket } from 'ws';
import { decodeMessage, encodeJsonPacket, encodePacket, GoimOp, type GoimPacket } from '../../src/lib/goim.ts';

export interface Closed {
  code: number;
  reason: string;
}

export class SubClient {
  readonly ws: WebSocket;
  readonly packets: GoimPacket[] = [];
  readonly closed: Promise<Closed>;
  private waiters: (() => void)[] = [];

  private constructor(ws: WebSocket) {
    this.ws = ws;
    ws.binaryType = 'nodebuffer';
    this.closed = new Promise((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
    ws.on('message', (data: Buffer) => {
      this.packets.push(...decodeMessage(new Uint8Array(data)));
      for (const w of this.waiters.splice(0)) w();
    });
    ws.on('error', () => {});
  }

  /**
   * Opens a socket; rejects with `status <code>` when the server refuses the upgrade. `localAddress`: the loopback
   * address it leaves from (the server allows a few sockets per address).
   */
  static open(origin: string, options: { path?: string; headers?: Record<string, string>; localAddress?: string } = {}): Promise<SubClient> {
    const url = origin.replace(/^http/, 'ws') + (options.path ?? '/sub');
    const ws = new WebSocket(url, {
      headers: options.headers ?? {},
      perMessageDeflate: false,
      ...(options.localAddress ? { localAddress: options.localAddress } : {}),
    });
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(new SubClient(ws)));
      ws.once('unexpected-response', (_req, res) => {
        reject(new Error(`status ${res.statusCode}`));
        ws.terminate();
      });
      ws.once('error', reject);
    });
  }

  send(bytes: Uint8Array | string, binary = true): void {
    this.ws.send(bytes, { binary });
  }

  auth(body: Record<string, unknown>, seq = 1): void {
    this.send(encodeJsonPacket(GoimOp.auth, body, seq));
  }

  heartbeat(seq = 2): void {
    this.send(encodePacket(GoimOp.heartbeat, undefined, seq));
  }

  /** The next packet with `op` (already received or arriving within `ms`). */
  async next(op: number, ms = 5_000): Promise<GoimPacket> {
    const deadline = Date.now() + ms;
    for (;;) {
      const index = this.packets.findIndex((p) => p.op === op);
      if (index >= 0) return this.packets.splice(index, 1)[0]!;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no op ${op} within ${ms} ms (got ${this.packets.map((p) => p.op).join(',') || 'nothing'})`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Resolves with the close, or rejects when the socket is still open after `ms`. */
  closedWithin(ms: number): Promise<Closed> {
    return Promise.race([this.closed, new Promise<Closed>((_r, reject) => setTimeout(() => reject(new Error(`still open after ${ms} ms`)), ms))]);
  }

  isOpen(): boolean {
    return this.ws.readyState === WebSocket.OPEN;
  }

  async end(): Promise<void> {
    if (this.ws.readyState === WebSocket.CLOSED) return;
    this.ws.terminate();
    await this.closed;
  }
}
