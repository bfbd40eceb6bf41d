/**
 * Turns an uploaded file into a stored comment picture (security.md I68–I75, C3): the type comes from
 * the bytes, the pixel count from the header before anything is decoded, and the stored copy is
 * re-encoded by sharp (which drops all metadata, EXIF GPS included, unless asked to keep it), fitted
 * into 3840×2160, and written under a generated name. The client's name and type are never used.
 */
import { randomUUID } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import { StatusCode } from '../../contract/envelope.ts';
import type { UploadedImage } from '../../contract/upload.ts';
import { UPLOAD_MAX_BYTES, UPLOAD_MAX_LONG_SIDE, UPLOAD_MAX_PIXELS, UPLOAD_MAX_SHORT_SIDE } from '../../contract/uploadRules.ts';
import { ApiFailure } from '../http/envelope.ts';
import { sniffImageType, type ImageKind } from './sniffImageType.ts';
import type { MediaStorage } from '../media/storage.ts';

// Decoded pixels are not kept between requests: memory stays bounded by the request in hand.
sharp.cache(false);

export const UPLOAD_MESSAGES = {
  noFile: '请选择要上传的图片',
  oneFile: '每次只能上传一张图片',
  badType: '仅支持 JPG、PNG、GIF、WebP 格式的图片',
  tooBig: '图片不能超过 10 MB',
  tooManyPixels: '图片尺寸过大，请压缩后再上传',
  unreadable: '图片已损坏或无法识别',
} as const;

const OUTPUT: Record<ImageKind, { ext: string; type: UploadedImage['type'] }> = {
  jpeg: { ext: 'jpg', type: 'image/jpeg' },
  png: { ext: 'png', type: 'image/png' },
  gif: { ext: 'gif', type: 'image/gif' },
  webp: { ext: 'webp', type: 'image/webp' },
};

function refuse(message: string): ApiFailure {
  return new ApiFailure(StatusCode.badParams, message);
}

/** Reads width, height and frame count from the header only (libvips opens lazily; no pixel is decoded). */
async function readHeader(bytes: Uint8Array, kind: ImageKind): Promise<{ width: number; height: number; frames: number }> {
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { animated: kind === 'gif' || kind === 'webp', limitInputPixels: false }).metadata();
  } catch {
    throw refuse(UPLOAD_MESSAGES.unreadable);
  }
  // sharp names the container it found; it must agree with the magic bytes (no polyglots).
  if (meta.format !== kind || !meta.width || !meta.height) throw refuse(UPLOAD_MESSAGES.unreadable);
  const frames = meta.pages ?? 1;
  const frameHeight = meta.pageHeight ?? meta.height;
  return { width: meta.width, height: frameHeight, frames };
}

/** The box the stored copy must fit: 3840×2160 for landscape, 2160×3840 for portrait. */
export function decideStoredBox(width: number, height: number): { width: number; height: number } {
  return width >= height ? { width: UPLOAD_MAX_LONG_SIDE, height: UPLOAD_MAX_SHORT_SIDE } : { width: UPLOAD_MAX_SHORT_SIDE, height: UPLOAD_MAX_LONG_SIDE };
}

async function reencode(bytes: Uint8Array, kind: ImageKind, width: number, height: number): Promise<{ data: Buffer; width: number; height: number }> {
  const animated = kind === 'gif' || kind === 'webp';
  let pipeline = sharp(bytes, { animated, limitInputPixels: UPLOAD_MAX_PIXELS, failOn: 'error' })
    .timeout({ seconds: 8 })
    // Apply the EXIF orientation before the EXIF is dropped, so the picture stays upright.
    .autoOrient()
    .resize({ ...decideStoredBox(width, height), fit: 'inside', withoutEnlargement: true });
  if (kind === 'jpeg') pipeline = pipeline.jpeg({ quality: 85 });
  else if (kind === 'png') pipeline = pipeline.png();
  else if (kind === 'gif') pipeline = pipeline.gif();
  else pipeline = pipeline.webp({ quality: 85 });
  try {
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.pageHeight ?? info.height };
  } catch {
    throw refuse(UPLOAD_MESSAGES.unreadable);
  }
}

export async function storeCommentPicture(media: MediaStorage, userId: number, bytes: Uint8Array): Promise<UploadedImage> {
  if (bytes.byteLength === 0) throw refuse(UPLOAD_MESSAGES.noFile);
  if (bytes.byteLength > UPLOAD_MAX_BYTES) throw refuse(UPLOAD_MESSAGES.tooBig);
  const kind = sniffImageType(bytes);
  if (kind === null) throw refuse(UPLOAD_MESSAGES.badType);
  const header = await readHeader(bytes, kind);
  // Pixel bombs are refused from the header, before decoding (security.md I71: 40 MP).
  if (header.width * header.height * header.frames > UPLOAD_MAX_PIXELS) throw refuse(UPLOAD_MESSAGES.tooManyPixels);
  const stored = await reencode(bytes, kind, header.width, header.height);
  const { ext, type } = OUTPUT[kind];
  const name = `${randomUUID()}.${ext}`;
  // Whole or not at all: the store never shows a half-written picture (src/server/media/storage.ts).
  await media.put(`comments/${userId}/${name}`, stored.data, type);
  return { url: `/media/comments/${userId}/${name}`, width: stored.width, height: stored.height, type };
}
