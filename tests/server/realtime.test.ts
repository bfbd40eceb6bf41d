/**
 * The `/sub` socket of the real server process, spoken to in raw goim frames (security.md K83–K91):
 * upgrade checks, the auth frame, malformed and oversized frames, heartbeat, limits, and a like
 * through the API reaching the item's room.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { decodeJsonBody, encodePacket, GoimOp, readOnlineCount } from '../../src/lib/goim.ts';
import { prepareDataDir, type Item, type Reader } from '../services/loginFixture.ts';
import { SubClient } from '../services/subClient.ts';
import { startServer, type ServerProcess } from '../support/serverProcess.ts';

const AUTH_TIMEOUT_MS = 1_500;
const IDLE_TIMEOUT_MS = 2_500;
const PUBLIC_ORIGIN = 'https://news.example.cn';
const PARTNER_ORIGIN = 'https://partner.example.cn';

let server: ServerProcess;
let reader: Reader;
let other: Reader;
let item: Item;
const open: SubClient[] = [];

beforeAll(async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sc-sub-'));
  const prepared = await prepareDataDir(dataDir, ['13800000001', '13800000002']);
  [reader, other] = prepared.readers as [Reader, Reader];
  item = prepared.item;
  server = await startServer({
    dataDir,
    env: {
      SUB_AUTH_TIMEOUT_MS: String(AUTH_TIMEOUT_MS),
      SUB_IDLE_TIMEOUT_MS: String(IDLE_TIMEOUT_MS),
      PUBLIC_ORIGIN,
      SUB_ALLOWED_ORIGINS: PARTNER_ORIGIN,
      LOG_LEVEL: 'warn',
    },
  });
}, 120_000);
afterAll(() => {
  if (server?.child.exitCode === null) server.child.kill('SIGKILL');
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.end()));
  // Let the server see the closes before the next test counts sockets per IP.
  await new Promise((r) => setTimeout(r, 100));
});

async function connect(options: Parameters<typeof SubClient.open>[1] = {}): Promise<SubClient> {
  const client = await SubClient.open(server.origin, options);
  open.push(client);
  return client;
}

const authBody = (extra: Record<string, unknown> = {}) => ({ room_id: 'live://1000', platform: 'web', accepts: [1000, 1001, 1002], ...extra });

async function authed(extra: Record<string, unknown> = {}): Promise<{ client: SubClient; reply: unknown }> {
  const client = await connect();
  client.auth(authBody(extra));
  const reply = decodeJsonBody(await client.next(GoimOp.authReply));
  return { client, reply };
}

function header(packLen: number, headerLen: number, op: number = GoimOp.heartbeat, bodyLength = 0, ver = 1): Uint8Array {
  const out = new Uint8Array(16 + bodyLength);
  const v = new DataView(out.buffer);
  v.setInt32(0, packLen);
  v.setInt16(4, headerLen);
  v.setInt16(6, ver);
  v.setInt32(8, op);
  v.setInt32(12, 1);
  return out;
}

describe('/sub: before the upgrade', () => {
  it.each([
    ['a disallowed Origin', { headers: { origin: 'https://evil.example.com' } }, 'status 403'],
    ['a path other than /sub', { path: '/subscribe' }, 'status 404'],
    ['a path under /sub', { path: '/sub/x' }, 'status 404'],
  ])('refuses %s', async (_name, options, message) => {
    await expect(SubClient.open(server.origin, options)).rejects.toThrow(message);
  });

  it.each([
    ['PUBLIC_ORIGIN', PUBLIC_ORIGIN],
    ['an allowlisted origin', PARTNER_ORIGIN],
    ['the request host itself', 'HOST'],
  ])('accepts the origin of %s', async (_name, origin) => {
    const client = await connect({ headers: { origin: origin === 'HOST' ? server.origin : origin } });
    expect(client.isOpen()).toBe(true);
  });

  it('does not negotiate permessage-deflate even when offered', async () => {
    const client = await SubClient.open(server.origin, { headers: { 'sec-websocket-extensions': 'permessage-deflate; client_max_window_bits' } }).catch(
      (e: Error) => e,
    );
    if (client instanceof SubClient) {
      open.push(client);
      expect(client.ws.extensions).toBe('');
    } else {
      throw client;
    }
  });

  it('refuses a 21st socket from one address', async () => {
    const clients = await Promise.all(Array.from({ length: 20 }, () => connect()));
    expect(clients.every((c) => c.isOpen())).toBe(true);
    await expect(SubClient.open(server.origin)).rejects.toThrow('status 429');
  });
});

describe('/sub: the auth frame', () => {
  it('admits an anonymous reader as mid 0 and ignores a client-sent mid', async () => {
    const { client, reply } = await authed({ mid: 123 });
    expect(reply).toEqual({ code: 0, mid: 0 });
    expect(client.isOpen()).toBe(true);
  });

  it.each([
    ['a bare token', (r: Reader) => r.token],
    ['a Bearer token', (r: Reader) => `Bearer ${r.token}`],
  ])('identifies a reader by %s in the body', async (_name, token) => {
    const { reply } = await authed({ token: token(reader), mid: other.userId });
    expect(reply).toEqual({ code: 0, mid: reader.userId });
  });

  it('answers -101 to a token that is not live, then closes', async () => {
    const { client, reply } = await authed({ token: 'A'.repeat(43) });
    expect(reply).toEqual({ code: -101 });
    expect((await client.closedWithin(3_000)).code).toBe(1008);
  });

  it('ignores ?token= in the URL: the reader stays anonymous', async () => {
    const client = await connect({ path: `/sub?token=${reader.token}&access_token=${reader.token}` });
    client.auth(authBody());
    expect(decodeJsonBody(await client.next(GoimOp.authReply))).toEqual({ code: 0, mid: 0 });
  });

  it.each([
    ['a heartbeat first', () => encodePacket(GoimOp.heartbeat, undefined, 1)],
    ['a body that is not JSON', () => encodePacket(GoimOp.auth, '{room_id:', 1)],
    ['an unknown room', () => encodePacket(GoimOp.auth, JSON.stringify(authBody({ room_id: 'chat://1' })), 1)],
    ['a room id with a path', () => encodePacket(GoimOp.auth, JSON.stringify(authBody({ room_id: 'live://1/../2' })), 1)],
    ['an op outside accepts', () => encodePacket(GoimOp.auth, JSON.stringify(authBody({ accepts: [3] })), 1)],
    ['a missing platform', () => encodePacket(GoimOp.auth, JSON.stringify({ room_id: 'live://1000' }), 1)],
  ])('closes with 1008 on %s', async (_name, frame) => {
    const client = await connect();
    client.send(frame());
    expect((await client.closedWithin(3_000)).code).toBe(1008);
    expect(client.packets.some((p) => p.op === GoimOp.authReply)).toBe(false);
  });

  it('closes a socket that sends no auth frame within the deadline', async () => {
    const client = await connect();
    const started = Date.now();
    const closed = await client.closedWithin(AUTH_TIMEOUT_MS + 3_000);
    expect(closed.code).toBe(1008);
    expect(Date.now() - started).toBeGreaterThanOrEqual(AUTH_TIMEOUT_MS - 100);
  });

  it('refuses a 6th socket of one reader', async () => {
    for (let i = 0; i < 5; i++) expect((await authed({ token: other.token })).reply).toEqual({ code: 0, mid: other.userId });
    const client = await connect();
    client.auth(authBody({ token: other.token }));
    expect((await client.closedWithin(3_000)).code).toBe(1008);
  });
});

type FrameCase = [name: string, frame: () => Uint8Array | string, binary: boolean, closeCode: number];

describe('/sub: malformed frames close the socket and leave the server unharmed', () => {
  it.each<FrameCase>([
    ['a text frame', () => 'hello', false, 1003],
    ['a frame shorter than 16 bytes', () => new Uint8Array(10), true, 1002],
    ['headerLen 17', () => header(16, 17), true, 1002],
    ['packLen 15', () => header(15, 16), true, 1002],
    ['a negative packLen', () => header(-1, 16), true, 1002],
    ['packLen larger than the frame', () => header(64, 16, GoimOp.auth, 8), true, 1002],
    ['a compressed version', () => header(16, 16, GoimOp.heartbeat, 0, 2), true, 1002],
    ['a 1 MB frame', () => new Uint8Array(1 << 20), true, 1009],
    ['a 4113-byte frame', () => new Uint8Array(4113), true, 1009],
  ])('%s', async (_name, frame, binary, code) => {
    const client = await connect();
    client.send(frame(), binary);
    expect((await client.closedWithin(3_000)).code).toBe(code);
    const health = await fetch(`${server.origin}/healthz`);
    expect(health.status).toBe(200);
  });

  it('the same malformed frame after auth closes too', async () => {
    const { client } = await authed();
    client.send(header(40, 16, GoimOp.heartbeat, 2));
    expect((await client.closedWithin(3_000)).code).toBe(1002);
  });
});

describe('/sub: after auth', () => {
  it('answers a heartbeat with op 3, the same seq and the online count of the room', async () => {
    const room = `news://${item.classId}:${item.newsId}`;
    const { client: a } = await authed({ room_id: room });
    const { client: b } = await authed({ room_id: room });
    a.heartbeat(77);
    const reply = await a.next(GoimOp.heartbeatReply);
    expect(reply.seq).toBe(77);
    expect(readOnlineCount(reply)).toBe(2);
    await b.end();
    await new Promise((r) => setTimeout(r, 100));
    a.heartbeat(78);
    expect(readOnlineCount(await a.next(GoimOp.heartbeatReply))).toBe(1);
  });

  it('changes room with op 12 and answers op 13', async () => {
    const { client } = await authed();
    client.send(encodePacket(GoimOp.changeRoom, 'news://1:2', 9));
    const reply = await client.next(GoimOp.changeRoomReply);
    expect([reply.seq, new TextDecoder().decode(reply.body)]).toEqual([9, 'news://1:2']);
    client.send(encodePacket(GoimOp.changeRoom, 'nope://1', 10));
    expect((await client.closedWithin(3_000)).code).toBe(1008);
  });

  it('closes on an op a reader may not send', async () => {
    const { client } = await authed();
    client.send(encodePacket(GoimOp.sendMsg, '{"msg":"spam"}', 3));
    expect((await client.closedWithin(3_000)).code).toBe(1008);
  });

  it('keeps a socket that sends heartbeats and closes a silent one', async () => {
    const { client: talking } = await authed();
    const { client: silent } = await authed();
    for (let i = 0; i < 4; i++) {
      await new Promise((r) => setTimeout(r, IDLE_TIMEOUT_MS / 3));
      talking.heartbeat(i);
    }
    expect((await silent.closedWithin(100)).code).toBe(1008);
    expect(talking.isOpen()).toBe(true);
  });

  it('closes a flood beyond 100 messages a minute', async () => {
    const { client } = await authed();
    for (let i = 0; i < 110; i++) client.heartbeat(i);
    expect((await client.closedWithin(3_000)).code).toBe(1008);
    expect(client.packets.filter((p) => p.op === GoimOp.heartbeatReply).length).toBeLessThanOrEqual(99);
  });
});

describe('/sub: room broadcasts', () => {
  it('a like through the API reaches the sockets in the item room, and only there', async () => {
    const { client: watcher } = await authed({ room_id: `news://${item.classId}:${item.newsId}` });
    const { client: elsewhere } = await authed({ room_id: `news://${item.classId}:${item.newsId + 1}` });
    const res = await fetch(`${server.origin}/v1/like/do`, {
      method: 'POST',
      headers: { authorization: `Bearer ${reader.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ classId: item.classId, newsId: item.newsId, type: 1 }),
    });
    expect(((await res.json()) as { statusCode: number }).statusCode).toBe(200);
    const push = await watcher.next(GoimOp.counts);
    expect(decodeJsonBody(push)).toMatchObject({ likeNum: item.likeNum + 1, commentCount: item.commentCount });
    await new Promise((r) => setTimeout(r, 300));
    expect(elsewhere.packets.some((p) => p.op === GoimOp.counts)).toBe(false);
  });
});

describe('/sub: shutdown', () => {
  it('SIGTERM closes open sockets with 1001 (going away) and the process exits cleanly', async () => {
    const own = await startServer({ env: { SEED_DEMO: '0', LOG_LEVEL: 'warn' } });
    try {
      const client = await SubClient.open(own.origin);
      client.auth(authBody());
      expect(decodeJsonBody(await client.next(GoimOp.authReply))).toEqual({ code: 0, mid: 0 });
      const waiting = await SubClient.open(own.origin);
      own.child.kill('SIGTERM');
      expect((await client.closedWithin(5_000)).code).toBe(1001);
      expect((await waiting.closedWithin(5_000)).code).toBe(1001);
      expect(await own.exited).toBe(0);
    } finally {
      if (own.child.exitCode === null) own.child.kill('SIGKILL');
    }
  }, 60_000);
});
