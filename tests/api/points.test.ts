/**
 * Points (ADR 012): the append-only ledger, sign-in with a streak, earning by reading, commenting and
 * sharing within caps and once per key, growth and levels, the yearly expiry, and the exactness rules
 * (50 parallel sign-ins → one credit; the balance never negative). Runs on PGlite and on PostgreSQL.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EarnResult, LedgerItem, PointsRules, PointsSummary, SigninResult } from '../../src/contract/mall.ts';
import { users } from '../../src/server/db/schema/accounts.ts';
import { news } from '../../src/server/db/schema/core.ts';
import { pointsLedger, pointsSignins } from '../../src/server/db/schema/mall.ts';
import { beijingDay } from '../../src/lib/beijingDay.ts';
import { awardPoints, expirePoints, InsufficientPoints, signIn, spendPoints } from '../../src/server/points/service.ts';
import { writeSettingRepo } from '../../src/server/points/repo.ts';
import { envelope, suiteApp, suiteRequests } from '../support/testApp.ts';
import { createTestUser } from '../support/testUsers.ts';

const t = suiteApp();
let articles: { id: number; classId: number }[];

beforeAll(async () => {
  articles = await t.database.db
    .select({ id: news.id, classId: news.classId })
    .from(news)
    .where(and(eq(news.dataType, 3), eq(news.allowPl, true), sql`(${news.permission} & 8) = 0`))
    .orderBy(asc(news.id))
    .limit(14);
});

const { get, postForm: post } = suiteRequests(() => t);

async function account(userId: number) {
  const [row] = await t.database.db
    .select({ credit: users.credit, integral: users.integral, level: users.creditLevel })
    .from(users)
    .where(eq(users.id, userId));
  return row!;
}

async function ledger(userId: number) {
  return t.database.db.select().from(pointsLedger).where(eq(pointsLedger.userId, userId)).orderBy(asc(pointsLedger.id));
}

/** The balance is the ledger's sum, every row's balance_after is the running sum, none negative. */
async function expectLedgerConsistent(userId: number): Promise<void> {
  const rows = await ledger(userId);
  let running = 0;
  for (const row of rows) {
    running += row.amount;
    expect(row.balanceAfter).toBe(running);
    expect(row.balanceAfter).toBeGreaterThanOrEqual(0);
  }
  expect((await account(userId)).credit).toBe(running);
}

describe('sign-in', () => {
  it('pays once a day and answers a second sign-in without paying', async () => {
    const reader = await createTestUser(t.database);
    const first = await envelope<SigninResult>(await post('/v1/points/signin', {}, reader.headers));
    expect(first.statusCode).toBe(200);
    expect(first.message).toBe('签到成功');
    expect(first.data).toMatchObject({ signed: 1, streak: 1, points: 5, credit: 5, integRal: 5 });
    const again = await envelope<SigninResult>(await post('/v1/points/signin', {}, reader.headers));
    expect(again.data).toMatchObject({ signed: 0, points: 0, credit: 5 });
    expect(again.message).toBe('今天已经签到过了');
    await expectLedgerConsistent(reader.userId);
  });

  it('counts a streak of consecutive Beijing days, paying a bonus, and restarts after a missed day', async () => {
    const reader = await createTestUser(t.database);
    const day = (d: string) => new Date(`${d}T02:00:00Z`);
    expect((await signIn(t.database, reader.userId, day('2026-03-01')))!.points).toBe(5);
    expect((await signIn(t.database, reader.userId, day('2026-03-02')))!).toMatchObject({ streak: 2, points: 6 });
    expect((await signIn(t.database, reader.userId, day('2026-03-03')))!).toMatchObject({ streak: 3, points: 7 });
    // 2026-03-04 missed.
    expect((await signIn(t.database, reader.userId, day('2026-03-05')))!).toMatchObject({ streak: 1, points: 5 });
    // 23:30 Beijing on 03-05 is still the same day; 00:30 Beijing (16:30 UTC) is the next one.
    expect((await signIn(t.database, reader.userId, new Date('2026-03-05T15:30:00Z')))!.signed).toBe(false);
    expect((await signIn(t.database, reader.userId, new Date('2026-03-05T16:30:00Z')))!).toMatchObject({ signed: true, streak: 2 });
    await expectLedgerConsistent(reader.userId);
  });

  it('50 parallel sign-ins on one day credit once (service and API)', async () => {
    const reader = await createTestUser(t.database);
    const results = await Promise.all(Array.from({ length: 50 }, () => signIn(t.database, reader.userId)));
    expect(results.filter((r) => r?.signed)).toHaveLength(1);
    const rows = await ledger(reader.userId);
    expect(rows).toHaveLength(1);
    expect((await account(reader.userId)).credit).toBe(5);

    const other = await createTestUser(t.database);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => post('/v1/points/signin', {}, other.headers).then((r) => envelope<SigninResult | null>(r))),
    );
    expect(answers.filter((a) => a.statusCode === 200 && a.data?.signed === 1)).toHaveLength(1);
    const signins = await t.database.db.select().from(pointsSignins).where(eq(pointsSignins.userId, other.userId));
    expect(signins).toHaveLength(1);
    expect(await ledger(other.userId)).toHaveLength(1);
    expect((await account(other.userId)).credit).toBe(5);
  });

  it('refuses anonymous callers with the 301 envelope', async () => {
    const res = await envelope(await post('/v1/points/signin', {}));
    expect(res.statusCode).toBe(301);
    expect((await get('/v1/points/summary')).statusCode).toBe(301);
  });
});

