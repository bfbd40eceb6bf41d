/**
 * Posting in a group (社群; ADR 010; docs/security.md "Bangbang board writes"): only a member of the group
 * posts (a non-member reads 请先加入社群), text and own pictures only, a review state from the start
 * (pending with the board's review setting: the author's alone), an Idempotency-Key makes a retry one post,
 * the same text twice is refused, and sends are paced (a new account stricter). Attack tests: mass
 * assignment, forged pictures, hostile text, concurrent retries.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { GroupPost } from '../../src/contract/bangbangBoard.ts';
import { BANG_REVIEW_SETTING_KEY } from '../../src/server/bangbang/writeService.ts';
import { bangGroupMembers, bangGroupPosts, bangGroups } from '../../src/server/db/schema/bangbang.ts';
import { appConfig } from '../../src/server/db/schema/core.ts';
import { suiteApp, suiteRequests, uploadTestPng } from '../support/testApp.ts';
import { createTestUser, type TestUser } from '../support/testUsers.ts';

const P = { post: '/v1/bangbang/groupownet/post', posts: '/v1/bangbang/groupownet/posts', join: '/v1/bangbang/groupownet/join' };
const t = suiteApp();
let group: typeof bangGroups.$inferSelect;

beforeAll(async () => {
  [group] = (await t.database.db.select().from(bangGroups).orderBy(bangGroups.id).limit(1)) as [typeof bangGroups.$inferSelect];
});

const { get, postJson: post } = suiteRequests(() => t);

const uploadPng = (user: TestUser): Promise<string> => uploadTestPng(t, user, { width: 12, height: 8 });

async function member(options: { ageHours?: number } = {}): Promise<TestUser> {
  const user = await createTestUser(t.database, options);
  expect((await post(P.join, { id: group.id }, user.headers)).statusCode).toBe(200);
  return user;
}

const groupRow = async () => (await t.database.db.select().from(bangGroups).where(eq(bangGroups.id, group.id)))[0]!;
const postsOf = async (userId: number) =>
  t.database.db
    .select()
    .from(bangGroupPosts)
    .where(and(eq(bangGroupPosts.userId, userId), eq(bangGroupPosts.groupId, group.id)));

describe('who may post', () => {
  it('a non-member reads 请先加入社群; anonymous is asked to log in; an unknown group is 404; nothing is written', async () => {
    const stranger = await createTestUser(t.database);
    expect(await post(P.post, { id: group.id, content: '我还没有加入这个群' }, stranger.headers)).toEqual({
      statusCode: 403,
      message: '请先加入社群',
      data: null,
    });
    expect((await post(P.post, { id: group.id, content: '匿名发帖试试' })).statusCode).toBe(301);
    expect((await post(P.post, { id: 99999999, content: '不存在的社群' }, stranger.headers)).statusCode).toBe(404);
    expect(await postsOf(stranger.userId)).toHaveLength(0);
    // Leaving the group takes the right away again.
    const reader = await member();
    await post('/v1/bangbang/groupownet/leave', { id: group.id }, reader.headers);
    expect((await post(P.post, { id: group.id, content: '退群之后再发帖' }, reader.headers)).message).toBe('请先加入社群');
  });
});

describe('a member posts', () => {
  it('text and an own picture: published at once, first in the group, counted; forged fields ignored; hostile text stays text', async () => {
    const reader = await member();
    const before = (await groupRow()).postCount;
    const picture = await uploadPng(reader);
    const text = '<img src=x onerror=alert(1)> 小区门口的路灯修好了';
    const res = await post<GroupPost>(
      P.post,
      { id: group.id, content: text, pictures: [picture], reviewState: 'rejected', userId: 1, likeNum: 999, groupId: 2 },
      reader.headers,
    );
    expect(res.statusCode, res.message).toBe(200);
    expect(res.message).toBe('发帖成功');
    expect(res.data).toMatchObject({ groupId: group.id, userId: reader.userId, content: text, pictures: [picture], likeNum: 0, reviewState: 'approved' });
    expect((await groupRow()).postCount).toBe(before + 1);
    const list = await get<GroupPost[]>(`${P.posts}?id=${group.id}`);
    expect(list.data[0]).toMatchObject({ id: res.data.id, content: text });
  });

  it('refuses others’ pictures, ten pictures, one character and NUL, in Chinese, writing nothing', async () => {
    const reader = await member();
    const other = await createTestUser(t.database);
    const foreign = await uploadPng(other);
    expect((await post(P.post, { id: group.id, content: '别人的图片', pictures: [foreign] }, reader.headers)).message).toBe('图片无效，请重新上传');
    expect((await post(P.post, { id: group.id, content: '图片太多', pictures: Array.from({ length: 10 }, () => foreign) }, reader.headers)).message).toContain(
      '图片最多 9 张',
    );
    expect((await post(P.post, { id: group.id, content: '短' }, reader.headers)).message).toContain('帖子内容至少 2 个字');
    expect((await post(P.post, { id: group.id, content: '含\u0000字符' }, reader.headers)).message).toContain('帖子内容包含非法字符');
    expect((await post(P.post, { id: group.id, content: 'x'.repeat(1001) }, reader.headers)).message).toContain('不能超过 1000 个字');
    expect(await postsOf(reader.userId)).toHaveLength(0);
  });

  it('a retried send with its Idempotency-Key is one post (also when the retries race); the key with other text is 422', async () => {
    const reader = await member();
    const headers = { ...reader.headers, 'idempotency-key': 'group-post-key-0001' };
    const body = { id: group.id, content: '周末一起去江边捡垃圾吧' };
    const answers = await Promise.all([1, 2, 3].map(() => post<GroupPost>(P.post, body, headers)));
    // Racing sends: one writes, the others either read it or are paced (429) — never a second post.
    const landed = answers.filter((a) => a.statusCode === 200);
    expect(landed.length).toBeGreaterThanOrEqual(1);
    expect(answers.every((a) => a.statusCode === 200 || a.statusCode === 429)).toBe(true);
    expect(new Set(landed.map((a) => a.data.id)).size).toBe(1);
    expect(await postsOf(reader.userId)).toHaveLength(1);
    // A later retry answers the same post, without spending the pace.
    expect((await post<GroupPost>(P.post, body, headers)).data.id).toBe(landed[0]!.data.id);
    expect((await post(P.post, { ...body, content: '换了内容' }, headers)).statusCode).toBe(422);
  });

  it('the same text again is refused; a second post within 10 s is too frequent; a new account waits longer', async () => {
    const reader = await member();
    expect((await post(P.post, { id: group.id, content: '第一条帖子' }, reader.headers)).statusCode).toBe(200);
    expect((await post(P.post, { id: group.id, content: '第一条帖子' }, reader.headers)).message).toBe('请勿重复提交相同的内容');
    expect((await post(P.post, { id: group.id, content: '紧接着第二条' }, reader.headers)).statusCode).toBe(429);
    const fresh = await member({ ageHours: 1 });
    expect((await post(P.post, { id: group.id, content: '新用户的第一条' }, fresh.headers)).statusCode).toBe(200);
    expect((await post(P.post, { id: group.id, content: '新用户的第二条' }, fresh.headers)).statusCode).toBe(429);
  });
});

describe('review state from the start', () => {
  it('with review-before-publish on, a post is pending: its author sees it (审核中 data), nobody else, not counted', async () => {
    await t.database.db
      .insert(appConfig)
      .values({ key: BANG_REVIEW_SETTING_KEY, value: true })
      .onConflictDoUpdate({ target: appConfig.key, set: { value: true } });
    try {
      const reader = await member();
      const before = (await groupRow()).postCount;
      const res = await post<GroupPost>(P.post, { id: group.id, content: '等待审核的一条帖子', reviewState: 'approved' }, reader.headers);
      expect(res.data.reviewState).toBe('pending');
      expect(res.message).toContain('审核通过后');
      expect((await groupRow()).postCount).toBe(before);
      const anonymous = await get<GroupPost[]>(`${P.posts}?id=${group.id}&pageSize=50`);
      expect(anonymous.data.some((p) => p.id === res.data.id)).toBe(false);
      const other = await createTestUser(t.database);
      expect((await get<GroupPost[]>(`${P.posts}?id=${group.id}&pageSize=50`, other.headers)).data.some((p) => p.id === res.data.id)).toBe(false);
      const own = await get<GroupPost[]>(`${P.posts}?id=${group.id}&pageSize=50`, reader.headers);
      expect(own.data.find((p) => p.id === res.data.id)).toMatchObject({ reviewState: 'pending' });
      // A refused post shows its reason to its author only.
      await t.database.db.update(bangGroupPosts).set({ reviewState: 'rejected', reviewReason: '含有广告' }).where(eq(bangGroupPosts.id, res.data.id));
      expect((await get<GroupPost[]>(`${P.posts}?id=${group.id}&pageSize=50`, reader.headers)).data.find((p) => p.id === res.data.id)).toMatchObject({
        reviewState: 'rejected',
        reviewReason: '含有广告',
      });
    } finally {
      await t.database.db.delete(appConfig).where(eq(appConfig.key, BANG_REVIEW_SETTING_KEY));
    }
  });

  it('the owner and admins are members too', async () => {
    const [owner] = await t.database.db
      .select()
      .from(bangGroupMembers)
      .where(and(eq(bangGroupMembers.groupId, group.id), eq(bangGroupMembers.role, 'owner')));
    expect(owner).toBeDefined();
  });
});
