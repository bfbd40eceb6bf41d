/**
 * Attacks on the moderation desk (docs/security.md "The moderation desk"; docs/adr/018-one-review-model.md): a scoped
 * moderator deciding outside the scope, a reader's token and a cross-site write on the desk, a role without the
 * permission on settings, words and the emergency switch, two moderators racing, and each decision's audit row.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { news } from '../../src/server/db/schema/core.ts';
import { moderationItems } from '../../src/server/db/schema/moderation.ts';
import { auditLog } from '../../src/server/db/schema/staff.ts';
import type { CommentReply } from '../../src/contract/interaction.ts';
import { envelope, postFormOrJson, suiteApp } from '../support/testApp.ts';
import { consoleCall, createTestStaff } from '../support/testStaff.ts';
import { createTestUser } from '../support/testUsers.ts';

const t = suiteApp();

async function heldComment(sayText: string): Promise<{ id: number; userId: number }> {
  const [article] = await t.database.db
    .select({ id: news.id, classId: news.classId })
    .from(news)
    .where(and(eq(news.dataType, 3), eq(news.allowPl, true), eq(news.permission, 0)))
    .limit(1);
  const reader = await createTestUser(t.database);
  const posted = await envelope<CommentReply>(
    await postFormOrJson(t.app, '/v1/comment/store', { classId: article!.classId, newsId: article!.id, sayText }, reader.headers),
  );
  expect(posted.data.reviewState).toBe('pending');
  return { id: posted.data.id, userId: reader.userId };
}

async function deskState(itemId: number): Promise<string | undefined> {
  const [row] = await t.database.db
    .select({ state: moderationItems.state })
    .from(moderationItems)
    .where(and(eq(moderationItems.kind, 'comment'), eq(moderationItems.itemId, itemId)));
  return row?.state;
}

describe('scope', () => {
  it('a moderator scoped to 作文 cannot decide a news comment (403), ask for the news queue, or mute its author; nothing changes', async () => {
    const scoped = await createTestStaff(t, 'moderator', { scopes: ['composition'] });
    const held = await heldComment('作文审核员不该管的评论');
    const decided = await consoleCall(t, 'POST', '/moderation/decide', { kind: 'comment', itemId: held.id, action: 'approve' }, scoped.headers);
    expect(decided.res.status).toBe(403);
    expect(decided.message).toBe('你无权处理该栏目的内容');
    expect(await deskState(held.id)).toBe('pending');
    const batch = await consoleCall<{ failed: { message: string }[] }>(
      t,
      'POST',
      '/moderation/decide-batch',
      { items: [{ kind: 'comment', itemId: held.id }], action: 'approve' },
      scoped.headers,
    );
    expect(batch.data.failed[0]!.message).toBe('你无权处理该栏目的内容');
    expect(await deskState(held.id)).toBe('pending');
    const queue = await consoleCall(t, 'GET', '/moderation/queue?tab=pending&area=news', undefined, scoped.headers);
    expect(queue.res.status).toBe(403);
    const own = await consoleCall<{ items: { area: string }[] }>(t, 'GET', '/moderation/queue?tab=pending', undefined, scoped.headers);
    expect(own.data.items.every((i) => i.area === 'composition')).toBe(true);
    const ban = await consoleCall(t, 'POST', '/moderation/ban', { userId: held.userId, days: 7, reason: '越权封禁' }, scoped.headers);
    expect(ban.res.status).toBe(403);
  });
});

describe('dates a filter cannot hold', () => {
  it('an impossible day (2026-02-31, 2026-13-01, 0000-01-01) in the queue or the audit filter is a Chinese 400, not a 500', async () => {
    const admin = await createTestStaff(t, 'admin');
    for (const day of ['2026-02-31', '2026-13-01', '0000-01-01']) {
      for (const path of [`/moderation/queue?tab=pending&from=${day}`, `/moderation/queue?tab=decided&to=${day}`, `/audit?from=${day}`]) {
        const got = await consoleCall(t, 'GET', path, undefined, admin.headers);
        expect(got.res.status, path).toBe(400);
        expect(got.message, path).toContain('日期格式应为 2026-01-31');
      }
    }
    // A real day still filters.
    expect((await consoleCall(t, 'GET', '/moderation/queue?tab=pending&from=2026-02-28&to=2026-12-31', undefined, admin.headers)).res.status).toBe(200);
    expect((await consoleCall(t, 'GET', '/audit?from=2028-02-29', undefined, admin.headers)).res.status).toBe(200);
  });
});

describe('who may write on the desk', () => {
  it('a reader’s Bearer token is no staff session (401) and decides nothing', async () => {
    const held = await heldComment('读者令牌不能审核');
    const reader = await createTestUser(t.database);
    const res = await t.console.app.request('/newsroom/api/moderation/decide', {
      method: 'POST',
      headers: { ...reader.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'comment', itemId: held.id, action: 'approve' }),
    });
    expect(res.status).toBe(401);
    expect(await deskState(held.id)).toBe('pending');
  });

  it('a decision without the CSRF token, or from another origin, is refused (403)', async () => {
    const moderator = await createTestStaff(t, 'moderator');
    const held = await heldComment('跨站请求伪造');
    const noToken = await consoleCall(t, 'POST', '/moderation/decide', { kind: 'comment', itemId: held.id, action: 'approve' }, { cookie: moderator.cookie });
    expect(noToken.res.status).toBe(403);
    const foreign = await consoleCall(
      t,
      'POST',
      '/moderation/decide',
      { kind: 'comment', itemId: held.id, action: 'approve' },
      { ...moderator.headers, origin: 'https://evil.example' },
    );
    expect(foreign.res.status).toBe(403);
    expect(await deskState(held.id)).toBe('pending');
  });

  it.each([
    ['/moderation/emergency', { area: 'all', closed: true, message: '审核员自己关站' }],
    ['/moderation/words', { word: '测试词', action: 'block' }],
    ['/moderation/settings', { area: 'news', reviewBeforePublish: false }],
    ['/moderation/reasons', { reasons: ['随便'] }],
  ])('a moderator may not change %s (403 无权操作)', async (path, body) => {
    const moderator = await createTestStaff(t, 'moderator');
    const res = await consoleCall(t, 'POST', path, body, moderator.headers);
    expect(res.res.status).toBe(403);
    expect(res.message).toBe('无权操作');
  });

  it('an editor decides but may not ban (the permission table)', async () => {
    const editor = await createTestStaff(t, 'editor');
    const held = await heldComment('编辑可以审核');
    expect((await consoleCall(t, 'POST', '/moderation/decide', { kind: 'comment', itemId: held.id, action: 'approve' }, editor.headers)).statusCode).toBe(200);
    expect((await consoleCall(t, 'POST', '/moderation/ban', { userId: held.userId, days: 1, reason: '编辑越权' }, editor.headers)).res.status).toBe(403);
  });
});

describe('two moderators, and the trail', () => {
  it('racing on one item: one decision, the other told 已被他人处理 and by whom; one audit row', async () => {
    const a = await createTestStaff(t, 'moderator', { name: '早班甲' });
    const b = await createTestStaff(t, 'moderator', { name: '早班乙' });
    const held = await heldComment('两人同时处理');
    const [ra, rb] = await Promise.all([
      consoleCall(t, 'POST', '/moderation/decide', { kind: 'comment', itemId: held.id, action: 'approve' }, a.headers),
      consoleCall(t, 'POST', '/moderation/decide', { kind: 'comment', itemId: held.id, action: 'reject', reason: '与内容无关' }, b.headers),
    ]);
    const won = [ra, rb].filter((r) => r.statusCode === 200);
    const lost = [ra, rb].filter((r) => r.statusCode !== 200);
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect(lost[0]!.message).toMatch(/^已被他人处理（早班[甲乙]，/);
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.itemKind, 'comment'), eq(auditLog.itemId, String(held.id))))
      .orderBy(auditLog.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.action).toMatch(/^moderation\.(approve|reject)$/);
  });

  it('a refused decision (no reason) leaves no audit row and no change', async () => {
    const moderator = await createTestStaff(t, 'moderator');
    const held = await heldComment('拒绝要写理由');
    const res = await consoleCall(t, 'POST', '/moderation/decide', { kind: 'comment', itemId: held.id, action: 'reject' }, moderator.headers);
    expect(res.message).toBe('请填写或选择理由');
    expect(await deskState(held.id)).toBe('pending');
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.itemKind, 'comment'), eq(auditLog.itemId, String(held.id))))
      .orderBy(auditLog.id);
    expect(rows).toHaveLength(0);
  });
});
