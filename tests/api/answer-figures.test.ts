/**
 * A department's figures on 10,000 questions (docs/security.md "Answering desks": computed, never stored):
 * the database's aggregate equals the same arithmetic done row by row here, and the page's service time
 * on that data is printed as a bench figure (not asserted: a timing is a benchmark, not a test).
 */
import { describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { departmentPageService, toFigures } from '../../src/server/answer/politicsDesk.ts';
import { answerUnits, politicsCases } from '../../src/server/db/schema/answer.ts';
import { bangPolitics } from '../../src/server/db/schema/bangbang.ts';
import { suiteApp } from '../support/testApp.ts';

// Each test signs several staff in (argon2 and TOTP) on a shared 2-core machine.
vi.setConfig({ testTimeout: 120_000 });
const t = suiteApp({ seed: false });
const N = 10_000;
const DAY = 86_400_000;

describe('department figures', () => {
  it.each([
    [
      { received: 0, replied: 0, replySeconds: 0, rated: 0, satisfied: 0, overdue: 0 },
      { replyRate: '—', averageDays: '—', satisfaction: '—' },
    ],
    [
      { received: 3, replied: 2, replySeconds: 3 * 86_400, rated: 2, satisfied: 1, overdue: 1 },
      { replyRate: '66.7%', averageDays: '1.5', satisfaction: '50.0%' },
    ],
    [
      { received: 7, replied: 7, replySeconds: 7 * 43_200, rated: 3, satisfied: 3, overdue: 0 },
      { replyRate: '100.0%', averageDays: '0.5', satisfaction: '100.0%' },
    ],
  ])('toFigures(%o) → %o', (counts, expected) => {
    expect(toFigures(counts)).toMatchObject(expected);
  });

  it('on 10,000 questions, the figures equal the row-by-row arithmetic', async () => {
    const db = t.database.db;
    const [unit] = await db.insert(answerUnits).values({ name: '测试区城市管理局' }).returning();
    const [other] = await db.insert(answerUnits).values({ name: '测试区交通局' }).returning();
    const now = new Date('2026-11-27T02:00:00Z');
    const rows = Array.from({ length: N }, (_, i) => {
      const acceptedAt = new Date(now.getTime() - (30 + (i % 20)) * DAY);
      const state = i % 10 < 6 ? 'replied' : i % 10 < 8 ? 'processing' : 'accepted';
      const repliedAt = state === 'replied' ? new Date(acceptedAt.getTime() + ((i * 7919) % (9 * DAY))) : null;
      const rating = state === 'replied' && i % 3 !== 0 ? (i % 4 === 0 ? 2 : 1) : null;
      const dueAt = new Date(acceptedAt.getTime() + (i % 2 === 0 ? 7 : 60) * DAY);
      return { unitId: i % 5 === 4 ? other!.id : unit!.id, state, acceptedAt, repliedAt, rating, dueAt };
    });
    await t.database.write(async (tx) => {
      for (let start = 0; start < N; start += 1000) {
        const chunk = rows.slice(start, start + 1000);
        const ids = await tx
          .insert(bangPolitics)
          .values(
            chunk.map((_, k) => ({
              userId: 1,
              title: `问政 ${start + k}`,
              content: '内容',
              department: '测试区城市管理局',
              status: chunk[k]!.state === 'replied' ? 1 : 0,
            })),
          )
          .returning({ id: bangPolitics.id });
        await tx.insert(politicsCases).values(chunk.map((r, k) => ({ politicsId: ids[k]!.id, ...r, updatedAt: now })));
      }
    });
    expect((await db.select({ n: sql<number>`count(*)::int` }).from(politicsCases))[0]!.n).toBe(N);

    const mine = rows.filter((r) => r.unitId === unit!.id);
    const replied = mine.filter((r) => r.state === 'replied');
    const rated = mine.filter((r) => r.rating !== null);
    const expected = toFigures({
      received: mine.length,
      replied: replied.length,
      replySeconds: replied.reduce((s, r) => s + (r.repliedAt!.getTime() - r.acceptedAt.getTime()) / 1000, 0),
      rated: rated.length,
      satisfied: rated.filter((r) => r.rating === 1).length,
      overdue: mine.filter((r) => r.state !== 'replied' && r.dueAt.getTime() < now.getTime()).length,
    });
    const started = performance.now();
    const page = await departmentPageService(db, unit!.id, now);
    const ms = performance.now() - started;
    expect(page.figures).toEqual(expected);
    expect(page.figures.received).toBe(8000);
    console.info(`bench: department page on ${N} questions (PGlite) in ${ms.toFixed(1)} ms`);
  });
});
