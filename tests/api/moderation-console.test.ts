/**
 * What the console's desk pages read from the moderation API (docs/adr/018-one-review-model.md): each item's hold word
 * marked where the reader wrote it, its author's mute, and the decisions other moderators made since the desk last
 * asked (GET /moderation/changes), in the asker's areas only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { CommentReply } from '../../src/contract/interaction.ts';
import { news } from '../../src/server/db/schema/core.ts';
import { newsDetailExtras } from '../../src/server/db/schema/detail.ts';
import { decide, listQueue, muteReader, putWord } from '../../src/server/moderation/desk.ts';
import type { QueueItem } from '../../src/newsroom/moderation.ts';
import { createTestApp, envelope, postFormOrJson, type TestApp } from '../support/testApp.ts';
import { createTestUsers, type TestUser } from '../support/testUsers.ts';
import { consoleCall, createTestStaff, type TestStaff } from '../support/testStaff.ts';
import { TEST_MODERATOR, testDesk } from '../support/desk.ts';

let t: TestApp;
let desk: ReturnType<typeof testDesk>;
let article: { id: number; classId: number };
let moderator: TestStaff;
let essaysOnly: TestStaff;

beforeAll(async () => {
  t = await createTestApp();
  desk = testDesk(t.database);
  const [row] = await t.database.db
    .select({ id: news.id, classId: news.classId })
    .from(news)
    .leftJoin(newsDetailExtras, eq(newsDetailExtras.newsId, news.id))
    .where(and(eq(news.dataType, 3), eq(news.permission, 0), eq(news.allowPl, true), sql`coalesce(${newsDetailExtras.hideComments}, false) = false`))
    .orderBy(news.id)
    .limit(1)
    .offset(5);
  article = row!;
  moderator = await createTestStaff(t, 'moderator');
  essaysOnly = await createTestStaff(t, 'moderator', { scopes: ['composition'] });
});
afterAll(async () => {
  await t.close();
});

async function comment(user: TestUser, sayText: string) {
  return envelope<CommentReply>(await postFormOrJson(t.app, '/v1/comment/store', { classId: article.classId, newsId: article.id, sayText }, user.headers));
}

type Changes = { changes: { kind: string; itemId: number; state: string; decidedBy: string }[]; since: string };
const changes = (who: TestStaff, since?: string) =>
  consoleCall<Changes>(t, 'GET', `/moderation/changes${since ? `?since=${encodeURIComponent(since)}` : ''}`, undefined, { cookie: who.cookie });

describe('the desk items the console draws', () => {
  it('mark the hold word where the reader wrote it, spaces and full-width letters included', async () => {
    const [author] = await createTestUsers(t.database, 1);
    await putWord(desk, TEST_MODERATOR, { word: '刷单返利', action: 'hold' });
    const text = '招人：刷 单-返 利，日结';
    const posted = await comment(author!, text);
    expect(posted.data.reviewState).toBe('pending');
    const page = await listQueue(t.database.db, TEST_MODERATOR, { tab: 'words', limit: 100 });
    const item = page.items.find((i) => i.itemId === posted.data.id)!;
    expect(item.marks).toEqual([{ start: 3, end: 10 }]);
    expect(text.slice(item.marks[0]!.start, item.marks[0]!.end)).toBe('刷 单-返 利');
  });

  it("carry the author's mute in force (its end, or '' for good), and null when there is none", async () => {
    const [muted, forever, free] = await createTestUsers(t.database, 3);
    const ids: number[] = [];
    for (const [i, u] of [muted!, forever!, free!].entries()) ids.push((await comment(u, `第 ${i} 条等待审核的评论`)).data.id);
    await muteReader(desk, TEST_MODERATOR, { userId: muted!.userId, days: 7, reason: '引流' });
    await muteReader(desk, TEST_MODERATOR, { userId: forever!.userId, days: null, reason: '屡教不改' });
    const page = await listQueue(t.database.db, TEST_MODERATOR, { tab: 'pending', limit: 100 });
    const author = (id: number) => page.items.find((i) => i.itemId === id)!.author!;
    expect(author(ids[0]!).mutedUntil).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(author(ids[1]!).mutedUntil).toBe('');
    expect(author(ids[2]!).mutedUntil).toBeNull();
    // Type-checked: the console's copy of an item's shape (src/newsroom/moderation.ts) is what the service sends.
    const drawn: QueueItem[] = page.items;
    expect(drawn.length).toBeGreaterThanOrEqual(3);
  });
});

describe('GET /moderation/changes', () => {
  it('answers nothing on the first look, then what was decided since, with who decided it', async () => {
    const [a, b] = await createTestUsers(t.database, 2);
    const first = await changes(moderator);
    expect(first.statusCode).toBe(200);
    expect(first.data.changes).toEqual([]);
    const one = await comment(a!, '两位审核员都看到的评论');
    const two = await comment(b!, '另一条等待审核的评论');
    await decide(desk, { ...TEST_MODERATOR, name: '早班审核员' }, { kind: 'comment', itemId: one.data.id, action: 'approve' });
    await decide(desk, { ...TEST_MODERATOR, name: '早班审核员' }, { kind: 'comment', itemId: two.data.id, action: 'reject', reason: '与新闻内容无关' });
    const next = await changes(moderator, first.data.since);
    expect(next.data.changes).toEqual(
      expect.arrayContaining([
        { kind: 'comment', itemId: one.data.id, state: 'approved', decidedBy: '早班审核员' },
        { kind: 'comment', itemId: two.data.id, state: 'rejected', decidedBy: '早班审核员' },
      ]),
    );
    expect(Date.parse(next.data.since)).toBeGreaterThanOrEqual(Date.parse(first.data.since));
  });

  it("tells a moderator scoped to 作文 nothing of the news desk's decisions", async () => {
    const [a] = await createTestUsers(t.database, 1);
    const start = await changes(essaysOnly);
    const held = await comment(a!, '作文审核员看不到的新闻评论');
    await decide(desk, TEST_MODERATOR, { kind: 'comment', itemId: held.data.id, action: 'approve' });
    const later = await changes(essaysOnly, start.data.since);
    expect(later.data.changes.some((c) => c.itemId === held.data.id)).toBe(false);
  });

  it('refuses a time that is not one, in Chinese, and a reader or a signed-out caller', async () => {
    const bad = await changes(moderator, 'yesterday');
    expect(bad.statusCode).toBe(400);
    expect(bad.message).toContain('时间格式不正确');
    const anonymous = await consoleCall(t, 'GET', '/moderation/changes');
    expect(anonymous.res.status).toBe(401);
  });
});
