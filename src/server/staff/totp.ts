/**
 * The second factor: six-digit TOTP codes (RFC 6238: HMAC-SHA1, 30-second steps) through the `otpauth`
 * package, and the enrolment QR code (`qrcode`, an SVG data URL the console shows once). A code is
 * accepted one step either side of now (clock drift); the step it matched must be newer than the last one
 * this person used, so a code seen over a shoulder or replayed cannot be used again (ADR 017).
 */
import QRCode from 'qrcode';
import { Secret, TOTP } from 'otpauth';

export const TOTP_ISSUER = '山城新闻编辑部';
const PERIOD = 30;

function totpOf(secret: string, account: string): TOTP {
  return new TOTP({ issuer: TOTP_ISSUER, label: account, algorithm: 'SHA1', digits: 6, period: PERIOD, secret: Secret.fromBase32(secret) });
}

/** A new 160-bit secret, base32 (what authenticator apps take). */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The time step a code of `secret` matches (now ±1 step), or null. */
export function matchTotp(secret: string, code: string, now: number = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const totp = totpOf(secret, 'x');
  const delta = totp.validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return null;
  return TOTP.counter({ period: PERIOD, timestamp: now }) + delta;
}

/** The current code (the development-only endpoint and the tests). */
export function currentTotp(secret: string, now: number = Date.now()): string {
  return totpOf(secret, 'x').generate({ timestamp: now });
}

/**
 * The code to sign in with now and the one after it, never a spent one (the development-only endpoint): a
 * sign-in earlier in this step spent the current code, so the next step's comes instead (matchTotp takes ±1).
 */
export function unusedTotp(secret: string, lastStep: number, now: number = Date.now()): { code: string; next: string; validInMs: number } {
  const step = Math.max(TOTP.counter({ period: PERIOD, timestamp: now }), lastStep + 1);
  const totp = totpOf(secret, 'x');
  // Taken once the clock is within one step of it (a third sign-in in one step waits for the next step).
  const validInMs = Math.max(0, (step - 1) * PERIOD * 1000 - now);
  return { code: totp.generate({ timestamp: step * PERIOD * 1000 }), next: totp.generate({ timestamp: (step + 1) * PERIOD * 1000 }), validInMs };
}

/** The otpauth:// URI and its QR code as an SVG data URL. */
export async function enrolmentQr(secret: string, account: string): Promise<{ uri: string; qr: string }> {
  const uri = totpOf(secret, account).toString();
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { uri, qr: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}
