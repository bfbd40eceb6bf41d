/**
 * The base path every page lives under, and the one gate for URLs that reach an href, a redirect
 * (Location), location.assign/replace or window.open (security.md G57, H62).
 *
 * BASE_PATH is the one spelling of '/shancheng': astro.config.mjs (`base`), the server's
 * router, the middleware, the page cache and the pages take it from here.
 */
export const BASE_PATH = '/shancheng';

/** Stands in for our own origin when a target is resolved; never sent anywhere. */
const OWN = 'http://own.invalid';
const CONTROL_OR_BACKSLASH = /[\u0000-\u001f\u007f\\]/;
/** A `.` or `..` path segment (also `\`-separated), in any decoded layer of the target. */
const DOT_SEGMENT = /(^|[/\\])\.{1,2}([/\\?#]|$)/;

/**
 * Resolves `raw` the way a browser would — dot segments, percent-encoded dots (`%2e%2e`), backslashes,
 * `//host` — and only then requires our own origin and the base path. Gives the target as a path
 * (`/shancheng/…?…#…`, always on our origin), or null.
 *
 * `ownOrigins`: absolute URLs on these origins are accepted too (e.g. PUBLIC_ORIGIN); any other origin is
 * refused. Beyond the browser's rules, a target whose percent-decoded layers hide a dot segment, a
 * backslash or a control character is refused too (a second decoding somewhere must not turn it into one).
 */
export function ownTarget(raw: string | null | undefined, ownOrigins: readonly (string | null | undefined)[] = []): string | null {
  if (typeof raw !== 'string') return null;
  const value = raw.trim();
  if (value === '' || CONTROL_OR_BACKSLASH.test(value) || DOT_SEGMENT.test(value)) return null;
  if (!value.startsWith('/') && !/^https?:\/\//i.test(value)) return null;
  let layer = value;
  for (let i = 0; i < 3; i++) {
    let next: string;
    try {
      next = decodeURIComponent(layer);
    } catch {
      return null;
    }
    if (next === layer) break;
    if (CONTROL_OR_BACKSLASH.test(next) || DOT_SEGMENT.test(next) || next.startsWith('//')) return null;
    layer = next;
  }
  let url: URL;
  try {
    url = new URL(value, OWN);
  } catch {
    return null;
  }
  const origins = new Set<string>([OWN]);
  for (const o of ownOrigins) {
    if (!o) continue;
    try {
      origins.add(new URL(o).origin);
    } catch {
      // not an origin: ignored
    }
  }
  if (!origins.has(url.origin) || url.username !== '' || url.password !== '') return null;
  const { pathname } = url;
  if (pathname !== BASE_PATH && !pathname.startsWith(`${BASE_PATH}/`)) return null;
  if (pathname.includes('//')) return null;
  return `${pathname}${url.search}${url.hash}`;
}

/**
 * For content links (hrefs from the editors' data): http(s) URLs anywhere, or our own pages (ownTarget).
 * Anything else (javascript:, data:, //host, \host, /shancheng/..//host …) becomes null.
 */
export function safeUrl(raw: string | null | undefined): string | null {
  if (typeof raw !== 'string') return null;
  // Browsers drop leading C0 controls and spaces and ignore tabs/newlines inside schemes.
  const url = raw.replace(/[\u0000-\u0020]+/g, (m, offset: number) => (offset === 0 ? '' : m)).trim();
  if (url === '') return null;
  if (/[\u0000-\u001f\\]/.test(url)) return null;
  if (url.startsWith('/')) return ownTarget(url);
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  return parsed.href;
}

/** The home channel: where a refused redirect target goes instead. */
export const HOME_PATH = `${BASE_PATH}/home/1`;

/** A redirect target from the request (login's `redirect`, …): our own page (ownTarget), else the home channel. */
export function safeRedirectPath(raw: string | null | undefined, ownOrigins: readonly (string | null | undefined)[] = []): string {
  return ownTarget(raw, ownOrigins) ?? HOME_PATH;
}
