/**
 * A reader's own nickname and avatar and their change through review (profileRules.ts; docs/adr/018-one-review-model.md).
 * The avatar is first uploaded with /api/upload/image (sniffed, ≤10 MB, re-encoded); the change names that upload.
 */
import { endpointsOf } from './endpoint.ts';
import { ReviewState } from './fields.ts';
import { nicknameProblem } from './profileRules.ts';
import { z } from './zod.ts';

const api = endpointsOf('profile');

export const ProfileChange = z.object({
  /** The new nickname ('' when only the avatar changes). */
  nickname: z.string(),
  /** The new avatar ('' when only the nickname changes). */
  userPic: z.string(),
  reviewState: ReviewState,
  /** Why it was refused ('' otherwise). */
  reviewReason: z.string(),
  createTime: z.string(),
});
export type ProfileChange = z.infer<typeof ProfileChange>;

export const OwnProfile = z.object({
  /** What everyone sees now. */
  nickname: z.string(),
  userPic: z.string(),
  /** The reader's latest change: waiting (审核中), or the last refused one with its reason; null when none is to tell. */
  change: ProfileChange.nullable(),
});
export type OwnProfile = z.infer<typeof OwnProfile>;

export const ownProfile = api.get('/v1/user/profile', '我的昵称与头像，以及最近一次修改的审核状态', { data: OwnProfile, auth: 'required' });

const Nickname = z
  .string()
  .max(64, '昵称过长')
  .transform((s) => s.trim())
  .superRefine((s, ctx) => {
    const problem = s === '' ? null : nicknameProblem(s);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const ChangeProfileBody = z.object({
  nickname: Nickname.default(''),
  /** A /media/comments/<userId>/… upload of the caller's own ('' when the avatar stays). */
  userPic: z.string().max(200, '头像无效，请重新上传').default(''),
});

export const changeProfile = api.write(
  '/v1/user/profile/change',
  '修改昵称或头像（先审后发：通过前只有本人看到，标注审核中；昵称 2–16 字；头像须为本人上传；支持 Idempotency-Key）',
  {
    invalidates: 'none',
    body: ChangeProfileBody,
    data: OwnProfile,
  },
);