describe('earning by reading, commenting and sharing', () => {
  it('pays a read once per article and stops at the daily cap of 10', async () => {
    const reader = await createTestUser(t.database);
    const a = articles[0]!;
    const first = await envelope<EarnResult>(await post('/v1/points/read', { classId: a.classId, newsId: a.id }, reader.headers));
    expect(first.data).toMatchObject({ awarded: 1, points: 2, credit: 2 });
    const again = await envelope<EarnResult>(await post('/v1/points/read', { classId: a.classId, newsId: a.id }, reader.headers));
    expect(again.data).toMatchObject({ awarded: 0, points: 0, credit: 2 });
    const rest = await Promise.all(
      articles.slice(1, 13).map((x) => post('/v1/points/read', { classId: x.classId, newsId: x.id }, reader.headers).then((r) => envelope<EarnResult>(r))),
    );
    expect(rest.filter((r) => r.data.awarded === 1)).toHaveLength(9);
    expect((await account(reader.userId)).credit).toBe(20);
    await expectLedgerConsistent(reader.userId);
  });

  it('refuses a read of an unknown article or a bad id, paying nothing', async () => {
    const reader = await createTestUser(t.database);
    expect((await envelope(await post('/v1/points/read', { classId: 1, newsId: 99999999 }, reader.headers))).statusCode).toBe(404);
    expect((await envelope(await post('/v1/points/read', { classId: 1, newsId: '1e3' }, reader.headers))).statusCode).toBe(400);
    expect(await ledger(reader.userId)).toHaveLength(0);
  });

  it('pays the first comment of the day in the comment transaction, not the second', async () => {
    const reader = await createTestUser(t.database);
    const a = articles[1]!;
    const first = await envelope(await post('/v1/comment/store', { classId: a.classId, newsId: a.id, sayText: '解放碑这条路终于修好了' }, reader.headers));
    expect(first.statusCode).toBe(200);
    expect((await account(reader.userId)).credit).toBe(5);
    const rows = await ledger(reader.userId);
    expect(rows.map((r) => [r.reason, r.idemKey])).toEqual([['comment', `comment:${beijingDay(new Date())}`]]);
    // A second comment the same day (after the 5 s post interval is not needed: it is refused by the key before the cap).
    const result = await t.database.write((tx) => awardPoints(tx, { userId: reader.userId, reason: 'comment', ref: '2' }));
    expect(result).toEqual({ awarded: false, why: 'duplicate' });
  });

  it('pays a share once per article per day, within the cap', async () => {
    const reader = await createTestUser(t.database);
    const a = articles[2]!;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => post('/v1/points/share', { classId: a.classId, newsId: a.id }, reader.headers).then((r) => envelope<EarnResult>(r))),
    );
    expect(answers.filter((r) => r.data.awarded === 1)).toHaveLength(1);
    expect((await account(reader.userId)).credit).toBe(3);
  });

  it('pays approved items once each (the hook other areas call) and the profile once ever', async () => {
    const reader = await createTestUser(t.database);
    const pay = (reason: 'answer' | 'profile', ref: string) => t.database.write((tx) => awardPoints(tx, { userId: reader.userId, reason, ref }));
    const results = await Promise.all([pay('answer', '7'), pay('answer', '7'), pay('answer', '8'), pay('profile', 'bind'), pay('profile', 'again')]);
    expect(results.filter((r) => r.awarded)).toHaveLength(3);
    expect((await account(reader.userId)).credit).toBe(10 + 10 + 30);
  });
});

