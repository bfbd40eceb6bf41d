/** Comment picture uploads (docs/security.md; ADR 007 conpic; security.md I68–I75, C3). */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { news } from '../../src/server/db/schema/core.ts';
import type { UploadedImage } from '../../src/contract/upload.ts';
import type { CommentItem } from '../../src/contract/interaction.ts';
import { UPLOAD_MESSAGES } from '../../src/server/upload/storeCommentPicture.ts';
import { createTestApp, envelope, type TestApp } from '../support/testApp.ts';
import { createTestUser, type TestUser } from '../support/testUsers.ts';
import { approveOnDesk } from '../support/desk.ts';
import { uploadImage } from '../../src/contract/upload.ts';

let t: TestApp;
let reader: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  reader = await createTestUser(t.database);
});
afterAll(async () => {
  await t.close();
});

function upload(user: TestUser | null, parts: { bytes: Uint8Array; name: string; type: string }[], field = 'file'): Promise<Response> {
  const form = new FormData();
  for (const part of parts) form.append(field, new Blob([new Uint8Array(part.bytes)], { type: part.type }), part.name);
  return Promise.resolve(t.app.request(uploadImage.path, { method: 'POST', headers: user?.headers ?? {}, body: form }));
}

const png = (width = 4, height = 3): Promise<Buffer> =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .png()
    .toBuffer();

function storedFiles(user: TestUser): string[] {
  const folder = path.join(t.mediaDir, 'comments', String(user.userId));
  return existsSync(folder) ? readdirSync(folder) : [];
}

