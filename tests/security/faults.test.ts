/**
 * security.md M104: when the database cannot write (disk full, I/O error, lost connection) the API
 * answers an error — never success — and nothing half-written remains. The fault is injected at the
 * one write gate (`database.write`), first before the transaction starts, then inside it after the
 * handler's statements ran (the commit fails), which is where a full disk shows up.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client.ts';
import { news } from '../../src/server/db/schema/core.ts';
import { createTestApp, envelope, type TestApp } from '../support/testApp.ts';
import { createTestUser, type TestUser } from '../support/testUsers.ts';

let t: TestApp;
let reader: TestUser;
let realWrite: Database['write'];

beforeAll(async () => {
  t = await createTestApp();
  reader = await createTestUser(t.database);
  realWrite = t.database.write.bind(t.database);
});
afterEach(() => {
  t.database.write = realWrite;
});
afterAll(async () => {
  await t.close();
});

class DiskFull extends Error {
  code = 'ENOSPC';
}

async function commentCount(newsId: number): Promise<number> {
  const result = await t.database.db.execute(sql`select count(*)::int as n from comments where news_id = ${newsId}`);
  const rows = (result as unknown as { rows?: Array<{ n: number }> }).rows ?? (result as unknown as Array<{ n: number }>);
  return Number(rows[0]?.n);
}

async function likeNum(newsId: number): Promise<number> {
  const [row] = await t.database.db.select({ likeNum: news.likeNum }).from(news).where(eq(news.id, newsId));
  return row?.likeNum ?? -1;
}

const faults: Array<[string, () => Database['write']]> = [
  ['before the transaction', () => () => Promise.reject(new DiskFull('ENOSPC: no space left on device, write'))],
  [
    'at commit, after the statements ran',
    () => (fn) =>
      realWrite(async (tx) => {
        await fn(tx);
        // Rolls the whole transaction back, as a failed commit does.
        throw new DiskFull('ENOSPC: no space left on device, write');
      }),
  ],
];

describe.each(faults)('a write fault %s', (_when, fault) => {
  it('a comment answers 500 with the generic message, and nothing is stored', async () => {
    // A reader of its own: the 5 s posting interval is taken before the write and is not under test.
    const author = await createTestUser(t.database);
    const before = await commentCount(1);
    t.database.write = fault();
    const res = await t.app.request('/v1/comment/store', {
      method: 'POST',
      headers: { ...author.headers, 'content-type': 'application/json', 'idempotency-key': `fault-${_when.length}-${Date.now()}` },
      body: JSON.stringify({ classId: 101, newsId: 1, sayText: `磁盘满了也不能说成功 ${_when}` }),
    });
    expect(res.status).toBe(500);
    const body = await envelope(res);
    expect(body.statusCode).toBe(500);
    expect(body.message).not.toMatch(/ENOSPC|no space|stack/i);
    t.database.write = realWrite;
    expect(await commentCount(1)).toBe(before);
  });

  it('a like answers 500, and neither the like row nor the counter changes', async () => {
    const before = await likeNum(2);
    t.database.write = fault();
    const res = await t.app.request('/v1/like/do', {
      method: 'POST',
      headers: { ...reader.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ classId: 101, newsId: 2, type: 1 }),
    });
    expect((await envelope(res)).statusCode).toBe(500);
    t.database.write = realWrite;
    expect(await likeNum(2)).toBe(before);
    // The reader can like it once the disk is back: no half-written like blocks the retry.
    const retry = await envelope(
      await t.app.request('/v1/like/do', {
        method: 'POST',
        headers: { ...reader.headers, 'content-type': 'application/json' },
        body: JSON.stringify({ classId: 101, newsId: 2, type: 1 }),
      }),
    );
    expect(retry.statusCode).toBe(200);
    expect(await likeNum(2)).toBe(before + 1);
    // Undo for the next fault case: a second case likes again from the same state.
    await t.database.db.execute(sql`delete from likes where user_id = ${reader.userId} and target_id = 2`);
    await t.database.db.update(news).set({ likeNum: before }).where(eq(news.id, 2));
  });
});
