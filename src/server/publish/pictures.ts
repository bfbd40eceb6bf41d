/**
 * The writing desk's pictures (ADR 025): an upload is judged by its bytes (type sniffed, pixel count read
 * from the header before decoding, as for readers' pictures, docs/security.md I68–I75), re-encoded without
 * metadata, and stored once under the SHA-256 of what was sent — the same picture uploaded again answers
 * the stored one. A cover is cut from a stored picture to the card's shape (3:2 for the small and three-picture
 * cards, 16:9 for the big one) and stored once per picture and cut. Pages then ask `/media/…?w=` renditions
 * (ADR 013, ADR 019) as for every other picture.
 */
import { createHash } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import { StatusCode } from '../../contract/envelope.ts';
import { UPLOAD_MAX_BYTES, UPLOAD_MAX_LONG_SIDE, UPLOAD_MAX_PIXELS } from '../../contract/uploadRules.ts';
import { ApiFailure } from '../http/envelope.ts';
import { isSafeKey, type MediaStorage } from '../media/storage.ts';
import { sniffImageType, type ImageKind } from '../upload/sniffImageType.ts';

sharp.cache(false);

export const PICTURE_MESSAGES = {
  noFile: '请选择要上传的图片',
  badType: '仅支持 JPG、PNG、GIF、WebP 格式的图片',
  tooBig: '图片不能超过 10 MB',
  tooManyPixels: '图片尺寸过大，请压缩后再上传',
  unreadable: '图片已损坏或无法识别',
  notStored: '图片不存在，请重新上传',
  badCrop: '裁剪范围不正确',
} as const;

/** The card shapes a cover is cut to, with the stored size (pages ask smaller renditions). */
export const COVER_SHAPES = {
  card: { ratio: 3 / 2, width: 690, height: 460 },
  big: { ratio: 16 / 9, width: 1280, height: 720 },
} as const;
export type CoverShape = keyof typeof COVER_SHAPES;

const EXT: Record<ImageKind, { ext: string; type: string }> = {
  jpeg: { ext: 'jpg', type: 'image/jpeg' },
  png: { ext: 'png', type: 'image/png' },
  gif: { ext: 'gif', type: 'image/gif' },
  webp: { ext: 'webp', type: 'image/webp' },
};

const refuse = (message: string): ApiFailure => new ApiFailure(StatusCode.badParams, message);

export interface StoredPicture {
  url: string;
  width: number;
  height: number;
}

/** Stores an uploaded picture once (keyed by its SHA-256) and answers its address and size. */
export async function storeNewsPicture(media: MediaStorage, bytes: Uint8Array): Promise<StoredPicture> {
  if (bytes.byteLength === 0) throw refuse(PICTURE_MESSAGES.noFile);
  if (bytes.byteLength > UPLOAD_MAX_BYTES) throw refuse(PICTURE_MESSAGES.tooBig);
  const kind = sniffImageType(bytes);
  if (kind === null) throw refuse(PICTURE_MESSAGES.badType);
  const animated = kind === 'gif' || kind === 'webp';
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { animated, limitInputPixels: false }).metadata();
  } catch {
    throw refuse(PICTURE_MESSAGES.unreadable);
  }
  if (meta.format !== kind || !meta.width || !meta.height) throw refuse(PICTURE_MESSAGES.unreadable);
  if (meta.width * (meta.pageHeight ?? meta.height) * (meta.pages ?? 1) > UPLOAD_MAX_PIXELS) throw refuse(PICTURE_MESSAGES.tooManyPixels);
  const { ext, type } = EXT[kind];
  const key = `newsroom/${createHash('sha256').update(bytes).digest('hex')}.${ext}`;
  if (await media.exists(key)) {
    const info = await sharp((await media.getBytes(key))!, { animated }).metadata();
    return { url: `/media/${key}`, width: info.width ?? 0, height: info.pageHeight ?? info.height ?? 0 };
  }
  let pipeline = sharp(bytes, { animated, limitInputPixels: UPLOAD_MAX_PIXELS, failOn: 'error' })
    .timeout({ seconds: 10 })
    .autoOrient()
    .resize({ width: UPLOAD_MAX_LONG_SIDE, height: UPLOAD_MAX_LONG_SIDE, fit: 'inside', withoutEnlargement: true });
  pipeline =
    kind === 'jpeg' ? pipeline.jpeg({ quality: 85 }) : kind === 'png' ? pipeline.png() : kind === 'gif' ? pipeline.gif() : pipeline.webp({ quality: 85 });
  try {
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    await media.put(key, data, type);
    return { url: `/media/${key}`, width: info.width, height: info.pageHeight ?? info.height };
  } catch (err) {
    if (err instanceof ApiFailure) throw err;
    throw refuse(PICTURE_MESSAGES.unreadable);
  }
}

/** The media key of a stored desk picture's address, or null. */
export function keyOfNewsPicture(url: string): string | null {
  const m = /^\/media\/(newsroom\/(?:covers\/)?[0-9a-f]{64}(?:-[a-z0-9-]+)?\.(?:jpg|png|gif|webp))$/.exec(url);
  return m ? m[1]! : null;
}

/**
 * The pixel size of a picture in the media store, read from its header (a GIF's or WebP's first frame), or null
 * when the address names no stored picture.
 */
export async function storedPictureSize(media: MediaStorage, url: string): Promise<{ width: number; height: number } | null> {
  const key = url.startsWith('/media/') ? url.slice('/media/'.length) : '';
  const bytes = isSafeKey(key) ? await media.getBytes(key) : null;
  if (!bytes) return null;
  try {
    const meta = await sharp(bytes).metadata();
    const height = meta.pageHeight ?? meta.height;
    return meta.width && height ? { width: meta.width, height } : null;
  } catch {
    return null;
  }
}

/**
 * Cuts the box (fractions of the picture: left, top, width) at the shape's ratio from a stored desk
 * picture, and stores the cut once per picture, shape and box.
 */
export async function cropCover(media: MediaStorage, src: string, shape: CoverShape, box: { x: number; y: number; w: number }): Promise<StoredPicture> {
  const key = keyOfNewsPicture(src);
  const bytes = key === null ? null : await media.getBytes(key);
  if (!bytes) throw refuse(PICTURE_MESSAGES.notStored);
  const meta = await sharp(bytes).metadata();
  const W = meta.width ?? 0;
  const H = meta.pageHeight ?? meta.height ?? 0;
  const { ratio, width, height } = COVER_SHAPES[shape];
  const w = Math.round(box.w * W);
  const h = Math.round(w / ratio);
  const left = Math.round(box.x * W);
  const top = Math.round(box.y * H);
  if (w < 16 || h < 16 || left < 0 || top < 0 || left + w > W || top + h > H) throw refuse(PICTURE_MESSAGES.badCrop);
  const id = createHash('sha256').update(`${key}|${shape}|${left},${top},${w}`).digest('hex');
  const out = `newsroom/covers/${id}.jpg`;
  if (!(await media.exists(out))) {
    const data = await sharp(bytes, { failOn: 'error' })
      .timeout({ seconds: 10 })
      .extract({ left, top, width: w, height: h })
      .resize({ width, height, fit: 'cover' })
      .jpeg({ quality: 85 })
      .toBuffer();
    await media.put(out, data, 'image/jpeg');
  }
  return { url: `/media/${out}`, width, height };
}
