/**
 * The demo 爆料 inbox (src/server/db/seed/tipCasesSeed.ts): after the seed run, each of the desk's tabs has demo
 * tips — 新线索, 已采纳 by the demo reporter, 已报道 linked to a real published demo story, 未采用 with the reason —
 * the readers' list says the same, and a second run writes nothing.
 */
import { describe, expect, it, vi } from 'vitest';
import type { ConsoleTip } from '../../src/contract/tipDesk.ts';
import { seedTipCases } from '../../src/server/db/seed/tipCasesSeed.ts';
import { tipCases } from '../../src/server/db/schema/answer.ts';
import { envelope, suiteApp } from '../support/testApp.ts';
import { consoleCall, createTestStaff } from '../support/testStaff.ts';

vi.setConfig({ testTimeout: 120_000 });
const t = suiteApp();

describe('the demo 爆料 inbox', () => {
  it('has tips in every state, a reported one linked to a real story, once', async () => {
    expect((await seedTipCases(t.database)).seeded).toBe(true);
    const editor = await createTestStaff(t, 'editor');
    const queue = async (q: string) =>
      (await consoleCall<{ items: ConsoleTip[] }>(t, 'GET', `/tips/inbox?queue=${q}&page=1`, undefined, editor.headers)).data.items;
    expect((await queue('new')).length).toBeGreaterThanOrEqual(3);
    const adopted = await queue('adopted');
    expect(adopted.length).toBeGreaterThanOrEqual(3);
    expect(adopted.every((tip) => tip.reporterName === '赵雪梅')).toBe(true);
    const reported = await queue('reported');
    expect(reported.length).toBeGreaterThanOrEqual(3);
    for (const tip of reported) {
      expect(tip.storyHref).toMatch(/^\/NewsDetail\?classId=\d+&newsId=\d+$/);
      const story = await envelope<{ title: string }>(await t.app.request(`/v1${tip.storyHref.replace('/NewsDetail', '/news/getDetails')}`));
      expect(story.statusCode, story.message).toBe(200);
      expect(story.data.title).toBe(tip.storyTitle);
    }
    const declined = await queue('declined');
    expect(declined.length).toBeGreaterThanOrEqual(3);
    expect(declined.every((tip) => tip.declineReason.length > 5)).toBe(true);
    const rows = (await t.database.db.select().from(tipCases)).length;
    expect((await seedTipCases(t.database)).seeded).toBe(false);
    expect((await t.database.db.select().from(tipCases)).length).toBe(rows);
  });
});
