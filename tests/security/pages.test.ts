/**
 * The real server process (src/server/main.ts, built pages): headers on every kind of answer
 * (security.md C4, H64, H65), hostile reader text rendered as text on the real pages (G52), and
 * spoofed Host / forwarding headers that change neither absolute URLs nor limit keys (H66).
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IFRAME_HOSTS } from '../../src/features/richtext/sanitizeHtml.server.ts';
import { SDK_URL } from '../../src/features/share/startShare.ts';
import { createUserRepo } from '../../src/server/accounts/repo.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import { news } from '../../src/server/db/schema/core.ts';
import { seedDemo } from '../../src/server/db/seed/demoSeed.ts';
import { issueToken } from '../../src/server/http/auth.ts';
import { approveOverHttp, inviteModerator, moderatorOverHttp, type DeskInvite } from '../support/httpDesk.ts';
import { startServer, type ServerProcess } from '../support/serverProcess.ts';
import { seededDataDir } from '../support/seededDataDir.ts';

const HOSTILE_NICKNAME = '"><svg onload=alert(1)>{{7*7}}</script><!--\u2028\u2029';
const HOSTILE_COMMENT = '<img src=x onerror=alert(1)> ${7*7} </script><script>alert(2)</script>';

let server: ServerProcess;
let token = '';
/** A second reader for the bangbang page (a new account may post once per 30 s). */
let bangToken = '';
let item = { classId: 0, newsId: 0 };
let hostilePlId = 0;
/** News comments are reviewed before publication: the hostile comment is approved on the desk to be public. */
let moderatorInvite: DeskInvite = { account: '', token: '' };
let moderatorHeaders: Record<string, string> = {};

beforeAll(async () => {
  const dataDir = await seededDataDir('sc-sec-pages-');
  const database = await openDatabase({ dataDir: path.join(dataDir, 'db') });
  try {
    await seedDemo(database, { mediaDir: path.join(dataDir, 'media') });
    const [row] = await database.db.select({ classId: news.classId, newsId: news.id }).from(news).where(eq(news.permission, 0)).orderBy(asc(news.id)).limit(1);
    if (!row) throw new Error('no commentable item in the seed');
    item = row;
    token = await database.write(async (tx) => {
      const user = await createUserRepo(tx, { phone: '13911112222', nickname: HOSTILE_NICKNAME });
      return (await issueToken(tx, user.id)).token;
    });
    bangToken = await database.write(async (tx) => {
      const user = await createUserRepo(tx, { phone: '13911113333', nickname: HOSTILE_NICKNAME });
      return (await issueToken(tx, user.id)).token;
    });
    moderatorInvite = await inviteModerator(database, 'pages-moderator');
  } finally {
    await database.close();
  }
  // Limits in memory: a shared Redis (services runs) would carry hits over from an earlier run.
  server = await startServer({ dataDir, env: { LOG_LEVEL: 'warn', PAGE_CACHE: '0', REDIS_URL: '' } });
  moderatorHeaders = await moderatorOverHttp(server.origin, moderatorInvite);
}, 120_000);

afterAll(() => {
  if (server.child.exitCode === null) server.child.kill('SIGTERM');
});

