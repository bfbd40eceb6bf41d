/**
 * Per-item invalidation on the real server process (ADR 001): a comment shows on its article page and
 * comment page at once for an anonymous reader, while an unrelated page stays in the page cache; a
 * bangbang comment, like or report leaves news pages cached.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserRepo } from '../../src/server/accounts/repo.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import { seedDemo } from '../../src/server/db/seed/demoSeed.ts';
import { issueToken } from '../../src/server/http/auth.ts';
import { startServer, type ServerProcess } from '../support/serverProcess.ts';
import { approveOverHttp, inviteModerator, moderatorOverHttp, type DeskInvite } from '../support/httpDesk.ts';
import { commentableArticle } from '../support/commentableArticle.ts';
import { seededDataDir } from '../support/seededDataDir.ts';

let server: ServerProcess;
let token = '';
/** A second reader: comments are rate limited per user, and the bangbang case comments again. */
let bangToken = '';
let item = { classId: 0, newsId: 0 };
/** A moderator's enrolment link, made before the server starts (PGlite has one process). */
let moderatorLink: DeskInvite = { account: '', token: '' };
let moderatorHeaders: Record<string, string> = {};

beforeAll(async () => {
  const dataDir = await seededDataDir('sc-invalidate-');
  const database = await openDatabase({ dataDir: path.join(dataDir, 'db') });
  try {
    await seedDemo(database, { mediaDir: path.join(dataDir, 'media') });
    item = await commentableArticle(database);
    token = await database.write(async (tx) => {
      const user = await createUserRepo(tx, { phone: '13911113333', nickname: '缓存读者' });
      return (await issueToken(tx, user.id)).token;
    });
    bangToken = await database.write(async (tx) => {
      const user = await createUserRepo(tx, { phone: '13911113334', nickname: '帮帮读者' });
      return (await issueToken(tx, user.id)).token;
    });
    moderatorLink = await inviteModerator(database, 'cache-moderator');
  } finally {
    await database.close();
  }
  // Both caches on, as in production; limits in memory.
  server = await startServer({ dataDir, env: { LOG_LEVEL: 'warn', API_CACHE: '1', REDIS_URL: '' } });
  // The moderator enrols and signs in over HTTP, as the console does.
  moderatorHeaders = await moderatorOverHttp(server.origin, moderatorLink);
}, 120_000);

/** Approves a held comment on the moderation desk through the console API. */
function approve(plId: number): Promise<void> {
  return approveOverHttp(server.origin, moderatorHeaders, plId);
}

afterAll(() => {
  if (server.child.exitCode === null) server.child.kill('SIGTERM');
});

async function page(url: string): Promise<{ state: string | null; html: string }> {
  const res = await fetch(`${server.origin}${url}`);
  expect(res.status).toBe(200);
  return { state: res.headers.get('x-page-cache'), html: await res.text() };
}