function storedPath(url: string): string {
  return path.join(t.mediaDir, url.replace(/^\/media\//, ''));
}

/** A PNG that is only a header: IHDR claiming width×height, one empty IDAT, IEND (a pixel bomb's shape). */
function pngHeaderOnly(width: number, height: number): Uint8Array {
  const chunk = (type: string, data: Buffer): Buffer => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'ascii');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, 'ascii'), data])) >>> 0, 0);
    return Buffer.concat([head, data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(8, 8); // bit depth
  ihdr.writeUInt8(2, 9); // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('POST /api/upload/image', () => {
  it("stores a PNG under a generated name in the reader's folder, usable as conpic of a comment", async () => {
    const res = await upload(reader, [{ bytes: await png(), name: '../../etc/passwd.png', type: 'image/png' }]);
    const body = await envelope<UploadedImage>(res);
    expect(body.statusCode).toBe(200);
    expect(res.headers.get('cache-control')).toContain('no-store');
    expect(body.data.url).toMatch(new RegExp(`^/media/comments/${reader.userId}/[0-9a-f-]{36}\\.png$`));
    expect(body.data).toMatchObject({ width: 4, height: 3, type: 'image/png' });
    const stored = await sharp(readFileSync(storedPath(body.data.url))).metadata();
    expect(stored).toMatchObject({ format: 'png', width: 4, height: 3 });

    const [article] = await t.database.db
      .select({ id: news.id, classId: news.classId })
      .from(news)
      .where(and(eq(news.dataType, 3), eq(news.allowPl, true), eq(news.permission, 0)))
      .limit(1);
    const store = await t.app.request('/v1/comment/store', {
      method: 'POST',
      headers: { ...reader.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ classId: article!.classId, newsId: article!.id, sayText: '有图有真相', conpic: [body.data.url] }),
    });
    const stored2 = await envelope<{ id: number; conpic: string[] }>(store);
    expect(stored2.statusCode).toBe(200);
    expect(stored2.data.conpic).toEqual([body.data.url]);
    // News comments are reviewed before publication (docs/adr/018-one-review-model.md): approved, then listed with the picture.
    await approveOnDesk(t.database, stored2.data.id);
    const list = await envelope<CommentItem[]>(await t.app.request(`/v1/comment/getList?classId=${article!.classId}&newsId=${article!.id}`));
    expect(list.data.find((c) => c.sayText === '有图有真相')?.conpic).toEqual([body.data.url]);
  });

  it('judges a PNG named .jpg with a lying Content-Type by its bytes, and never reflects the client type', async () => {
    const res = await upload(reader, [{ bytes: await png(), name: 'photo.jpg', type: 'image/jpeg' }]);
    const body = await envelope<UploadedImage>(res);
    expect(body.data.type).toBe('image/png');
    expect(body.data.url).toMatch(/\.png$/);
  });

  it('strips EXIF (GPS included) from a JPEG and keeps it upright', async () => {
    const jpeg = await sharp({ create: { width: 6, height: 4, channels: 3, background: '#3366cc' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'Phone', Orientation: '1' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '29/1 33/1 0/1' } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const body = await envelope<UploadedImage>(await upload(reader, [{ bytes: jpeg, name: 'tip.jpeg', type: 'image/jpeg' }]));
    expect(body.data.type).toBe('image/jpeg');
    const stored = readFileSync(storedPath(body.data.url));
    const meta = await sharp(stored).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(stored.includes(Buffer.from('Phone'))).toBe(false);
  });

  it('fits a large picture into 3840×2160 (portrait into 2160×3840)', async () => {
    const wide = await envelope<UploadedImage>(await upload(reader, [{ bytes: await png(5000, 2500), name: 'wide.png', type: 'image/png' }]));
    expect(wide.data).toMatchObject({ width: 3840, height: 1920 });
    const tall = await envelope<UploadedImage>(await upload(reader, [{ bytes: await png(1000, 5000), name: 'tall.png', type: 'image/png' }]));
    expect(tall.data).toMatchObject({ width: 768, height: 3840 });
  });

  it.each([
    ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'a.svg', 'image/svg+xml'],
    ['an SVG named .png', Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>'), 'a.png', 'image/png'],
    ['HTML named .jpg', Buffer.from('<!doctype html><script>alert(1)</script>'), 'a.jpg', 'image/jpeg'],
    ['a PDF', Buffer.from('%PDF-1.4\n%âãÏÓ\n'), 'a.pdf.jpg', 'image/jpeg'],
  ])('refuses %s and stores nothing', async (_name, bytes, name, type) => {
    const user = await createTestUser(t.database);
    const body = await envelope(await upload(user, [{ bytes, name, type }]));
    expect(body).toMatchObject({ statusCode: 400, message: UPLOAD_MESSAGES.badType });
    expect(storedFiles(user)).toEqual([]);
  });

  it('refuses a truncated picture whose body cannot be decoded', async () => {
    const user = await createTestUser(t.database);
    const whole = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#888' } })
      .jpeg()
      .toBuffer();
    const body = await envelope(await upload(user, [{ bytes: whole.subarray(0, 40), name: 'cut.jpg', type: 'image/jpeg' }]));
    expect(body).toMatchObject({ statusCode: 400, message: UPLOAD_MESSAGES.unreadable });
    expect(storedFiles(user)).toEqual([]);
  });

  it('refuses a header claiming 50000×50000 before decoding it', async () => {
    const user = await createTestUser(t.database);
    const bomb = pngHeaderOnly(50_000, 50_000);
    expect((await sharp(bomb, { limitInputPixels: false }).metadata()).width).toBe(50_000);
    const started = performance.now();
    const body = await envelope(await upload(user, [{ bytes: bomb, name: 'bomb.png', type: 'image/png' }]));
    expect(body).toMatchObject({ statusCode: 400, message: UPLOAD_MESSAGES.tooManyPixels });
    // 2.5 gigapixels were never decoded: the answer comes from the header (a decode would take far longer).
    expect(performance.now() - started).toBeLessThan(2000);
    expect(storedFiles(user)).toEqual([]);
  });

  it('refuses a file over 10 MB with 413, before the handler reads it', async () => {
    const user = await createTestUser(t.database);
    const big = new Uint8Array(10 * 1024 * 1024 + 100 * 1024);
    big.set(await png(), 0);
    const res = await upload(user, [{ bytes: big, name: 'big.png', type: 'image/png' }]);
    expect(res.status).toBe(413);
    expect((await envelope(res)).message).toBe('请求内容过大');
    expect(storedFiles(user)).toEqual([]);
  });

  it('keeps the 100 KB limit on every other path, including near variants of the upload path', async () => {
    const big = JSON.stringify({ sayText: 'x'.repeat(150 * 1024) });
    for (const p of ['/v1/comment/store', `${uploadImage.path}/`, '/api/upload/image2']) {
      const res = await t.app.request(p, { method: 'POST', headers: { ...reader.headers, 'content-type': 'application/json' }, body: big });
      expect(res.status, p).toBe(413);
    }
  });

  it('answers an anonymous upload with the login envelope 301', async () => {
    const body = await envelope(await upload(null, [{ bytes: await png(), name: 'a.png', type: 'image/png' }]));
    expect(body.statusCode).toBe(301);
  });

  it.each([
    [
      'no file',
      () => Promise.resolve(t.app.request(uploadImage.path, { method: 'POST', headers: reader.headers, body: new FormData() })),
      UPLOAD_MESSAGES.noFile,
    ],
    [
      'a text field instead of a file',
      () => {
        const form = new FormData();
        form.append('file', 'not a file');
        return Promise.resolve(t.app.request(uploadImage.path, { method: 'POST', headers: reader.headers, body: form }));
      },
      UPLOAD_MESSAGES.noFile,
    ],
  ])('refuses %s', async (_name, send, message) => {
    expect(await envelope(await send())).toMatchObject({ statusCode: 400, message });
  });

  it('refuses two files in one request', async () => {
    const bytes = await png();
    const body = await envelope(
      await upload(reader, [
        { bytes, name: 'a.png', type: 'image/png' },
        { bytes, name: 'b.png', type: 'image/png' },
      ]),
    );
    expect(body).toMatchObject({ statusCode: 400, message: UPLOAD_MESSAGES.oneFile });
  });

  it('refuses a JSON body with 415', async () => {
    const res = await t.app.request(uploadImage.path, {
      method: 'POST',
      headers: { ...reader.headers, 'content-type': 'application/json' },
      body: '{"file":"x"}',
    });
    expect(res.status).toBe(415);
  });

  it('throttles the 31st upload in 30 minutes of one reader (other readers unaffected)', async () => {
    const user = await createTestUser(t.database);
    const bytes = await png(2, 2);
    for (let i = 0; i < 30; i++) {
      expect((await envelope(await upload(user, [{ bytes, name: `${i}.png`, type: 'image/png' }]))).statusCode).toBe(200);
    }
    expect(await envelope(await upload(user, [{ bytes, name: '31.png', type: 'image/png' }]))).toMatchObject({
      statusCode: 429,
      message: '操作过于频繁，请稍后再试',
    });
    expect(storedFiles(user)).toHaveLength(30);
    const other = await createTestUser(t.database);
    expect((await envelope(await upload(other, [{ bytes, name: 'a.png', type: 'image/png' }]))).statusCode).toBe(200);
  });
});
