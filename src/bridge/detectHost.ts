/**
 * Which host the page runs in: a phone browser, the provider's app webview, the messenger's
 * in-app browser, or a messenger mini-program webview. Several spec rules branch on it
 * (spec 5: the app shows its own login prompt; spec 4: content never folds inside the app).
 *
 * This file (with the rest of src/bridge) is the only code that reads the user agent: lint forbids
 * `navigator.userAgent` anywhere else. Server rendering passes the request's UA to `detectHost`.
 */

export type HostKind = 'browser' | 'app' | 'messenger' | 'miniprogram';
export type HostPlatform = 'ios' | 'android' | 'other';

export interface HostInfo {
  kind: HostKind;
  platform: HostPlatform;
  /** The provider app's version from `ShanchengApp/<version>`, when the UA carries it. */
  appVersion: string | null;
}

export interface HostExtras {
  /** `window.__wxjs_environment`: iOS mini-program webviews often set it without a UA marker. */
  wxjsEnvironment?: string | null | undefined;
}

export const BROWSER_HOST: HostInfo = { kind: 'browser', platform: 'other', appVersion: null };

const APP_VERSION_RE = /ShanchengApp\/(\d+(?:\.\d+)*)/i;
const APP_MARKER_RE = /shancheng/i;

function detectPlatform(ua: string): HostPlatform {
  if (/iPhone|iPad|iPod/.test(ua)) return 'ios';
  if (/Android/i.test(ua)) return 'android';
  return 'other';
}

/** Pure host detection from a user agent string (and the mini-program flag). */
export function detectHost(ua: string, extras: HostExtras = {}): HostInfo {
  const platform = detectPlatform(ua);
  const appVersion = APP_VERSION_RE.exec(ua)?.[1] ?? null;
  if (appVersion !== null || APP_MARKER_RE.test(ua)) return { kind: 'app', platform, appVersion };
  if (/miniProgram/i.test(ua) || extras.wxjsEnvironment === 'miniprogram') {
    return { kind: 'miniprogram', platform, appVersion: null };
  }
  if (/MicroMessenger/i.test(ua)) return { kind: 'messenger', platform, appVersion: null };
  return { kind: 'browser', platform, appVersion: null };
}

/** The current page's host; the plain browser when there is no navigator (server rendering). */
export function currentHost(): HostInfo {
  if (typeof navigator === 'undefined') return BROWSER_HOST;
  const wx: unknown = typeof window === 'undefined' ? undefined : (window as unknown as Record<string, unknown>)['__wxjs_environment'];
  return detectHost(navigator.userAgent, { wxjsEnvironment: typeof wx === 'string' ? wx : null });
}

/** True inside the provider's app webview. */
export function isAppWebview(): boolean {
  return currentHost().kind === 'app';
}

/**
 * Spec 4: iOS app versions below 4.85 use the token getter override. The original app compared the
 * version as a decimal number (`parseFloat`), so `4.8.2` and `4.80` read as 4.8 (below) and `4.9`
 * as 4.9 (not below); we keep that reading because those are the versions that shipped.
 */
export const TOKEN_OVERRIDE_BELOW_VERSION = 4.85;

/** True for the provider's iOS app older than 4.85, which hands over its token by overriding a getter. */
export function usesTokenGetterOverride(host: HostInfo): boolean {
  if (host.kind !== 'app' || host.platform !== 'ios' || host.appVersion === null) return false;
  const version = Number.parseFloat(host.appVersion);
  return Number.isFinite(version) && version < TOKEN_OVERRIDE_BELOW_VERSION;
}

/** Spec 2.11 and 4: long content folds, and the promo bar may show, only outside the app. */
export function shouldFoldLongContent(host: HostInfo = currentHost()): boolean {
  return host.kind !== 'app';
}
