/**
 * security.md K103: a reconnect storm after a restart. The real server process accepts `/sub`
 * upgrades at a bounded rate (a small bucket here through SUB_ACCEPT_RATE / SUB_ACCEPT_BURST); the
 * excess is answered 503 with Retry-After before any upgrade, and sockets are accepted again once
 * the bucket refills.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SubClient } from '../services/subClient.ts';
import { startServer, type ServerProcess } from '../support/serverProcess.ts';

let server: ServerProcess;
const open: SubClient[] = [];

beforeAll(async () => {
  server = await startServer({ env: { SUB_ACCEPT_RATE: '2', SUB_ACCEPT_BURST: '3', LOG_LEVEL: 'warn' } });
}, 120_000);
afterAll(async () => {
  await Promise.all(open.splice(0).map((c) => c.end()));
  if (server?.child.exitCode === null) server.child.kill('SIGKILL');
});

/** A raw upgrade request: the status and Retry-After of a refusal, or 101 for an accepted socket (closed at once). */
function upgrade(): Promise<{ status: number; retryAfter: string | undefined }> {
  const url = new URL('/sub', server.origin);
  return new Promise((resolve, reject) => {
    const req = request({
      host: url.hostname,
      port: url.port,
      path: '/sub',
      headers: { connection: 'Upgrade', upgrade: 'websocket', 'sec-websocket-version': '13', 'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==' },
    });
    req.once('upgrade', (res, socket) => {
      socket.destroy();
      resolve({ status: res.statusCode ?? 0, retryAfter: undefined });
    });
    req.once('response', (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'] });
    });
    req.once('error', reject);
    req.end();
  });
}

describe('/sub accepts new sockets at a bounded rate (K103)', () => {
  it('a burst of 12 upgrades: 3 (the burst) pass, the rest are 503 with Retry-After; later ones pass again', async () => {
    const results = await Promise.all(Array.from({ length: 12 }, () => upgrade()));
    const accepted = results.filter((r) => r.status === 101).length;
    const shed = results.filter((r) => r.status === 503);
    // The bucket may refill by one during the burst (2 a second).
    expect(accepted).toBeGreaterThanOrEqual(3);
    expect(accepted).toBeLessThanOrEqual(4);
    expect(shed).toHaveLength(12 - accepted);
    for (const r of shed) expect(r.retryAfter).toBe('1');
    await new Promise((r) => setTimeout(r, 1_100));
    // Refilled at 2 a second: a real client gets its socket and speaks goim.
    const client = await SubClient.open(server.origin);
    open.push(client);
    expect(client.ws.readyState).toBe(client.ws.OPEN);
  });
});
