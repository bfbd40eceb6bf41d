/**
 * The newsroom's 爆料 inbox (线索) through its endpoints (docs/security.md "Answering desks"): a reader sends a
 * tip; the desk adopts it and gives it to a reporter (the tipster is rewarded once: spec 9 "线索采用有奖"),
 * links it to the published story, or does not use it with a reason; the tipster reads each state in
 * 我的爆料; every step writes its audit row.
 */
import { describe, expect, it, vi } from 'vitest';
import { and, desc, eq, lte } from 'drizzle-orm';
import type { Tip } from '../../src/contract/bangbangBoard.ts';
import type { MyItem } from '../../src/contract/interact.ts';
import type { PointsSummary } from '../../src/contract/mall.ts';
import type { ConsoleTip } from '../../src/contract/tipDesk.ts';
import { news } from '../../src/server/db/schema/core.ts';
import { pointsLedger } from '../../src/server/db/schema/mall.ts';
import { auditLog } from '../../src/server/db/schema/staff.ts';
import { suiteApp, suiteRequests } from '../support/testApp.ts';
import { createTestUser, type TestUser } from '../support/testUsers.ts';
import { consoleCall, createTestStaff } from '../support/testStaff.ts';

// Each test signs several staff in (argon2 and TOTP) on a shared 2-core machine.
vi.setConfig({ testTimeout: 120_000 });
const t = suiteApp();
const { get, postJson: post } = suiteRequests(() => t);

let sent = 0;
async function sendTip(tipster: TestUser, content = '南坪万达门口的人行道塌了一个大坑，已经有电动车摔倒了'): Promise<number> {
  sent += 1;
  const res = await post<Tip>(
    '/v1/bangbang/baoliao/add',
    { content: `${content}（${sent}）`, place: '南岸区南坪' },
    { ...tipster.headers, 'idempotency-key': `tip-${process.pid}-${sent}` },
  );
  expect(res.statusCode, res.message).toBe(200);
  return res.data.id;
}

const credit = async (u: TestUser) => (await get<PointsSummary>('/v1/points/summary', u.headers)).data.credit;
const myTip = async (u: TestUser, id: number) =>
  (await get<MyItem[]>('/api/mine/tips?page=1', u.headers)).data.find((i) => i.id === id && i.title.startsWith('爆料'));

async function aStory() {
  const [row] = await t.database.db
    .select({ id: news.id, classId: news.classId, title: news.title })
    .from(news)
    .where(lte(news.publishTime, new Date()))
    .orderBy(desc(news.publishTime))
    .limit(1);
  expect(row, 'the demo seed has published stories').toBeDefined();
  return row!;
}

