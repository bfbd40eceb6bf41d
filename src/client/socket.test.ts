import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { decodeJsonBody, decodePacket, encodeBatches, encodeJsonPacket, encodePacket, GoimOp, onlineCountBody, type GoimPacket } from '../lib/goim.ts';
import { HEALTHY_MS, HEARTBEAT_MS, MAX_RECONNECTS, openRealtimeSocket, reconnectDelay, subUrl, type RealtimeSocketOptions, type SocketLike } from './socket.ts';

class FakeSocket implements SocketLike {
  binaryType = 'blob';
  readyState = 0;
  onopen: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  onclose: ((ev: unknown) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  sent: GoimPacket[] = [];
  closedByClient = false;
  readonly url: string;
  constructor(url: string) {
    this.url = url;
  }
  send(data: Uint8Array): void {
    this.sent.push(decodePacket(data));
  }
  close(): void {
    this.closedByClient = true;
    this.readyState = 3;
  }
  // server side
  open(): void {
    this.readyState = 1;
    this.onopen?.({});
  }
  receive(bytes: Uint8Array | string): void {
    this.onmessage?.({ data: typeof bytes === 'string' ? bytes : bytes.slice().buffer });
  }
  serverClose(): void {
    this.readyState = 3;
    this.onclose?.({ code: 1006 });
  }
}

let sockets: FakeSocket[];
let pushes: [number, unknown][];
let online: number[];
let gaveUp: number;

function start(extra: Partial<RealtimeSocketOptions> = {}) {
  return openRealtimeSocket({
    room: 'news://1:5',
    url: 'ws://test/sub',
    createSocket: (url) => {
      const s = new FakeSocket(url);
      sockets.push(s);
      return s;
    },
    random: () => 0.5,
    token: () => 'T'.repeat(43),
    onMessage: (op, body) => pushes.push([op, body]),
    onOnline: (n) => online.push(n),
    onGiveUp: () => gaveUp++,
    ...extra,
  });
}

const last = () => sockets[sockets.length - 1]!;

function openAndAuth(code = 0): FakeSocket {
  const s = last();
  s.open();
  s.receive(encodeJsonPacket(GoimOp.authReply, { code }, 1));
  return s;
}

beforeEach(() => {
  vi.useFakeTimers();
  sockets = [];
  pushes = [];
  online = [];
  gaveUp = 0;
});
afterEach(() => {
  vi.useRealTimers();
});

describe('subUrl', () => {
  it.each([
    [{ protocol: 'https:', host: 'news.example.cn' }, 'wss://news.example.cn/sub'],
    [{ protocol: 'http:', host: 'localhost:4321' }, 'ws://localhost:4321/sub'],
  ])('follows the page protocol: %j', (loc, url) => {
    expect(subUrl(loc)).toBe(url);
  });
});

describe('reconnectDelay — spec 9 "base delay 15 s, doubling", with ±50 % jitter kept by ADR 014', () => {
  it('centres every one of the 10 waits on the spec schedule 15 s × 2ⁿ', () => {
    expect(Array.from({ length: MAX_RECONNECTS }, (_, n) => reconnectDelay(n, () => 0.5))).toEqual(
      Array.from({ length: MAX_RECONNECTS }, (_, n) => 15_000 * 2 ** n),
    );
  });
  it('spreads each wait evenly around that centre: its mean is the spec delay, its ends 50 % either side', () => {
    const samples = Array.from({ length: 1000 }, (_, i) => (i + 0.5) / 1000);
    for (let n = 0; n < MAX_RECONNECTS; n++) {
      const waits = samples.map((r) => reconnectDelay(n, () => r));
      const mean = waits.reduce((a, b) => a + b, 0) / waits.length;
      expect(Math.abs(mean - 15_000 * 2 ** n)).toBeLessThanOrEqual(1);
      expect(Math.min(...waits)).toBeGreaterThanOrEqual(7_500 * 2 ** n);
      expect(Math.max(...waits)).toBeLessThanOrEqual(22_500 * 2 ** n);
    }
  });
});

describe('reconnectDelay', () => {
  it.each([
    [0, 0.5, 15_000],
    [1, 0.5, 30_000],
    [3, 0.5, 120_000],
    [0, 0, 7_500],
    [0, 0.999999, 22_500],
  ])('attempt %i with random %f waits %i ms', (attempt, r, ms) => {
    expect(reconnectDelay(attempt, () => r)).toBe(ms);
  });
});

describe('openRealtimeSocket', () => {
  it('authenticates with the token and the room in the body, never in the URL', () => {
    start();
    const s = last();
    expect(s.url).toBe('ws://test/sub');
    expect(s.binaryType).toBe('arraybuffer');
    s.open();
    expect(s.sent).toHaveLength(1);
    expect(s.sent[0]!.op).toBe(GoimOp.auth);
    expect(decodeJsonBody(s.sent[0]!)).toEqual({ room_id: 'news://1:5', platform: 'web', accepts: [1001], token: 'T'.repeat(43) });
  });

  it('sends no token key for an anonymous reader', () => {
    start({ token: () => '' });
    last().open();
    expect(decodeJsonBody(last().sent[0]!)).toEqual({ room_id: 'news://1:5', platform: 'web', accepts: [1001] });
  });

  it('heartbeats at once after the auth reply and then every 30 s', () => {
    start();
    const s = openAndAuth();
    expect(s.sent.map((p) => p.op)).toEqual([GoimOp.auth, GoimOp.heartbeat]);
    vi.advanceTimersByTime(HEARTBEAT_MS - 1);
    expect(s.sent).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(s.sent.map((p) => p.op)).toEqual([GoimOp.auth, GoimOp.heartbeat, GoimOp.heartbeat]);
    s.receive(encodePacket(GoimOp.heartbeatReply, onlineCountBody(42), 2));
    expect(online).toEqual([42]);
  });

  it('hands single and batched business pushes to onMessage', () => {
    start();
    const s = openAndAuth();
    s.receive(encodeJsonPacket(GoimOp.counts, { likeNum: 3, commentCount: 1 }));
    s.receive(encodeBatches([encodeJsonPacket(1001, { likeNum: 4 }), encodeJsonPacket(1001, { likeNum: 5 })])[0]!);
    expect(pushes).toEqual([
      [1001, { likeNum: 3, commentCount: 1 }],
      [1001, { likeNum: 4 }],
      [1001, { likeNum: 5 }],
    ]);
  });

  it('reconnects at most 10 times, 15 s doubling, then gives up', () => {
    start();
    const waits: number[] = [];
    for (let i = 0; i < MAX_RECONNECTS; i++) {
      last().serverClose();
      const before = sockets.length;
      let waited = 0;
      while (sockets.length === before) {
        vi.advanceTimersByTime(1_000);
        waited += 1_000;
      }
      waits.push(waited);
    }
    expect(waits).toEqual(Array.from({ length: MAX_RECONNECTS }, (_, i) => 15_000 * 2 ** i));
    last().serverClose();
    vi.advanceTimersByTime(15_000 * 2 ** 12);
    expect(sockets).toHaveLength(MAX_RECONNECTS + 1);
    expect(gaveUp).toBe(1);
  });

  it('resets the budget after a healthy connection', () => {
    start();
    for (let i = 0; i < 3; i++) {
      last().serverClose();
      vi.advanceTimersByTime(15_000 * 2 ** i);
    }
    expect(sockets).toHaveLength(4);
    openAndAuth();
    vi.advanceTimersByTime(HEALTHY_MS);
    last().serverClose();
    vi.advanceTimersByTime(15_000 - 1);
    expect(sockets).toHaveLength(4);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(5);
  });

  it.each([
    ['a text frame', 'hello'],
    [
      'headerLen 17',
      (() => {
        const b = encodePacket(GoimOp.counts, '{}');
        b[5] = 17;
        return b;
      })(),
    ],
    ['packetLen 0 inside an op-9 batch', encodePacket(GoimOp.raw, new Uint8Array(16))],
    [
      'packetLen past the end of a batch',
      encodePacket(
        GoimOp.raw,
        (() => {
          const inner = encodePacket(1001, '{}');
          inner[3] = 200;
          return inner;
        })(),
      ),
    ],
  ])('drops %s and reconnects', (_name, frame) => {
    start();
    const s = openAndAuth();
    s.receive(frame);
    expect(s.closedByClient).toBe(true);
    expect(pushes).toEqual([]);
    vi.advanceTimersByTime(15_000);
    expect(sockets).toHaveLength(2);
  });

  it('never throws or hangs on random frames (fast-check)', () => {
    start();
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 4200 }), (bytes) => {
        const s = last();
        if (s.readyState !== 1) openAndAuth();
        expect(() => last().receive(bytes)).not.toThrow();
        vi.advanceTimersByTime(15_000 * 2 ** 10);
      }),
      { numRuns: 300 },
    );
  });

  it('reconnects anonymously after an auth reply of -101', () => {
    start();
    const s = openAndAuth(-101);
    expect(s.closedByClient).toBe(true);
    vi.advanceTimersByTime(15_000);
    last().open();
    expect(decodeJsonBody(last().sent[0]!)).not.toHaveProperty('token');
  });

  it('close() stops heartbeats and reconnects', () => {
    const socket = start();
    const s = openAndAuth();
    socket.close();
    expect(s.closedByClient).toBe(true);
    vi.advanceTimersByTime(HEARTBEAT_MS * 10);
    expect(s.sent).toHaveLength(2);
    expect(sockets).toHaveLength(1);
  });
});
