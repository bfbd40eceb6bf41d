/**
 * The newsroom console's pages at /newsroom/ (ADR 017): one HTML page for every console path, whose
 * React app (built by astro.config.mjs's `newsroomConsole` integration into dist/newsroom/) draws the
 * screen. Nothing of the reader site is on it: no shell, no boot script, no reader island. Its own CSP
 * allows our own script and style files only (no inline script or style, nothing from another origin,
 * no framing); every answer is no-store and noindex.
 */
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { StaticAssets } from './staticAssets.ts';

export const NEWSROOM_BASE = '/newsroom';
export const NEWSROOM_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  // The enrolment QR code is an SVG data URL; proof pictures are our /media files.
  "img-src 'self' data:",
  "connect-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "manifest-src 'none'",
].join('; ');

interface Manifest {
  js: string;
  css: string;
}

export class NewsroomPages {
  private readonly assets: StaticAssets;
  private readonly html: string | null;

  constructor(distDir: string) {
    this.assets = new StaticAssets(distDir, NEWSROOM_BASE);
    let manifest: Manifest | null = null;
    try {
      manifest = JSON.parse(readFileSync(path.join(distDir, 'manifest.json'), 'utf8')) as Manifest;
    } catch {
      manifest = null;
    }
    this.html = manifest === null ? null : page(manifest);
  }

  /** True when `pathname` is the console's (the caller then leaves the answer to `handle`). */
  static owns(pathname: string): boolean {
    return pathname === NEWSROOM_BASE || pathname.startsWith(`${NEWSROOM_BASE}/`);
  }

  handle(req: IncomingMessage, res: ServerResponse, pathname: string): void {
    res.setHeader('content-security-policy', NEWSROOM_CSP);
    res.setHeader('x-robots-tag', 'noindex, nofollow');
    res.setHeader('x-frame-options', 'DENY');
    if ((req.method === 'GET' || req.method === 'HEAD') && pathname.startsWith(`${NEWSROOM_BASE}/_astro/`) && this.assets.serve(req, res, pathname)) return;
    res.setHeader('cache-control', 'no-store');
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.statusCode = 405;
      res.setHeader('allow', 'GET, HEAD');
      res.end();
      return;
    }
    if (this.html === null || pathname.startsWith(`${NEWSROOM_BASE}/_astro/`)) {
      res.statusCode = this.html === null ? 503 : 404;
      res.setHeader('content-type', 'text/plain; charset=utf-8');
      res.end(this.html === null ? '编辑部后台尚未构建：请运行 npm run build' : '页面不存在');
      return;
    }
    res.statusCode = 200;
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end(req.method === 'HEAD' ? undefined : this.html);
  }
}

function page(m: Manifest): string {
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="no-referrer">
<title>山城新闻 编辑部</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${NEWSROOM_BASE}/_astro/${m.css}">
<script type="module" src="${NEWSROOM_BASE}/_astro/${m.js}"></script>
</head>
<body>
<div id="console"><noscript>编辑部后台需要启用 JavaScript。</noscript></div>
</body>
</html>
`;
}