function get(url: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${server.origin}${url}`, { headers, redirect: 'manual' });
}

function policy(res: Response): Map<string, string> {
  const map = new Map<string, string>();
  for (const part of (res.headers.get('content-security-policy') ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name, values.join(' '));
  }
  return map;
}

function expectCommonHeaders(res: Response): void {
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  const hsts = res.headers.get('strict-transport-security') ?? '';
  expect(Number(/max-age=(\d+)/.exec(hsts)?.[1] ?? 0)).toBeGreaterThanOrEqual(31_536_000);
  expect(hsts).toContain('includeSubDomains');
  expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(res.headers.get('server')).toBeNull();
  expect(res.headers.get('x-powered-by')).toBeNull();
  const csp = policy(res);
  expect(csp.get('object-src')).toBe("'none'");
  expect(csp.get('base-uri')).toBe("'none'");
  expect(csp.has('frame-ancestors')).toBe(true);
}

describe('headers on pages (C4, H64, H65)', () => {
  it.each([
    '/shancheng/home/1',
    '/shancheng/NewsDetail?classId=101&newsId=1',
    '/shancheng/LoginPage?redirect=https%3A%2F%2Fevil.com',
    '/shancheng/CommentPage?classId=101&newsId=1',
  ])('%s: nosniff, HSTS, Referrer-Policy, the hashed CSP with frame-ancestors, no version', async (url) => {
    const res = await get(url);
    expect(res.status).toBe(200);
    expectCommonHeaders(res);
    const csp = policy(res);
    expect(csp.get('frame-ancestors')).toBe("'self'");
    expect(csp.get('default-src')).toBe("'self'");
    expect(csp.get('form-action')).toBe("'self'");
    const scripts = csp.get('script-src') ?? '';
    // Scripts: ourselves, the messenger SDK and build-time hashes; never inline or eval (D33).
    expect(scripts).not.toMatch(/unsafe-inline|unsafe-eval|\*|data:/);
    expect(scripts.split(' ').filter((s) => !s.startsWith("'sha256-"))).toEqual(["'self'", new URL(SDK_URL).origin]);
    expect(csp.get('style-src') ?? '').not.toContain('unsafe-inline');
    expect(csp.get('style-src-attr')).toBe("'unsafe-inline'");
    // Frames: exactly the sanitizer's allowlisted video hosts, https only (G56).
    expect((csp.get('frame-src') ?? '').split(' ').sort()).toEqual(IFRAME_HOSTS.map((h) => `https://${h}`).sort());
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    // The charset comes first in the document (Astro's text/html header carries none).
    expect(/^<!DOCTYPE html><html[^>]*>\s*<head><meta charset="utf-8">/i.test(await res.text())).toBe(true);
  });

  it.each([
    ['/shancheng/home/1', 200],
    ['/shancheng/NewsDetail?classId=101&newsId=1', 200],
    ['/shancheng/LiveDetail?classId=601&newsId=309', 200],
    // A share link to a deleted story lands here: the not-found page is trimmed like any other.
    ['/shancheng/NewsDetail?classId=101&newsId=999999', 404],
  ])('%s: the policy names the hash of each inline script and style of the page, and no other (ADR 001 "CSP header")', async (url, status) => {
    const res = await get(url);
    expect(res.status).toBe(status);
    const html = await res.text();
    const csp = policy(res);
    const listed = (name: string): string[] =>
      (csp.get(name) ?? '')
        .split(' ')
        .filter((s) => s.startsWith("'sha256-"))
        .sort();
    const hashesOf = (tag: 'script' | 'style'): string[] =>
      [...html.matchAll(new RegExp(`<${tag}\\b([^>]*)>([\\s\\S]*?)</${tag}>`, 'g'))]
        .filter((m) => !/\ssrc=/.test(m[1] ?? ''))
        .map(
          (m) =>
            `'sha256-${createHash('sha256')
              .update(m[2] ?? '')
              .digest('base64')}'`,
        );
    expect(hashesOf('style').length).toBeGreaterThan(0);
    expect(listed('style-src')).toEqual([...new Set(hashesOf('style'))].sort());
    expect(listed('script-src')).toEqual([...new Set(hashesOf('script'))].sort());
    // Headers are not compressed: the whole set stays well inside the first TCP window with the page.
    expect([...res.headers].reduce((n, [k, v]) => n + k.length + v.length + 4, 0)).toBeLessThan(2500);
  });

  it('a 404 page, a redirect, media and built assets carry the headers too', async () => {
    for (const url of ['/shancheng/NewsDetail?classId=101&newsId=999999', '/', '/shancheng/nowhere-at-all', '/media/../../etc/passwd']) {
      const res = await get(url);
      expectCommonHeaders(res);
      expect(policy(res).get('frame-ancestors')).toBe("'self'");
    }
  });
});

describe('headers on API answers (C4, D30, H65)', () => {
  it('a public list: JSON, nosniff, HSTS, a CSP that loads and frames nothing, no refresh token', async () => {
    const res = await get('/v1/news/getListByColumnId?columnId=101&page=1', { authorization: `Bearer ${token}` });
    expect(res.status).toBe(200);
    expectCommonHeaders(res);
    expect(policy(res).get('default-src')).toBe("'none'");
    expect(policy(res).get('frame-ancestors')).toBe("'none'");
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('x-access-token')).toBeNull();
    expect(res.headers.get('cache-control')).not.toContain('private');
  });

  it('an authenticated answer is no-store, private', async () => {
    const res = await get('/v1/user/baseInfo', { authorization: `Bearer ${token}` });
    expect(((await res.json()) as { statusCode: number }).statusCode).toBe(200);
    expectCommonHeaders(res);
    expect(res.headers.get('cache-control')).toBe('no-store, private');
  });

  it('/healthz and /readyz say no more than their state (M105)', async () => {
    for (const url of ['/healthz', '/readyz']) {
      const res = await get(url);
      expectCommonHeaders(res);
      const text = await res.text();
      expect(text).not.toMatch(/version|postgres|pglite|node|\d+\.\d+\.\d+/i);
    }
  });
});

