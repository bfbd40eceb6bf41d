/**
 * How long a request may take to arrive, on the real server process (security.md I72): a slow-drip body
 * on any ordinary path is cut (408, connection closed), while a reader's video upload may take longer than
 * that as long as bytes keep coming, and is cut only when it stalls. The deadlines are shortened through
 * REQUEST_BODY_MS / UPLOAD_IDLE_MS so the suite does not wait 30 s; the defaults are checked below.
 */
import { connect, type Socket } from 'node:net';
import path from 'node:path';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIDEO_UPLOAD_MAX_MS } from '../../src/contract/uploadRules.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import { DEFAULT_DEADLINES, readDeadlines, SERVER_REQUEST_TIMEOUT_MS } from '../../src/server/web/requestDeadlines.ts';
import { seededDataDir } from '../support/seededDataDir.ts';
import { startServer, stopServer, type ServerProcess } from '../support/serverProcess.ts';
import { createTestUser, type TestUser } from '../support/testUsers.ts';
import { sampleMp4 } from '../support/videoFixtures.ts';
import { uploadVideo } from '../../src/contract/upload.ts';

let server: ServerProcess;
let reader: TestUser;

beforeAll(async () => {
  const dataDir = await seededDataDir('sc-deadlines-');
  const database = await openDatabase({ dataDir: path.join(dataDir, 'db') });
  reader = await createTestUser(database);
  await database.close();
  server = await startServer({ dataDir, env: { LOG_LEVEL: 'warn', REDIS_URL: '', REQUEST_BODY_MS: '1000', UPLOAD_IDLE_MS: '3000' } });
}, 180_000);
afterAll(async () => {
  await stopServer(server);
  rmSync(server.dataDir, { recursive: true, force: true });
});

const pause = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** A raw connection: what the server answered, and whether it closed the connection. */
function rawConnection(): { socket: Socket; answer: () => string; closed: Promise<void> } {
  const { port } = new URL(server.origin);
  const socket = connect(Number(port), '127.0.0.1');
  let text = '';
  socket.setEncoding('utf8');
  socket.on('data', (d: string) => (text += d));
  socket.on('error', () => {});
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  return { socket, answer: () => text, closed };
}

function head(method: string, target: string, headers: Record<string, string | number>): string {
  return `${method} ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\n${Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}`)
    .join('\r\n')}\r\n\r\n`;
}

describe('request deadlines', () => {
  it('cuts a slow-drip body on an ordinary path: 408 in Chinese, connection closed', { timeout: 30_000 }, async () => {
    const c = rawConnection();
    const body = 'phone=13800000000&password=';
    c.socket.write(head('POST', '/v1/user/login', { 'content-type': 'application/x-www-form-urlencoded', 'content-length': body.length + 40 }));
    c.socket.write(body);
    // The rest of the body never comes.
    await c.closed;
    expect(c.answer()).toMatch(/^HTTP\/1\.1 408 /);
    expect(c.answer()).toMatch(/connection: close/i);
    expect(c.answer()).toContain('请求超时，请检查网络后重试');
  });

  it('lets a video upload that keeps sending take longer than that, and stores it', { timeout: 60_000 }, async () => {
    const video = sampleMp4();
    const c = rawConnection();
    c.socket.write(
      head('POST', uploadVideo.path, { ...reader.headers, 'content-type': 'video/mp4', 'content-length': video.length, 'idempotency-key': 'slow-uplink-01' }),
    );
    // ~3 s for the whole file: three times the ordinary body deadline, never 3 s without a byte.
    const parts = 10;
    const size = Math.ceil(video.length / parts);
    for (let i = 0; i < parts; i++) {
      c.socket.write(video.subarray(i * size, (i + 1) * size));
      await pause(300);
    }
    for (let i = 0; i < 100 && !/\r\n\r\n[\s\S]*\}$/.test(c.answer()); i++) await pause(100);
    expect(c.answer()).toMatch(/^HTTP\/1\.1 200 /);
    const json = JSON.parse(c.answer().slice(c.answer().indexOf('{'))) as { statusCode: number; data: { url: string } };
    expect(json.statusCode).toBe(200);
    expect(json.data.url).toMatch(new RegExp(`^/media/videos/${reader.userId}/`));
    c.socket.destroy();
  });

  it('cuts a video upload that stalls (no byte for the idle time)', { timeout: 30_000 }, async () => {
    const video = sampleMp4();
    const c = rawConnection();
    c.socket.write(
      head('POST', uploadVideo.path, { ...reader.headers, 'content-type': 'video/mp4', 'content-length': video.length, 'idempotency-key': 'stalled-upl-01' }),
    );
    c.socket.write(video.subarray(0, Math.floor(video.length / 2)));
    await c.closed;
    expect(c.answer()).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('keeps an idle connection open past the head deadline: a second request 11 s later is answered on the same socket', { timeout: 30_000 }, async () => {
    const c = rawConnection();
    c.socket.write(head('GET', '/healthz', {}));
    for (let i = 0; i < 50 && !/\r\n\r\n[\s\S]*\}$/.test(c.answer()); i++) await pause(100);
    expect(c.answer()).toMatch(/^HTTP\/1\.1 200 /);
    expect(c.answer()).toMatch(/keep-alive: timeout=65/i);
    // Past Node's default keep-alive (5 s) and the 10 s head deadline: neither closes an idle connection.
    await pause(11_000);
    const before = c.answer().length;
    c.socket.write(head('GET', '/healthz', {}));
    for (let i = 0; i < 50 && c.answer().length === before; i++) await pause(100);
    expect(c.answer().slice(before)).toMatch(/^HTTP\/1\.1 200 /);
    expect(DEFAULT_DEADLINES.keepAliveMs).toBeGreaterThan(60_000);
    c.socket.destroy();
  });

  it('defaults: 30 s for a body, 30 s of silence for a video, and the server allows a video the composer’s whole time', () => {
    expect(DEFAULT_DEADLINES).toEqual({ bodyMs: 30_000, uploadIdleMs: 30_000, keepAliveMs: 65_000 });
    expect(readDeadlines({})).toEqual(DEFAULT_DEADLINES);
    expect(readDeadlines({ REQUEST_BODY_MS: '-5', UPLOAD_IDLE_MS: 'abc' })).toEqual(DEFAULT_DEADLINES);
    expect(readDeadlines({ REQUEST_BODY_MS: '1000', UPLOAD_IDLE_MS: '2000' })).toEqual({ bodyMs: 1000, uploadIdleMs: 2000, keepAliveMs: 65_000 });
    expect(readDeadlines({ KEEP_ALIVE_MS: '30000' }).keepAliveMs).toBe(30_000);
    expect(SERVER_REQUEST_TIMEOUT_MS).toBeGreaterThan(VIDEO_UPLOAD_MAX_MS);
  });
});
