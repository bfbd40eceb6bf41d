/**
 * A seller's figures on 10,000 complaints (docs/security.md "Answering desks": computed, never stored): the
 * database's aggregate equals the same arithmetic done row by row here, and the page's service time on that data
 * is printed as a bench figure (not asserted: a timing is a benchmark, not a test).
 */
import { describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { sellerPageService, toSellerFigures } from '../../src/server/answer/complaints/complaintDesk.ts';
import { answerUnits } from '../../src/server/db/schema/answer.ts';
import { complaints } from '../../src/server/db/schema/community.ts';
import { suiteApp } from '../support/testApp.ts';

vi.setConfig({ testTimeout: 120_000 });
const t = suiteApp({ seed: false });
const N = 10_000;
const DAY = 86_400_000;

describe('seller figures', () => {
  it.each([
    [
      { received: 0, replied: 0, solved: 0 },
      { replyRate: '—', solvedRate: '—' },
    ],
    [
      { received: 3, replied: 2, solved: 1 },
      { replyRate: '66.7%', solvedRate: '33.3%' },
    ],
    [
      { received: 8, replied: 8, solved: 7 },
      { replyRate: '100.0%', solvedRate: '87.5%' },
    ],
  ])('toSellerFigures(%o) → %o', (counts, expected) => {
    expect(toSellerFigures(counts)).toMatchObject(expected);
  });

  it('on 10,000 complaints, the figures equal the row-by-row arithmetic', async () => {
    const db = t.database.db;
    const [unit] = await db.insert(answerUnits).values({ kind: 'seller', name: '测试直播旗舰店' }).returning();
    const [other] = await db.insert(answerUnits).values({ kind: 'seller', name: '测试好物直播间' }).returning();
    const now = new Date('2026-11-27T02:00:00Z');
    const states = ['submitted', 'processing', 'replied', 'completed', 'completed', 'completed', 'refused'] as const;
    const rows = Array.from({ length: N }, (_, i) => {
      const status = states[(i * 7919) % states.length]!;
      const sent = status !== 'submitted' && status !== 'refused' && i % 11 !== 0;
      const replied = status === 'replied' || status === 'completed' || (status === 'processing' && i % 3 === 0);
      const closedBy = status === 'completed' ? (i % 4 === 0 ? 'auto' : 'complainant') : '';
      return {
        unitId: sent ? (i % 5 === 4 ? other!.id : unit!.id) : null,
        status,
        sellerReplyAt: sent && replied ? new Date(now.getTime() - (i % 30) * DAY) : null,
        closedBy,
      };
    });
    await t.database.write(async (tx) => {
      for (let start = 0; start < N; start += 1000) {
        await tx.insert(complaints).values(
          rows.slice(start, start + 1000).map((r, k) => ({
            userId: 1 + ((start + k) % 50),
            platform: '抖音',
            shopName: '测试直播旗舰店',
            problemType: '货不对板',
            content: `投诉 ${start + k}`,
            demand: '退款',
            contactPhone: '13800138000',
            ...r,
          })),
        );
      }
    });
    expect((await db.select({ n: sql<number>`count(*)::int` }).from(complaints))[0]!.n).toBe(N);

    const mine = rows.filter((r) => r.unitId === unit!.id);
    const expected = toSellerFigures({
      received: mine.length,
      replied: mine.filter((r) => r.sellerReplyAt !== null).length,
      solved: mine.filter((r) => r.closedBy === 'complainant').length,
    });
    const started = performance.now();
    const page = await sellerPageService(db, unit!.id);
    const ms = performance.now() - started;
    expect(page.figures).toEqual(expected);
    expect(page.figures.received).toBeGreaterThan(5000);
    expect(page.figures.solved).toBeGreaterThan(0);
    expect(page.figures.solved).toBeLessThan(page.figures.replied);
    console.info(`bench: seller page on ${N} complaints (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}) in ${ms.toFixed(1)} ms`);
  });
});