describe('hostile reader text is rendered as text on the real pages (G52)', () => {
  it('a comment and a nickname with markup show as literal text on the comment page', async () => {
    const posted = await fetch(`${server.origin}/v1/comment/store`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ classId: item.classId, newsId: item.newsId, sayText: HOSTILE_COMMENT }),
    });
    const body = (await posted.json()) as { statusCode: number; message: string; data: { plId: number } };
    expect(body.statusCode, body.message).toBe(200);
    hostilePlId = body.data.plId;
    await approveOverHttp(server.origin, moderatorHeaders, hostilePlId);
    const html = await (await get(`/shancheng/CommentPage?classId=${item.classId}&newsId=${item.newsId}`)).text();
    const has = (s: string): boolean => html.includes(s);
    // The escaped text is there …
    expect(has('&lt;img src=x onerror=alert(1)&gt;')).toBe(true);
    expect(has('&lt;/script&gt;&lt;script&gt;alert(2)&lt;/script&gt;')).toBe(true);
    expect(has('&gt;&lt;svg onload=alert(1)&gt;{{7*7}}')).toBe(true);
    // … and no live element or handler, and templates were not evaluated.
    expect(has('<img src=x onerror')).toBe(false);
    expect(has('<svg onload')).toBe(false);
    expect(has('<script>alert(2)')).toBe(false);
    expect(/>\s*49\s*</.test(html)).toBe(false);
  });
});

describe('hostile reader text on a bangbang page is rendered as text (G52)', () => {
  it('a from=bang comment with markup shows as literal text on the Q&A detail', async () => {
    const posted = await fetch(`${server.origin}/v1/comment/store`, {
      method: 'POST',
      headers: { authorization: `Bearer ${bangToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ from: 'bang', classid: 2, id: 1, sayText: HOSTILE_COMMENT }),
    });
    const body = (await posted.json()) as { statusCode: number; message: string };
    expect(body.statusCode, body.message).toBe(200);
    const html = await (await get('/shancheng/BangBang/QA/detail?id=1')).text();
    expect(html.includes('&lt;img src=x onerror=alert(1)&gt;')).toBe(true);
    expect(html.includes('&gt;&lt;svg onload=alert(1)&gt;{{7*7}}')).toBe(true);
    expect(html.includes('<img src=x onerror')).toBe(false);
    expect(html.includes('<svg onload')).toBe(false);
    expect(html.includes('<script>alert(2)')).toBe(false);
  });
});

describe('open redirects through the login page (H62)', () => {
  it.each([
    'https://evil.com',
    '//evil.com',
    '/\\evil.com',
    '%2F%2Fevil.com',
    'javascript:alert(1)',
    'https://evil.com#@127.0.0.1',
    '/shancheng/..//evil.com',
    '/shancheng/%2e%2e//evil.com',
  ])('redirect=%s renders only same-origin links home', async (target) => {
    const html = await (await get(`/shancheng/LoginPage?redirect=${encodeURIComponent(target)}`)).text();
    expect(html.includes('evil.com')).toBe(false);
    expect(html.includes('javascript:')).toBe(false);
    expect(html.includes('redirect=%2Fshancheng%2Fhome%2F1')).toBe(true);
  });
});

describe('inline island state cannot be broken out of (G58)', () => {
  it("a hostile nickname in the reply composer's island props stays one attribute", async () => {
    expect(hostilePlId).toBeGreaterThan(0);
    const html = await (
      await get(`/shancheng/PublishComment?classId=${item.classId}&newsId=${item.newsId}&plId=${hostilePlId}&pId=${hostilePlId}&from=News`)
    ).text();
    const island = /<astro-island[^>]*component-export="CommentComposer"[^>]*>/.exec(html)?.[0] ?? '';
    expect(island).not.toBe('');
    const props = /\sprops="([^"]*)"/.exec(island)?.[1] ?? '';
    // The nickname is inside the props attribute, entity-encoded; nothing of it leaks out as markup.
    expect(props).toContain('&lt;/script&gt;&lt;!--');
    expect(html.includes('<svg onload')).toBe(false);
    expect(html.includes('</script><!--')).toBe(false);
    // The attribute decodes to JSON whose placeholder is the nickname exactly.
    const decoded = props
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&');
    const parsed = JSON.parse(decoded) as Record<string, [number, unknown]>;
    expect(parsed['placeholder']?.[1]).toBe(`回复 ${HOSTILE_NICKNAME}：`);
  });
});

describe('spoofed Host and forwarding headers (H66)', () => {
  it('do not poison absolute URLs in a page', async () => {
    const res = await get('/shancheng/NewsDetail?classId=101&newsId=1', {
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'https',
      forwarded: 'host=evil.example',
    });
    expect(res.status).toBe(200);
    expect(await res.text()).not.toContain('evil.example');
  });

  it('X-Forwarded-For rotation from outside does not escape the per-address login limit (J81)', async () => {
    // NODE_ENV is not production here, so loopback is exempt from per-address rules; the per-account
    // rule (25 an hour) still holds whatever address the header claims.
    const statuses: number[] = [];
    for (let i = 0; i < 26; i++) {
      const res = await fetch(`${server.origin}/v1/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${i}`, 'x-real-ip': `203.0.113.${i}` },
        body: JSON.stringify({ phone: '13800138000', password: `wrong-password-${i}` }),
      });
      statuses.push(((await res.json()) as { statusCode: number }).statusCode);
    }
    expect(statuses.slice(0, 25)).not.toContain(429);
    expect(statuses[25]).toBe(429);
  }, 60_000);
});
