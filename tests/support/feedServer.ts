/**
 * Feeds served by the test itself on 127.0.0.1 (the wires' ingest and attack tests): each path answers
 * what the test set for it, and every request is counted, so a test sees how often a feed was fetched.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FeedAnswer {
  status?: number;
  type?: string;
  body?: string | Buffer;
  location?: string;
  /** Never answer (a slow feed): the socket stays open until the test server closes. */
  hang?: boolean;
}

export interface FeedServer {
  origin: string;
  set(path: string, answer: FeedAnswer): void;
  hits(path: string): number;
  close(): Promise<void>;
}

export async function startFeedServer(): Promise<FeedServer> {
  const answers = new Map<string, FeedAnswer>();
  const counts = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    counts.set(path, (counts.get(path) ?? 0) + 1);
    const a = answers.get(path);
    if (!a) {
      res.writeHead(404).end();
      return;
    }
    if (a.hang) return;
    const headers: Record<string, string> = {};
    if (a.type) headers['content-type'] = a.type;
    if (a.location) headers.location = a.location;
    res.writeHead(a.status ?? 200, headers).end(a.body ?? '');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    set: (path, answer) => answers.set(path, answer),
    hits: (path) => counts.get(path) ?? 0,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** An RSS 2.0 feed of the given items. */
export function rss(items: { guid?: string; link?: string; title: string; description: string; author?: string }[]): string {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>重庆日报·要闻</title><link>https://www.cqrb.cn/</link><description>重庆日报要闻</description>
${items
  .map(
    (i) =>
      `<item><title>${esc(i.title)}</title>${i.link ? `<link>${esc(i.link)}</link>` : ''}${i.guid ? `<guid isPermaLink="false">${esc(i.guid)}</guid>` : ''}<description>${esc(i.description)}</description>${i.author ? `<author>${esc(i.author)}</author>` : ''}<pubDate>Fri, 27 Nov 2026 08:30:00 +0800</pubDate></item>`,
  )
  .join('\n')}
</channel></rss>`;
}
