/**
 * Picture uploads for comments (`conpic`, spec 5 and 7.4; security.md I68–I75, C3). The request is
 * multipart/form-data with one file in the field `file`; the answer names the stored copy, which
 * `/v1/comment/store` accepts in `conpic` (only the caller's own uploads).
 */
import { endpointsOf } from './endpoint.ts';
import { z } from './zod.ts';

const api = endpointsOf('upload');

export const UploadedImage = z.object({
  /** `/media/comments/<userId>/<uuid>.<ext>`: a generated name, never the client's. */
  url: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  /** The canonical type of the re-encoded copy (never the client's Content-Type). */
  type: z.enum(['image/jpeg', 'image/png', 'image/gif', 'image/webp']),
});
export type UploadedImage = z.infer<typeof UploadedImage>;

export const uploadImage = api.write(
  '/api/upload/image',
  '上传评论图片（multipart/form-data，字段 file；JPG/PNG/GIF/WebP，≤10 MB，≤4000 万像素；重新编码并去除元数据；每人 30 分钟 30 张）',
  {
    invalidates: 'none',
    data: UploadedImage,
  },
);

export const UploadedVideo = z.object({
  /** `/media/videos/<userId>/<uuid>.<mp4|webm>`: a generated name, never the client's. */
  url: z.string(),
  /** The type judged from the bytes (MOV is served as MP4: the same ISO-BMFF container). */
  type: z.enum(['video/mp4', 'video/webm']),
  /** Stored size in bytes. */
  size: z.number().int().positive(),
});
export type UploadedVideo = z.infer<typeof UploadedVideo>;

/**
 * A discover video: the body is the file itself (not multipart), streamed to disk while it
 * is counted and its first bytes sniffed; `/v1/quan/publish` accepts the answer's url in `video`.
 */
export const uploadVideo = api.write(
  '/api/upload/video',
  '上传动态视频（请求体即视频文件本身；按文件头判断：MP4/MOV 或 WebM，≤50 MB；生成文件名；支持 Idempotency-Key，同一键重发返回同一文件；每人 30 分钟 10 个）',
  {
    invalidates: 'none',
    data: UploadedVideo,
  },
);
