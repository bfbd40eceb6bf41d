import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { PageCache } from '../web/pageCache.ts';
import { ANONYMOUS_PAGE_CACHE_CONTROL, PageResponder } from '../web/pageResponder.ts';
import { mediaLinker } from './publicMedia.ts';

const CDN = 'https://img.cqnews-cdn.cn/media-cache';
const POLICY = "default-src 'self'; img-src 'self' data: blob: https:; media-src 'self' https: blob:; object-src 'none'";

const PAGE = [
  '<!doctype html><html><body>',
  '<img src="/media/news/cover-12.webp?w=640" srcset="/media/news/cover-12.webp?w=320 320w, /media/news/cover-12.webp?w=640 640w" alt="渝中区解放碑夜景">',
  '<video poster="/media/live/18-poster.webp?w=750" src="/media/video/18.mp4"></video>',
  "<a href='/media/docs/notice.pdf'>公告原文</a>",
  '<img src="https://img.example.com/media/x.jpg" alt="外站图片">',
  '<a href="/shancheng/NewsDetail?classId=3&amp;newsId=9">沙坪坝区新闻</a>',
  '<astro-island uid="a1" props="{&quot;picture&quot;:[0,&quot;/media/comments/3/a.png&quot;]}"><img src="/media/comments/3/a.png" alt="评论图片">',
  '<astro-island uid="a2"><img src="/media/nested/b.webp" alt="嵌套"></astro-island>',
  '<img src="/media/comments/3/c.png" alt="同一岛内"></astro-island>',
  '<img src="/media/after/d.webp" alt="岛外">',
  '<p>正文提到 /media/ 目录</p>',
  '</body></html>',
].join('');

describe('mediaLinker (MEDIA_PUBLIC_BASE, ADR 019)', () => {
  it('is off without a CDN', () => {
    expect(mediaLinker(undefined)).toBeNull();
    expect(mediaLinker('')).toBeNull();
  });

  it('links src, srcset, poster and href outside islands through the CDN and leaves everything else as it was', () => {
    const out = mediaLinker(`${CDN}/`)!.html(PAGE);
    expect(out).toContain(`<img src="${CDN}/news/cover-12.webp?w=640" srcset="${CDN}/news/cover-12.webp?w=320 320w, ${CDN}/news/cover-12.webp?w=640 640w"`);
    expect(out).toContain(`<video poster="${CDN}/live/18-poster.webp?w=750" src="${CDN}/video/18.mp4">`);
    expect(out).toContain(`<a href='${CDN}/docs/notice.pdf'>`);
    expect(out).toContain(`<img src="${CDN}/after/d.webp" alt="岛外">`);
    // Another site's address, our own pages and the text are untouched.
    expect(out).toContain('<img src="https://img.example.com/media/x.jpg"');
    expect(out).toContain('<a href="/shancheng/NewsDetail?classId=3&amp;newsId=9">');
    expect(out).toContain('<p>正文提到 /media/ 目录</p>');
    // Inside an island (nested ones too) the HTML stays what the island renders again when it hydrates.
    expect(out).toContain('props="{&quot;picture&quot;:[0,&quot;/media/comments/3/a.png&quot;]}"><img src="/media/comments/3/a.png"');
    expect(out).toContain('<img src="/media/nested/b.webp"');
    expect(out).toContain('<img src="/media/comments/3/c.png"');
  });

  it('adds the CDN origin to img-src and media-src only', () => {
    const policy = mediaLinker(CDN)!.csp(POLICY);
    expect(policy).toBe(
      "default-src 'self'; img-src 'self' data: blob: https: https://img.cqnews-cdn.cn; media-src 'self' https: blob: https://img.cqnews-cdn.cn; object-src 'none'",
    );
  });
});

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

async function serve(base: string | undefined): Promise<string> {
  const responder = new PageResponder({ cache: new PageCache(), enabled: true, media: mediaLinker(base) });
  const render = (_req: IncomingMessage, res: ServerResponse): void => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': ANONYMOUS_PAGE_CACHE_CONTROL, 'content-security-policy': POLICY });
    res.end(PAGE);
  };
  const server = http.createServer((req, res) => void responder.handle(req, res, () => render(req, res)));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('PageResponder with a media CDN', () => {
  it('sends and keeps the linked page with the CDN in its CSP; without a CDN the page is unchanged', async () => {
    const origin = await serve('http://127.0.0.1:9000/media');
    for (const state of ['miss', 'hit']) {
      const res = await fetch(`${origin}/shancheng/home/1`);
      expect(res.headers.get('x-page-cache')).toBe(state);
      const html = await res.text();
      expect(html).toContain('<img src="http://127.0.0.1:9000/media/after/d.webp"');
      expect(html).not.toContain('src="/media/after/');
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toMatch(/img-src [^;]* http:\/\/127\.0\.0\.1:9000(;|$)/);
      expect(csp).toMatch(/media-src [^;]* http:\/\/127\.0\.0\.1:9000(;|$)/);
    }
    const plain = await serve(undefined);
    const res = await fetch(`${plain}/shancheng/home/1`);
    expect(await res.text()).toBe(PAGE);
    expect(res.headers.get('content-security-policy')).toBe(POLICY);
  });
});
