/**
 * The crash test of ADR 012: readers exchange concurrently, the server is killed
 * with SIGKILL at a random moment mid-stream, and after a restart on the same data every exchange that
 * got a success answer exists exactly once with its ledger row, no exchange ledger row exists without
 * its exchange, stock plus exchanges equals the starting stock, balances equal their ledgers, and a
 * retry of every exchange with its key answers the same exchange (or makes it once).
 * Shared by tests/server/mallCrash.test.ts (PGlite) and tests/services/mallCrash.test.ts (PostgreSQL).
 */
import { randomBytes, randomInt } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database } from '../../src/server/db/client.ts';
import { users } from '../../src/server/db/schema/accounts.ts';
import { mallCategories, mallExchanges, mallGoods, pointsLedger } from '../../src/server/db/schema/mall.ts';
import { grantPoints } from '../../src/server/points/service.ts';
import { loadUntilKilled, postForm, shuffle, type CrashTarget, type WriteAnswer } from './crashHarness.ts';
import { startServer, stopServer } from './serverProcess.ts';
import { createTestUsers, type TestUser } from './testUsers.ts';

const READERS = 30;
const PER_READER = 5;
const STOCK = 90;
const PRICE = 10;
/** Points each reader starts with: enough for 4 of their 5 exchanges, so some are refused for points. */
const START_POINTS = 40;

interface Job {
  user: TestUser;
  key: string;
}
async function send(origin: string, goodsId: number, job: Job): Promise<WriteAnswer | null> {
  return postForm(`${origin}/v1/mall/exchange`, { ...job.user.headers, 'idempotency-key': job.key }, { goodsId });
}

export async function runMallCrashScenario(target: CrashTarget): Promise<{ acknowledged: number; inFlight: number }> {
  // Goods, readers, tokens and points go in before the server starts (PGlite has one owner at a time).
  let database: Database = await target.open();
  const [category] = await database.db.insert(mallCategories).values({ name: '崩溃测试' }).returning({ id: mallCategories.id });
  const [goods] = await database.db
    .insert(mallGoods)
    .values({ categoryId: category!.id, kind: 'coupon', name: '崩溃测试券', price: PRICE, stock: STOCK, validUntil: '2099-12-31' })
    .returning({ id: mallGoods.id });
  const goodsId = goods!.id;
  const readers = await createTestUsers(database, READERS);
  for (const r of readers)
    await database.write((tx) => grantPoints(tx, { userId: r.userId, amount: START_POINTS, ref: 'crash', idemKey: `crash-${r.userId}` }));
  await database.close();

  const run = randomBytes(4).toString('hex');
  const jobs: Job[] = [];
  readers.forEach((user, u) => {
    for (let j = 0; j < PER_READER; j++) jobs.push({ user, key: `mallcrash-${run}-${u}-${j}` });
  });
  shuffle(jobs);

  let server = await startServer({ dataDir: target.dataDir, env: { SEED_DEMO: '0', ...target.env } });
  const { acknowledged, inFlightAtKill, acked } = await loadUntilKilled(server, jobs, {
    killAfter: randomInt(15, 61),
    workers: 16,
    send: (origin, job) => send(origin, goodsId, job),
  });

  // Restart on the same data; a retry of every acknowledged exchange with its key answers the same exchange.
  server = await startServer({ dataDir: target.dataDir, env: { SEED_DEMO: '0', ...target.env } });
  try {
    for (const job of jobs.filter((j) => acked(j))) {
      const retry = await send(server.origin, goodsId, job);
      expect(retry?.statusCode, `retry of ${job.key}`).toBe(200);
      expect(retry?.data?.id, `retry of acknowledged ${job.key}`).toBe(acked(job)!.data?.id);
    }
  } finally {
    await stopServer(server);
  }

  database = await target.open();
  try {
    const userIds = readers.map((r) => r.userId);
    const exchanges = await database.db.select().from(mallExchanges).where(inArray(mallExchanges.userId, userIds));
    for (const job of jobs) {
      const mine = exchanges.filter((e) => e.userId === job.user.userId && e.idemKey === job.key);
      const first = acked(job);
      if (first) {
        expect(mine, `acknowledged exchange ${job.key}`).toHaveLength(1);
        expect(mine[0]!.id).toBe(first.data?.id);
      } else expect(mine.length).toBeLessThanOrEqual(1);
    }
    const ledger = await database.db.select().from(pointsLedger).where(inArray(pointsLedger.userId, userIds)).orderBy(asc(pointsLedger.id));
    const spent = ledger.filter((r) => r.reason === 'exchange');
    // Every exchange has exactly one ledger row of its price, and no exchange row is missing behind a ledger row.
    expect(spent).toHaveLength(exchanges.length);
    for (const e of exchanges) {
      const rows = spent.filter((r) => r.ref === String(e.id));
      expect(rows, `ledger of exchange ${e.id}`).toHaveLength(1);
      expect(rows[0]!.amount).toBe(-PRICE);
      expect(rows[0]!.idemKey).toBe(`exchange:${e.idemKey}`);
    }
    for (const r of readers) {
      const mine = ledger.filter((l) => l.userId === r.userId);
      const sum = mine.reduce((s, l) => s + l.amount, 0);
      const [account] = await database.db.select({ credit: users.credit }).from(users).where(eq(users.id, r.userId));
      expect(account!.credit).toBe(sum);
      expect(account!.credit).toBeGreaterThanOrEqual(0);
    }
    const [after] = await database.db
      .select({ stock: mallGoods.stock, sold: mallGoods.sold })
      .from(mallGoods)
      .where(and(eq(mallGoods.id, goodsId)));
    const forGoods = exchanges.filter((e) => e.goodsId === goodsId).length;
    expect(after!.stock + forGoods).toBe(STOCK);
    expect(after!.sold).toBe(forGoods);
  } finally {
    await database.close();
  }
  return { acknowledged, inFlight: inFlightAtKill };
}
