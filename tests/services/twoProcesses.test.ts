/**
 * Two server processes on one PostgreSQL, one Redis and one S3-compatible media store (s3rver, started here),
 * behind a small round-robin (docs/architecture.md "Caches", "Periodic jobs"; ADR 019): a like and a comment
 * made on one are seen on the other — its cached pages and API answers included — within a second, not when
 * their 30 s / 5 s lives run out; realtime counts reach sockets on both; one per-address rate limit counts
 * requests to both; each periodic job ran once; the seed's pictures, copied into the bucket by the first
 * process's start, and a picture uploaded on one are served by the other (which has no media folder of its
 * own); pages link media through MEDIA_PUBLIC_BASE. Runs in test:services (DATABASE_URL, REDIS_URL;
 * .ci/run starts both on loopback).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { decodeJsonBody, GoimOp } from '../../src/lib/goim.ts';
import { createUserRepo } from '../../src/server/accounts/repo.ts';
import { dropDatabase, openDatabase } from '../../src/server/db/client.ts';
import { commentableArticle } from '../support/commentableArticle.ts';
import { approveOverHttp, inviteModerator, moderatorOverHttp, type DeskInvite } from '../support/httpDesk.ts';
import { jobRuns } from '../../src/server/db/schema/jobs.ts';
import { issueToken } from '../../src/server/http/auth.ts';
import { PRODUCT_JOBS } from '../../src/server/jobs/productJobs.ts';
import { startServer, stopServer, type ServerProcess } from '../support/serverProcess.ts';
import { SubClient } from './subClient.ts';
import { uploadImage, type UploadedImage } from '../../src/contract/upload.ts';

const DATABASE_URL = process.env.DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
/** The issue's bound for a change on one process to show on the other. */
const ACROSS_MS = 1_000;

const dbName = `two_${randomBytes(6).toString('hex')}`;
const servers: ServerProcess[] = [];
const clients: SubClient[] = [];
const tokens: string[] = [];
let item = { classId: 0, newsId: 0 };
const BUCKET = 'shancheng-two-processes';
/** A CDN in front of /media (ADR 019): pages link it; nothing here fetches from it. */
const CDN = 'https://img.cqnews-cdn.cn/media';
let s3: S3rver | undefined;
let s3Client: S3Client | undefined;
const folders: string[] = [];
/** The seed's media folder the first process starts with (the second has none). */
let seedMedia = '';

/** The round-robin in front: each call goes to the next process. */
let turn = 0;
function next(): ServerProcess {
  const server = servers[turn % servers.length]!;
  turn += 1;
  return server;
}

let moderatorInvite: DeskInvite = { account: '', token: '' };
let moderatorHeaders: Record<string, string> = {};

beforeAll(async () => {
  if (!DATABASE_URL) throw new Error('the two-process suite needs DATABASE_URL (npm run test:services)');
  const snapshot = inject('seedSnapshot');
  const database = await openDatabase({ url: DATABASE_URL, freshDatabase: dbName, templateDatabase: snapshot?.pgTemplate });
  try {
    item = await commentableArticle(database);
    moderatorInvite = await inviteModerator(database, 'two-process-moderator');
    for (const phone of ['13977770001', '13977770002']) {
      tokens.push(
        await database.write(async (tx) => {
          const user = await createUserRepo(tx, { phone, nickname: `双进程${phone.slice(-2)}` });
          return (await issueToken(tx, user.id)).token;
        }),
      );
    }
  } finally {
    await database.close();
  }
  const url = new URL(DATABASE_URL);
  url.pathname = `/${dbName}`;
  const run = `scale-${randomUUID()}`;
  // One bucket for both: A starts on a DATA_DIR holding the seed's drawn pictures, B on an empty one.
  const s3Dir = mkdtempSync(path.join(os.tmpdir(), 'sc-two-s3-'));
  folders.push(s3Dir);
  s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: s3Dir, configureBuckets: [{ name: BUCKET, configs: [] }] });
  const { port } = await s3.run();
  const endpoint = `http://127.0.0.1:${port}`;
  s3Client = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
  const dataA = mkdtempSync(path.join(os.tmpdir(), 'sc-two-a-'));
  const dataB = mkdtempSync(path.join(os.tmpdir(), 'sc-two-b-'));
  folders.push(dataA, dataB);
  seedMedia = path.join(dataA, 'media');
  if (!snapshot?.mediaDir) throw new Error('the two-process suite needs the run’s seed snapshot (tests/support/globalSetup.ts)');
  cpSync(snapshot.mediaDir, seedMedia, { recursive: true });
  const env = {
    MEDIA_S3_BUCKET: BUCKET,
    MEDIA_S3_ENDPOINT: endpoint,
    MEDIA_S3_REGION: 'us-east-1',
    MEDIA_S3_ACCESS_KEY_ID: 'S3RVER',
    MEDIA_S3_SECRET_ACCESS_KEY: 'S3RVER',
    MEDIA_S3_FORCE_PATH_STYLE: '1',
    MEDIA_PUBLIC_BASE: CDN,
    DATABASE_URL: url.href,
    REDIS_URL,
    REALTIME_REDIS_CHANNEL: `shancheng:test:${run}`,
    RATE_LIMIT_REDIS_PREFIX: `test:${run}:`,
    SEED_DEMO: '0',
    // Both caches on, as in production.
    API_CACHE: '1',
    // The round-robin is their proxy: the reader's address comes in X-Forwarded-For.
    TRUSTED_PROXIES: '127.0.0.1',
    LOG_LEVEL: 'info',
  };
  // A first: its start copies the seed's pictures into the bucket before it answers /readyz.
  servers.push(await startServer({ env, dataDir: dataA }));
  servers.push(await startServer({ env, dataDir: dataB }));
  // A moderator signed in on A: a staff session and a desk decision made there must hold on B too.
  moderatorHeaders = await moderatorOverHttp(servers[0]!.origin, moderatorInvite);
}, 240_000);

