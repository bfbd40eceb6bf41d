/**
 * The media store on an S3-compatible object store (ADR 019): the upload and picture paths against s3rver,
 * a local S3 endpoint this suite starts on 127.0.0.1 with its data in a temporary folder. The app's local
 * media folder must stay empty: every byte goes through the store.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommentItem } from '../../src/contract/interaction.ts';
import type { UploadedImage, UploadedVideo } from '../../src/contract/upload.ts';
import { news } from '../../src/server/db/schema/core.ts';
import { copyFolderIntoStore, mediaStorageFromSettings, type MediaStorage } from '../../src/server/media/storage.ts';
import { PICTURE_INVALID } from '../../src/server/upload/checkPictures.ts';
import { serveMedia } from '../../src/server/web/mediaFiles.ts';
import { parseSettings } from '../../src/settings/settings.ts';
import { approveOnDesk } from '../support/desk.ts';
import { createTestApp, envelope, type TestApp } from '../support/testApp.ts';
import { createTestUser, type TestUser } from '../support/testUsers.ts';
import { sampleMp4 } from '../support/videoFixtures.ts';
import { uploadImage, uploadVideo as uploadVideoEndpoint } from '../../src/contract/upload.ts';

const BUCKET = 'shancheng-media-test';
let s3Dir: string;
let s3: S3rver;
let media: MediaStorage;
let t: TestApp;
let reader: TestUser;
let server: Server;
let base: string;
let client: S3Client;

beforeAll(async () => {
  s3Dir = mkdtempSync(path.join(os.tmpdir(), 'sc-s3rver-'));
  s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: s3Dir, configureBuckets: [{ name: BUCKET, configs: [] }] });
  const { port } = await s3.run();
  client = new S3Client({
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${port}`,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  // The store as the server makes it: from checked settings.
  media = mediaStorageFromSettings(
    parseSettings({
      MEDIA_S3_BUCKET: BUCKET,
      MEDIA_S3_ENDPOINT: `http://127.0.0.1:${port}`,
      MEDIA_S3_REGION: 'us-east-1',
      MEDIA_S3_ACCESS_KEY_ID: 'S3RVER',
      MEDIA_S3_SECRET_ACCESS_KEY: 'S3RVER',
      MEDIA_S3_FORCE_PATH_STYLE: '1',
    }),
    '/nonexistent',
  );
  t = await createTestApp({ media });
  reader = await createTestUser(t.database);
  server = createServer((req, res) => {
    const rel = (req.url ?? '').split('?')[0]!.slice('/media/'.length);
    void serveMedia(req, res, media, rel).then((served) => {
      if (!served) res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await t.close();
  await s3.close();
  rmSync(s3Dir, { recursive: true, force: true });
});

const keyOf = (url: string): string => url.replace(/^\/media\//, '');

async function uploadPicture(bytes: Buffer): Promise<UploadedImage> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'a.png');
  const body = await envelope<UploadedImage>(await t.app.request(uploadImage.path, { method: 'POST', headers: reader.headers, body: form }));
  expect(body.statusCode).toBe(200);
  return body.data;
}

async function uploadVideo(headers: Record<string, string> = {}): Promise<UploadedVideo> {
  const res = await t.app.request(uploadVideoEndpoint.path, {
    method: 'POST',
    headers: { ...reader.headers, 'content-type': 'video/mp4', ...headers },
    body: new Uint8Array(sampleMp4()),
  });
  const body = await envelope<UploadedVideo>(res);
  expect(body.statusCode).toBe(200);
  return body.data;
}

describe('media on an S3-compatible store', () => {
  it('stores an uploaded picture in the bucket (not on the local disk) and accepts it as a comment picture', async () => {
    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#cc3322' } })
      .png()
      .toBuffer();
    const picture = await uploadPicture(png);
    expect(picture.url).toMatch(new RegExp(`^/media/comments/${reader.userId}/[0-9a-f-]{36}\\.png$`));
    const bytes = await media.getBytes(keyOf(picture.url));
    expect(bytes).not.toBeNull();
    expect(await sharp(bytes!).metadata()).toMatchObject({ format: 'png', width: 640, height: 480 });
    expect(readdirSync(t.mediaDir)).toEqual([]);

    const [article] = await t.database.db
      .select({ id: news.id, classId: news.classId })
      .from(news)
      .where(and(eq(news.dataType, 3), eq(news.allowPl, true), eq(news.permission, 0)))
      .limit(1);
    const comment = (conpic: string[]) =>
      t.app.request('/v1/comment/store', {
        method: 'POST',
        headers: { ...reader.headers, 'content-type': 'application/json' },
        body: JSON.stringify({ classId: article!.classId, newsId: article!.id, sayText: `对象存储的图 ${conpic.length}`, conpic }),
      });
    const stored = await envelope<{ id: number; conpic: string[] }>(await comment([picture.url]));
    expect(stored.statusCode).toBe(200);
    expect(stored.data.conpic).toEqual([picture.url]);
    // News comments are reviewed before publication (docs/adr/018-one-review-model.md): approved, then listed.
    await approveOnDesk(t.database, stored.data.id);
    const list = await envelope<CommentItem[]>(await t.app.request(`/v1/comment/getList?classId=${article!.classId}&newsId=${article!.id}`));
    expect(list.data.find((c) => c.sayText === '对象存储的图 1')?.conpic).toEqual([picture.url]);

    // A name of the right shape that the bucket does not hold is refused (security.md I68–I70).
    const never = picture.url.replace(/[0-9a-f]{8}-/, '00000000-');
    const refused = await envelope(await comment([never]));
    expect(refused.message).toBe(PICTURE_INVALID);
  });

  it('serves a stored picture from the bucket, and a ?w= rendition made once and kept in the bucket', async () => {
    const png = await sharp({ create: { width: 1200, height: 600, channels: 3, background: '#2255aa' } })
      .png()
      .toBuffer();
    const picture = await uploadPicture(png);
    const whole = await fetch(`${base}${picture.url}`);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('image/png');
    expect((await sharp(Buffer.from(await whole.arrayBuffer())).metadata()).width).toBe(1200);

    const sized = await fetch(`${base}${picture.url}?w=320`);
    expect(sized.status).toBe(200);
    expect((await sharp(Buffer.from(await sized.arrayBuffer())).metadata()).width).toBe(320);
    expect(await media.exists(`.sized/320/${keyOf(picture.url)}`)).toBe(true);
    const etag = sized.headers.get('etag')!;
    expect((await fetch(`${base}${picture.url}?w=320`, { headers: { 'if-none-match': etag } })).status).toBe(304);
    expect((await fetch(`${base}/media/comments/${reader.userId}/missing.png`)).status).toBe(404);
  });

  it('stores an uploaded video in the bucket, returns it again for the same Idempotency-Key, and serves byte ranges', async () => {
    const mp4 = sampleMp4();
    const key = `s3-${Date.now()}`;
    const video = await uploadVideo({ 'idempotency-key': key });
    expect(video).toMatchObject({ type: 'video/mp4', size: mp4.length });
    expect(Buffer.compare((await media.getBytes(keyOf(video.url)))!, mp4)).toBe(0);
    expect(await uploadVideo({ 'idempotency-key': key })).toEqual(video);
    expect(readdirSync(t.mediaDir)).toEqual([]);

    const part = await fetch(`${base}${video.url}`, { headers: { range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${mp4.length}`);
    expect(Buffer.compare(Buffer.from(await part.arrayBuffer()), mp4.subarray(100, 200))).toBe(0);
  });

  it('refuses a broken video without leaving an object in the bucket or a staged file', async () => {
    const other = await createTestUser(t.database);
    const res = await t.app.request(uploadVideoEndpoint.path, {
      method: 'POST',
      headers: { ...other.headers, 'content-type': 'video/mp4' },
      body: new Uint8Array(sampleMp4().subarray(0, 12_000)),
    });
    expect((await envelope(res)).statusCode).not.toBe(200);
    const listed = await client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: `videos/${other.userId}/` }));
    expect(listed.KeyCount).toBe(0);
    expect(readdirSync(t.mediaDir)).toEqual([]);
  });

  it('copies the seed’s pictures the bucket lacks at start (renditions and half-written files left out), and none again', async () => {
    const seeded = mkdtempSync(path.join(os.tmpdir(), 'sc-seed-media-'));
    try {
      const webp = await sharp({ create: { width: 200, height: 120, channels: 3, background: '#884422' } })
        .webp()
        .toBuffer();
      const files: Record<string, Buffer> = {
        'rural/news-1.webp': webp,
        'logo/account-3.webp': webp,
        'video/17.mp4': sampleMp4(),
        '.sized/320/rural/news-1.webp': webp,
        'rural/news-2.webp.4242.part': webp,
      };
      for (const [rel, bytes] of Object.entries(files)) {
        mkdirSync(path.dirname(path.join(seeded, rel)), { recursive: true });
        writeFileSync(path.join(seeded, rel), bytes);
      }
      expect(await copyFolderIntoStore(seeded, media)).toBe(3);
      const listed = await client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: 'rural/' }));
      expect(listed.Contents?.map((o) => o.Key)).toEqual(['rural/news-1.webp']);
      expect(await media.exists('.sized/320/rural/news-1.webp')).toBe(false);
      const served = await fetch(`${base}/media/video/17.mp4`);
      expect(served.headers.get('content-type')).toBe('video/mp4');
      expect(Buffer.compare(Buffer.from(await served.arrayBuffer()), readFileSync(path.join(seeded, 'video/17.mp4')))).toBe(0);
      // A later start finds every key in the bucket.
      expect(await copyFolderIntoStore(seeded, media)).toBe(0);
    } finally {
      rmSync(seeded, { recursive: true, force: true });
    }
  });
});
