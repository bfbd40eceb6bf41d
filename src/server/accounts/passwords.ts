/**
 * Passwords: argon2id through Node 24's crypto.argon2 with OWASP's parameters (m=19456 KiB, t=2, p=1,
 * 16-byte salt), stored as a PHC string; never logged, never returned (security.md B, C1).
 */
import { argon2, randomBytes, timingSafeEqual } from 'node:crypto';

const MEMORY_KIB = 19456;
const PASSES = 2;
const PARALLELISM = 1;
const TAG_LENGTH = 32;
/** security.md C1: at most 4 hashes at once per process (19 MiB each). */
const MAX_CONCURRENT = 4;

let running = 0;
const waiting: Array<() => void> = [];

async function withSlot<T>(fn: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await fn();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

function derive(password: string, salt: Buffer, memory: number, passes: number, parallelism: number, tagLength: number): Promise<Buffer> {
  return withSlot(
    () =>
      new Promise<Buffer>((resolve, reject) => {
        argon2('argon2id', { message: password, nonce: salt, memory, passes, parallelism, tagLength }, (err, key) => {
          if (err) reject(err);
          else resolve(key);
        });
      }),
  );
}

const b64 = (b: Buffer): string => b.toString('base64').replace(/=+$/, '');

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, MEMORY_KIB, PASSES, PARALLELISM, TAG_LENGTH);
  return `$argon2id$v=19$m=${MEMORY_KIB},t=${PASSES},p=${PARALLELISM}$${b64(salt)}$${b64(key)}`;
}

const PHC_RE = /^\$argon2id\$v=19\$m=(\d{1,7}),t=(\d{1,3}),p=(\d{1,2})\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

/** True when `password` matches the PHC string. Parameters come from the string (they may be raised later). */
export async function verifyPassword(password: string, phc: string): Promise<boolean> {
  const m = PHC_RE.exec(phc);
  if (!m) return false;
  const salt = Buffer.from(m[4]!, 'base64');
  const expected = Buffer.from(m[5]!, 'base64');
  const key = await derive(password, salt, Number(m[1]), Number(m[2]), Number(m[3]), expected.length);
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A fixed hash to verify against when the phone is unknown: the same work, so the same latency (B18, A11). */
let dummyHash: Promise<string> | null = null;
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('not-a-real-password-sentinel');
  await verifyPassword(password, await dummyHash);
}

/**
 * Common passwords refused when set or changed (security.md B17; ASVS 6.2.4, 6.2.11): a short list of
 * the most used ones plus context words (the product, the phone number itself).
 */
const COMMON = [
  '123456',
  '12345678',
  '123456789',
  '1234567890',
  '12345678910',
  '11111111',
  '00000000',
  '88888888',
  '66666666',
  '87654321',
  '11223344',
  '12341234',
  '123123123',
  '147258369',
  '159753123',
  '1qaz2wsx',
  '1q2w3e4r',
  'qwertyui',
  'qwerty123',
  'qwe123456',
  'asdfghjk',
  'asd123456',
  'zxcvbnm1',
  'password',
  'password1',
  'password123',
  'passw0rd',
  'iloveyou',
  'abc12345',
  'abcd1234',
  'a1234567',
  'a12345678',
  'aa123456',
  'woaini1314',
  'woaini520',
  '5201314',
  '52013140',
  'woaini123',
  'admin123',
  'administrator',
  'welcome1',
  'shancheng',
  'shancheng123',
  'chongqing',
  'chongqing123',
  'cq123456',
  '山城新闻',
];
const COMMON_SET = new Set(COMMON.map((p) => p.toLowerCase()));

export const PASSWORD_TOO_COMMON = '密码过于简单，请换一个';

/** The problem with a new password, or null. Length is checked by the contract before this runs. */
export function passwordProblem(password: string, phone: string | null): string | null {
  const lower = password.toLowerCase();
  if (COMMON_SET.has(lower)) return PASSWORD_TOO_COMMON;
  if (phone && lower.includes(phone)) return '密码不能包含手机号';
  if (/^(.)\1*$/u.test(password)) return PASSWORD_TOO_COMMON;
  if (/^\d+$/.test(password) && isSequence(password)) return PASSWORD_TOO_COMMON;
  return null;
}

function isSequence(digits: string): boolean {
  let up = true;
  let down = true;
  for (let i = 1; i < digits.length; i++) {
    const d = digits.charCodeAt(i) - digits.charCodeAt(i - 1);
    if (d !== 1 && d !== -9) up = false;
    if (d !== -1 && d !== 9) down = false;
  }
  return up || down;
}
