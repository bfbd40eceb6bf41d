/**
 * A reader's nickname and avatar through the one review gate (docs/adr/018-one-review-model.md, kind
 * `profile_change`): the change waits 审核中 for its author while everyone else keeps the old one; approval makes
 * it everyone's, a refusal keeps the old one and tells the author why. Limits: src/contract/profileRules.ts.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { OwnProfile } from '../../src/contract/profile.ts';
import { NICKNAME_CHANGES_PER_MONTH, PROFILE_MESSAGES } from '../../src/contract/profileRules.ts';
import { moderationItems } from '../../src/server/db/schema/moderation.ts';
import { profileChanges, users } from '../../src/server/db/schema/accounts.ts';
import { decide, listQueue, putWord } from '../../src/server/moderation/desk.ts';
import { suiteApp, suiteRequests, uploadTestPng } from '../support/testApp.ts';
import { createTestUser } from '../support/testUsers.ts';
import { TEST_MODERATOR, testDesk } from '../support/desk.ts';

const PATHS = {
  own: '/v1/user/profile',
  change: '/v1/user/profile/change',
  photos: '/api/interact/photos',
  publishPhoto: '/api/interact/photos/publish',
} as const;

const t = suiteApp();
const { get, postJson: post } = suiteRequests(() => t);

async function nicknameOf(userId: number): Promise<string> {
  const [row] = await t.database.db.select({ nickname: users.nickname }).from(users).where(eq(users.id, userId));
  return row!.nickname;
}

async function deskRow(userId: number) {
  const [row] = await t.database.db
    .select()
    .from(moderationItems)
    .where(and(eq(moderationItems.kind, 'profile_change'), eq(moderationItems.userId, userId)));
  return row!;
}

describe('changing a nickname through review', () => {
  it('shows the author 审核中 and everyone else the old nickname until a moderator approves it', async () => {
    const author = await createTestUser(t.database, '江北老陈');
    const other = await createTestUser(t.database);
    const photo = await post<{ id: number }>(PATHS.publishPhoto, { url: await uploadTestPng(t, author), caption: '观音桥的晚霞' }, author.headers);
    expect(photo.statusCode).toBe(200);

    const sent = await post<OwnProfile>(PATHS.change, { nickname: '渝北陈师傅' }, { ...author.headers, 'idempotency-key': 'profile-key-0001' });
    expect(sent).toMatchObject({ statusCode: 200, message: PROFILE_MESSAGES.submitted });
    expect(sent.data).toMatchObject({ nickname: '江北老陈', change: { nickname: '渝北陈师傅', reviewState: 'pending' } });
    // A retry with the same key answers the same change and writes nothing new.
    const again = await post<OwnProfile>(PATHS.change, { nickname: '渝北陈师傅' }, { ...author.headers, 'idempotency-key': 'profile-key-0001' });
    expect(again.statusCode).toBe(200);
    expect(await t.database.db.select().from(profileChanges).where(eq(profileChanges.userId, author.userId))).toHaveLength(1);

    const seen = async () => (await get<{ id: number; nickname: string }[]>(PATHS.photos, other.headers)).data.find((p) => p.id === photo.data.id)?.nickname;
    expect(await seen()).toBe('江北老陈');
    expect(await nicknameOf(author.userId)).toBe('江北老陈');

    const row = await deskRow(author.userId);
    expect(row).toMatchObject({ area: 'profile', state: 'pending' });
    const page = await listQueue(t.database.db, TEST_MODERATOR, { tab: 'pending', area: 'profile', limit: 100 });
    const item = page.items.find((i) => i.itemId === row.itemId);
    expect(item?.item).toMatchObject({ text: '渝北陈师傅', before: { text: '江北老陈' } });

    const desk = testDesk(t.database);
    await decide(desk, TEST_MODERATOR, { kind: 'profile_change', itemId: row.itemId, action: 'approve' });
    expect(desk.audited).toHaveLength(1);
    expect(await seen()).toBe('渝北陈师傅');
    expect((await get<OwnProfile>(PATHS.own, author.headers)).data).toEqual({ nickname: '渝北陈师傅', userPic: '', change: null });
  });

  it('keeps the old nickname on a refusal and tells its author why', async () => {
    const author = await createTestUser(t.database, '沙坪坝小李');
    await post(PATHS.change, { nickname: '磁器口李哥' }, author.headers);
    const row = await deskRow(author.userId);
    await decide(testDesk(t.database), TEST_MODERATOR, { kind: 'profile_change', itemId: row.itemId, action: 'reject', reason: '昵称含广告信息' });
    expect(await nicknameOf(author.userId)).toBe('沙坪坝小李');
    expect((await get<OwnProfile>(PATHS.own, author.headers)).data).toMatchObject({
      nickname: '沙坪坝小李',
      change: { nickname: '磁器口李哥', reviewState: 'rejected', reviewReason: '昵称含广告信息' },
    });
  });

  it.each([
    ['too short', '渝', PROFILE_MESSAGES.nicknameLength],
    ['too long', '两江新区'.repeat(5), PROFILE_MESSAGES.nicknameLength],
    ['markup', '<script>x', PROFILE_MESSAGES.nicknameChars],
    ['spaces', '老 陈', PROFILE_MESSAGES.nicknameChars],
    ['only digits', '13800138000', PROFILE_MESSAGES.nicknameDigits],
  ])('refuses a nickname that is %s with a Chinese message and writes nothing', async (_name, nickname, message) => {
    const author = await createTestUser(t.database);
    const res = await post(PATHS.change, { nickname }, author.headers);
    expect(res.statusCode).not.toBe(200);
    expect(res.message).toContain(message);
    expect(await t.database.db.select().from(profileChanges).where(eq(profileChanges.userId, author.userId))).toHaveLength(0);
  });

  it('refuses a block word at once and holds a hold word with the word marked', async () => {
    const desk = testDesk(t.database);
    await putWord(desk, TEST_MODERATOR, { word: '代开发票', action: 'block' });
    await putWord(desk, TEST_MODERATOR, { word: '领红包', action: 'hold' });
    const author = await createTestUser(t.database);
    const blocked = await post(PATHS.change, { nickname: '代开发票找我' }, author.headers);
    expect(blocked.statusCode).not.toBe(200);
    expect(blocked.message).toBe('内容含有违规词语，请修改后再发');
    const held = await post(PATHS.change, { nickname: '领红包找我' }, author.headers);
    expect(held.statusCode).toBe(200);
    expect((await deskRow(author.userId)).heldWord).toBe('领红包');
  });

  it('takes one change at a time and at most the monthly number of nickname changes', async () => {
    const author = await createTestUser(t.database);
    const desk = testDesk(t.database);
    for (let i = 0; i < NICKNAME_CHANGES_PER_MONTH; i++) {
      const res = await post(PATHS.change, { nickname: `南岸读者${'甲乙丙丁'[i]}` }, author.headers);
      expect(res.statusCode).toBe(200);
      if (i === 0) expect((await post(PATHS.change, { nickname: '南岸读者戊' }, author.headers)).message).toBe(PROFILE_MESSAGES.waiting);
      const [pending] = await t.database.db
        .select()
        .from(profileChanges)
        .where(and(eq(profileChanges.userId, author.userId), eq(profileChanges.reviewState, 'pending')));
      await decide(desk, TEST_MODERATOR, { kind: 'profile_change', itemId: pending!.id, action: 'approve' });
    }
    expect((await post(PATHS.change, { nickname: '南岸读者戊' }, author.headers)).message).toBe(PROFILE_MESSAGES.nicknameMonthly);
  });
});

describe('two changes sent at the same moment', () => {
  it('writes one; the other is told a change is already waiting, without a key as with two keys', async () => {
    for (const keys of [
      [null, null],
      ['profile-race-0001', 'profile-race-0002'],
    ] as const) {
      const author = await createTestUser(t.database, '南岸小周');
      const sends = await Promise.all(
        (['南滨路小周', '弹子石周姐'] as const).map((nickname, i) =>
          post<OwnProfile>(PATHS.change, { nickname }, keys[i] ? { ...author.headers, 'idempotency-key': keys[i] } : author.headers),
        ),
      );
      expect(sends.filter((r) => r.statusCode === 200)).toHaveLength(1);
      const refused = sends.find((r) => r.statusCode !== 200)!;
      expect(refused.statusCode).toBeLessThan(500);
      expect(refused.message).toBe(PROFILE_MESSAGES.waiting);
      expect(await t.database.db.select().from(profileChanges).where(eq(profileChanges.userId, author.userId))).toHaveLength(1);
    }
  });
});

describe('changing an avatar through review', () => {
  it("makes a square rendition of the reader's upload, shown to others only once approved", async () => {
    const author = await createTestUser(t.database);
    const upload = await uploadTestPng(t, author, { width: 400, height: 300 });
    const sent = await post<OwnProfile>(PATHS.change, { userPic: upload }, author.headers);
    expect(sent.statusCode).toBe(200);
    const pic = sent.data.change!.userPic;
    expect(pic).toMatch(new RegExp(`^/media/avatars/${author.userId}/[0-9a-f-]{36}\\.webp$`));
    expect(sent.data.userPic).toBe('');
    const row = await deskRow(author.userId);
    const page = await listQueue(t.database.db, TEST_MODERATOR, { tab: 'pending', area: 'profile', limit: 100 });
    expect(page.items.find((i) => i.itemId === row.itemId)?.item).toMatchObject({ pictures: [pic], before: { text: expect.any(String), pictures: [] } });
    await decide(testDesk(t.database), TEST_MODERATOR, { kind: 'profile_change', itemId: row.itemId, action: 'approve' });
    expect((await get<OwnProfile>(PATHS.own, author.headers)).data.userPic).toBe(pic);
  });
});
