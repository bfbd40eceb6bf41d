/**
 * Two server processes share rooms through Redis pub/sub (REDIS_URL; ADR 007): a like through the API
 * of one process reaches a socket on the other. Runs in the services project (npm run test:services;
 * .ci/run starts a Redis on loopback); without a reachable Redis it fails rather than skips.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJsonBody, GoimOp } from '../../src/lib/goim.ts';
import { startServer, type ServerProcess } from '../support/serverProcess.ts';
import { prepareDataDir, type Item, type Reader } from './loginFixture.ts';
import { SubClient } from './subClient.ts';

const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const servers: ServerProcess[] = [];
const clients: SubClient[] = [];
let reader: Reader;
let item: Item;

beforeAll(async () => {
  // One channel for this run only, so parallel runs on one Redis do not hear each other.
  const env = { REDIS_URL, REALTIME_REDIS_CHANNEL: `shancheng:test:${randomUUID()}`, LOG_LEVEL: 'warn' };
  const dirs = [mkdtempSync(path.join(os.tmpdir(), 'sc-redis-a-')), mkdtempSync(path.join(os.tmpdir(), 'sc-redis-b-'))];
  // Each process has its own embedded database with the same seed; the like is recorded on A.
  const [a] = await Promise.all(dirs.map((dir) => prepareDataDir(dir, ['13900000001'])));
  reader = a!.readers[0]!;
  item = a!.item;
  for (const dataDir of dirs) servers.push(await startServer({ dataDir, env }));
}, 180_000);

afterAll(async () => {
  await Promise.all(clients.map((c) => c.end()));
  for (const s of servers) if (s.child.exitCode === null) s.child.kill('SIGKILL');
});

async function watch(server: ServerProcess, room: string): Promise<SubClient> {
  const client = await SubClient.open(server.origin);
  clients.push(client);
  client.auth({ room_id: room, platform: 'web', accepts: [GoimOp.counts] });
  expect(decodeJsonBody(await client.next(GoimOp.authReply))).toEqual({ code: 0, mid: 0 });
  return client;
}

describe('realtime across processes (Redis)', () => {
  it('a like on process A reaches a socket on process B, in the item room only', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const room = `news://${item.classId}:${item.newsId}`;
    const onB = await watch(b, room);
    const onA = await watch(a, room);
    const otherRoomOnB = await watch(b, `news://${item.classId}:${item.newsId + 1}`);
    const res = await fetch(`${a.origin}/v1/like/do`, {
      method: 'POST',
      headers: { authorization: `Bearer ${reader.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ classId: item.classId, newsId: item.newsId, type: 1 }),
    });
    expect(((await res.json()) as { statusCode: number }).statusCode).toBe(200);
    const expected = { likeNum: item.likeNum + 1, commentCount: item.commentCount };
    expect(decodeJsonBody(await onB.next(GoimOp.counts))).toMatchObject(expected);
    expect(decodeJsonBody(await onA.next(GoimOp.counts))).toMatchObject(expected);
    // Same-process delivery does not also come back through Redis: exactly one push each.
    await new Promise((r) => setTimeout(r, 500));
    expect(onA.packets.filter((p) => p.op === GoimOp.counts)).toHaveLength(0);
    expect(onB.packets.filter((p) => p.op === GoimOp.counts)).toHaveLength(0);
    expect(otherRoomOnB.packets.some((p) => p.op === GoimOp.counts)).toBe(false);
  });
});
