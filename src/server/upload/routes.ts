/**
 * POST /api/upload/image and POST /api/upload/video (contract: src/contract/upload.ts). Multipart bodies do not fit
 * registerEndpoint's JSON/form reader, so this route reads the one file itself; it still declares the
 * contract (OpenAPI, response check) and resolves the caller before the body is read.
 */
import type { Context } from 'hono';
import { StatusCode } from '../../contract/envelope.ts';
import { uploadImage, uploadVideo } from '../../contract/upload.ts';
import { UPLOAD_MAX_BYTES, UPLOAD_RATE, VIDEO_MAX_BYTES, VIDEO_RATE } from '../../contract/uploadRules.ts';
import { applyEndpointAuth, requireUser } from '../http/auth.ts';
import { ApiFailure, messages, ok } from '../http/envelope.ts';
import { rateLimiterOf } from '../http/rateLimit.ts';
import type { ApiRegistry, AppEnv } from '../http/types.ts';
import { mediaOf } from '../media/storage.ts';
import { storeCommentPicture, UPLOAD_MESSAGES } from './storeCommentPicture.ts';
import { callKey } from '../http/idempotentInsert.ts';
import { findKeyedVideo, readerVideos, storeVideo, VIDEO_MESSAGES } from './storeVideo.ts';

/** The request may carry the 10 MB file plus its multipart framing and nothing much else. */
export const UPLOAD_MAX_REQUEST_BYTES = UPLOAD_MAX_BYTES + 64 * 1024;

async function readOneFile(c: Context<AppEnv>): Promise<File> {
  const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'multipart/form-data') throw new ApiFailure(StatusCode.badParams, messages.unsupportedType, 415);
  let form: FormData;
  try {
    form = await c.req.raw.formData();
  } catch {
    throw new ApiFailure(StatusCode.badParams, `${messages.badParams}: 表单格式不正确`, 400);
  }
  const files = form.getAll('file');
  if (files.length > 1) throw new ApiFailure(StatusCode.badParams, UPLOAD_MESSAGES.oneFile);
  const file = files[0];
  if (!(file instanceof File)) throw new ApiFailure(StatusCode.badParams, UPLOAD_MESSAGES.noFile);
  return file;
}

export function registerUploadRoutes(registry: ApiRegistry): void {
  const { deps } = registry;
  const limiter = rateLimiterOf(registry);
  registry.endpoints.push(uploadImage);
  registry.app.post(uploadImage.path, async (c) => {
    await applyEndpointAuth(deps, c, uploadImage.auth);
    const user = requireUser(c);
    // Every attempt counts, refused files included: decoding is the costly part (security.md I73).
    await limiter.take([{ key: `upload:user:${user.userId}`, rules: [UPLOAD_RATE] }]);
    const file = await readOneFile(c);
    if (file.size > UPLOAD_MAX_BYTES) throw new ApiFailure(StatusCode.badParams, UPLOAD_MESSAGES.tooBig);
    const stored = await storeCommentPicture(mediaOf(deps), user.userId, new Uint8Array(await file.arrayBuffer()));
    if (registry.checkResponses) uploadImage.data.parse(stored);
    // Cache-Control: the signed-in caller's answer is private, no-store (set with the caller, auth.ts).
    return c.json(ok(stored));
  });

  // The video body is the file itself, streamed to disk by storeVideo (no multipart parser buffering it);
  // createApiApp leaves this path out of its buffering body limit, and the 50 MB are counted here.
  registry.endpoints.push(uploadVideo);
  registry.app.post(uploadVideo.path, async (c) => {
    await applyEndpointAuth(deps, c, uploadVideo.auth);
    const user = requireUser(c);
    const key = callKey(c);
    // A retry whose first answer was lost: the stored file, without reading the body again.
    const earlier = key === null ? null : await findKeyedVideo(mediaOf(deps), readerVideos(user.userId), key);
    if (earlier) {
      c.header('connection', 'close');
      return c.json(ok(earlier));
    }
    await limiter.take([{ key: `upload-video:user:${user.userId}`, rules: [VIDEO_RATE] }]);
    const declared = Number(c.req.header('content-length') ?? '0');
    try {
      // A declared length over the limit is refused before a byte of the body is read.
      if (declared > VIDEO_MAX_BYTES) throw new ApiFailure(StatusCode.badParams, VIDEO_MESSAGES.tooBig, 413);
      const stored = await storeVideo(mediaOf(deps), readerVideos(user.userId), c.req.raw.body, key);
      if (registry.checkResponses) uploadVideo.data.parse(stored);
      return c.json(ok(stored));
    } catch (err) {
      // A refused body may not have been read to its end: the connection is not reused.
      c.header('connection', 'close');
      throw err;
    }
  });
}
