/**
 * Attacks on a reader's nickname and avatar change (docs/security.md "Nicknames and avatars"; ADR 018, kind
 * `profile_change`): script in the nickname, a file that is not a picture, a huge picture, someone else's upload or
 * profile, a body that claims its own review state or another user id, and an avatar address from elsewhere.
 */
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PROFILE_MESSAGES } from '../../src/contract/profileRules.ts';
import { UPLOAD_MAX_BYTES } from '../../src/contract/uploadRules.ts';
import { profileChanges, users } from '../../src/server/db/schema/accounts.ts';
import { PICTURE_INVALID } from '../../src/server/upload/checkPictures.ts';
import { UPLOAD_MESSAGES } from '../../src/server/upload/storeCommentPicture.ts';
import { envelope, suiteApp, suiteRequests, uploadTestPng } from '../support/testApp.ts';
import { createTestUser, type TestUser } from '../support/testUsers.ts';

const PATHS = { own: '/v1/user/profile', change: '/v1/user/profile/change', upload: '/api/upload/image' } as const;

const t = suiteApp();
const { get, postJson: post } = suiteRequests(() => t);

async function changesOf(userId: number) {
  return t.database.db.select().from(profileChanges).where(eq(profileChanges.userId, userId));
}

async function upload(user: TestUser, bytes: Uint8Array, name: string, type: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  return envelope(await t.app.request(PATHS.upload, { method: 'POST', headers: user.headers, body: form }));
}

describe('a nickname carrying script', () => {
  it.each([['<script>alert(1)</script>'], ['<img src=x onerror=alert(1)>'], ['老陈"><svg/onload=1>'], ['javascript:alert(1)']])(
    'refuses %s in Chinese and writes nothing',
    async (nickname) => {
      const reader = await createTestUser(t.database);
      const res = await post(PATHS.change, { nickname }, reader.headers);
      expect(res.statusCode).not.toBe(200);
      expect(res.message).toMatch(/[\u4e00-\u9fff]/);
      expect(res.message).not.toMatch(/string|zod|undefined/i);
      expect(await changesOf(reader.userId)).toHaveLength(0);
    },
  );
});

describe('a nickname carrying a direction override', () => {
  it('stores it without the invisible mark, so it cannot reverse the text beside it', async () => {
    const reader = await createTestUser(t.database);
    expect((await post(PATHS.change, { nickname: '老陈\u202e看这里' }, reader.headers)).statusCode).toBe(200);
    const [row] = await changesOf(reader.userId);
    expect(row!.nickname).toBe('老陈看这里');
  });
});

describe('an avatar that is not a picture, or too big', () => {
  it("refuses a script saved as .png by its bytes, before it becomes anyone's avatar", async () => {
    const reader = await createTestUser(t.database);
    const res = await upload(reader, new TextEncoder().encode('<script>alert(1)</script>'), 'avatar.png', 'image/png');
    expect(res.statusCode).not.toBe(200);
    expect(res.message).toBe(UPLOAD_MESSAGES.badType);
    expect(await changesOf(reader.userId)).toHaveLength(0);
  });

  it('refuses a file over 10 MB and a pixel bomb', async () => {
    const reader = await createTestUser(t.database);
    const big = await upload(reader, new Uint8Array(UPLOAD_MAX_BYTES + 1), 'big.jpg', 'image/jpeg');
    expect(big.message).toBe(UPLOAD_MESSAGES.tooBig);
    const bomb = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: { r: 0, g: 0, b: 0 } } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect((await upload(reader, new Uint8Array(bomb), 'bomb.png', 'image/png')).message).toBe(UPLOAD_MESSAGES.tooManyPixels);
  });

  it.each([
    ['javascript:alert(1)'],
    ['https://evil.example/a.png'],
    ['//evil.example/a.png'],
    ['data:image/png;base64,AAAA'],
    ['/media/comments/1/../../secrets.png'],
    ['/media/avatars/1/x.webp'],
  ])('refuses the avatar address %s', async (userPic) => {
    const reader = await createTestUser(t.database);
    const res = await post(PATHS.change, { userPic }, reader.headers);
    expect(res.message).toBe(PICTURE_INVALID);
    expect(await changesOf(reader.userId)).toHaveLength(0);
  });
});

describe("someone else's profile", () => {
  it("refuses another reader's upload as one's avatar", async () => {
    const owner = await createTestUser(t.database);
    const thief = await createTestUser(t.database);
    const url = await uploadTestPng(t, owner);
    expect((await post(PATHS.change, { userPic: url }, thief.headers)).message).toBe(PICTURE_INVALID);
    expect(await changesOf(thief.userId)).toHaveLength(0);
  });

  it('changes only the caller, held for review, whatever the body claims', async () => {
    const victim = await createTestUser(t.database, '九龙坡王姐');
    const caller = await createTestUser(t.database);
    const res = await post(PATHS.change, { nickname: '冒名顶替者', userId: victim.userId, uid: victim.userId, reviewState: 'approved' }, caller.headers);
    expect(res.statusCode).toBe(200);
    const [row] = await changesOf(caller.userId);
    expect(row).toMatchObject({ nickname: '冒名顶替者', reviewState: 'pending' });
    expect(await changesOf(victim.userId)).toHaveLength(0);
    const [victimRow] = await t.database.db.select({ nickname: users.nickname }).from(users).where(eq(users.id, victim.userId));
    expect(victimRow!.nickname).toBe('九龙坡王姐');
    // The waiting change is the caller's alone: another reader's own profile call shows none of it.
    expect((await get<{ change: unknown }>(PATHS.own, victim.headers)).data.change).toBeNull();
  });

  it('refuses an anonymous change with the login envelope', async () => {
    const res = await post(PATHS.change, { nickname: '游客甲' });
    expect([301, 302]).toContain(res.statusCode);
  });

  it('refuses a second change while one waits, also under a new key', async () => {
    const reader = await createTestUser(t.database);
    expect((await post(PATHS.change, { nickname: '大渡口小张' }, { ...reader.headers, 'idempotency-key': 'attack-key-0001' })).statusCode).toBe(200);
    expect((await post(PATHS.change, { nickname: '大渡口老张' }, { ...reader.headers, 'idempotency-key': 'attack-key-0002' })).message).toBe(
      PROFILE_MESSAGES.waiting,
    );
    // The first key reused for other content is refused, not answered with the first change.
    expect((await post(PATHS.change, { nickname: '大渡口老张' }, { ...reader.headers, 'idempotency-key': 'attack-key-0001' })).statusCode).not.toBe(200);
    expect(await changesOf(reader.userId)).toHaveLength(1);
  });
});
