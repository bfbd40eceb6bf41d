/**
 * The messenger JS-SDK signature (docs/conventions.md "Outside services": "messenger share signature — signature computed with a
 * configured ticket"): SHA-1 hex of the four fields sorted by name, `jsapi_ticket=…&noncestr=…&
 * timestamp=…&url=…`, with the URL exactly as the page has it minus its fragment.
 */
import { createHash, randomBytes } from 'node:crypto';
import { BASE_PATH } from '../../lib/safeUrl.ts';

export interface SignInput {
  ticket: string;
  nonceStr: string;
  timestamp: number;
  url: string;
}

export function signShareUrl(input: SignInput): string {
  const fields: Record<string, string> = {
    jsapi_ticket: input.ticket,
    noncestr: input.nonceStr,
    timestamp: String(input.timestamp),
    url: input.url,
  };
  const plain = Object.keys(fields)
    .sort()
    .map((key) => `${key}=${fields[key] ?? ''}`)
    .join('&');
  return createHash('sha1').update(plain).digest('hex');
}

const NONCE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** 16 random letters and digits (the JS-SDK's nonceStr). */
export function newNonceStr(length = 16): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const b of bytes) out += NONCE_ALPHABET[b % NONCE_ALPHABET.length];
  return out;
}

/**
 * The URL to sign, or null when it is not one of our own pages (security.md H66/H67: only our own
 * origin is signed, nothing is fetched). The fragment is dropped, as the JS-SDK requires.
 */
export function decideSignableUrl(raw: string, ownOrigin: string): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username !== '' || url.password !== '') return null;
  if (url.origin !== ownOrigin) return null;
  if (url.pathname !== BASE_PATH && !url.pathname.startsWith(`${BASE_PATH}/`)) return null;
  url.hash = '';
  return url.href;
}
