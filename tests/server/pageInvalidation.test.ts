/**
 * Per-item invalidation on the real server process (issue 7): a comment shows on its article page and
 * comment page at once for an anonymous reader, while an unrelated page stays in the page cache.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserRepo } from '../../src/server/accounts/repo.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import { news } from '../../src/server/db/schema/core.ts';
import { seedDemo } from '../../src/server/db/seed/demoSeed.ts';
import { issueToken } from '../../src/server/http/auth.ts';
import { startServer, type ServerProcess } from '../support/serverProcess.ts';

let server: ServerProcess;
let token = '';
let item = { classId: 0, newsId: 0 };

beforeAll(async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sc-invalidate-'));
  const database = await openDatabase({ dataDir: path.join(dataDir, 'db') });
  try {
    await seedDemo(database, { mediaDir: path.join(dataDir, 'media') });
    // A plain article (data type 3) open to comments.
    const [row] = await database.db
      .select({ classId: news.classId, newsId: news.id })
      .from(news)
      .where(and(eq(news.permission, 0), eq(news.dataType, 3)))
      .orderBy(asc(news.id))
      .limit(1);
    if (!row) throw new Error('no commentable article in the seed');
    item = row;
    token = await database.write(async (tx) => {
      const user = await createUserRepo(tx, { phone: '13911113333', nickname: '缓存读者' });
      return (await issueToken(tx, user.id)).token;
    });
  } finally {
    await database.close();
  }
  // Both caches on, as in production; limits in memory.
  server = await startServer({ dataDir, env: { LOG_LEVEL: 'warn', API_CACHE: '1', REDIS_URL: '' } });
}, 120_000);

afterAll(() => {
  if (server.child.exitCode === null) server.child.kill('SIGTERM');
});

async function page(url: string): Promise<{ state: string | null; html: string }> {
  const res = await fetch(`${server.origin}${url}`);
  expect(res.status).toBe(200);
  return { state: res.headers.get('x-page-cache'), html: await res.text() };
}

async function post(url: string, body: Record<string, unknown>): Promise<{ statusCode: number; message: string; data: { plId: number } }> {
  const res = await fetch(`${server.origin}${url}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { statusCode: number; message: string; data: { plId: number } };
}

describe('a write drops only the pages of its item', () => {
  it('a new comment is on its article and comment pages at once; the home page stays cached', async () => {
    const article = `/shancheng/NewsDetail?classId=${item.classId}&newsId=${item.newsId}`;
    const commentPage = `/shancheng/CommentPage?classId=${item.classId}&newsId=${item.newsId}`;
    const home = '/shancheng/home/1';
    // The comment page is interactive and not cached (its own policy); the article and home pages are.
    for (const url of [article, home]) {
      await page(url);
      expect((await page(url)).state, url).toBe('hit');
    }
    const text = `缓存失效测试评论 ${Date.now()}`;
    const posted = await post('/v1/comment/store', { classId: item.classId, newsId: item.newsId, sayText: text });
    expect(posted.statusCode, posted.message).toBe(200);

    const afterArticle = await page(article);
    expect(afterArticle.state).toBe('miss');
    expect(afterArticle.html).toContain(text);
    expect((await page(commentPage)).html).toContain(text);
    expect((await page(home)).state).toBe('hit');

    // Deleting names the comment only by id: the server finds its article and drops that page again.
    const deleted = await post('/v1/comment/deleteComment', { plId: posted.data.plId });
    expect(deleted.statusCode, deleted.message).toBe(200);
    const afterDelete = await page(article);
    expect(afterDelete.state).toBe('miss');
    expect(afterDelete.html).not.toContain(text);
    expect((await page(home)).state).toBe('hit');
  });

  it('a write the server does not know drops everything (the safe default)', async () => {
    const home = '/shancheng/home/1';
    await page(home);
    expect((await page(home)).state).toBe('hit');
    // A like of a bangbang item: its pages are not an article's, so the whole cache goes.
    await post('/v1/like/do', { classId: item.classId, newsId: item.newsId, type: 1, from: 'bang' });
    expect((await page(home)).state).toBe('miss');
  });
});
