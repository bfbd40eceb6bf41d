/**
 * Built assets served from memory, pre-compressed with brotli and gzip. Hashed files under /_astro/
 * never change, so they are cached for a year as immutable.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { contentTypeOf } from '../../lib/contentType.ts';
import { listFiles } from './listFiles.ts';

interface Asset {
  type: string;
  body: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  etag: string;
  immutable: boolean;
}

const COMPRESSIBLE = /^(text\/|application\/(json|manifest)|image\/svg)/;

function readIfExists(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

export class StaticAssets {
  private readonly assets = new Map<string, Asset>();

  /** Loads every file of `dir`, keyed by `prefix` + its relative path. */
  constructor(dir: string, prefix: string) {
    let files: string[] = [];
    try {
      files = listFiles(dir);
    } catch {
      return;
    }
    for (const file of files) {
      // Pre-compressed twins made at build time (src/build/precompress.ts) are not assets of their own.
      if (file.endsWith('.gz') || file.endsWith('.br')) continue;
      const rel = path.relative(dir, file).split(path.sep).join('/');
      const body = readFileSync(file);
      const type = contentTypeOf(file);
      const asset: Asset = {
        type,
        body,
        etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 20)}"`,
        immutable: rel.startsWith('_astro/'),
      };
      if (COMPRESSIBLE.test(type) && body.length > 512) {
        asset.br = readIfExists(`${file}.br`) ?? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
        asset.gzip = readIfExists(`${file}.gz`) ?? gzipSync(body, { level: 9 });
      }
      this.assets.set(`${prefix}/${rel}`, asset);
    }
  }

  has(pathname: string): boolean {
    return this.assets.has(pathname);
  }

  /** Answers the request if `pathname` is a known asset; returns false otherwise. */
  serve(req: IncomingMessage, res: ServerResponse, pathname: string): boolean {
    const asset = this.assets.get(pathname);
    if (!asset) return false;
    res.setHeader('content-type', asset.type);
    res.setHeader('cache-control', asset.immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    res.setHeader('etag', asset.etag);
    res.setHeader('x-content-type-options', 'nosniff');
    res.setHeader('vary', 'accept-encoding');
    if (req.headers['if-none-match'] === asset.etag) {
      res.statusCode = 304;
      res.end();
      return true;
    }
    const accept = String(req.headers['accept-encoding'] ?? '');
    let body = asset.body;
    if (asset.br && /\bbr\b/.test(accept)) {
      body = asset.br;
      res.setHeader('content-encoding', 'br');
    } else if (asset.gzip && /\bgzip\b/.test(accept)) {
      body = asset.gzip;
      res.setHeader('content-encoding', 'gzip');
    }
    res.setHeader('content-length', body.length);
    res.end(req.method === 'HEAD' ? undefined : body);
    return true;
  }
}
