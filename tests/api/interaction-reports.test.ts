/** Reports (ADR 007; spec 4, 7.5, 8; security.md F51, J78). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { news } from '../../src/server/db/schema/core.ts';
import { comments, reports } from '../../src/server/db/schema/interaction.ts';
import { createTestApp, envelope, type TestApp } from '../support/testApp.ts';
import { createTestUser, type TestUser } from '../support/testUsers.ts';

let t: TestApp;
let articles: Array<{ id: number; classId: number }>;

beforeAll(async () => {
  t = await createTestApp();
  articles = await t.database.db.select({ id: news.id, classId: news.classId }).from(news).where(eq(news.dataType, 3)).orderBy(news.id).limit(30);
});
afterAll(async () => {
  await t.close();
});

function post(path: string, body: Record<string, unknown>, headers: Record<string, string> = {}): Promise<Response> {
  return Promise.resolve(t.app.request(path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) }));
}

function report(user: TestUser, i: number, content: string) {
  const a = articles[i]!;
  return post('/v1/news/doReport', { classId: a.classId, newsId: a.id, content }, user.headers).then((r) => envelope<{ id: number } | null>(r));
}

async function reportRows(userId: number) {
  return t.database.db.select().from(reports).where(eq(reports.userId, userId));
}

describe('GET /v1/comment/reportContent', () => {
  it('lists the reasons and the hot-line', async () => {
    const a = await envelope<{ type: string[]; tel: string }>(await t.app.request('/v1/comment/reportContent'));
    expect(a.statusCode).toBe(200);
    expect(a.data.type).toContain('谣言虚假');
    expect(a.data.tel).toMatch(/\d/);
  });
});

describe('POST /v1/news/doReport', () => {
  it('answers 301 to an anonymous caller and stores nothing', async () => {
    const before = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(reports);
    const a = await envelope(await post('/v1/news/doReport', { classId: articles[0]!.classId, newsId: articles[0]!.id, content: '谣言虚假' }));
    expect(a.statusCode).toBe(301);
    const after = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(reports);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('stores chosen reasons (deduplicated, in the order sent) and answers 举报成功', async () => {
    const user = await createTestUser(t.database);
    const a = await report(user, 0, '谣言虚假, 广告营销,谣言虚假');
    expect(a.statusCode).toBe(200);
    expect(a.message).toBe('举报成功');
    const rows = await reportRows(user.userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'news', newsId: articles[0]!.id, reasons: '谣言虚假,广告营销' });
  });

  it.each([
    ['no reason', '', 100, '请选择举报内容'],
    ['only commas and spaces', ' , ,', 100, '请选择举报内容'],
    ['a reason not on the list', '谣言虚假,我编的理由', 400, '举报理由不在可选范围内'],
    ['HTML as a reason', '<img src=x onerror=alert(1)>', 400, '举报理由不在可选范围内'],
    ['more than 10 reasons', Array.from({ length: 11 }, (_, i) => `理由${i}`).join(','), 400, '举报理由最多 10 项'],
  ])('refuses %s', async (_name, content, statusCode, message) => {
    const user = await createTestUser(t.database);
    const a = await report(user, 1, content);
    expect(a).toEqual({ statusCode, message, data: null });
    expect(await reportRows(user.userId)).toHaveLength(0);
  });

  it('refuses a NUL byte and 1,000 reasons with 400', async () => {
    const user = await createTestUser(t.database);
    const nul = await post('/v1/news/doReport', { classId: articles[1]!.classId, newsId: articles[1]!.id, content: '谣言虚假\u0000' }, user.headers);
    expect((await envelope(nul)).statusCode).toBe(400);
    const many = await report(user, 1, Array.from({ length: 1000 }, () => '其他').join(','));
    expect(many.statusCode).toBe(400);
  });

  it('keeps one report per reader and article; a second answers with the server message', async () => {
    const user = await createTestUser(t.database);
    expect((await report(user, 2, '其他')).statusCode).toBe(200);
    expect(await report(user, 2, '政治敏感')).toEqual({ statusCode: 100, message: '你已经举报过了，我们会尽快处理', data: null });
    expect(await reportRows(user.userId)).toHaveLength(1);
  });

  it('refuses an unknown article or a forged class id', async () => {
    const user = await createTestUser(t.database);
    const a = await envelope(await post('/v1/news/doReport', { classId: articles[0]!.classId, newsId: 999999, content: '其他' }, user.headers));
    expect(a.statusCode).toBe(404);
    const b = await envelope(await post('/v1/news/doReport', { classId: 424242, newsId: articles[0]!.id, content: '其他' }, user.headers));
    expect(b.statusCode).toBe(404);
  });

  it('allows at most 20 reports a day per reader', async () => {
    const user = await createTestUser(t.database);
    const codes: number[] = [];
    for (let i = 3; i < 25; i++) codes.push((await report(user, i, '其他')).statusCode);
    expect(codes.slice(0, 20).every((c) => c === 200)).toBe(true);
    expect(codes.slice(20)).toEqual([429, 429]);
    expect(await reportRows(user.userId)).toHaveLength(20);
  });
});

describe('POST /api/comment/doReport', () => {
  it('reports a comment, storing the server’s copy of its text, not commentContent', async () => {
    const author = await createTestUser(t.database);
    const reporter = await createTestUser(t.database);
    const a = articles[0]!;
    const [row] = await t.database.db.insert(comments).values({ classId: a.classId, newsId: a.id, userId: author.userId, text: '被举报的评论' }).returning();
    const res = await envelope(
      await post(
        '/api/comment/doReport',
        { commentId: row!.id, classId: 12, newsId: a.id, platformId: 1, content: '广告营销', commentContent: '伪造的内容' },
        reporter.headers,
      ),
    );
    expect(res.statusCode).toBe(200);
    const [stored] = await t.database.db
      .select()
      .from(reports)
      .where(and(eq(reports.userId, reporter.userId), eq(reports.kind, 'comment')));
    expect(stored).toMatchObject({ commentId: row!.id, platformId: 1, classId: 12, commentText: '被举报的评论', reasons: '广告营销' });
  });

  it.each([
    ['a platform id off the table', { platformId: 3 }, 400],
    ['a comment of another item', { newsId: 999999 }, 404],
    ['an unknown comment', { commentId: 99999999 }, 404],
  ])('refuses %s', async (_name, override, statusCode) => {
    const author = await createTestUser(t.database);
    const reporter = await createTestUser(t.database);
    const a = articles[1]!;
    const [row] = await t.database.db.insert(comments).values({ classId: a.classId, newsId: a.id, userId: author.userId, text: '一条评论' }).returning();
    const body = { commentId: row!.id, classId: a.classId, newsId: a.id, platformId: 0, content: '其他', ...override };
    const res = await envelope(await post('/api/comment/doReport', body, reporter.headers));
    expect(res.statusCode).toBe(statusCode);
    expect(await reportRows(reporter.userId)).toHaveLength(0);
  });
});