afterAll(async () => {
  await Promise.all(clients.map((c) => c.end()));
  await Promise.all(servers.map((s) => stopServer(s)));
  if (DATABASE_URL) await dropDatabase(DATABASE_URL, dbName);
  await s3?.close();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

async function page(server: ServerProcess, url: string): Promise<{ state: string | null; html: string }> {
  const res = await fetch(`${server.origin}${url}`);
  expect(res.status).toBe(200);
  return { state: res.headers.get('x-page-cache'), html: await res.text() };
}

async function post(
  server: ServerProcess,
  url: string,
  body: Record<string, unknown>,
  token: string,
): Promise<{ statusCode: number; message: string; data: unknown }> {
  const res = await fetch(`${server.origin}${url}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { statusCode: number; message: string; data: unknown };
}

/** Asks `read` again and again (no pause: each ask is a real request) until `seen`, for at most ACROSS_MS. */
async function within<T>(read: () => Promise<T>, seen: (value: T) => boolean): Promise<{ value: T; ms: number }> {
  const start = performance.now();
  for (;;) {
    const value = await read();
    const ms = performance.now() - start;
    if (seen(value) || ms > ACROSS_MS) return { value, ms };
  }
}

describe('two processes, one PostgreSQL, one Redis', () => {
  it('a comment on one, approved on the desk there, shows on the other’s cached article page within a second', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const article = `/shancheng/NewsDetail?classId=${item.classId}&newsId=${item.newsId}`;
    await page(b, article);
    expect((await page(b, article)).state).toBe('hit');
    const text = `双进程评论 ${randomUUID().slice(0, 8)}`;
    const posted = await post(a, '/v1/comment/store', { classId: item.classId, newsId: item.newsId, sayText: text }, tokens[0]!);
    expect(posted.statusCode, posted.message).toBe(200);
    // News comments are reviewed before publication: held, it is not on B's page …
    expect((await page(b, article)).html).not.toContain(text);
    // … until the moderator's decision on A, which B's cache hears about.
    await approveOverHttp(a.origin, moderatorHeaders, (posted.data as { plId: number }).plId);
    const { value, ms } = await within(
      () => page(b, article),
      (p) => p.html.includes(text),
    );
    expect(value.html, `not on B after ${Math.round(ms)} ms`).toContain(text);
    expect(ms).toBeLessThanOrEqual(ACROSS_MS);
  });

  it('a like on one shows in the other’s cached API answer, and its count reaches sockets on both', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const room = `news://${item.classId}:${item.newsId}`;
    const sockets = await Promise.all(
      [a, b].map(async (server) => {
        const client = await SubClient.open(server.origin);
        clients.push(client);
        client.auth({ room_id: room, platform: 'web', accepts: [GoimOp.counts] });
        expect(decodeJsonBody(await client.next(GoimOp.authReply))).toEqual({ code: 0, mid: 0 });
        return client;
      }),
    );
    const detail = `/kratos/v1/detail?classId=${item.classId}&newsId=${item.newsId}`;
    const likes = async (server: ServerProcess): Promise<{ likeNum: number; state: string | null }> => {
      const res = await fetch(`${server.origin}${detail}`);
      const body = (await res.json()) as { statusCode: number; data: { doLikeNum: number } };
      expect(body.statusCode).toBe(200);
      return { likeNum: body.data.doLikeNum, state: res.headers.get('x-api-cache') };
    };
    const before = await likes(b);
    expect((await likes(b)).state).toBe('hit');
    const liked = await post(a, '/v1/like/do', { classId: item.classId, newsId: item.newsId, type: 1 }, tokens[1]!);
    expect(liked.statusCode, liked.message).toBe(200);
    const { value, ms } = await within(
      () => likes(b),
      (l) => l.likeNum === before.likeNum + 1,
    );
    expect(value.likeNum, `B still shows ${value.likeNum} after ${Math.round(ms)} ms`).toBe(before.likeNum + 1);
    expect(ms).toBeLessThanOrEqual(ACROSS_MS);
    for (const socket of sockets) expect(decodeJsonBody(await socket.next(GoimOp.counts))).toMatchObject({ likeNum: before.likeNum + 1 });
  });

  it('one per-address limit counts the requests to both processes', async () => {
    // Failed logins from one reader address, forwarded by the round-robin: six reach the password check,
    // the seventh is refused, whichever process it lands on.
    const address = `198.51.100.${1 + (randomBytes(1)[0]! % 250)}`;
    const login = (server: ServerProcess) =>
      fetch(`${server.origin}/v1/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
        body: JSON.stringify({ phone: `1390000${String(turn).padStart(4, '0')}`, password: 'wrong-password-1' }),
      }).then((r) => r.json() as Promise<{ statusCode: number; message: string }>);
    const answers = [];
    for (let i = 0; i < 7; i++) answers.push(await login(next()));
    expect(answers.slice(0, 6).every((r) => r.statusCode === 100)).toBe(true);
    expect(answers[6]).toMatchObject({ statusCode: 429, message: '操作过于频繁，请稍后再试' });
  });

  it('each periodic job ran once for its slot, on one of the two processes', async () => {
    const own = new URL(DATABASE_URL!);
    own.pathname = `/${dbName}`;
    const database = await openDatabase({ url: own.href });
    try {
      const rows = await database.db
        .select({ name: jobRuns.name, slot: jobRuns.slot, n: sql<number>`count(*)::int` })
        .from(jobRuns)
        .groupBy(jobRuns.name, jobRuns.slot);
      for (const job of PRODUCT_JOBS) expect(rows.filter((r) => r.name === job.name).length, job.name).toBeGreaterThanOrEqual(1);
      // Each process logs every slot it claims (and then runs): together exactly one per slot.
      const ran = servers.flatMap((s) => s.output().split('\n')).filter((line) => line.includes('"msg":"job claimed"'));
      expect(ran).toHaveLength(rows.length);
    } finally {
      await database.close();
    }
  });

  it('the seed’s pictures, copied into the bucket by A’s first start, are served by B, which has no media folder', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const keys = (readdirSync(seedMedia, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[])
      .filter((e) => e.isFile())
      .map((e) => path.relative(seedMedia, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
      .filter((k) => !k.startsWith('.sized/'));
    expect(keys.length).toBeGreaterThan(10);
    const copied = a
      .output()
      .split('\n')
      .find((line) => line.includes('seeded media copied into the object store'));
    expect(JSON.parse(copied!)).toMatchObject({ copied: keys.length });
    expect(
      JSON.parse(
        b
          .output()
          .split('\n')
          .find((line) => line.includes('seeded media copied into the object store'))!,
      ),
    ).toMatchObject({ copied: 0 });
    const picture = keys.find((k) => k.endsWith('.webp'))!;
    await s3Client!.send(new HeadObjectCommand({ Bucket: BUCKET, Key: picture }));
    const res = await fetch(`${b.origin}/media/${picture}`);
    expect(res.status).toBe(200);
    expect(Buffer.compare(Buffer.from(await res.arrayBuffer()), readFileSync(path.join(seedMedia, picture)))).toBe(0);
  });

  it('a picture uploaded on one is served by the other and accepted there in a comment', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const png = await sharp({ create: { width: 480, height: 320, channels: 3, background: '#3366aa' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), '朝天门.png');
    const uploaded = (await (
      await fetch(`${a.origin}${uploadImage.path}`, { method: 'POST', headers: { authorization: `Bearer ${tokens[1]!}` }, body: form })
    ).json()) as {
      statusCode: number;
      message: string;
      data: UploadedImage;
    };
    expect(uploaded.statusCode, uploaded.message).toBe(200);
    const served = await fetch(`${b.origin}${uploaded.data.url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(480);
    const sized = await fetch(`${b.origin}${uploaded.data.url}?w=320`);
    expect((await sharp(Buffer.from(await sized.arrayBuffer())).metadata()).width).toBe(320);
    // The second reader (the first has just commented: one comment at a time). B checks the picture is the caller's own upload in the shared bucket (security.md I68–I70).
    const comment = await post(
      b,
      '/v1/comment/store',
      { classId: item.classId, newsId: item.newsId, sayText: '两个进程共用的图', conpic: [uploaded.data.url] },
      tokens[1]!,
    );
    expect(comment.statusCode, comment.message).toBe(200);
  });

  it('pages link media through MEDIA_PUBLIC_BASE, and their CSP allows that origin', async () => {
    const res = await fetch(`${servers[1]!.origin}/shancheng/home/1`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`src="${CDN}/`);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/img-src [^;]*https:\/\/img\.cqnews-cdn\.cn(;|$)/);
    expect(csp).toMatch(/media-src [^;]*https:\/\/img\.cqnews-cdn\.cn(;|$)/);
  });
});
