/** Seeded and uploaded media under DATA_DIR/media, served at /media/*, never outside that folder. */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { contentTypeOf } from './staticAssets.ts';

const SAFE_NAME = /^[a-zA-Z0-9/_.-]+$/;

export async function serveMedia(req: IncomingMessage, res: ServerResponse, mediaDir: string, rel: string): Promise<boolean> {
  if (!SAFE_NAME.test(rel) || rel.includes('..')) return false;
  const file = path.join(mediaDir, rel);
  if (!file.startsWith(mediaDir + path.sep)) return false;
  let info;
  try {
    info = await stat(file);
  } catch {
    return false;
  }
  if (!info.isFile()) return false;
  const etag = `"${info.size.toString(36)}-${info.mtimeMs.toString(36)}"`;
  res.setHeader('content-type', contentTypeOf(file));
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
  res.setHeader('content-length', info.size);
  if (req.method === 'HEAD') {
    res.end();
    return true;
  }
  createReadStream(file).pipe(res);
  return true;
}
