/**
 * Attacks on the 爆料 inbox (docs/security.md "Answering desks"): the same tip adopted twice at once (by one
 * editor's double click and by two editors naming different reporters) pays its tipster once; people
 * without answer.tips (a reporter, a department, a moderator) and readers cannot use the inbox; a tip still
 * in review cannot be adopted.
 */
import { describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Tip } from '../../src/contract/bangbangBoard.ts';
import type { ConsoleTip } from '../../src/contract/tipDesk.ts';
import { tipCases } from '../../src/server/db/schema/answer.ts';
import { bangTips } from '../../src/server/db/schema/bangbang.ts';
import { pointsLedger } from '../../src/server/db/schema/mall.ts';
import { auditLog } from '../../src/server/db/schema/staff.ts';
import { suiteApp, suiteRequests } from '../support/testApp.ts';
import { createTestUser, type TestUser } from '../support/testUsers.ts';
import { consoleCall, createTestStaff } from '../support/testStaff.ts';

// Each test signs several staff in (argon2 and TOTP) on a shared 2-core machine.
vi.setConfig({ testTimeout: 120_000 });
const t = suiteApp();
const { postJson: post } = suiteRequests(() => t);

let sent = 0;
async function sendTip(tipster: TestUser): Promise<number> {
  sent += 1;
  const res = await post<Tip>(
    '/v1/bangbang/baoliao/add',
    { content: `沙坪坝三峡广场的地下通道积水很深，行人只能绕行（${sent}）`, place: '沙坪坝区' },
    { ...tipster.headers, 'idempotency-key': `tip-attack-${process.pid}-${sent}` },
  );
  expect(res.statusCode, res.message).toBe(200);
  return res.data.id;
}

async function rewards(tipster: TestUser) {
  return t.database.db
    .select()
    .from(pointsLedger)
    .where(and(eq(pointsLedger.userId, tipster.userId), eq(pointsLedger.reason, 'tip')));
}

describe('points for a tip adopted twice at once', () => {
  it('one editor’s double click: both answer the adopted tip, one ledger row, one audit row', async () => {
    const editor = await createTestStaff(t, 'editor');
    const reporter = await createTestStaff(t, 'reporter');
    const tipster = await createTestUser(t.database);
    const id = await sendTip(tipster);
    const both = await Promise.all([0, 1, 2].map(() => consoleCall<ConsoleTip>(t, 'POST', '/tips/adopt', { id, reporterId: reporter.id }, editor.headers)));
    expect(both.map((r) => [r.statusCode, r.data?.state])).toEqual(Array(3).fill([200, 'adopted']));
    expect(await rewards(tipster)).toHaveLength(1);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.itemKind, 'tip'), eq(auditLog.itemId, String(id))))
      .orderBy(auditLog.id);
    expect(audit.map((a) => a.action)).toEqual(['tip.adopt']);
  });

  it('two editors naming different reporters at once: one lands, the other is refused in Chinese; paid once', async () => {
    const [a, b] = [await createTestStaff(t, 'editor'), await createTestStaff(t, 'chief')];
    const [r1, r2] = [await createTestStaff(t, 'reporter'), await createTestStaff(t, 'reporter')];
    const tipster = await createTestUser(t.database);
    const id = await sendTip(tipster);
    const results = await Promise.all([
      consoleCall<ConsoleTip>(t, 'POST', '/tips/adopt', { id, reporterId: r1.id }, a.headers),
      consoleCall<ConsoleTip>(t, 'POST', '/tips/adopt', { id, reporterId: r2.id }, b.headers),
    ]);
    const landed = results.filter((r) => r.statusCode === 200);
    expect(landed).toHaveLength(1);
    expect(results.find((r) => r.statusCode !== 200)?.message).toBe('该爆料已被处理，请刷新后查看');
    const [c] = await t.database.db.select().from(tipCases).where(eq(tipCases.tipId, id));
    expect(c!.reporterId).toBe(landed[0]!.data.reporterId);
    expect(await rewards(tipster)).toHaveLength(1);
  });
});

describe('the wrong people on the inbox', () => {
  it('a reporter, a department and a moderator are refused every inbox endpoint (403) and nothing changes', async () => {
    const tipster = await createTestUser(t.database);
    const id = await sendTip(tipster);
    const reporter = await createTestStaff(t, 'reporter');
    for (const role of ['reporter', 'department', 'moderator'] as const) {
      const person = role === 'reporter' ? reporter : await createTestStaff(t, role);
      const tries = [
        await consoleCall(t, 'GET', '/tips/inbox?queue=new&page=1', undefined, person.headers),
        await consoleCall(t, 'GET', '/tips/options', undefined, person.headers),
        await consoleCall(t, 'POST', '/tips/adopt', { id, reporterId: reporter.id }, person.headers),
        await consoleCall(t, 'POST', '/tips/decline', { id, reason: '越权的原因' }, person.headers),
      ];
      expect(tries.map((r) => r.res.status)).toEqual([403, 403, 403, 403]);
    }
    expect(await t.database.db.select().from(tipCases).where(eq(tipCases.tipId, id))).toEqual([]);
    expect(await rewards(tipster)).toEqual([]);
  });

  it('a reader’s token is not a console session; a tip still in review cannot be adopted', async () => {
    const editor = await createTestStaff(t, 'editor');
    const reporter = await createTestStaff(t, 'reporter');
    const tipster = await createTestUser(t.database);
    const id = await sendTip(tipster);
    const asReader = await consoleCall(t, 'POST', '/tips/adopt', { id, reporterId: reporter.id }, tipster.headers);
    expect(asReader.res.status).toBe(401);
    await t.database.db.update(bangTips).set({ reviewState: 'pending' }).where(eq(bangTips.id, id));
    expect((await consoleCall(t, 'POST', '/tips/adopt', { id, reporterId: reporter.id }, editor.headers)).message).toBe('该爆料尚未通过审核，不能处理');
    expect(await rewards(tipster)).toEqual([]);
  });
});
