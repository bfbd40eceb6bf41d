/**
 * Where seeded and uploaded media live (ADR 019): one interface, two stores. The local folder
 * (DATA_DIR/media, the default) or any S3-compatible object store (Aliyun OSS, Tencent COS, MinIO, AWS)
 * through the AWS SDK, chosen by the MEDIA_S3_* settings (README "Settings"). A key is the path under
 * /media (`comments/12/<uuid>.jpg`); the process still answers /media/<key> from either store
 * (src/server/web/mediaFiles.ts), and `publicUrl` names the CDN in front when MEDIA_PUBLIC_BASE is set.
 */
import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { randomUUID } from 'node:crypto';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { Settings } from '../../settings/settings.ts';
import { contentTypeOf } from '../../lib/contentType.ts';

/** What a stored object is: its byte count and when it was last written. */
export interface MediaInfo {
  size: number;
  modifiedMs: number;
}

export interface MediaStorage {
  readonly kind: 'local' | 's3';
  /** Stores `bytes` under `key`; a reader never sees a half-written object. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /**
   * Stores the finished, synced file `file` (made under `stagingDir(key)`) under `key`, and removes it:
   * a video is received to disk first, checked, and only then stored.
   */
  putFile(key: string, file: string, contentType: string): Promise<void>;
  /** A folder on this machine for a file on its way to `key` (the same disk as the local store, for a rename). */
  stagingDir(key: string): Promise<string>;
  stat(key: string): Promise<MediaInfo | null>;
  exists(key: string): Promise<boolean>;
  /** The object's bytes `start..end` (inclusive) or all of them; null when there is no such object. */
  get(key: string, range?: { start: number; end: number }): Promise<Readable | null>;
  getBytes(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
  /** The address pages link: MEDIA_PUBLIC_BASE/<key> when a CDN is set, else /media/<key>. */
  publicUrl(key: string): string;
}

const SAFE_KEY = /^[a-zA-Z0-9/_.-]+$/;

/** A key is a relative path of safe characters with no `..` and no leading slash. */
export function isSafeKey(key: string): boolean {
  return SAFE_KEY.test(key) && !key.includes('..') && !key.startsWith('/');
}

function checkKey(key: string): void {
  if (!isSafeKey(key)) throw new Error(`unsafe media key: ${key}`);
}

function publicUrlOf(base: string | undefined): (key: string) => string {
  const trimmed = base?.replace(/\/+$/, '');
  return (key) => (trimmed ? `${trimmed}/${key}` : `/media/${key}`);
}

/** The local folder: exactly the files /media served before there was an interface. */
export function localMediaStorage(mediaDir: string, publicBase?: string): MediaStorage {
  const root = path.resolve(mediaDir);
  const fileOf = (key: string): string => {
    checkKey(key);
    const file = path.join(root, key);
    if (!file.startsWith(root + path.sep)) throw new Error(`unsafe media key: ${key}`);
    return file;
  };
  const info = async (key: string): Promise<MediaInfo | null> => {
    try {
      const s = await stat(fileOf(key));
      return s.isFile() ? { size: s.size, modifiedMs: s.mtimeMs } : null;
    } catch {
      return null;
    }
  };
  return {
    kind: 'local',
    async put(key, bytes) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Written under a temporary name, synced, then renamed (as src/server/upload/writeDurably.ts).
      const temp = `${file}.${process.pid}.${randomUUID()}.part`;
      const handle = await open(temp, 'wx+');
      try {
        await handle.writeFile(bytes);
        await handle.sync();
      } catch (err) {
        await handle.close();
        await rm(temp, { force: true });
        throw err;
      }
      await handle.close();
      await rename(temp, file);
    },
    async putFile(key, file) {
      const target = fileOf(key);
      try {
        await mkdir(path.dirname(target), { recursive: true });
        await rename(file, target);
      } catch (err) {
        await rm(file, { force: true });
        throw err;
      }
    },
    async stagingDir(key) {
      const folder = path.dirname(fileOf(key));
      await mkdir(folder, { recursive: true });
      return folder;
    },
    stat: info,
    async exists(key) {
      return isSafeKey(key) && (await info(key)) !== null;
    },
    async get(key, range) {
      if ((await info(key)) === null) return null;
      return createReadStream(fileOf(key), range ? { start: range.start, end: range.end } : {});
    },
    async getBytes(key) {
      try {
        return await readFile(fileOf(key));
      } catch {
        return null;
      }
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
    publicUrl: publicUrlOf(publicBase),
  };
}

export interface S3MediaOptions {
  bucket: string;
  endpoint?: string;
  region?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle?: boolean;
  publicBase?: string;
}

function isNotFound(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NotFound' || e?.name === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404;
}

/** An S3-compatible object store: objects are written whole by PutObject, so none is ever seen half-written. */
export function s3MediaStorage(options: S3MediaOptions): MediaStorage {
  const client = new S3Client({
    region: options.region ?? 'us-east-1',
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.forcePathStyle ?? false,
    // Checksums only where S3 requires them: the SDK's default (aws-chunked bodies with trailing CRC32) is not
    // understood by every S3-compatible store, which would then keep the chunk framing as the object's bytes.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(options.accessKeyId && options.secretAccessKey ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } } : {}),
  });
  const Bucket = options.bucket;
  const info = async (key: string): Promise<MediaInfo | null> => {
    checkKey(key);
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
      return { size: head.ContentLength ?? 0, modifiedMs: head.LastModified?.getTime() ?? 0 };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  };
  const getStream = async (key: string, range?: { start: number; end: number }): Promise<Readable | null> => {
    checkKey(key);
    try {
      const out = await client.send(new GetObjectCommand({ Bucket, Key: key, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }));
      const body = out.Body;
      if (!body) return null;
      return body instanceof Readable ? body : Readable.fromWeb(body.transformToWebStream() as import('node:stream/web').ReadableStream);
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  };
  return {
    kind: 's3',
    async put(key, bytes, contentType) {
      checkKey(key);
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: bytes, ContentType: contentType, ContentLength: bytes.byteLength }));
    },
    async putFile(key, file, contentType) {
      checkKey(key);
      try {
        const size = (await stat(file)).size;
        await client.send(new PutObjectCommand({ Bucket, Key: key, Body: createReadStream(file), ContentType: contentType, ContentLength: size }));
      } finally {
        await rm(file, { force: true });
      }
    },
    async stagingDir() {
      const folder = path.join(os.tmpdir(), 'shancheng-media-staging');
      await mkdir(folder, { recursive: true });
      return folder;
    },
    stat: info,
    async exists(key) {
      return isSafeKey(key) && (await info(key)) !== null;
    },
    get: getStream,
    async getBytes(key) {
      const stream = await getStream(key);
      if (!stream) return null;
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
      return Buffer.concat(chunks);
    },
    async delete(key) {
      checkKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    publicUrl: publicUrlOf(options.publicBase),
  };
}

