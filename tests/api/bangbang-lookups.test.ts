/**
 * The board's lookups of spec 7.6 that answered 404: wenda/lawList (the lawyers), groupownet/top/search
 * (posts of every group) and news/getRelativeLists (items related to a 问政 or Q&A item; an item in review
 * is missing for everyone but its author, ADR 016).
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { BoardItem, MemberItem } from '../../src/contract/bangbang.ts';
import type { GroupPost } from '../../src/contract/bangbangBoard.ts';
import { StatusCode } from '../../src/contract/envelope.ts';
import { bangGroupPosts, bangPolitics, bangQuestions } from '../../src/server/db/schema/bangbang.ts';
import { decideRelated } from '../../src/server/bangbang/lookupService.ts';
import { suiteApp, suiteRequests } from '../support/testApp.ts';
import { createTestUser } from '../support/testUsers.ts';

const t = suiteApp();
const { get } = suiteRequests(() => t);

describe('GET /v1/bangbang/wenda/lawList', () => {
  it('lists the approved lawyers, in pages', async () => {
    const res = await get<MemberItem[]>('/v1/bangbang/wenda/lawList');
    expect(res.statusCode).toBe(200);
    expect(res.data.length).toBeGreaterThanOrEqual(2);
    expect(res.data.every((m) => m.typeName === '律师')).toBe(true);
    const first = await get<MemberItem[]>('/v1/bangbang/wenda/lawList?page=1&pageSize=1');
    const second = await get<MemberItem[]>('/v1/bangbang/wenda/lawList?page=2&pageSize=1');
    expect(first.data[0]!.userId).not.toBe(second.data[0]!.userId);
  });
});

describe('GET /v1/bangbang/groupownet/top/search', () => {
  it('finds approved posts of every group by their text or their group name, newest first', async () => {
    const res = await get<GroupPost[]>(`/v1/bangbang/groupownet/top/search?keyword=${encodeURIComponent('南滨路')}`);
    expect(res.statusCode).toBe(200);
    expect(res.data.length).toBeGreaterThan(0);
    for (const p of res.data) expect(`${p.content}${p.groupName}`).toContain('南滨路');
    const byGroup = await get<GroupPost[]>(`/v1/bangbang/groupownet/top/search?keyword=${encodeURIComponent('宝妈')}`);
    expect(byGroup.data.length).toBeGreaterThan(0);
    expect(byGroup.data.every((p) => p.groupName.includes('宝妈'))).toBe(true);
  });

  it('never lists a post in review, even to its author', async () => {
    const author = await createTestUser(t.database);
    const [group] = await t.database.db.select().from(bangGroupPosts).limit(1);
    await t.database.db
      .insert(bangGroupPosts)
      .values({ groupId: group!.groupId, userId: author.userId, content: '审核中的帖子：青木关的杨梅熟了', reviewState: 'pending' });
    const res = await get<GroupPost[]>(`/v1/bangbang/groupownet/top/search?keyword=${encodeURIComponent('青木关的杨梅')}`, author.headers);
    expect(res.data).toEqual([]);
  });

  it('refuses an empty keyword in Chinese', async () => {
    const res = await get<unknown>('/v1/bangbang/groupownet/top/search?keyword=');
    expect(res.statusCode).not.toBe(200);
    expect(res.message).toMatch(/[\u4e00-\u9fff]/);
  });
});

describe('GET /v1/bangbang/news/getRelativeLists', () => {
  it('gives Q&A items whose titles share words with the question, not the question itself', async () => {
    const [deposit] = await t.database.db.select().from(bangQuestions).where(eq(bangQuestions.title, '租房押金房东一直不退怎么办？'));
    await t.database.db
      .insert(bangQuestions)
      .values({ userId: deposit!.userId, title: '退租时房东扣押金合理吗', content: '住满一年退租，房东说墙面有污渍要扣一千元押金。', reviewState: 'approved' });
    const res = await get<BoardItem[]>(`/v1/bangbang/news/getRelativeLists?type=2&id=${deposit!.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.data.map((i) => i.title)).toContain('退租时房东扣押金合理吗');
    expect(res.data.every((i) => i.kind === 'qa' && i.id !== deposit!.id)).toBe(true);
  });

  it('gives 问政 items of its kind, never the item itself, at most pageSize', async () => {
    const [item] = await t.database.db.select().from(bangPolitics).where(eq(bangPolitics.reviewState, 'approved')).limit(1);
    const res = await get<BoardItem[]>(`/v1/bangbang/news/getRelativeLists?type=1&id=${item!.id}&pageSize=10`);
    expect(res.statusCode).toBe(200);
    expect(res.data.length).toBeLessThanOrEqual(10);
    expect(res.data.every((i) => i.kind === 'politics' && i.id !== item!.id)).toBe(true);
  });

  it('answers a question in review as missing for others and lists nothing in review', async () => {
    const asker = await createTestUser(t.database);
    const other = await createTestUser(t.database);
    const [pending] = await t.database.db
      .insert(bangQuestions)
      .values({ userId: asker.userId, title: '租房押金被扣了一半怎么要回来', reviewState: 'pending' })
      .returning();
    const path = `/v1/bangbang/news/getRelativeLists?type=2&id=${pending!.id}`;
    expect((await get<unknown>(path)).statusCode).toBe(StatusCode.notFound);
    expect((await get<unknown>(path, other.headers)).statusCode).toBe(StatusCode.notFound);
    const own = await get<BoardItem[]>(path, asker.headers);
    expect(own.statusCode).toBe(200);
    expect(own.data.some((i) => i.title.includes('押金'))).toBe(true);
    const [deposit] = await t.database.db.select().from(bangQuestions).where(eq(bangQuestions.title, '租房押金房东一直不退怎么办？'));
    const publicList = await get<BoardItem[]>(`/v1/bangbang/news/getRelativeLists?type=2&id=${deposit!.id}&pageSize=10`, asker.headers);
    expect(publicList.data.map((i) => i.id)).not.toContain(pending!.id);
  });

  it.each([
    ['type=3&id=1', '类型'],
    ['type=2&id=2147483648', ''],
    ['type=2&id=1&pageSize=11', '条数'],
  ])('refuses %s in Chinese', async (query, word) => {
    const res = await get<unknown>(`/v1/bangbang/news/getRelativeLists?${query}`);
    expect(res.statusCode).not.toBe(200);
    expect(res.message).toMatch(/[\u4e00-\u9fff]/);
    expect(res.message).toContain(word);
  });
});

describe('decideRelated', () => {
  const at = 0;
  it.each([
    ['shares a subject word', '小区电梯坏了怎么办', '老旧小区加装电梯', true],
    ['shares only question words', '孩子转学怎么办', '停车难怎么办', false],
    ['is the item itself', '小区电梯坏了怎么办', '小区电梯坏了怎么办', false],
  ])('a candidate that %s is related: %s', (_what, target, candidate, related) => {
    const id = candidate === target ? 1 : 2;
    expect(decideRelated({ id: 1, title: target, department: '' }, [{ id, title: candidate, department: '', at }], 5).length > 0).toBe(related);
  });
});
