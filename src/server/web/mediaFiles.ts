/**
 * Seeded and uploaded media from the media store (src/server/media/storage.ts, ADR 019: DATA_DIR/media or an
 * S3-compatible object store), served at /media/*, never outside it (keys of safe characters, no `..`).
 * A raster picture asked for with `?w=<width>` (one of MEDIA_WIDTHS) is answered resized to that width
 * (never enlarged), made once with sharp and kept under `.sized/<width>/` (ADR 013): list thumbnails
 * load what they show, not the full picture. For a video, one byte range (`Range: bytes=a-b`, `a-`, `-n`) is answered
 * with 206: a video player seeks, and Safari plays no video without it.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import sharp from 'sharp';
import { MEDIA_WIDTHS, RESIZABLE_MEDIA } from '../../lib/mediaSrcset.ts';
import { isSafeKey, mediaOf, type MediaStorage } from '../media/storage.ts';
import { contentTypeOf } from '../../lib/contentType.ts';

const SIZED_DIR = '.sized';
const inFlight = new Map<string, Promise<void>>();

/** The `w` of the request's query: a width of MEDIA_WIDTHS, null when absent, 'bad' for anything else. */
function requestedWidth(url: string | undefined): number | null | 'bad' {
  const q = url?.indexOf('?') ?? -1;
  if (!url || q < 0) return null;
  const raw = new URLSearchParams(url.slice(q + 1)).get('w');
  if (raw === null) return null;
  const w = Number(raw);
  return (MEDIA_WIDTHS as readonly number[]).includes(w) ? w : 'bad';
}

/**
 * The one range of a `Range` header within a file of `size` bytes: null to send the whole file (no
 * header, several ranges, another unit, or an If-Range that no longer matches), 'unsatisfiable' for 416.
 */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | null | 'unsatisfiable' {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, from = '', to = ''] = match;
  if (from === '' && to === '') return null;
  if (from === '') {
    const suffix = Number(to);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  if (start >= size) return 'unsatisfiable';
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (end < start) return null;
  return { start, end };
}

/** Makes `target` (the picture at width `w`) from `source` once; parallel requests share the work. */
async function resizeOnce(media: MediaStorage, source: string, target: string, w: number): Promise<void> {
  const running = inFlight.get(target);
  if (running) return running;
  const job = (async () => {
    const bytes = await media.getBytes(source);
    if (!bytes) throw new Error('source gone');
    const image = sharp(bytes, { failOn: 'error' }).rotate().resize({ width: w, withoutEnlargement: true });
    const ext = path.extname(source).toLowerCase();
    const out = ext === '.png' ? image.png() : ext === '.webp' ? image.webp({ quality: 74 }) : image.jpeg({ quality: 78, mozjpeg: true });
    await media.put(target, await out.toBuffer(), contentTypeOf(source));
  })().finally(() => inFlight.delete(target));
  inFlight.set(target, job);
  return job;
}

/** Answers /media/<rel> from `store`: the media store (ADR 019), or a local media folder by its path. */
export async function serveMedia(req: IncomingMessage, res: ServerResponse, store: MediaStorage | string, rel: string): Promise<boolean> {
  if (!isSafeKey(rel)) return false;
  const media = typeof store === 'string' ? mediaOf({ mediaDir: store }) : store;
  let file = rel;
  let info = await media.stat(file);
  if (!info) return false;
  const width = requestedWidth(req.url);
  if (width === 'bad') return false;
  if (width !== null && RESIZABLE_MEDIA.test(`/media/${rel}`)) {
    const sized = `${SIZED_DIR}/${width}/${rel}`;
    let sizedInfo = await media.stat(sized);
    if (!sizedInfo || sizedInfo.modifiedMs < info.modifiedMs) {
      try {
        await resizeOnce(media, file, sized, width);
      } catch {
        // Not a picture sharp can read: answer the original.
      }
      sizedInfo = await media.stat(sized);
    }
    if (sizedInfo) {
      file = sized;
      info = sizedInfo;
    }
  }
  const etag = `"${info.size.toString(36)}-${info.modifiedMs.toString(36)}"`;
  const type = contentTypeOf(file);
  res.setHeader('content-type', type);
  res.setHeader('cache-control', 'public, max-age=86400');
  res.setHeader('x-content-type-options', 'nosniff');
  // An SVG opened directly must not run anything.
  res.setHeader('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
  res.setHeader('etag', etag);
  if (req.headers['if-none-match'] === etag) {
    res.statusCode = 304;
    res.end();
    return true;
  }
  // Ranges for videos only: they are never compressed (a compressed partial answer would be wrong).
  const ranged = type.startsWith('video/');
  if (ranged) res.setHeader('accept-ranges', 'bytes');
  const ifRange = req.headers['if-range'];
  const range = ranged && (ifRange === undefined || ifRange === etag) ? parseRange(req.headers.range, info.size) : null;
  if (range === 'unsatisfiable') {
    res.statusCode = 416;
    res.setHeader('content-range', `bytes */${info.size}`);
    res.end();
    return true;
  }
  if (range) {
    res.statusCode = 206;
    res.setHeader('content-range', `bytes ${range.start}-${range.end}/${info.size}`);
  }
  res.setHeader('content-length', range ? range.end - range.start + 1 : info.size);
  if (req.method === 'HEAD') {
    res.end();
    return true;
  }
  const body = await media.get(file, range ?? undefined);
  if (!body) {
    res.statusCode = 404;
    res.end();
    return true;
  }
  body.on('error', () => res.destroy());
  body.pipe(res);
  return true;
}
