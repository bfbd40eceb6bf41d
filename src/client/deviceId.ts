/**
 * The device id cookie (spec 9: kept 365 days across the parent domain). It identifies the
 * browser to the API in the `x-device-id` header and feeds the derived app key (spec 7).
 */
import { DEVICE_ID_COOKIE } from '../contract/headers.ts';

/** Something with a `cookie` property that behaves like `document.cookie` (a fake in tests). */
export interface CookieJar {
  cookie: string;
}

export const DEVICE_ID_MAX_AGE_S = 365 * 24 * 60 * 60;

/**
 * Second-level registries under which the registrable domain has three labels. Setting a cookie
 * on `.com.cn` would be refused by the browser, so `m.cqnews.com.cn` must give `.cqnews.com.cn`.
 */
const SECOND_LEVEL_SUFFIXES = new Set(['com.cn', 'net.cn', 'org.cn', 'gov.cn', 'edu.cn', 'ac.cn', 'mil.cn', 'cq.cn', 'com.hk', 'com.tw', 'co.uk', 'co.jp']);

const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;

/**
 * The cookie domain attribute for a hostname: its parent (registrable) domain with a leading dot,
 * or null where a domain attribute must not be set (localhost, IP addresses, single labels).
 */
export function parentDomain(hostname: string): string | null {
  const host = hostname.trim().toLowerCase().replace(/\.$/, '');
  if (host === '' || host.includes(':') || host.startsWith('[') || IPV4.test(host)) return null;
  if (host === 'localhost' || host.endsWith('.localhost')) return null;
  const labels = host.split('.');
  if (labels.length < 2 || labels.some((label) => label === '')) return null;
  const lastTwo = labels.slice(-2).join('.');
  if (SECOND_LEVEL_SUFFIXES.has(lastTwo)) {
    return labels.length >= 3 ? `.${labels.slice(-3).join('.')}` : null;
  }
  return `.${lastTwo}`;
}

/** Reads one cookie value from a `document.cookie` string. */
export function readCookie(cookieString: string, name: string): string | null {
  for (const part of cookieString.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return null;
}

// Ids we generate are 32 hex chars; accept any plausible id an older client set, reject junk.
const VALID_DEVICE_ID = /^[A-Za-z0-9_-]{8,64}$/;

/** A random id: crypto.randomUUID without dashes (32 hex chars). */
export function randomDeviceId(): string {
  const { crypto } = globalThis;
  // randomUUID exists only in secure contexts; a plain-http page still has getRandomValues.
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID().replaceAll('-', '');
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The full `Set-Cookie`-style string written to `document.cookie`. */
export function deviceIdCookie(id: string, hostname: string): string {
  const domain = parentDomain(hostname);
  const parts = [`${DEVICE_ID_COOKIE}=${encodeURIComponent(id)}`, `max-age=${DEVICE_ID_MAX_AGE_S}`, 'path=/', 'SameSite=Lax'];
  if (domain) parts.push(`domain=${domain}`);
  return parts.join('; ');
}

export interface EnsureDeviceIdDeps {
  jar: CookieJar;
  hostname: string;
  makeId?: () => string;
}

/** Reads the device id cookie, or creates and writes one (spec 9). */
export function ensureDeviceId(deps: EnsureDeviceIdDeps): string {
  const existing = readCookie(deps.jar.cookie, DEVICE_ID_COOKIE);
  if (existing !== null && VALID_DEVICE_ID.test(existing)) return existing;
  const id = (deps.makeId ?? randomDeviceId)();
  deps.jar.cookie = deviceIdCookie(id, deps.hostname);
  return id;
}

let browserDeviceId: string | null = null;

/**
 * The browser's device id from `document.cookie`, created on first use; '' where there is no
 * document (server rendering). Memoised so a blocked cookie still gives one id per page.
 */
export function getBrowserDeviceId(): string {
  if (browserDeviceId !== null) return browserDeviceId;
  if (typeof document === 'undefined' || typeof location === 'undefined') return '';
  browserDeviceId = ensureDeviceId({ jar: document, hostname: location.hostname });
  return browserDeviceId;
}
