/**
 * A reader's nickname and avatar (the 我的 popup's userPic and userName, spec 2.11): the rules both sides apply,
 * without zod, for browser code. Changes pass the review gate (docs/adr/018-one-review-model.md, kind
 * `profile_change`); the limits are docs/security.md "Nicknames and avatars".
 */

/** 2–16 characters (code points). */
export const NICKNAME_MIN = 2;
export const NICKNAME_MAX = 16;
/** Chinese characters, letters, digits, and _ - · between them; no spaces, symbols, markup or emoji. */
export const NICKNAME_CHARS = /^[\p{Script=Han}A-Za-z0-9_\-·]+$/u;
/** Nickname changes a reader may make in 30 days (refused ones do not count). */
export const NICKNAME_CHANGES_PER_MONTH = 3;
/** Avatar changes a reader may make in 30 days (refused ones do not count). */
export const AVATAR_CHANGES_PER_MONTH = 10;
/** The avatar rendition: a square of this many pixels, cut from the middle of the uploaded picture. */
export const AVATAR_SIZE = 256;

export const PROFILE_MESSAGES = {
  nicknameLength: `昵称须为 ${NICKNAME_MIN}–${NICKNAME_MAX} 个字`,
  nicknameChars: '昵称只能使用汉字、字母、数字和 _ - ·',
  nicknameDigits: '昵称不能全是数字',
  nicknameSame: '新昵称与当前昵称相同',
  nothing: '请修改昵称或选择新头像',
  waiting: '上一次修改还在审核中，审核后才能再改',
  nicknameMonthly: `昵称 30 天内最多修改 ${NICKNAME_CHANGES_PER_MONTH} 次`,
  avatarMonthly: `头像 30 天内最多修改 ${AVATAR_CHANGES_PER_MONTH} 次`,
  submitted: '已提交，审核通过后其他读者才能看到',
  lost: '提交失败，请重试',
} as const;

/** The first rule a nickname breaks, or null (the server applies the same, then the word list). */
export function nicknameProblem(nickname: string): string | null {
  const n = [...nickname].length;
  if (n < NICKNAME_MIN || n > NICKNAME_MAX) return PROFILE_MESSAGES.nicknameLength;
  if (!NICKNAME_CHARS.test(nickname)) return PROFILE_MESSAGES.nicknameChars;
  if (/^\d+$/.test(nickname)) return PROFILE_MESSAGES.nicknameDigits;
  return null;
}
