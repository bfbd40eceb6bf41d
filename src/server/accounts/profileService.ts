/**
 * A reader's own nickname and avatar, and their change through the one review gate (docs/adr/018-one-review-model.md,
 * kind `profile_change`, area `profile`): the change is always reviewed first — until a moderator approves it, its
 * author sees the new values marked 审核中 and everyone else keeps the old ones (`users` is changed only by the
 * approval). Limits and messages: src/contract/profileRules.ts; docs/security.md "Nicknames and avatars".
 */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { StatusCode } from '../../contract/envelope.ts';
import type { OwnProfile } from '../../contract/profile.ts';
import { AVATAR_CHANGES_PER_MONTH, AVATAR_SIZE, NICKNAME_CHANGES_PER_MONTH, PROFILE_MESSAGES } from '../../contract/profileRules.ts';
import { formatBeijingTime } from '../../lib/formatTime.ts';
import type { Db } from '../db/client.ts';
import type { AuthUser } from '../http/auth.ts';
import { ApiFailure, fail } from '../http/envelope.ts';
import { idempotentInsert } from '../http/idempotentInsert.ts';
import type { ServiceContext } from '../http/types.ts';
import { mediaOf } from '../media/storage.ts';
import {
  insertProfileChangeRepo,
  latestProfileChangeRepo,
  profileChangeByKeyRepo,
  profileChangeCountsRepo,
  profilesRepo,
  type ProfileChangeRow,
} from '../profiles/repo.ts';
import type { Admission } from '../review/gate.ts';
import { admitReaderWrite, enqueueRow, type DeskWrite } from '../review/write.ts';
import { checkPictures, PICTURE_INVALID } from '../upload/checkPictures.ts';

/** Changes sent in one hour, whatever became of them (a burst limit under the monthly ones). */
const PROFILE_CHANGE_RULES = [{ max: 5, windowMs: 60 * 60_000 }];
const MONTH_MS = 30 * 24 * 3600_000;

function toChange(row: ProfileChangeRow): OwnProfile['change'] {
  return {
    nickname: row.nickname,
    userPic: row.userPic,
    reviewState: row.reviewState as 'pending' | 'approved' | 'rejected',
    reviewReason: row.reviewReason,
    createTime: formatBeijingTime(row.createdAt),
  };
}

/** The reader's profile as everyone sees it, and their latest change while it waits or was refused. */
export async function ownProfileService(db: Db, userId: number): Promise<OwnProfile> {
  const [profiles, latest] = await Promise.all([profilesRepo(db, [userId]), latestProfileChangeRepo(db, userId)]);
  const profile = profiles.get(userId);
  if (!profile) throw new ApiFailure(StatusCode.notLoggedIn, '请先登录');
  return { ...profile, change: latest && latest.reviewState !== 'approved' ? toChange(latest) : null };
}

/** The avatar rendition: a square cut from the middle of the reader's upload, as WebP, under /media/avatars/<userId>/. */
async function makeAvatar(ctx: ServiceContext, userId: number, upload: string): Promise<string> {
  const media = mediaOf(ctx.deps);
  const bytes = await media.getBytes(upload.replace(/^\/media\//, ''));
  if (!bytes) throw fail(StatusCode.badParams, PICTURE_INVALID);
  let square: Buffer;
  try {
    // The upload was sniffed, size-checked and re-encoded already (storeCommentPicture.ts); the first frame only.
    square = await sharp(bytes, { animated: false, failOn: 'error' })
      .timeout({ seconds: 8 })
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', position: 'attention' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw fail(StatusCode.badParams, PICTURE_INVALID);
  }
  const key = `avatars/${userId}/${randomUUID()}.webp`;
  await media.put(key, square, 'image/webp');
  return `/media/${key}`;
}

export async function changeProfileService(
  ctx: ServiceContext,
  user: AuthUser,
  key: string | null,
  input: { nickname: string; userPic: string },
): Promise<OwnProfile> {
  const db = ctx.deps.database.db;
  if (input.nickname === '' && input.userPic === '') throw fail(StatusCode.badParams, PROFILE_MESSAGES.nothing);
  const desk: DeskWrite = { kind: 'profile_change', area: 'profile', text: input.nickname };
  let admission: Admission | null = null;
  let current = { nickname: '', userPic: '' };
  await idempotentInsert({
    key,
    byKey: (k) => profileChangeByKeyRepo(db, user.userId, k),
    // The stored avatar is the rendition, not the upload: a retry is the same when it changes the same parts.
    same: (row) => row.nickname === input.nickname && (row.userPic === '') === (input.userPic === ''),
    check: async () => {
      const profile = (await profilesRepo(db, [user.userId])).get(user.userId);
      if (!profile) throw new ApiFailure(StatusCode.notLoggedIn, '请先登录');
      current = profile;
      if (input.nickname !== '' && input.nickname === profile.nickname && input.userPic === '') throw fail(StatusCode.fail, PROFILE_MESSAGES.nicknameSame);
      // The one gate: mute, emergency switch, block and hold words; a profile change is always reviewed first.
      admission = await admitReaderWrite(ctx, user, desk, 'pending');
      // Only the caller's own uploads (security.md I68–I70).
      if (input.userPic !== '') await checkPictures(ctx.deps, user.userId, [input.userPic]);
      const latest = await latestProfileChangeRepo(db, user.userId);
      if (latest?.reviewState === 'pending') throw fail(StatusCode.fail, PROFILE_MESSAGES.waiting);
      const counts = await profileChangeCountsRepo(db, user.userId, new Date(Date.now() - MONTH_MS));
      if (input.nickname !== '' && counts.nicknames >= NICKNAME_CHANGES_PER_MONTH) throw fail(StatusCode.fail, PROFILE_MESSAGES.nicknameMonthly);
      if (input.userPic !== '' && counts.avatars >= AVATAR_CHANGES_PER_MONTH) throw fail(StatusCode.fail, PROFILE_MESSAGES.avatarMonthly);
      await ctx.limiter.take([{ key: `profile-change:user:${user.userId}`, rules: PROFILE_CHANGE_RULES }]);
    },
    insert: async () => {
      const userPic = input.userPic === '' ? '' : await makeAvatar(ctx, user.userId, input.userPic);
      const admitted: Admission = admission ?? { state: 'pending', heldWord: '' };
      return ctx.deps.database.write(async (tx) => {
        const row = await insertProfileChangeRepo(tx, {
          userId: user.userId,
          nickname: input.nickname,
          userPic,
          oldNickname: current.nickname,
          oldUserPic: current.userPic,
          clientKey: key,
        });
        if (row) await enqueueRow(tx, desk, user.userId, row.id, { state: 'pending', heldWord: admitted.heldWord });
        return row;
      });
    },
    // No row holds the key: a change sent at the same moment without it is the one waiting.
    lost: PROFILE_MESSAGES.waiting,
    lostStatus: StatusCode.fail,
  });
  return ownProfileService(db, user.userId);
}
