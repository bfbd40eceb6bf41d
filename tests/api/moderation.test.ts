/**
 * The moderation desk's service against the API (docs/adr/018-one-review-model.md; issue "the newsroom", sections 3 and
 * 4): queues, decisions that one moderator makes, what authors and other readers see after each, reports, mutes,
 * the emergency switch and the word list — through the reader endpoints a real reader calls.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { news } from '../../src/server/db/schema/core.ts';
import { newsDetailExtras } from '../../src/server/db/schema/detail.ts';
import { moderationItems } from '../../src/server/db/schema/moderation.ts';
import type { CommentItem, CommentReply } from '../../src/contract/interaction.ts';
import { decide, decideBatch, listQueue, muteReader, putWord, setEmergency, setReviewBeforePublish, type Moderator } from '../../src/server/moderation/desk.ts';
import { createTestApp, envelope, postFormOrJson, type TestApp } from '../support/testApp.ts';
import { createTestUser, createTestUsers, type TestUser } from '../support/testUsers.ts';
import { TEST_MODERATOR, testDesk } from '../support/desk.ts';

let t: TestApp;
let desk: ReturnType<typeof testDesk>;
let article: { id: number; classId: number };

const usable = and(eq(news.dataType, 3), eq(news.permission, 0), eq(news.allowPl, true), sql`coalesce(${newsDetailExtras.hideComments}, false) = false`);

beforeAll(async () => {
  t = await createTestApp();
  desk = testDesk(t.database);
  const rows = await t.database.db
    .select({ id: news.id, classId: news.classId })
    .from(news)
    .leftJoin(newsDetailExtras, eq(newsDetailExtras.newsId, news.id))
    .where(usable)
    .orderBy(news.id)
    .limit(1)
    .offset(3);
  article = rows[0]!;
});
afterAll(async () => {
  await t.close();
});

const listUrl = () => `/v1/comment/getList?classId=${article.classId}&newsId=${article.id}&pageSize=50`;

async function comment(user: TestUser, sayText: string, extra: Record<string, unknown> = {}) {
  return envelope<CommentReply>(
    await postFormOrJson(t.app, '/v1/comment/store', { classId: article.classId, newsId: article.id, sayText, ...extra }, user.headers),
  );
}

async function listFor(user: TestUser | null): Promise<CommentItem[]> {
  return (await envelope<CommentItem[]>(await t.app.request(listUrl(), { headers: user?.headers ?? {} }))).data;
}

async function commentCount(): Promise<number> {
  const [row] = await t.database.db.select({ n: news.commentCount }).from(news).where(eq(news.id, article.id));
  return row!.n;
}

async function mineState(user: TestUser, id: number): Promise<string | undefined> {
  const mine = await envelope<{ id: number; state: string }[]>(await t.app.request('/api/mine/comments?page=1', { headers: user.headers }));
  return mine.data.find((x) => x.id === id)?.state;
}

const second: Moderator = { staffId: 2, name: '夜班审核员', areas: null, ip: '127.0.0.2' };

describe('a news comment, with no setting changed', () => {
  it('is 审核中 for its author and absent for everyone else until approved; then public, counted, and the decision is audited', async () => {
    const [author, other] = await createTestUsers(t.database, 2);
    const before = await commentCount();
    const posted = await comment(author!, '朝天门的夜景');
    expect(posted).toMatchObject({ statusCode: 200, message: '评论成功，审核通过后将公开显示', data: { reviewState: 'pending' } });
    expect((await listFor(null)).some((c) => c.id === posted.data.id)).toBe(false);
    expect((await listFor(other!)).some((c) => c.id === posted.data.id)).toBe(false);
    expect((await listFor(author!)).find((c) => c.id === posted.data.id)?.reviewState).toBe('pending');
    expect(await mineState(author!, posted.data.id)).toBe('审核中');
    expect(await commentCount()).toBe(before);

    const queue = await listQueue(t.database.db, TEST_MODERATOR, { tab: 'pending', area: 'news', limit: 100 });
    const onDesk = queue.items.find((i) => i.kind === 'comment' && i.itemId === posted.data.id);
    expect(onDesk).toMatchObject({ areaLabel: '新闻评论', item: { text: '朝天门的夜景' }, author: { nickname: author!.nickname } });
    expect(onDesk!.item!.contextHref).toBe(`/NewsDetail?classId=${article.classId}&newsId=${article.id}`);
    expect(onDesk!.author!.maskedPhone).toMatch(/^\d{3}\*{4}\d{4}$/);

    await decide(desk, TEST_MODERATOR, { kind: 'comment', itemId: posted.data.id, action: 'approve' });
    expect((await listFor(other!)).find((c) => c.id === posted.data.id)?.reviewState).toBe('approved');
    expect(await commentCount()).toBe(before + 1);
    expect(await mineState(author!, posted.data.id)).toBe('');
    expect(desk.audited.at(-1)).toMatchObject({
      staffId: TEST_MODERATOR.staffId,
      action: 'moderation.approve',
      itemKind: 'comment',
      itemId: String(posted.data.id),
      before: { state: 'pending' },
      after: { state: 'approved' },
    });
    const decided = await listQueue(t.database.db, TEST_MODERATOR, { tab: 'decided', limit: 5 });
    expect(decided.items[0]).toMatchObject({ itemId: posted.data.id, decidedBy: TEST_MODERATOR.name, decision: 'approve' });
    // It left 待审 at once.
    const again = await listQueue(t.database.db, TEST_MODERATOR, { tab: 'pending', area: 'news', limit: 100 });
    expect(again.items.some((i) => i.itemId === posted.data.id && i.kind === 'comment')).toBe(false);
  });

  it('rejected with a reason: its author reads 未通过：reason, nobody else sees it, the count never moved', async () => {
    const [author, other] = await createTestUsers(t.database, 2);
    const before = await commentCount();
    const posted = await comment(author!, '这里有广告');
    await decide(desk, TEST_MODERATOR, { kind: 'comment', itemId: posted.data.id, action: 'reject', reason: '含有广告或推广信息' });
    expect(await mineState(author!, posted.data.id)).toBe('未通过：含有广告或推广信息');
    expect((await listFor(author!)).find((c) => c.id === posted.data.id)).toMatchObject({ reviewState: 'rejected', reviewReason: '含有广告或推广信息' });
    expect((await listFor(other!)).some((c) => c.id === posted.data.id)).toBe(false);
    expect(await commentCount()).toBe(before);
  });

  it('refuses a reject without a reason, in Chinese, and changes nothing', async () => {
    const author = await createTestUser(t.database);
    const posted = await comment(author, '等待审核');
    await expect(decide(desk, TEST_MODERATOR, { kind: 'comment', itemId: posted.data.id, action: 'reject', reason: '  ' })).rejects.toThrow('请填写或选择理由');
    const [row] = await t.database.db
      .select()
      .from(moderationItems)
      .where(and(eq(moderationItems.kind, 'comment'), eq(moderationItems.itemId, posted.data.id)));
    expect(row!.state).toBe('pending');
  });

  it('删除 takes a published comment down: out of every list and the count, the author sees the reason', async () => {
    const [author, other] = await createTestUsers(t.database, 2);
    const posted = await comment(author!, '先发后删');
    await decide(desk, TEST_MODERATOR, { kind: 'comment', itemId: posted.data.id, action: 'approve' });
    const before = await commentCount();
    await decide(desk, TEST_MODERATOR, { kind: 'comment', itemId: posted.data.id, action: 'remove', reason: '涉及他人隐私' });
    expect(await commentCount()).toBe(before - 1);
    expect((await listFor(other!)).some((c) => c.id === posted.data.id)).toBe(false);
    expect(await mineState(author!, posted.data.id)).toBe('未通过：涉及他人隐私');
  });
});

describe('two moderators on one item', () => {
  it('only one decision lands; the other is told 已被他人处理 and by whom', async () => {
    const author = await createTestUser(t.database);
    const posted = await comment(author, '谁先点谁算');
    const results = await Promise.allSettled([
      decide(desk, TEST_MODERATOR, { kind: 'comment', itemId: posted.data.id, action: 'approve' }),
      decide(desk, second, { kind: 'comment', itemId: posted.data.id, action: 'reject', reason: '与内容无关' }),
    ]);
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    const [row] = await t.database.db
      .select()
      .from(moderationItems)
      .where(and(eq(moderationItems.kind, 'comment'), eq(moderationItems.itemId, posted.data.id)));
    expect((lost[0]!.reason as Error).message).toContain(`已被他人处理（${row!.decidedByName}`);
  });

  it('a batch decides what is still open and names what another moderator took', async () => {
    const users = await createTestUsers(t.database, 3);
    const ids: number[] = [];
    for (const [i, u] of users.entries()) ids.push((await comment(u, `批量第${i}条`)).data.id);
    await decide(desk, second, { kind: 'comment', itemId: ids[1]!, action: 'approve' });
    const out = await decideBatch(desk, TEST_MODERATOR, { items: ids.map((itemId) => ({ kind: 'comment', itemId })), action: 'approve' });
    expect(out.done.map((d) => d.itemId)).toEqual([ids[0], ids[2]]);
    expect(out.failed).toEqual([{ kind: 'comment', itemId: ids[1], message: expect.stringContaining('已被他人处理（夜班审核员') }]);
  });
});

describe('queues', () => {
  it('待审 is oldest first and keyset-paged without gaps or repeats', async () => {
    const seen: number[] = [];
    let after: { at: string; id: number } | undefined;
    for (let i = 0; i < 50; i++) {
      const page = await listQueue(t.database.db, TEST_MODERATOR, { tab: 'pending', limit: 2, after });
      seen.push(...page.items.map((x) => x.deskId));
      const stamps = page.items.map((x) => x.cursor.at);
      expect([...stamps].sort()).toEqual(stamps);
      if (!page.next) break;
      after = { at: page.next.at, id: page.next.id };
    }
    const all = await t.database.db.select({ id: moderationItems.id }).from(moderationItems).where(eq(moderationItems.state, 'pending'));
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.sort()).toEqual(all.map((r) => r.id).sort());
  });

  it('a moderator scoped to 作文 sees none of the news queue and may not ask for it', async () => {
    const scoped: Moderator = { staffId: 3, name: '作文审核员', areas: ['composition'], ip: '127.0.0.3' };
    const page = await listQueue(t.database.db, scoped, { tab: 'pending', limit: 100 });
    expect(page.items.every((i) => i.area === 'composition')).toBe(true);
    await expect(listQueue(t.database.db, scoped, { tab: 'pending', area: 'news' })).rejects.toThrow('你无权处理该栏目的内容');
  });
});

describe('reports', () => {
  it('land in 被举报 with the reasons and how many readers; deciding the item settles them all', async () => {
    const [author, r1, r2] = await createTestUsers(t.database, 3);
    const posted = await comment(author!, '被举报的评论');
    await decide(desk, TEST_MODERATOR, { kind: 'comment', itemId: posted.data.id, action: 'approve' });
    const reasons = (await envelope<{ type: string[] }>(await t.app.request('/v1/comment/reportContent'))).data.type;
    for (const [u, reason] of [
      [r1!, reasons[0]!],
      [r2!, reasons[1]!],
    ] as const) {
      const res = await envelope(
        await postFormOrJson(
          t.app,
          '/api/comment/doReport',
          { classId: article.classId, newsId: article.id, commentId: posted.data.id, platformId: 0, content: reason },
          u.headers,
        ),
      );
      expect(res.statusCode).toBe(200);
    }
    const reported = await listQueue(t.database.db, TEST_MODERATOR, { tab: 'reported', limit: 100 });
    const item = reported.items.find((i) => i.kind === 'comment' && i.itemId === posted.data.id);
    expect(item).toMatchObject({ reportCount: 2 });
    expect(item!.reportReasons.sort()).toEqual([reasons[0], reasons[1]].sort());
    await decide(desk, TEST_MODERATOR, { kind: 'comment', itemId: posted.data.id, action: 'approve' });
    const after = await listQueue(t.database.db, TEST_MODERATOR, { tab: 'reported', limit: 100 });
    expect(after.items.some((i) => i.kind === 'comment' && i.itemId === posted.data.id)).toBe(false);
  });
});

describe('mutes, the emergency switch and the word list', () => {
  it('a muted reader is refused on the next comment with the end date; nothing is stored', async () => {
    const author = await createTestUser(t.database);
    const { until } = await muteReader(desk, TEST_MODERATOR, { userId: author.userId, days: 7, reason: '多次发布广告' });
    const refused = await comment(author, '我又来了');
    expect(refused.statusCode).toBe(403);
    expect(refused.message).toMatch(/^你已被禁言，\d{4}-\d{2}-\d{2} \d{2}:\d{2} 前不能发表内容$/);
    expect(until!.getTime() - Date.now()).toBeGreaterThan(6 * 86_400_000);
    const forever = await createTestUser(t.database);
    await muteReader(desk, TEST_MODERATOR, { userId: forever.userId, days: null, reason: '恶意刷屏' });
    expect((await comment(forever, '还想发')).message).toBe('你已被永久禁言，不能发表内容');
    await expect(muteReader(desk, TEST_MODERATOR, { userId: forever.userId, days: 3, reason: '试试' })).rejects.toThrow('禁言天数只能是 1、7、30 天或永久');
  });

  it('应急处置 closes commenting site-wide with the reason readers read, and opens it again', async () => {
    const author = await createTestUser(t.database);
    await setEmergency(desk, TEST_MODERATOR, 'all', { closed: true, message: '系统维护中，评论暂停' });
    expect(await comment(author, '维护时也想说')).toEqual({ statusCode: 403, message: '系统维护中，评论暂停', data: null });
    await setEmergency(desk, TEST_MODERATOR, 'news', { closed: true, message: '突发事件，本栏目暂停评论' });
    await setEmergency(desk, TEST_MODERATOR, 'all', { closed: false, message: '' });
    expect((await comment(author, '全站开了，新闻还关着')).message).toBe('突发事件，本栏目暂停评论');
    await setEmergency(desk, TEST_MODERATOR, 'news', { closed: false, message: '' });
    expect((await comment(author, '都开了')).statusCode).toBe(200);
    expect(desk.audited.filter((a) => a.action === 'moderation.emergency')).toHaveLength(4);
  });

  it('a block word is refused at once through full-width letters, spaces, symbols and case; a hold word goes to 敏感词 with the word marked', async () => {
    const [author, second, third] = await createTestUsers(t.database, 3);
    await putWord(desk, TEST_MODERATOR, { word: '代开发票', action: 'block' });
    await putWord(desk, TEST_MODERATOR, { word: 'weixin', action: 'hold' });
    for (const text of ['可以代 开-发*票', '代，开。发！票哦']) {
      expect(await comment(author!, text)).toEqual({ statusCode: 100, message: '内容含有违规词语，请修改后再发', data: null });
    }
    // Published at once in an area that does not review first, were it not for the hold word.
    await setReviewBeforePublish(desk, TEST_MODERATOR, 'news', false);
    const held = await comment(second!, '加我ＷＥＩ Ｘｉｎ聊');
    const plain = await comment(third!, '这条没有问题');
    await setReviewBeforePublish(desk, TEST_MODERATOR, 'news', true);
    expect(held.data.reviewState).toBe('pending');
    expect(plain.data.reviewState).toBe('approved');
    const words = await listQueue(t.database.db, TEST_MODERATOR, { tab: 'words', limit: 100 });
    expect(words.items.find((i) => i.itemId === held.data.id)?.heldWord).toBe('weixin');
    const patrol = await listQueue(t.database.db, TEST_MODERATOR, { tab: 'patrol', limit: 10 });
    expect(patrol.items[0]).toMatchObject({ itemId: plain.data.id, state: 'approved' });
  });
});
