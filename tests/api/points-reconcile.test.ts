/**
 * The finance reconciliation at scale (docs/security.md "Points mall desk"): 10,000 readers with random
 * ledger histories (earnings, spending, refunds, expiry; every row's balance after the running sum) — the
 * console's check finds every balance equal to its ledger, then names exactly the readers whose balance
 * or last row was made to drift, and no one else.
 */
import { randomInt } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema/accounts.ts';
import { pointsLedger } from '../../src/server/db/schema/mall.ts';
import { reconcile } from '../../src/server/mallDesk/service.ts';
import { suiteApp } from '../support/testApp.ts';

const t = suiteApp({ seed: false });
const READERS = 10_000;
const REASONS = ['signin', 'read', 'share', 'exchange', 'refund', 'expire', 'grant'] as const;

describe('reconciling 10,000 readers', () => {
  it('every balance equals its ledger; planted drifts are named exactly', { timeout: 600_000 }, async () => {
    const ids: number[] = [];
    for (let start = 0; start < READERS; start += 1000) {
      const rows = Array.from({ length: 1000 }, (_, i) => ({ phone: `150${String(start + i).padStart(8, '0')}`, nickname: `对账读者${start + i}` }));
      ids.push(...(await t.database.db.insert(users).values(rows).returning({ id: users.id })).map((r) => r.id));
    }
    let ledger: (typeof pointsLedger.$inferInsert)[] = [];
    const credits = new Map<number, number>();
    for (const userId of ids) {
      let balance = 0;
      const n = randomInt(0, 9);
      for (let k = 0; k < n; k++) {
        const reason = REASONS[randomInt(REASONS.length)]!;
        const spending = reason === 'exchange' || reason === 'expire';
        // Spending never takes the balance below 0 (the ledger's own check).
        const amount = spending ? -Math.min(balance, randomInt(1, 400)) : randomInt(1, 300);
        if (amount === 0) continue;
        balance += amount;
        ledger.push({ userId, amount, balanceAfter: balance, reason, ref: String(k), day: `2026-0${1 + (k % 9)}-1${k % 10}`, idemKey: `${reason}:${k}` });
      }
      credits.set(userId, balance);
      if (ledger.length >= 2000) {
        await t.database.db.insert(pointsLedger).values(ledger);
        ledger = [];
      }
    }
    if (ledger.length > 0) await t.database.db.insert(pointsLedger).values(ledger);
    // Balances as this test computed them (not from the ledger the check reads).
    for (let i = 0; i < ids.length; i += 1000) {
      const values = sql.join(
        ids.slice(i, i + 1000).map((id) => sql`(${id}::int, ${credits.get(id)!}::int)`),
        sql`, `,
      );
      await t.database.db.execute(sql`update users u set credit = v.c from (values ${values}) as v(id, c) where u.id = v.id`);
    }

    const clean = await reconcile(t.database);
    expect(clean).toMatchObject({ readers: READERS, mismatchCount: 0, balanced: true });
    expect(clean.balances).toBe([...credits.values()].reduce((s, c) => s + c, 0));

    // Two readers drift: one balance moved without a ledger row, one ledger row whose balance after is wrong.
    const [a, b] = [ids[1234]!, ids[8765]!];
    await t.database.db
      .update(users)
      .set({ credit: sql`${users.credit} + 7` })
      .where(inArray(users.id, [a]));
    await t.database.db
      .insert(pointsLedger)
      .values({ userId: b, amount: 5, balanceAfter: credits.get(b)! + 6, reason: 'grant', ref: 'drift', day: '2026-10-01', idemKey: 'drift' });
    await t.database.db
      .update(users)
      .set({ credit: credits.get(b)! + 5 })
      .where(inArray(users.id, [b]));
    const drifted = await reconcile(t.database);
    expect(drifted.balanced).toBe(false);
    expect(drifted.mismatchCount).toBe(2);
    expect(drifted.mismatches.map((m) => m.userId).sort((x, y) => x - y)).toEqual([a, b].sort((x, y) => x - y));
  });
});
