/** Random secrets and their one-way digests: tokens, tickets, codes (security.md C1). */
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** 256 random bits, base64url (43 characters): bearer tokens and one-time tickets (≥128 bits, ASVS 7.2.3). */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The shape of every token and ticket we issue; anything else is anonymous without a database lookup. */
export const OPAQUE_TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;

/** Tokens and tickets are stored as SHA-256 hex: a database leak yields nothing usable. */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** Six digits from a CSPRNG; a leading zero is kept: codes are strings (security.md A10). */
export function newSmsCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** Keyed digest: six digits hashed without a key could be reversed from a dump in a second. */
export function hmacHex(key: string, value: string): string {
  return createHmac('sha256', key).update(value).digest('hex');
}

/** Constant-time comparison of two hex digests. */
export function sameDigest(a: string, b: string): boolean {
  const ab = Buffer.from(a, 'hex');
  const bb = Buffer.from(b, 'hex');
  return ab.length === bb.length && ab.length > 0 && timingSafeEqual(ab, bb);
}

export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}
