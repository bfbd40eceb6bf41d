import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { decodeJsonBody, decodeMessage, decodePacket, GoimOp } from '../../lib/goim.ts';
import { createLogger } from '../log.ts';
import { parseBusMessage, type BusMessage, type RealtimeBus } from './RealtimeBus.ts';
import { RealtimeHub, type HubMember } from './RealtimeHub.ts';

function member(userId: number, family: string | null = null, accepts: number[] = [1000, 1001, 1002]) {
  const sent: Uint8Array[] = [];
  const closed: { code: number; reason: string }[] = [];
  const m: HubMember & { sent: Uint8Array[]; closed: typeof closed } = {
    userId,
    family,
    accepts: new Set(accepts),
    sent,
    closed,
    send: (b) => sent.push(b),
    close: (code, reason) => closed.push({ code, reason }),
  };
  return m;
}

function fakeBus() {
  const sent: BusMessage[] = [];
  let handler: (m: BusMessage) => void = () => {};
  const bus: RealtimeBus & { sent: BusMessage[]; deliver(m: BusMessage): void } = {
    sent,
    send: (m) => sent.push(m),
    onMessage: (h) => (handler = h),
    close: async () => {},
    deliver: (m) => handler(m),
  };
  return bus;
}

const log = createLogger('silent');
let bus: ReturnType<typeof fakeBus>;
let hub: RealtimeHub;

beforeEach(() => {
  vi.useFakeTimers();
  bus = fakeBus();
  hub = new RealtimeHub({ bus, log, batchMs: 50, maxPerUser: 5 });
});
afterEach(() => {
  vi.useRealTimers();
});

const bodies = (m: { sent: Uint8Array[] }) => m.sent.flatMap((b) => decodeMessage(b)).map((p) => [p.op, decodeJsonBody(p)]);

