/**
 * Attacks on the 作文 and 裕农 desks (docs/security.md "Section desks"): roles without the desks'
 * permissions on every endpoint, readers reading another author's exclusion reason, pinning a post
 * still in review, and forged bodies refused in Chinese with nothing written.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { compositionEssays } from '../../src/server/db/schema/composition.ts';
import { ruralPosts } from '../../src/server/db/schema/rural.ts';
import { suiteApp } from '../support/testApp.ts';
import { consoleCall, createTestStaff } from '../support/testStaff.ts';
import { createTestUser } from '../support/testUsers.ts';

vi.setConfig({ testTimeout: 120_000 });
const t = suiteApp();

const WRITES: [string, Record<string, unknown>][] = [
  ['/composition/essays/recommend', { id: 1, recommend: true }],
  ['/composition/essays/newspaper', { id: 1, edition: '第 1 版', date: '2026-11-20' }],
  ['/composition/essays/rank', { id: 1, excluded: true, reason: '抄袭' }],
  ['/composition/teachers/verify', { id: 1, verified: false, reason: '撤销测试' }],
  ['/rural/posts/pin', { id: 1, pinned: true }],
];

describe('section desks: who may', () => {
  it('refuses reporters, merchants and mall operators on every endpoint, writing nothing', async () => {
    const [essayBefore] = await t.database.db.select().from(compositionEssays).where(eq(compositionEssays.id, 1));
    for (const role of ['reporter', 'department', 'mallOperator'] as const) {
      const who = await createTestStaff(t, role);
      for (const path of ['/composition/essays?page=1', '/composition/teachers', '/rural/posts?page=1']) {
        expect((await consoleCall(t, 'GET', path, undefined, who.headers)).statusCode, `${role} GET ${path}`).toBe(403);
      }
      for (const [path, body] of WRITES) {
        expect((await consoleCall(t, 'POST', path, body, who.headers)).statusCode, `${role} POST ${path}`).toBe(403);
      }
    }
    const [essayAfter] = await t.database.db.select().from(compositionEssays).where(eq(compositionEssays.id, 1));
    expect(essayAfter).toEqual(essayBefore);
  });

  it('a reader cannot call the console with a reader token', async () => {
    const reader = await createTestUser(t.database);
    for (const [path, body] of WRITES) expect((await consoleCall(t, 'POST', path, body, reader.headers)).statusCode).not.toBe(200);
  });
});

describe('section desks: what may', () => {
  it('will not pin a post still in review (it would show an unreviewed text to everyone)', async () => {
    const editor = await createTestStaff(t, 'editor');
    const farmer = await createTestUser(t.database);
    const [post] = await t.database.db
      .insert(ruralPosts)
      .values({ userId: farmer.userId, content: '我家的脆红李卖不出去了，大家帮帮忙', reviewState: 'pending' })
      .returning();
    const pinned = await consoleCall(t, 'POST', '/rural/posts/pin', { id: post!.id, pinned: true }, editor.headers);
    expect(pinned).toMatchObject({ statusCode: 422, message: '帖子尚未通过审核，不能置顶' });
    const [after] = await t.database.db.select().from(ruralPosts).where(eq(ruralPosts.id, post!.id));
    expect(after!.pinnedAt).toBeNull();
  });

  it('refuses forged bodies in Chinese and writes nothing', async () => {
    const editor = await createTestStaff(t, 'editor');
    const [essay] = await t.database.db
      .select()
      .from(compositionEssays)
      .where(and(eq(compositionEssays.reviewState, 'approved')))
      .limit(1);
    const forged: [string, Record<string, unknown>][] = [
      ['/composition/essays/newspaper', { id: essay!.id, edition: 'x'.repeat(21), date: '2026-11-20' }],
      ['/composition/essays/newspaper', { id: essay!.id, edition: '第 1 版', date: '2026/11/20' }],
      ['/composition/essays/rank', { id: essay!.id, excluded: 'yes', reason: '抄袭他人作品' }],
      ['/composition/essays/rank', { id: essay!.id, excluded: true, reason: '理'.repeat(101) }],
      ['/composition/teachers/verify', { id: -1, verified: true, reason: '核实无误' }],
      ['/rural/posts/pin', { id: '1 or 1=1', pinned: true }],
    ];
    for (const [path, body] of forged) {
      const answer = await consoleCall(t, 'POST', path, body, editor.headers);
      expect(answer.statusCode, path).toBe(400);
      expect(answer.message, path).toMatch(/^[^A-Za-z]*$/);
    }
    const [after] = await t.database.db.select().from(compositionEssays).where(eq(compositionEssays.id, essay!.id));
    expect(after).toEqual(essay);
  });
});
