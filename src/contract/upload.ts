/**
 * Picture uploads for comments (`conpic`, spec 5 and 7.4; security.md I68–I75, C3). The request is
 * multipart/form-data with one file in the field `file`; the answer names the stored copy, which
 * `/v1/comment/store` accepts in `conpic` (only the caller's own uploads).
 */
import { defineEndpoint } from './endpoint.ts';
import { UPLOAD_PATHS } from './uploadLimits.ts';
import { z } from './zod.ts';

export const UploadedImage = z.object({
  /** `/media/comments/<userId>/<uuid>.<ext>`: a generated name, never the client's. */
  url: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  /** The canonical type of the re-encoded copy (never the client's Content-Type). */
  type: z.enum(['image/jpeg', 'image/png', 'image/gif', 'image/webp']),
});
export type UploadedImage = z.infer<typeof UploadedImage>;

export const uploadImage = defineEndpoint({
  invalidates: 'none',
  method: 'POST',
  path: UPLOAD_PATHS.image,
  summary:
    '上传评论图片（multipart/form-data，字段 file；JPG/PNG/GIF/WebP，≤10 MB，≤4000 万像素；重新编码并去除元数据；每人 30 分钟 30 张）',
  tag: 'upload',
  data: UploadedImage,
  auth: 'required',
});
