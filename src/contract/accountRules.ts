/**
 * Account values without zod, for browser code (the account form islands, the slide check, the complaint
 * form): phone normalising and masking, the slide scene, password and code lengths. The contract
 * (accounts.ts) uses and re-exports the same values.
 */

/** The vendor slide check's scene name (ADR 008). */
export const SLIDE_SCENE = 'activity_h5';
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const CODE_LENGTH = 6;

// Zero-width and bidi marks, spaces of every width, dashes, dots and brackets people type into numbers.
const PHONE_NOISE = /[\s\u00a0\u200b-\u200f\u2028-\u202f\u2060-\u206f\ufeff\-‐-―－().（）]/g;

/**
 * One key per mainland mobile number (security.md A3): full-width digits, +86 / 0086 / 86, spaces,
 * dashes and zero-width characters normalise to 11 digits; anything not ^1[3-9]\d{9}$ is null.
 */
export function normalisePhone(raw: string): string | null {
  if (raw.length > 40) return null;
  let s = raw.normalize('NFKC').replace(PHONE_NOISE, '');
  if (s.startsWith('+86')) s = s.slice(3);
  else if (s.startsWith('0086')) s = s.slice(4);
  else if (s.length === 13 && s.startsWith('86')) s = s.slice(2);
  return /^1[3-9]\d{9}$/.test(s) ? s : null;
}

/** 138****8000: how a phone number is shown back (syPhone). */
export function maskPhone(phone: string): string {
  return phone.length === 11 ? `${phone.slice(0, 3)}****${phone.slice(7)}` : '';
}