describe('爆料: tip → 已采纳 → 已报道, the tipster rewarded once', () => {
  it('walks the whole way: the inbox, the reporter, the reward, the story; 我的爆料 shows each state; audit rows', async () => {
    const editor = await createTestStaff(t, 'editor');
    const reporter = await createTestStaff(t, 'reporter', { name: '周晓川' });
    const tipster = await createTestUser(t.database);
    const id = await sendTip(tipster);
    expect((await myTip(tipster, id))?.state).toBe('已收到');

    const inbox = await consoleCall<{ items: ConsoleTip[] }>(t, 'GET', '/tips/inbox?queue=new&page=1', undefined, editor.headers);
    expect(inbox.statusCode, inbox.message).toBe(200);
    const item = inbox.data.items.find((i) => i.id === id)!;
    expect(item).toMatchObject({ state: 'new', stateText: '已收到', place: '南岸区南坪' });
    const options = await consoleCall<{ reporters: { id: number; name: string }[] }>(t, 'GET', '/tips/options', undefined, editor.headers);
    expect(options.data.reporters).toContainEqual({ id: reporter.id, name: '周晓川' });

    const before = await credit(tipster);
    const adopted = await consoleCall<ConsoleTip>(t, 'POST', '/tips/adopt', { id, reporterId: reporter.id }, editor.headers);
    expect(adopted.statusCode, adopted.message).toBe(200);
    expect(adopted.data).toMatchObject({ state: 'adopted', reporterName: '周晓川', points: 20 });
    expect(await credit(tipster)).toBe(before + 20);
    expect((await myTip(tipster, id))?.state).toBe('已采纳 · 记者跟进中 · 奖励 20 积分');
    // A retry of the same adoption answers the tip as it is and pays nothing more.
    const again = await consoleCall<ConsoleTip>(t, 'POST', '/tips/adopt', { id, reporterId: reporter.id }, editor.headers);
    expect(again.statusCode, again.message).toBe(200);
    expect(await credit(tipster)).toBe(before + 20);
    expect((await get<Tip>(`/v1/bangbang/baoliao/detail?id=${id}`)).data.handlingText).toBe('已采纳');

    const story = await aStory();
    const reported = await consoleCall<ConsoleTip>(t, 'POST', '/tips/report', { id, newsId: story.id }, editor.headers);
    expect(reported.statusCode, reported.message).toBe(200);
    expect(reported.data).toMatchObject({ state: 'reported', storyTitle: story.title, storyHref: `/NewsDetail?classId=${story.classId}&newsId=${story.id}` });
    const mine = await myTip(tipster, id);
    expect(mine).toMatchObject({ state: `已报道 · ${story.title}`, href: `/NewsDetail?classId=${story.classId}&newsId=${story.id}` });
    expect(await credit(tipster)).toBe(before + 20);

    const ledger = await t.database.db
      .select()
      .from(pointsLedger)
      .where(and(eq(pointsLedger.userId, tipster.userId), eq(pointsLedger.reason, 'tip')));
    expect(ledger).toHaveLength(1);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.itemKind, 'tip'), eq(auditLog.itemId, String(id))))
      .orderBy(auditLog.id);
    expect(audit.map((a) => [a.action, a.staffId])).toEqual([
      ['tip.adopt', editor.id],
      ['tip.report', editor.id],
    ]);
  });

  it('未采用 with the reason the tipster reads; no reward; a handled tip cannot be adopted or linked', async () => {
    const editor = await createTestStaff(t, 'editor');
    const reporter = await createTestStaff(t, 'reporter');
    const tipster = await createTestUser(t.database);
    const id = await sendTip(tipster, '听说观音桥有人在卖假的演唱会门票');
    const before = await credit(tipster);
    const declined = await consoleCall<ConsoleTip>(t, 'POST', '/tips/decline', { id, reason: '线索不足，无法核实' }, editor.headers);
    expect(declined.statusCode, declined.message).toBe(200);
    expect((await myTip(tipster, id))?.state).toBe('未采用：线索不足，无法核实');
    expect((await consoleCall(t, 'POST', '/tips/adopt', { id, reporterId: reporter.id }, editor.headers)).message).toBe('该爆料已被处理，请刷新后查看');
    expect((await consoleCall(t, 'POST', '/tips/report', { id, newsId: (await aStory()).id }, editor.headers)).message).toBe('只有已采纳的爆料可以关联报道');
    expect(await credit(tipster)).toBe(before);
    const queue = await consoleCall<{ items: ConsoleTip[] }>(t, 'GET', '/tips/inbox?queue=declined&page=1', undefined, editor.headers);
    expect(queue.data.items.find((i) => i.id === id)).toMatchObject({ state: 'declined', declineReason: '线索不足，无法核实' });
  });

  it('refuses in Chinese: a missing tip, a person who is not a reporter, a story that does not exist, an empty reason', async () => {
    const editor = await createTestStaff(t, 'editor');
    const tipster = await createTestUser(t.database);
    const id = await sendTip(tipster);
    const moderator = await createTestStaff(t, 'moderator');
    expect((await consoleCall(t, 'POST', '/tips/adopt', { id: 99_999_999, reporterId: moderator.id }, editor.headers)).message).toBe('爆料不存在或已删除');
    expect((await consoleCall(t, 'POST', '/tips/adopt', { id, reporterId: moderator.id }, editor.headers)).message).toBe('记者不存在或已停用');
    expect((await consoleCall(t, 'POST', '/tips/decline', { id, reason: ' ' }, editor.headers)).message).toContain('原因不能为空');
    const reporter = await createTestStaff(t, 'reporter');
    expect((await consoleCall(t, 'POST', '/tips/adopt', { id, reporterId: reporter.id }, editor.headers)).statusCode).toBe(200);
    expect((await consoleCall(t, 'POST', '/tips/report', { id, newsId: 99_999_999 }, editor.headers)).message).toBe('稿件不存在或未发布');
  });
});
