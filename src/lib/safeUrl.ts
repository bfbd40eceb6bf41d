/**
 * The one gate for URLs that reach an href, location or window.open (security.md G57, H62):
 * http(s) URLs, or paths under the base path. Anything else (javascript:, data:, //host, \host …)
 * becomes null.
 */
export const BASE_PATH = '/shancheng';

export function safeUrl(raw: string | null | undefined): string | null {
  if (typeof raw !== 'string') return null;
  // Browsers drop leading C0 controls and spaces and ignore tabs/newlines inside schemes.
   
  const url = raw.replace(/[\u0000-\u0020]+/g, (m, offset: number) => (offset === 0 ? '' : m)).trim();
  if (url === '') return null;
   
  if (/[\u0000-\u001f\\]/.test(url)) return null;
  if (url.startsWith('/')) {
    if (url.startsWith('//')) return null;
    return url === BASE_PATH || url.startsWith(`${BASE_PATH}/`) || url.startsWith(`${BASE_PATH}?`) ? url : null;
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  return parsed.href;
}

/** Login's redirect target: only a same-origin path under the base, else the home channel (H62). */
export function safeRedirectPath(raw: string | null | undefined): string {
  const fallback = `${BASE_PATH}/home/1`;
  if (typeof raw !== 'string') return fallback;
  let value = raw.trim();
  try {
    // One decoding pass catches %2F%2Fevil.com.
    value = decodeURIComponent(value);
  } catch {
    return fallback;
  }
  if (!value.startsWith(`${BASE_PATH}/`) && value !== BASE_PATH) return fallback;
   
  if (/[\\\u0000-\u001f]/.test(value) || value.startsWith('//')) return fallback;
  return value;
}