describe('RealtimeHub', () => {
  it('sends one broadcast as a single packet, to the room only, after the batch window', () => {
    const a = member(0);
    const b = member(0);
    hub.admit(a, 'news:1:5');
    hub.admit(b, 'news:1:6');
    hub.publish('news:1:5', GoimOp.counts, { likeNum: 3, commentCount: 1 });
    expect(a.sent).toHaveLength(0);
    vi.advanceTimersByTime(50);
    expect(a.sent).toHaveLength(1);
    expect(decodePacket(a.sent[0]!).op).toBe(GoimOp.counts);
    expect(bodies(a)).toEqual([[1001, { likeNum: 3, commentCount: 1 }]]);
    expect(b.sent).toHaveLength(0);
    expect(bus.sent).toEqual([{ type: 'room', room: 'news:1:5', op: 1001, body: '{"likeNum":3,"commentCount":1}' }]);
  });

  it('batches several broadcasts into one op-9 packet, filtered by accepts', () => {
    const all = member(0);
    const onlyCounts = member(0, null, [1001]);
    hub.admit(all, 'live:1000');
    hub.admit(onlyCounts, 'live:1000');
    hub.publish('live:1000', 1000, { n: 1 });
    hub.publish('live:1000', 1001, { n: 2 });
    hub.publish('live:1000', 1002, { n: 3 });
    vi.advanceTimersByTime(50);
    expect(all.sent).toHaveLength(1);
    expect(decodePacket(all.sent[0]!).op).toBe(GoimOp.raw);
    expect(bodies(all)).toEqual([
      [1000, { n: 1 }],
      [1001, { n: 2 }],
      [1002, { n: 3 }],
    ]);
    expect(bodies(onlyCounts)).toEqual([[1001, { n: 2 }]]);
  });

  it('sends what is published to the site room to every socket, in whatever room, once each, filtered by accepts', () => {
    const onItem = member(0, null, [1001, 1002]);
    const onSite = member(0, null, [1002]);
    const countsOnly = member(0, null, [1001]);
    hub.admit(onItem, 'news:1:5');
    hub.admit(onSite, 'live:1000');
    hub.admit(countsOnly, 'news:1:6');
    hub.publish('live:1000', GoimOp.breaking, { newsId: 9 });
    hub.publish('news:1:5', GoimOp.counts, { likeNum: 1 });
    vi.advanceTimersByTime(50);
    expect(bodies(onItem)).toEqual([
      [1002, { newsId: 9 }],
      [1001, { likeNum: 1 }],
    ]);
    expect(bodies(onSite)).toEqual([[1002, { newsId: 9 }]]);
    expect(bodies(countsOnly)).toEqual([]);
  });

  it('queues nothing for the site room while no socket is open', () => {
    hub.publish('live:1000', GoimOp.breaking, { newsId: 9 });
    const late = member(0);
    hub.admit(late, 'news:1:5');
    vi.advanceTimersByTime(50);
    expect(late.sent).toHaveLength(0);
  });

  it.each([
    ['a client room id instead of a key', 'news://1:5', 1001, {}],
    ['a system op', 'news:1:5', 5, {}],
    ['a body over 4096 bytes', 'news:1:5', 1001, { s: 'x'.repeat(5000) }],
  ])('refuses to publish %s', (_name, room, op, body) => {
    const a = member(0);
    hub.admit(a, 'news:1:5');
    hub.publish(room, op, body);
    vi.advanceTimersByTime(100);
    expect(a.sent).toHaveLength(0);
    expect(bus.sent).toHaveLength(0);
  });

  it('delivers room messages from the bus, checked again', () => {
    const a = member(0);
    hub.admit(a, 'news:2:7');
    bus.deliver({ type: 'room', room: 'news:2:7', op: 1001, body: '{"likeNum":9}' });
    bus.deliver({ type: 'room', room: 'news:2:7', op: 3, body: '{}' });
    vi.advanceTimersByTime(50);
    expect(bodies(a)).toEqual([[1001, { likeNum: 9 }]]);
  });

  it('counts the online members of a room and frees membership on remove and room change', () => {
    const a = member(0);
    const b = member(7, 'f1');
    hub.admit(a, 'live:1');
    hub.admit(b, 'live:1');
    expect(hub.online('live:1')).toBe(2);
    hub.join(b, 'live:2');
    expect([hub.online('live:1'), hub.online('live:2')]).toEqual([1, 1]);
    hub.remove(a);
    hub.remove(b);
    expect([hub.online('live:1'), hub.online('live:2'), hub.memberCount, hub.socketsOf(7)]).toEqual([0, 0, 0, 0]);
  });

  it('admits at most 5 sockets per user, anonymous readers unlimited', () => {
    for (let i = 0; i < 5; i++) expect(hub.admit(member(7, 'f'), 'live:1')).toBe(true);
    expect(hub.admit(member(7, 'f'), 'live:1')).toBe(false);
    expect(hub.online('live:1')).toBe(5);
    for (let i = 0; i < 8; i++) expect(hub.admit(member(0), 'live:1')).toBe(true);
  });

  it.each([
    ['one login', { family: 'f1' }, [true, false, false]],
    ['every login of a user', { userId: 7 }, [true, true, false]],
  ] as const)('closes the sockets of %s, here and through the bus', (_name, who, expected) => {
    const a = member(7, 'f1');
    const b = member(7, 'f2');
    const c = member(8, 'f3');
    for (const m of [a, b, c]) hub.admit(m, 'live:1');
    hub.closeSessions(who);
    expect([a, b, c].map((m) => m.closed.length > 0)).toEqual(expected);
    expect(a.closed[0]).toEqual({ code: 1008, reason: 'session revoked' });
    expect(bus.sent).toHaveLength(1);
    expect(parseBusMessage(bus.sent[0])).toEqual(bus.sent[0]);
  });
});

describe('parseBusMessage', () => {
  it.each([
    null,
    1,
    'x',
    {},
    { type: 'room', room: 'a', op: 1.5, body: '' },
    { type: 'room', room: 1, op: 1, body: '' },
    { type: 'close' },
    { type: 'close', userId: 'x' },
  ])('drops %j', (raw) => {
    expect(parseBusMessage(raw)).toBeNull();
  });
});
