/**
 * security.md E39: scripted likes stay within the per-reader caps (≤30 a minute, ≤500 a day; C2),
 * answered as HTTP 200 {statusCode: 429} (J82), and a refused like changes nothing.
 * security.md J76 / C2: new accounts (<24 h) wait 30 s between posts and may start 3 threads and
 * write 10 replies on their first day.
 */
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CommentReply } from '../../src/contract/interaction.ts';
import { news } from '../../src/server/db/schema/core.ts';
import { newsDetailExtras } from '../../src/server/db/schema/detail.ts';
import { comments } from '../../src/server/db/schema/interaction.ts';
import { approveOnDesk } from '../support/desk.ts';
import { createTestApp, envelope, type TestApp } from '../support/testApp.ts';
import { createTestUser, type TestUser } from '../support/testUsers.ts';

let t: TestApp;
let reader: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  reader = await createTestUser(t.database);
});
afterAll(async () => {
  await t.close();
});

function like(classId: number, newsId: number): Promise<Response> {
  return Promise.resolve(
    t.app.request('/v1/like/do', {
      method: 'POST',
      headers: { ...reader.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ classId, newsId, type: 1 }),
    }),
  );
}

describe('like caps per reader (E39)', () => {
  it('30 likes of different articles within a minute pass; the 31st is refused and counts nothing', async () => {
    const items = await t.database.db
      .select({ classId: news.classId, id: news.id, likeNum: news.likeNum })
      .from(news)
      .where(eq(news.permission, 0))
      .orderBy(asc(news.id))
      .limit(31);
    expect(items).toHaveLength(31);
    for (const item of items.slice(0, 30)) {
      const body = await envelope(await like(item.classId, item.id));
      expect(body.statusCode, body.message).toBe(200);
    }
    const last = items[30]!;
    const res = await like(last.classId, last.id);
    expect(res.status).toBe(200);
    expect(await envelope(res)).toEqual({ statusCode: 429, message: '操作过于频繁，请稍后再试', data: null });
    const [after] = await t.database.db.select({ likeNum: news.likeNum }).from(news).where(eq(news.id, last.id));
    expect(after?.likeNum).toBe(last.likeNum);
  });
});

describe('new-account posting rules (J76, C2)', () => {
  let article: { classId: number; id: number };
  /** The test clock: moved forward past the posting intervals instead of sleeping. */
  let clock = Date.now();

  beforeAll(async () => {
    const [row] = await t.database.db
      .select({ classId: news.classId, id: news.id })
      .from(news)
      .leftJoin(newsDetailExtras, eq(newsDetailExtras.newsId, news.id))
      .where(and(eq(news.dataType, 3), eq(news.allowPl, true), sql`coalesce(${newsDetailExtras.hideComments}, false) = false`))
      .orderBy(asc(news.id))
      .limit(1);
    article = row!;
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function advance(ms: number): void {
    clock = Math.max(clock, Date.now()) + ms;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(clock);
  }

  let serial = 0;
  async function post(user: TestUser, extra: Record<string, unknown> = {}) {
    serial += 1;
    const res = await t.app.request('/v1/comment/store', {
      method: 'POST',
      headers: { ...user.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ classId: article.classId, newsId: article.id, sayText: `新用户规则 ${serial}`, ...extra }),
    });
    expect(res.status).toBe(200);
    return envelope<CommentReply>(res);
  }

  async function postsOf(user: TestUser): Promise<number> {
    const [row] = await t.database.db.select({ n: count() }).from(comments).where(eq(comments.userId, user.userId));
    return row?.n ?? 0;
  }

  it('a new account waits 30 s between posts; an established one 5 s', async () => {
    const fresh = await createTestUser(t.database, { ageHours: 0 });
    const settled = await createTestUser(t.database, { ageHours: 25 });
    expect((await post(fresh)).statusCode).toBe(200);
    expect((await post(settled)).statusCode).toBe(200);
    advance(6_000);
    expect(await post(fresh)).toEqual({ statusCode: 429, message: '操作过于频繁，请稍后再试', data: null });
    expect((await post(settled)).statusCode).toBe(200);
    advance(20_000);
    expect((await post(fresh)).statusCode).toBe(429);
    expect(await postsOf(fresh)).toBe(1);
    advance(5_000);
    expect((await post(fresh)).statusCode).toBe(200);
    expect(await postsOf(fresh)).toBe(2);
  });

  it('a new account starts at most 3 threads on its first day, and deleting one frees no slot', async () => {
    const fresh = await createTestUser(t.database, { ageHours: 1 });
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      advance(31_000);
      const body = await post(fresh);
      expect(body.statusCode, body.message).toBe(200);
      ids.push(body.data.plId);
    }
    advance(31_000);
    expect(await post(fresh)).toEqual({ statusCode: 429, message: '新注册用户首日最多发表 3 条评论，请明天再来', data: null });
    const deleted = await t.app.request('/v1/comment/deleteComment', {
      method: 'POST',
      headers: { ...fresh.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ plId: ids[0] }),
    });
    expect((await envelope(deleted)).statusCode).toBe(200);
    advance(31_000);
    expect((await post(fresh)).message).toBe('新注册用户首日最多发表 3 条评论，请明天再来');
    expect(await postsOf(fresh)).toBe(3);
    // Replies have their own cap: the thread limit does not stop them.
    advance(31_000);
    expect((await post(fresh, { plId: ids[1] })).statusCode).toBe(200);
  });

  it('a new account writes at most 10 replies on its first day; the 11th is refused and writes nothing', async () => {
    const author = await createTestUser(t.database);
    const root = await post(author);
    expect(root.statusCode).toBe(200);
    // News comments are reviewed before publication: replies go to a public comment.
    await approveOnDesk(t.database, root.data.plId);
    const fresh = await createTestUser(t.database, { ageHours: 23 });
    for (let i = 0; i < 10; i++) {
      advance(31_000);
      const body = await post(fresh, { plId: root.data.plId });
      expect(body.statusCode, body.message).toBe(200);
    }
    advance(31_000);
    expect(await post(fresh, { plId: root.data.plId })).toEqual({ statusCode: 429, message: '新注册用户首日最多回复 10 次，请明天再来', data: null });
    expect(await postsOf(fresh)).toBe(10);
    // A new thread is still within its own cap.
    expect((await post(fresh)).statusCode).toBe(200);
  });

  it('an account older than 24 h is not held by the first-day caps', async () => {
    const settled = await createTestUser(t.database, { ageHours: 24.5 });
    for (let i = 0; i < 4; i++) {
      advance(6_000);
      const body = await post(settled);
      expect(body.statusCode, body.message).toBe(200);
    }
    expect(await postsOf(settled)).toBe(4);
  });
});
