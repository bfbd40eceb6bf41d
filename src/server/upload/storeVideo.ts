/**
 * Turns an uploaded video body into a stored discover video (security.md I68, I70, I72, I75 and
 * "Discover videos"). The body is streamed to a temporary file chunk by chunk — never held in memory whole — while it
 * is counted (over 50 MB stops the read) and its head sniffed (anything but MP4/MOV/WebM stops the read).
 * The finished file's structure is checked, then it is synced and renamed to a generated name. The
 * client's name and type are never used; videos are stored as sent (no transcoding: there is no ffmpeg
 * on the servers), served with their sniffed type, `nosniff` and a sandbox CSP (src/server/web/mediaFiles.ts).
 *
 * Idempotency: with an `Idempotency-Key`, the stored name is derived from the reader and the key, so a
 * retry of an upload whose answer was lost gets the same file back without sending 50 MB again.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { StatusCode } from '../../contract/envelope.ts';
import type { UploadedVideo } from '../../contract/upload.ts';
import { VIDEO_MAX_BYTES } from '../../contract/uploadRules.ts';
import { videoFolderOf, VIDEO_FOLDERS } from '../../contract/videoFolders.ts';
import { ApiFailure } from '../http/envelope.ts';
import { IDEMPOTENCY_MESSAGES } from '../http/idempotentInsert.ts';
import { checkVideoStructure, sniffVideoType, VIDEO_SNIFF_BYTES, type VideoKind } from './sniffVideoType.ts';
import { writeDurably } from './writeDurably.ts';
import type { MediaStorage } from '../media/storage.ts';

export const VIDEO_MESSAGES = {
  noFile: '请选择要上传的视频',
  badType: '仅支持 MP4、MOV 或 WebM 格式的视频',
  tooBig: '视频不能超过 50 MB',
  broken: '视频文件不完整或已损坏',
  /** The one key reader's message (callKey). */
  badKey: IDEMPOTENCY_MESSAGES.badKey,
} as const;

/** A stored video keeps its sniffed kind: the file's extension, and the type the upload answers. */
const output = (kind: VideoKind): { ext: string; type: UploadedVideo['type'] } => ({ ext: kind, type: `video/${kind}` });

function refuse(message: string, httpStatus?: number): ApiFailure {
  return new ApiFailure(StatusCode.badParams, message, httpStatus);
}

/**
 * Whose videos a folder holds: a reader's (discover) or a staff member's (the writing desk), in the folders of
 * `VIDEO_FOLDERS`; `scope` names whose Idempotency-Keys these are.
 */
export interface VideoOwner {
  folder: string;
  scope: string;
}
export const readerVideos = (userId: number): VideoOwner => ({ folder: videoFolderOf(VIDEO_FOLDERS.reader, userId), scope: String(userId) });
export const staffVideos = (staffId: number): VideoOwner => ({ folder: videoFolderOf(VIDEO_FOLDERS.staff, staffId), scope: `staff:${staffId}` });

const keyOf = (owner: VideoOwner, name: string): string => `${owner.folder}/${name}`;

/** A UUID-shaped name from the owner and their key (the same key names the same file, for that owner only). */
function keyedName(owner: VideoOwner, key: string): string {
  const h = createHash('sha256').update(`${owner.scope}:${key}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** The video an earlier upload with this key stored, or null. */
export async function findKeyedVideo(media: MediaStorage, owner: VideoOwner, key: string): Promise<UploadedVideo | null> {
  const base = keyedName(owner, key);
  for (const kind of ['mp4', 'webm'] as const) {
    const { ext, type } = output(kind);
    const info = await media.stat(keyOf(owner, `${base}.${ext}`));
    if (info) return { url: `/media/${keyOf(owner, `${base}.${ext}`)}`, type, size: info.size };
  }
  return null;
}

function readerOf(handle: FileHandle) {
  return async (offset: number, length: number): Promise<Uint8Array> => {
    const buffer = new Uint8Array(length);
    const { bytesRead } = await handle.read(buffer, 0, length, offset);
    return buffer.subarray(0, bytesRead);
  };
}

/** Streams the body into `handle`; returns the sniffed kind and the byte count, or throws a refusal. */
async function receive(body: ReadableStream<Uint8Array>, handle: FileHandle): Promise<{ kind: VideoKind; size: number }> {
  const reader = body.getReader();
  let size = 0;
  let kind: VideoKind | null = null;
  const head: Uint8Array[] = [];
  let headSize = 0;
  const sniff = (): VideoKind => {
    const found = sniffVideoType(Buffer.concat(head));
    if (found === null) throw refuse(VIDEO_MESSAGES.badType);
    return found;
  };
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > VIDEO_MAX_BYTES) throw refuse(VIDEO_MESSAGES.tooBig, 413);
      if (kind === null) {
        head.push(value);
        headSize += value.byteLength;
        if (headSize >= VIDEO_SNIFF_BYTES) kind = sniff();
      }
      await handle.write(value);
    }
  } catch (err) {
    // Stop reading a refused body (the connection is closed after the answer).
    await reader.cancel().catch(() => {});
    throw err;
  }
  if (size === 0) throw refuse(VIDEO_MESSAGES.noFile);
  kind ??= sniff();
  return { kind, size };
}

export async function storeVideo(media: MediaStorage, owner: VideoOwner, body: ReadableStream<Uint8Array> | null, key: string | null): Promise<UploadedVideo> {
  if (!body) throw refuse(VIDEO_MESSAGES.noFile);
  const base = key === null ? randomUUID() : keyedName(owner, key);
  // Received to a file on this machine first (the local store's own folder, for a rename), checked, then stored.
  const folder = await media.stagingDir(keyOf(owner, base));
  const staged = path.join(folder, `.${randomUUID()}.part`);
  const stored = await writeDurably(staged, async (handle) => {
    const received = await receive(body, handle);
    if (!(await checkVideoStructure(received.kind, received.size, readerOf(handle)))) throw refuse(VIDEO_MESSAGES.broken);
    return received;
  });
  const { ext, type } = output(stored.kind);
  await media.putFile(keyOf(owner, `${base}.${ext}`), staged, type);
  return { url: `/media/${keyOf(owner, `${base}.${ext}`)}`, type, size: stored.size };
}
