/** Phone number normalising and masking without zod, for browser code (account forms, complaint form). */

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

