/**
 * Discover video uploads (security.md I68, I70, I72, I75, "Discover videos"): the type from the bytes, 50 MB
 * counted while the body streams to disk, login first, rate limit, Idempotency-Key, and the stored video
 * in `/v1/quan/publish` (the caller's own only). Served with byte ranges (src/server/web/mediaFiles.ts).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Post, Topic } from '../../src/contract/discover.ts';
import type { UploadedVideo } from '../../src/contract/upload.ts';
import { VIDEO_MAX_BYTES, VIDEO_RATE } from '../../src/contract/uploadRules.ts';
import { discoverPosts } from '../../src/server/db/schema/discover.ts';
import { VIDEO_MESSAGES } from '../../src/server/upload/storeVideo.ts';
import { parseRange, serveMedia } from '../../src/server/web/mediaFiles.ts';
import { envelope, suiteApp } from '../support/testApp.ts';
import { createTestUser, type TestUser } from '../support/testUsers.ts';
import { sampleMp4, tinyWebm } from '../support/videoFixtures.ts';
import { uploadVideo } from '../../src/contract/upload.ts';

const t = suiteApp();
let reader: TestUser;

beforeAll(async () => {
  reader = await createTestUser(t.database);
});

function upload(user: TestUser | null, bytes: Uint8Array, headers: Record<string, string> = {}): Promise<Response> {
  return Promise.resolve(t.app.request(uploadVideo.path, { method: 'POST', headers: { ...(user?.headers ?? {}), ...headers }, body: new Uint8Array(bytes) }));
}

function storedFiles(user: TestUser): string[] {
  const folder = path.join(t.mediaDir, 'videos', String(user.userId));
  return existsSync(folder) ? readdirSync(folder) : [];
}

async function uploadOk(user: TestUser, bytes: Uint8Array = sampleMp4()): Promise<UploadedVideo> {
  const body = await envelope<UploadedVideo>(await upload(user, bytes, { 'content-type': 'video/mp4' }));
  expect(body.statusCode).toBe(200);
  return body.data;
}

async function publish(user: TestUser, body: Record<string, unknown>) {
  return envelope<Post>(
    await t.app.request('/v1/quan/publish', { method: 'POST', headers: { ...user.headers, 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  );
}

async function firstTopic(): Promise<Topic> {
  return (await envelope<Topic[]>(await t.app.request('/v1/quan/getHotTopicList?page=1&pageSize=1'))).data[0]!;
}

describe('POST /api/upload/video', () => {
  it("stores an MP4 under a generated name in the reader's folder, byte for byte", async () => {
    const mp4 = sampleMp4();
    const res = await upload(reader, mp4, { 'content-type': 'video/quicktime', 'x-file-name': '../../etc/passwd.mp4' });
    const body = await envelope<UploadedVideo>(res);
    expect(body.statusCode).toBe(200);
    expect(res.headers.get('cache-control')).toContain('no-store');
    expect(body.data.url).toMatch(new RegExp(`^/media/videos/${reader.userId}/[0-9a-f-]{36}\\.mp4$`));
    expect(body.data).toMatchObject({ type: 'video/mp4', size: mp4.length });
    expect(readFileSync(path.join(t.mediaDir, body.data.url.replace(/^\/media\//, '')))).toEqual(mp4);
    // No temporary file is left behind.
    expect(storedFiles(reader).filter((f) => f.endsWith('.part'))).toEqual([]);
  });

  it('stores a WebM as .webm, judged by its bytes whatever the Content-Type says', async () => {
    const user = await createTestUser(t.database);
    const body = await envelope<UploadedVideo>(await upload(user, tinyWebm(), { 'content-type': 'image/png' }));
    expect(body.data.type).toBe('video/webm');
    expect(body.data.url).toMatch(/\.webm$/);
  });

  it.each([
    ['HTML named .mp4', Buffer.from('<!doctype html><script>alert(1)</script>'.padEnd(6000, ' ')), VIDEO_MESSAGES.badType],
    ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), VIDEO_MESSAGES.badType],
    ['Matroska that is not WebM', tinyWebm({ docType: 'matroska' }), VIDEO_MESSAGES.badType],
    ['an MP4 cut off mid-upload', sampleMp4().subarray(0, 12_000), VIDEO_MESSAGES.broken],
    [
      'an MP4 head glued onto HTML',
      Buffer.concat([sampleMp4().subarray(0, 40), Buffer.from('<html><script>alert(1)</script></html>'.padEnd(6000, ' '))]),
      VIDEO_MESSAGES.broken,
    ],
    ['an empty body', Buffer.alloc(0), VIDEO_MESSAGES.noFile],
  ])('refuses %s and stores nothing', async (_name, bytes, message) => {
    const user = await createTestUser(t.database);
    const body = await envelope(await upload(user, bytes, { 'content-type': 'video/mp4' }));
    expect(body).toMatchObject({ statusCode: 400, message });
    expect(storedFiles(user)).toEqual([]);
  });

  it('refuses a PNG named .mp4', async () => {
    const user = await createTestUser(t.database);
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#36c' } })
      .png()
      .toBuffer();
    const body = await envelope(await upload(user, png, { 'content-type': 'video/mp4' }));
    expect(body).toMatchObject({ statusCode: 400, message: VIDEO_MESSAGES.badType });
    expect(storedFiles(user)).toEqual([]);
  });

  it('refuses a declared length over 50 MB with 413 before reading the body', async () => {
    const user = await createTestUser(t.database);
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(new Uint8Array(1024));
      },
    });
    const res = await t.app.request(uploadVideo.path, {
      method: 'POST',
      headers: { ...user.headers, 'content-length': String(VIDEO_MAX_BYTES + 1) },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(res.headers.get('connection')).toBe('close');
    expect((await envelope(res)).message).toBe(VIDEO_MESSAGES.tooBig);
    // The stream's own first pull happens on creation; nothing more was read.
    expect(pulled).toBeLessThanOrEqual(1);
    expect(storedFiles(user)).toEqual([]);
  });

  it('stops a chunked body (no length) as soon as it passes 50 MB, and keeps nothing', async () => {
    const user = await createTestUser(t.database);
    const mp4 = sampleMp4();
    const chunk = new Uint8Array(1024 * 1024);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(sent === 0 ? new Uint8Array(mp4) : chunk);
        sent += sent === 0 ? mp4.length : chunk.length;
        if (sent > VIDEO_MAX_BYTES + 8 * chunk.length) controller.close();
      },
    });
    const res = await t.app.request(uploadVideo.path, { method: 'POST', headers: user.headers, body, duplex: 'half' } as RequestInit);
    expect(res.status).toBe(413);
    expect((await envelope(res)).message).toBe(VIDEO_MESSAGES.tooBig);
    // Reading stopped right after the limit (the stream was cancelled, not drained).
    expect(sent).toBeLessThan(VIDEO_MAX_BYTES + 4 * chunk.length);
    expect(storedFiles(user)).toEqual([]);
  });

  it('answers an anonymous upload with the login envelope 301 and stores nothing', async () => {
    const body = await envelope(await upload(null, sampleMp4()));
    expect(body.statusCode).toBe(301);
    expect(existsSync(path.join(t.mediaDir, 'videos', '0'))).toBe(false);
  });

  it('a retry with the same Idempotency-Key gets the same file back and stores no second copy', async () => {
    const user = await createTestUser(t.database);
    const headers = { 'idempotency-key': 'video-key-0001' };
    const first = await envelope<UploadedVideo>(await upload(user, sampleMp4(), headers));
    const again = await envelope<UploadedVideo>(await upload(user, sampleMp4(), headers));
    expect(again.data).toEqual(first.data);
    expect(storedFiles(user)).toHaveLength(1);
    // The same key of another reader names another file.
    const other = await createTestUser(t.database);
    const theirs = await envelope<UploadedVideo>(await upload(other, sampleMp4(), headers));
    expect(theirs.data.url).not.toBe(first.data.url);
    const bad = await envelope(await upload(user, sampleMp4(), { 'idempotency-key': 'x' }));
    expect(bad).toMatchObject({ statusCode: 400, message: VIDEO_MESSAGES.badKey });
  });

  it(`throttles the ${VIDEO_RATE.max + 1}th upload in 30 minutes of one reader (other readers unaffected)`, async () => {
    const user = await createTestUser(t.database);
    const tiny = tinyWebm({ payload: 200 });
    for (let i = 0; i < VIDEO_RATE.max; i++) expect((await envelope(await upload(user, tiny))).statusCode).toBe(200);
    expect((await envelope(await upload(user, tiny))).statusCode).toBe(429);
    const other = await createTestUser(t.database);
    expect((await envelope(await upload(other, tiny))).statusCode).toBe(200);
  });
});

describe('a video in /v1/quan/publish', () => {
  it("publishes a post with the reader's own video; the feed and the detail carry it", async () => {
    const user = await createTestUser(t.database);
    const topic = await firstTopic();
    const video = await uploadOk(user);
    const res = await publish(user, { content: '朝天门的夜景，视频拍的', HotTagsId: topic.id, video: video.url });
    expect(res.statusCode).toBe(200);
    expect(res.data.video).toBe(video.url);
    const [row] = await t.database.db.select().from(discoverPosts).where(eq(discoverPosts.id, res.data.id));
    expect(row!.video).toBe(video.url);
    const feed = await envelope<Post[]>(await t.app.request('/v1/quan/getQuanInfo?page=1&pageSize=5'));
    expect(feed.data.find((p) => p.id === res.data.id)?.video).toBe(video.url);
    const detail = await envelope<Post>(await t.app.request(`/v1/quan/getDetail?newsId=${res.data.id}`));
    expect(detail.data.video).toBe(video.url);
  });

  it("refuses outside URLs, another reader's video, names never stored and path tricks, writing nothing", async () => {
    const user = await createTestUser(t.database);
    const stranger = await createTestUser(t.database);
    const theirs = await uploadOk(stranger);
    const topic = await firstTopic();
    const never = `/media/videos/${user.userId}/00000000-0000-4000-8000-000000000000.mp4`;
    for (const video of [
      'https://evil.example/v.mp4',
      '//evil.example/v.mp4',
      'javascript:alert(1)',
      theirs.url,
      never,
      `/media/videos/${user.userId}/../${stranger.userId}/${theirs.url.split('/').pop()}`,
      '/media/video-night.mp4',
      `/media/comments/${user.userId}/00000000-0000-4000-8000-000000000000.png`,
      ['/media/a.mp4'],
    ]) {
      const res = await publish(user, { content: '看视频', HotTagsId: topic.id, video });
      expect(res.statusCode, JSON.stringify(video)).toBe(400);
      expect(res.message).toContain('视频无效，请重新上传');
    }
    const rows = await t.database.db.select().from(discoverPosts).where(eq(discoverPosts.userId, user.userId));
    expect(rows).toEqual([]);
  });

  it('an Idempotency-Key replay with another video is a different post (422)', async () => {
    const user = await createTestUser(t.database);
    const topic = await firstTopic();
    const a = await uploadOk(user);
    const b = await uploadOk(user, tinyWebm());
    const send = (video: string) =>
      t.app.request('/v1/quan/publish', {
        method: 'POST',
        headers: { ...user.headers, 'content-type': 'application/json', 'idempotency-key': 'quan-video-0001' },
        body: JSON.stringify({ content: '同一段话', HotTagsId: topic.id, video }),
      });
    expect((await envelope(await send(a.url))).statusCode).toBe(200);
    expect((await envelope(await send(a.url))).statusCode).toBe(200);
    expect((await envelope(await send(b.url))).statusCode).toBe(422);
  });
});

describe('serving a video with byte ranges', () => {
  let server: Server;
  let base: string;
  let url: string;
  const mp4 = sampleMp4();

  beforeAll(async () => {
    const user = await createTestUser(t.database);
    url = (await uploadOk(user)).url;
    server = createServer((req, res) => {
      const rel = (req.url ?? '').split('?')[0]!.slice('/media/'.length);
      void serveMedia(req, res, t.mediaDir, rel).then((served) => {
        if (!served) res.writeHead(404).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('answers the whole file with its type and Accept-Ranges, and one range with 206', async () => {
    const whole = await fetch(`${base}${url}`);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('video/mp4');
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await whole.arrayBuffer())).toEqual(mp4);

    const part = await fetch(`${base}${url}`, { headers: { range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${mp4.length}`);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(mp4.subarray(100, 200));

    const tail = await fetch(`${base}${url}`, { headers: { range: 'bytes=-10' } });
    expect(Buffer.from(await tail.arrayBuffer())).toEqual(mp4.subarray(mp4.length - 10));

    const past = await fetch(`${base}${url}`, { headers: { range: `bytes=${mp4.length}-` } });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${mp4.length}`);
  });

  it('parses only single byte ranges', () => {
    expect(parseRange(undefined, 1000)).toBeNull();
    expect(parseRange('bytes=0-', 1000)).toEqual({ start: 0, end: 999 });
    expect(parseRange('bytes=990-5000', 1000)).toEqual({ start: 990, end: 999 });
    expect(parseRange('bytes=-5000', 1000)).toEqual({ start: 0, end: 999 });
    expect(parseRange('bytes=0-1,5-9', 1000)).toBeNull();
    expect(parseRange('items=0-1', 1000)).toBeNull();
    expect(parseRange('bytes=9-3', 1000)).toBeNull();
    expect(parseRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 1000)).toBe('unsatisfiable');
  });
});
