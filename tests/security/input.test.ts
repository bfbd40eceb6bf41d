/**
 * Input items of security.md F (all APIs) and A9, on the in-process API with a seeded database. The
 * contract fuzz (contractFuzz.test.ts) proves no hostile value ever answers 500 or writes; this suite
 * pins the exact refusals of the checklist.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendCode, outbox } from '../api/accountsHelpers.ts';
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

async function commentCount(): Promise<number> {
  const rows = await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from comments`);
  return Number((rows as unknown as { rows?: Array<{ n: number }> }).rows?.[0]?.n ?? (rows as unknown as Array<{ n: number }>)[0]?.n);
}

function postComment(body: Record<string, unknown>, query = ''): Promise<Response> {
  return Promise.resolve(
    t.app.request(`/v1/comment/store${query}`, {
      method: 'POST',
      headers: { ...reader.headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
  );
}

describe('F40 type confusion in ids: 400 with a Chinese message, never a database error', () => {
  it.each(['1e3', '-1', '0', '1.5', '99999999999999999999', '1%20OR%201=1', '', '%7B%22%24gt%22%3A%22%22%7D'])('newsId=%s', async (value) => {
    const res = await t.app.request(`/v1/news/getDetails?classId=101&newsId=${value}`);
    expect(res.status).toBe(400);
    const body = await envelope(res);
    expect(body.statusCode).toBe(400);
    expect(body.message).toMatch(/^参数错误/);
    expect(body.message).not.toMatch(/select|postgres|pglite|syntax|relation|stack/i);
  });

  it('an id as a JSON array or object is refused too', async () => {
    for (const newsId of [['1'], { $gt: '' }]) {
      const res = await postComment({ classId: 101, newsId, sayText: '好' });
      expect((await envelope(res)).statusCode).toBe(400);
    }
  });
});

describe('F41 parameter pollution', () => {
  it('a repeated query parameter is refused', async () => {
    expect((await t.app.request('/v1/news/getDetails?classId=101&newsId=1&newsId=2')).status).toBe(400);
  });

  it('a POST reads its fields from the body only: a query classId/newsId cannot redirect the comment', async () => {
    const before = await commentCount();
    // The body lacks the article: the query copy is not used as a fallback.
    const res = await postComment({ sayText: '查询参数不算数' }, '?classId=101&newsId=1');
    expect((await envelope(res)).statusCode).toBe(400);
    expect(await commentCount()).toBe(before);
  });
});

describe('F44/F45 NUL bytes, lone surrogates, broken percent-encoding', () => {
  it.each([
    ['a NUL byte', 'a\u0000b'],
    ['only a NUL byte', '\u0000'],
  ])('a comment with %s is refused with 400 and nothing is stored', async (_name, sayText) => {
    const before = await commentCount();
    const body = await envelope(await postComment({ classId: 101, newsId: 1, sayText }));
    expect(body.statusCode).toBe(400);
    expect(await commentCount()).toBe(before);
  });

  it('a lone surrogate in a JSON comment is refused', async () => {
    const before = await commentCount();
    const res = await t.app.request('/v1/comment/store', {
      method: 'POST',
      headers: { ...reader.headers, 'content-type': 'application/json' },
      body: '{"classId":101,"newsId":1,"sayText":"\\ud800"}',
    });
    expect((await envelope(res)).statusCode).toBe(400);
    expect(await commentCount()).toBe(before);
  });

  it('a broken percent-sequence in free search text is kept as literal text (no crash, no partial decode)', async () => {
    const res = await t.app.request('/kratos/v1/search/home?search=%E4%B8');
    expect(res.status).toBe(200);
    const body = await envelope<unknown[]>(res);
    expect(body.statusCode).toBe(200);
    expect(Array.isArray(body.data)).toBe(true);
  });

  it.each(['/v1/news/getDetails?classId=101&newsId=%E4%B8', '/v1/news/getDetails?classId=%zz&newsId=1'])(
    'invalid percent-encoding in %s answers 400, not 500',
    async (url) => {
      const res = await t.app.request(url);
      expect(res.status).toBeLessThan(500);
      expect((await envelope(res)).statusCode).toBe(400);
    },
  );

  it('a form body with invalid percent-encoding is refused, not half-parsed', async () => {
    const before = await commentCount();
    const res = await t.app.request('/v1/comment/store', {
      method: 'POST',
      headers: { ...reader.headers, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'classId=101&newsId=1&sayText=%E4%B8',
    });
    expect(res.status).toBeLessThan(500);
    expect(await commentCount()).toBe(before + ((await envelope(res)).statusCode === 200 ? 1 : 0));
  });
});

describe('F42 prototype pollution', () => {
  it.each([
    ['form', 'application/x-www-form-urlencoded', '__proto__[admin]=1&constructor[prototype][x]=1&classId=101&newsId=1&sayText=hi'],
    ['json', 'application/json', '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}},"classId":101,"newsId":1,"sayText":"hi"}'],
  ])('a %s body does not touch Object.prototype', async (_name, type, body) => {
    await t.app.request('/v1/comment/store', { method: 'POST', headers: { ...reader.headers, 'content-type': type }, body });
    expect(({} as Record<string, unknown>)['admin']).toBeUndefined();
    expect(({} as Record<string, unknown>)['isAdmin']).toBeUndefined();
    expect(({} as Record<string, unknown>)['x']).toBeUndefined();
  });
});

describe('A9 the SMS code never appears in an answer', () => {
  it('the send answer and the check answer carry no code', async () => {
    const phone = '13712345678';
    const sent = await sendCode(t, phone, 'login', '198.18.9.1');
    expect(sent.statusCode, sent.message).toBe(200);
    const code = /验证码 (\d{6})/.exec((await outbox(t, phone))[0]?.text ?? '')?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(JSON.stringify(sent)).not.toContain(code);
    // A wrong guess answers without echoing the right code either.
    const wrong = code === '000000' ? '111111' : '000000';
    const res = await t.app.request('/v1/user/code_login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.18.9.1' },
      body: JSON.stringify({ phone, code: wrong }),
    });
    expect(await res.text()).not.toContain(code);
  });
});