async function post(url: string, body: Record<string, unknown>, bearer = token): Promise<{ statusCode: number; message: string; data: { plId: number } }> {
  const res = await fetch(`${server.origin}${url}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { statusCode: number; message: string; data: { plId: number } };
}

async function api(url: string): Promise<{ state: string | null; data: { id: number; commentCount: number; likeNum: number }[] }> {
  const res = await fetch(`${server.origin}${url}`);
  expect(res.status).toBe(200);
  const body = (await res.json()) as { statusCode: number; data: { id: number; commentCount: number; likeNum: number }[] };
  expect(body.statusCode).toBe(200);
  return { state: res.headers.get('x-api-cache'), data: body.data };
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
    // News comments are reviewed before publication (docs/adr/018-one-review-model.md): public once approved.
    expect((await page(article)).html).not.toContain(text);
    await approve(posted.data.plId);

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

  it('a bangbang comment drops its item’s answers and the politics lists, not the home page or articles', async () => {
    const home = '/shancheng/home/1';
    const article = `/shancheng/NewsDetail?classId=${item.classId}&newsId=${item.newsId}`;
    const listPage = '/shancheng/BangBang/politics/index';
    const listApi = '/v1/bangbang/wenzheng/getNewList?page=1';
    const first = (await api(listApi)).data[0];
    if (!first) throw new Error('no politics item in the seed');
    const commentList = `/v1/comment/getList?from=bang&classid=1&id=${first.id}`;
    for (const url of [home, article, listPage]) {
      await page(url);
      expect((await page(url)).state, url).toBe('hit');
    }
    expect((await api(listApi)).state).toBe('hit');

    const text = `帮帮缓存测试评论 ${Date.now()}`;
    const posted = await post('/v1/comment/store', { from: 'bang', classid: 1, id: first.id, sayText: text }, bangToken);
    expect(posted.statusCode, posted.message).toBe(200);

    // The item's comment list answers the new comment at once; the list answer shows the new count.
    const comments = await api(commentList);
    expect(comments.state).not.toBe('hit');
    expect(JSON.stringify(comments.data)).toContain(text);
    const listAfter = await api(listApi);
    expect(listAfter.state).not.toBe('hit');
    expect(listAfter.data.find((r) => r.id === first.id)?.commentCount).toBe(first.commentCount + 1);
    expect((await page(listPage)).state).toBe('miss');
    // Pages about no bangbang item stay in the page cache.
    expect((await page(home)).state).toBe('hit');
    expect((await page(article)).state).toBe('hit');

    // A delete names the comment by id with from=bang: its row gives the item, the count goes back.
    const deleted = await post('/v1/comment/deleteComment', { from: 'bang', id: posted.data.plId }, bangToken);
    expect(deleted.statusCode, deleted.message).toBe(200);
    expect(JSON.stringify((await api(commentList)).data)).not.toContain(text);
    const listDeleted = await api(listApi);
    expect(listDeleted.state).not.toBe('hit');
    expect(listDeleted.data.find((r) => r.id === first.id)?.commentCount).toBe(first.commentCount);
    expect((await page(home)).state).toBe('hit');

    // A like of the item drops the list answer (its likeNum) and keeps the home page.
    await api(listApi);
    expect((await api(listApi)).state).toBe('hit');
    const liked = await post('/v1/like/do', { newsId: first.id, type: 1, from: 'bang' }, bangToken);
    expect(liked.statusCode, liked.message).toBe(200);
    const listLiked = await api(listApi);
    expect(listLiked.state).not.toBe('hit');
    expect(listLiked.data.find((r) => r.id === first.id)?.likeNum).toBe(first.likeNum + 1);
    expect((await page(home)).state).toBe('hit');

    // A report changes nothing shown: the list answer stays cached.
    const reasons = (await (await fetch(`${server.origin}/v1/comment/reportContent`)).json()) as { data: { type: string[] } };
    const reported = await post('/v1/bangbang/news/doreport', { classid: 1, id: first.id, content: reasons.data.type[0] ?? '' }, bangToken);
    expect(reported.statusCode, reported.message).toBe(200);
    expect((await api(listApi)).state).toBe('hit');
  });
});

describe('an API cache hit answered by the server before the API app (ADR 001)', () => {
  const url = '/kratos/v1/channel/list?channelId=2&page=1';
  const headersOf = (res: Response): Record<string, string> => {
    const out: Record<string, string> = {};
    res.headers.forEach((value, name) => {
      if (name !== 'x-request-id' && name !== 'date') out[name] = value;
    });
    return out;
  };

  it('has the headers and body of a hit through the app, its own request id, and never serves a reader with a token', async () => {
    const miss = await fetch(`${server.origin}${url}`, { headers: { 'accept-encoding': 'gzip' } });
    const missBody = await miss.arrayBuffer();
    // Same origin, no token: the fast path.
    const fast = await fetch(`${server.origin}${url}`, { headers: { 'accept-encoding': 'gzip' } });
    // An Origin (here one CORS does not allow) goes through the app, which replays the same entry.
    const viaApp = await fetch(`${server.origin}${url}`, { headers: { 'accept-encoding': 'gzip', origin: 'http://elsewhere.test' } });
    expect(fast.headers.get('x-api-cache')).toBe('hit');
    expect(headersOf(fast)).toEqual(headersOf(viaApp));
    expect(fast.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(fast.headers.get('x-request-id')).not.toBe(viaApp.headers.get('x-request-id'));
    const fastBody = new Uint8Array(await fast.arrayBuffer());
    expect(fastBody).toEqual(new Uint8Array(await viaApp.arrayBuffer()));
    expect(fastBody).toEqual(new Uint8Array(missBody));
    const reader = await fetch(`${server.origin}${url}`, { headers: { authorization: `Bearer ${token}` } });
    expect(reader.status).toBe(200);
    expect(reader.headers.get('x-api-cache')).toBeNull();
  });
});