describe('balance, growth and level', () => {
  it('never lets the balance go negative: the service refuses and the database checks', async () => {
    const reader = await createTestUser(t.database);
    await signIn(t.database, reader.userId);
    await expect(t.database.write((tx) => spendPoints(tx, { userId: reader.userId, amount: 6, ref: 'x', idemKey: 'exchange:test-1' }))).rejects.toBeInstanceOf(
      InsufficientPoints,
    );
    await expect(t.database.write((tx) => tx.update(users).set({ credit: -1 }).where(eq(users.id, reader.userId)))).rejects.toThrow();
    await expect(
      t.database.write((tx) =>
        tx
          .insert(pointsLedger)
          .values({ userId: reader.userId, amount: -10, balanceAfter: -5, reason: 'exchange', ref: '', day: '2026-01-01', idemKey: 'forged' }),
      ),
    ).rejects.toThrow();
    await expectLedgerConsistent(reader.userId);
  });

  it('raises growth with earnings only and the level by the thresholds; spending keeps both', async () => {
    const reader = await createTestUser(t.database);
    const refs = Array.from({ length: 10 }, (_, i) => String(1000 + i));
    for (const ref of refs.slice(0, 3)) await t.database.write((tx) => awardPoints(tx, { userId: reader.userId, reason: 'tip', ref }));
    for (const ref of refs.slice(0, 5)) await t.database.write((tx) => awardPoints(tx, { userId: reader.userId, reason: 'answer', ref }));
    // tip 3 × 20 + answer 5 × 10 = 110 growth → level 2 (100).
    expect(await account(reader.userId)).toEqual({ credit: 110, integral: 110, level: 2 });
    await t.database.write((tx) => spendPoints(tx, { userId: reader.userId, amount: 100, ref: 'x', idemKey: 'exchange:test-2' }));
    expect(await account(reader.userId)).toEqual({ credit: 10, integral: 110, level: 2 });
    const summary = await get<PointsSummary>('/v1/points/summary', reader.headers);
    expect(summary.data).toMatchObject({ credit: 10, integRal: 110, creditLevel: 2, nextLevelGrowth: 190 });
    const baseInfo = await get<{ credit: number; integRal: number; creditLevel: number }>('/v1/user/baseInfo', reader.headers);
    expect(baseInfo.data).toMatchObject({ credit: 10, integRal: 110, creditLevel: 2 });
    await expectLedgerConsistent(reader.userId);
  });

  it('lists the ledger newest first, in reader words, until an empty page', async () => {
    const reader = await createTestUser(t.database);
    await signIn(t.database, reader.userId);
    await t.database.write((tx) => awardPoints(tx, { userId: reader.userId, reason: 'share', ref: '1:1' }));
    const page1 = await get<LedgerItem[]>('/v1/points/ledger?page=1&pageSize=1', reader.headers);
    expect(page1.data.map((r) => [r.reasonText, r.amount, r.balance])).toEqual([['分享内容', 3, 8]]);
    expect((await get<LedgerItem[]>('/v1/points/ledger?page=2&pageSize=1', reader.headers)).data.map((r) => r.reasonText)).toEqual(['每日签到']);
    expect((await get<LedgerItem[]>('/v1/points/ledger?page=3&pageSize=1', reader.headers)).data).toEqual([]);
  });

  it('reads amounts and caps from settings', async () => {
    const reader = await createTestUser(t.database);
    await t.database.write((tx) => writeSettingRepo(tx, 'earn.share', { points: 4, dailyCap: 1 }));
    try {
      const rules = await get<PointsRules>('/v1/points/rules');
      expect(rules.data.earn.find((r) => r.reason === 'share')).toMatchObject({ points: 4, dailyCap: 1, text: '分享内容' });
      expect(rules.data.expiry).toContain('12月31日');
      const results = await Promise.all(
        ['1:1', '1:2'].map((ref) => t.database.write((tx) => awardPoints(tx, { userId: reader.userId, reason: 'share', ref }))),
      );
      expect(results.filter((r) => r.awarded)).toHaveLength(1);
      expect((await account(reader.userId)).credit).toBe(4);
    } finally {
      await t.database.write((tx) => writeSettingRepo(tx, 'earn.share', { points: 3, dailyCap: 5 }));
    }
  });
});

describe('the yearly expiry', () => {
  it('expires what was earned two years back and not spent, oldest spent first, once even when run twice', async () => {
    const reader = await createTestUser(t.database);
    const at = (d: string) => new Date(`${d}T04:00:00Z`);
    await t.database.write((tx) => awardPoints(tx, { userId: reader.userId, reason: 'tip', ref: 'e1', now: at('2024-05-01') }));
    await t.database.write((tx) => awardPoints(tx, { userId: reader.userId, reason: 'tip', ref: 'e2', now: at('2024-06-01') }));
    await t.database.write((tx) => awardPoints(tx, { userId: reader.userId, reason: 'answer', ref: 'e3', now: at('2025-02-01') }));
    // 40 earned in 2024, 10 in 2025; 15 spent in 2025 comes out of 2024's points first.
    await t.database.write((tx) => spendPoints(tx, { userId: reader.userId, amount: 15, ref: 'x', idemKey: 'exchange:exp', now: at('2025-03-01') }));
    // During 2025 nothing of 2024 has expired yet (valid to the end of 2025).
    await expirePoints(t.database, at('2025-12-31'));
    expect((await account(reader.userId)).credit).toBe(35);
    const first = await expirePoints(t.database, at('2026-01-02'));
    expect(first?.year).toBe(2024);
    expect((await account(reader.userId)).credit).toBe(10);
    await expirePoints(t.database, at('2026-01-02'));
    await expirePoints(t.database, at('2026-06-01'));
    expect((await account(reader.userId)).credit).toBe(10);
    const expired = (await ledger(reader.userId)).filter((r) => r.reason === 'expire');
    expect(expired.map((r) => [r.amount, r.ref])).toEqual([[-25, '2024']]);
    // Growth is kept: expiry never lowers it.
    expect((await account(reader.userId)).integral).toBe(50);
    await expectLedgerConsistent(reader.userId);
  });
});
