/**
 * The 山城+ tab's setting (SY_PLUS_URL): the provider's plus platform, framed by /syIframe/index. Only an
 * absolute https URL (http on localhost, for development) with no credentials counts; anything else is
 * "not set" and the tab shows our own 山城号 square instead of an empty or hostile frame.
 */
import { settings } from '../../settings/settings.ts';

export interface SyPlusTarget {
  url: string;
  /** The one origin the page's CSP frame-src adds (ADR 009). */
  origin: string;
}

export function decideSyPlus(raw: string | undefined): SyPlusTarget | null {
  if (typeof raw !== 'string' || raw.trim() === '') return null;
  let parsed: URL;
  try {
    parsed = new URL(raw.trim());
  } catch {
    return null;
  }
  const local = parsed.hostname === 'localhost' || parsed.hostname === '127.0.0.1';
  if (parsed.protocol !== 'https:' && !(parsed.protocol === 'http:' && local)) return null;
  if (parsed.username !== '' || parsed.password !== '') return null;
  return { url: parsed.href, origin: parsed.origin };
}

/** Read per request, so a changed setting needs only a restart of the process, not a rebuild. */
export function syPlusFromEnv(): SyPlusTarget | null {
  return decideSyPlus(settings().SY_PLUS_URL);
}
