import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PageLoad } from '../../features/paging/pageLoad.ts';
import { settlePage, type PageResponse } from './settlePage.ts';

function response(): PageResponse & { status?: number } {
  return { headers: new Headers() };
}

const ok: PageLoad<string> = { kind: 'ok', view: 'v' };
const missing: PageLoad<string> = { kind: 'notFound', message: '话题不存在' };
const failed: PageLoad<string> = { kind: 'error' };

describe('settlePage', () => {
  it('answers 200, 404 and 503 for ok, notFound and error, and returns the load itself', () => {
    for (const [load, status] of [
      [ok, 200],
      [missing, 404],
      [failed, 503],
    ] as const) {
      const res = response();
      expect(settlePage(res, load)).toBe(load);
      expect(res.status).toBe(status);
      expect(res.headers.get('cache-control')).toBeNull();
    }
  });

  it('sends a public policy with a 200 only, so no CDN keeps a 404 or an outage', () => {
    const good = response();
    settlePage(good, ok, 'stock');
    expect(good.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=30, stale-while-revalidate=120');
    for (const load of [missing, failed]) {
      const res = response();
      settlePage(res, load, 'hour');
      expect(res.headers.get('cache-control')).toBeNull();
    }
  });

  it('sends a private or no-store policy whatever the outcome', () => {
    for (const load of [ok, missing, failed]) {
      const res = response();
      settlePage(res, load, 'private');
      expect(res.headers.get('cache-control')).toBe('private, no-cache');
      const none = response();
      settlePage(none, load, 'noStore');
      expect(none.headers.get('cache-control')).toBe('no-store');
    }
  });
});

describe('pages', () => {
  function pageFiles(dir: string): string[] {
    return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? pageFiles(join(dir, e.name)) : e.name.endsWith('.astro') ? [join(dir, e.name)] : [],
    );
  }
  const pages = pageFiles(join(import.meta.dirname, '../../pages'));

  it('set their status and cache through settlePage / setPageCache, never by hand', () => {
    expect(pages.length).toBeGreaterThan(100);
    const byHand = pages.filter((p) => /statusOf\(|headers\.set\(\s*'cache-control'/.test(readFileSync(p, 'utf8')));
    expect(byHand).toEqual([]);
  });
});