/** The store the settings choose: S3 when MEDIA_S3_BUCKET is set, the local folder otherwise. */
export function mediaStorageFromSettings(env: Settings, mediaDir: string): MediaStorage {
  const publicBase = env.MEDIA_PUBLIC_BASE || undefined;
  if (!env.MEDIA_S3_BUCKET) return localMediaStorage(mediaDir, publicBase);
  return s3MediaStorage({
    bucket: env.MEDIA_S3_BUCKET,
    ...(env.MEDIA_S3_ENDPOINT ? { endpoint: env.MEDIA_S3_ENDPOINT } : {}),
    ...(env.MEDIA_S3_REGION ? { region: env.MEDIA_S3_REGION } : {}),
    ...(env.MEDIA_S3_ACCESS_KEY_ID ? { accessKeyId: env.MEDIA_S3_ACCESS_KEY_ID } : {}),
    ...(env.MEDIA_S3_SECRET_ACCESS_KEY ? { secretAccessKey: env.MEDIA_S3_SECRET_ACCESS_KEY } : {}),
    forcePathStyle: env.MEDIA_S3_FORCE_PATH_STYLE === '1',
    ...(publicBase ? { publicBase } : {}),
  });
}

const localByDir = new Map<string, MediaStorage>();

/** The app's store: `deps.media` when given, else the local folder `deps.mediaDir` (as before the interface). */
export function mediaOf(deps: { mediaDir: string; media?: MediaStorage }): MediaStorage {
  if (deps.media) return deps.media;
  let local = localByDir.get(deps.mediaDir);
  if (!local) {
    local = localMediaStorage(deps.mediaDir);
    localByDir.set(deps.mediaDir, local);
  }
  return local;
}

/** Objects copied at once by `copyFolderIntoStore`: the store's round trips overlap, the disk is not flooded. */
const COPY_AT_ONCE = 8;

/**
 * Copies the files of a local folder the store does not have yet into it (keys: paths under `folder`). The demo
 * seed draws its pictures into DATA_DIR/media; with an object store they are copied there at start, so a fresh
 * S3 deployment shows them and a second process (with no such folder) serves them from the store. Answers how
 * many were copied (0 on a later start: every key is already there).
 */
export async function copyFolderIntoStore(folder: string, media: MediaStorage): Promise<number> {
  let copied = 0;
  let entries: string[];
  try {
    entries = (await readdir(folder, { recursive: true, withFileTypes: true }))
      .filter((e) => e.isFile() && !e.name.endsWith('.part'))
      .map((e) => path.relative(folder, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
      .filter((key) => isSafeKey(key) && !key.startsWith('.sized/'));
  } catch {
    return 0;
  }
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < entries.length) {
      const key = entries[next++]!;
      if (await media.exists(key)) continue;
      await media.put(key, await readFile(path.join(folder, key)), contentTypeOf(key));
      copied += 1;
    }
  };
  await Promise.all(Array.from({ length: Math.min(COPY_AT_ONCE, entries.length) }, worker));
  return copied;
}
