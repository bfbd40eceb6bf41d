/**
 * Invisible and control characters (security.md F47): every input string passes one rule in the API's
 * input layer (src/server/http/input.ts cleanText) — control characters (BEL, ESC …) and bidirectional
 * overrides are stripped, and text made only of invisible characters counts as empty, so a required field
 * of zero-width spaces is refused in Chinese and nothing is written.
 */
import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cleanInput, cleanText } from '../../src/server/http/input.ts';
import { bangQuestions } from '../../src/server/db/schema/bangbang.ts';
import { comments } from '../../src/server/db/schema/interaction.ts';
import { mallCategories, mallExchanges, mallGoods } from '../../src/server/db/schema/mall.ts';
import { users } from '../../src/server/db/schema/accounts.ts';
import { grantPoints } from '../../src/server/points/service.ts';
import { envelope, suiteApp } from '../support/testApp.ts';
import { createTestUser, type TestUser } from '../support/testUsers.ts';

const t = suiteApp();

const ZW = '\u200B\u200B\u200B\u200B\u200B';
const INVISIBLE = ['\u200B', ZW, '\u200C\u200D\uFEFF', '\u2060\u3164', ' \u200B\u3000\u200B ', '\u202E\u200B', '\u0007\u001B'];

const key = () => randomUUID().replace(/-/g, '');

async function post(path: string, body: Record<string, unknown>, user: TestUser, encoding: 'json' | 'form' = 'json') {
  const headers = { ...user.headers, 'idempotency-key': key(), 'content-type': encoding === 'json' ? 'application/json' : 'application/x-www-form-urlencoded' };
  const payload = encoding === 'json' ? JSON.stringify(body) : new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])).toString();
  return envelope<Record<string, unknown>>(await t.app.request(path, { method: 'POST', headers, body: payload }));
}

describe('the input rule', () => {
  it('strips control characters and bidirectional overrides, blanks invisible-only text, keeps visible text with its joiners', () => {
    expect(cleanText('响\u0007铃\u001B[31m红')).toBe('响铃[31m红');
    expect(cleanText('abc\u202Egnp.exe')).toBe('abcgnp.exe');
    expect(cleanText('\u2066隔离\u2069')).toBe('隔离');
    for (const s of INVISIBLE) expect(cleanText(s), JSON.stringify(s)).toBe('');
    expect(cleanText('👨\u200D👩\u200D👧')).toBe('👨\u200D👩\u200D👧');
    expect(cleanText('第一行\n第二行\t缩进')).toBe('第一行\n第二行\t缩进');
    // NUL is left for the contracts to refuse with the field's name (F44).
    expect(cleanText('a\u0000b')).toBe('a\u0000b');
    expect(cleanInput({ a: [ZW, { b: '\u0007x' }], n: 1 })).toEqual({ a: ['', { b: 'x' }], n: 1 });
  });
});

describe('required text of invisible characters is refused; nothing is written', () => {
  it('a mall exchange whose name or address is zero-width spaces ships to nobody: refused, no points spent', async () => {
    const reader = await createTestUser(t.database);
    await t.database.write((tx) => grantPoints(tx, { userId: reader.userId, amount: 100, ref: 'test', idemKey: key() }));
    const [cat] = await t.database.db.select({ id: mallCategories.id }).from(mallCategories).orderBy(asc(mallCategories.id)).limit(1);
    const [goods] = await t.database.db
      .insert(mallGoods)
      .values({ categoryId: cat!.id, kind: 'physical', name: `测试实物 ${key().slice(0, 6)}`, price: 10, stock: 100, validUntil: null })
      .returning({ id: mallGoods.id });
    const good = { goodsId: goods!.id, name: '李四', phone: '13800138000', region: '重庆市渝中区', address: '解放碑步行街 1 号' };
    for (const encoding of ['json', 'form'] as const) {
      for (const invisible of INVISIBLE) {
        const noName = await post('/v1/mall/exchange', { ...good, name: invisible }, reader, encoding);
        expect(noName.statusCode, `name ${JSON.stringify(invisible)} (${encoding})`).not.toBe(200);
        expect(noName.message).toMatch(/收货人/);
        const noAddress = await post('/v1/mall/exchange', { ...good, address: invisible }, reader, encoding);
        expect(noAddress.statusCode).not.toBe(200);
        expect(noAddress.message).toMatch(/详细地址/);
      }
    }
    expect(await t.database.db.select().from(mallExchanges).where(eq(mallExchanges.userId, reader.userId))).toEqual([]);
    const [row] = await t.database.db.select({ credit: users.credit }).from(users).where(eq(users.id, reader.userId));
    expect(row!.credit).toBe(100);
    // The same exchange with visible text goes through, with the control characters gone.
    const done = await post('/v1/mall/exchange', { ...good, name: '李\u0007四\u202E' }, reader);
    expect(done.statusCode).toBe(200);
    expect((done.data as { address: { name: string } }).address.name).toBe('李四');
  });

  it('a question titled with five zero-width spaces is refused in Chinese and not posted', async () => {
    const reader = await createTestUser(t.database);
    const before = await t.database.db.select({ id: bangQuestions.id }).from(bangQuestions).where(eq(bangQuestions.userId, reader.userId));
    for (const title of [ZW, `${ZW}${ZW}`, '\u3164\u3164\u3164\u3164\u3164']) {
      const res = await post('/v1/bangbang/wenda/add', { title, content: '看不见的标题' }, reader);
      expect(res.statusCode).toBe(400);
      expect(res.message).toBe('参数错误: 问题标题不能为空');
    }
    expect(await t.database.db.select({ id: bangQuestions.id }).from(bangQuestions).where(eq(bangQuestions.userId, reader.userId))).toEqual(before);
  });

  it('a comment keeps its text but loses the bell, the escape and the override', async () => {
    const reader = await createTestUser(t.database);
    const res = await post('/v1/comment/store', { classId: 101, newsId: 1, sayText: '好\u0007消息\u001B \u202E来了' }, reader);
    expect(res.statusCode).toBe(200);
    const [row] = await t.database.db.select({ text: comments.text }).from(comments).where(eq(comments.userId, reader.userId));
    expect(row!.text).toBe('好消息 来了');
    const blank = await post('/v1/comment/store', { classId: 101, newsId: 1, sayText: ZW }, reader);
    expect(blank.message).toBe('参数错误: 评论内容不能为空');
  });
});
