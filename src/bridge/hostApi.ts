/**
 * The provider app's JavaScript API inside its webview, and the page's side of it. This is the only
 * file that names the host objects; everything else calls the functions below.
 *
 * What the app injects (the contract with the app teams):
 *
 *   iOS (WKWebView)
 *     window.webkit.messageHandlers.shancheng.postMessage(message)   page → app, a plain object
 *     window.shancheng.getToken(): string                              app 4.85 and later
 *     window.getShanchengToken(): string                               below 4.85 (spec 4): the page defines
 *                                                                      it returning '', the app overrides it
 *   Android (addJavascriptInterface)
 *     window.ShanchengBridge.postMessage(json: string)                 page → app, the message as JSON text
 *     window.ShanchengBridge.getToken(): string
 *
 *   Page → app messages (HostMessage):
 *     { type: 'title', title }          the page title, on every page (spec 2.11)
 *     { type: 'jump', jump }            a list item or banner tapped, jump descriptor {dt,cid,nid,cnId,url,ext} (spec 2.4)
 *     { type: 'login', redirect }       an action needs login: the app shows its own prompt (spec 5)
 *
 *   App → page: window.postMessage({ source: 'shancheng-app', type: 'token', token }) after the app's
 *   login, from the page's own window (evaluateJavaScript runs in the page). See listenToHost.ts.
 *
 * The message handler may be injected after the page starts, so it is looked up by polling every
 * 500 ms (spec 9), for at most HANDLER_WAIT_TRIES tries.
 */
import type { JumpDescriptor } from '../routing/jump.ts';
import { usesTokenGetterOverride, type HostInfo } from './detectHost.ts';

export type HostMessage = { type: 'title'; title: string } | { type: 'jump'; jump: JumpDescriptor } | { type: 'login'; redirect: string };

/** Spec 9: waiting for the host-app message handler polls every 500 ms. */
export const HANDLER_POLL_MS = 500;
/** 20 tries: 10 s, after which the app is taken not to have a bridge (an old build, a test page). */
export const HANDLER_WAIT_TRIES = 20;
/** The page-defined getter that iOS apps below 4.85 override (spec 4). */
export const TOKEN_GETTER_OVERRIDE = 'getShanchengToken';

export type SendToHost = (message: HostMessage) => void;

/** The host objects as the page sees them: loose, because the app injects them, not our types. */
export type HostWindow = Record<string, unknown>;

function objectAt(root: unknown, ...path: string[]): Record<string, unknown> | null {
  let node: unknown = root;
  for (const key of path) {
    if ((typeof node !== 'object' && typeof node !== 'function') || node === null) return null;
    node = (node as Record<string, unknown>)[key];
  }
  return (typeof node === 'object' || typeof node === 'function') && node !== null ? (node as Record<string, unknown>) : null;
}

/** The app's message handler, when it has been injected; null otherwise. */
export function findMessageHandler(win: HostWindow): SendToHost | null {
  const ios = objectAt(win, 'webkit', 'messageHandlers', 'shancheng');
  if (ios && typeof ios['postMessage'] === 'function') {
    const post = ios['postMessage'] as (message: unknown) => void;
    return (message) => post.call(ios, message);
  }
  const android = objectAt(win, 'ShanchengBridge');
  if (android && typeof android['postMessage'] === 'function') {
    const post = android['postMessage'] as (json: string) => void;
    // addJavascriptInterface passes strings only.
    return (message) => post.call(android, JSON.stringify(message));
  }
  return null;
}

export interface WaitOptions {
  intervalMs?: number;
  tries?: number;
  /** The timer (tests pass a fake). */
  setTimer?: (fn: () => void, ms: number) => unknown;
}

/** Polls for the message handler every 500 ms (spec 9), bounded; resolves null when it never came. */
export function waitForMessageHandler(win: HostWindow, options: WaitOptions = {}): Promise<SendToHost | null> {
  const intervalMs = options.intervalMs ?? HANDLER_POLL_MS;
  const tries = options.tries ?? HANDLER_WAIT_TRIES;
  const setTimer = options.setTimer ?? ((fn: () => void, ms: number) => setTimeout(fn, ms));
  return new Promise((resolve) => {
    let left = tries;
    const look = (): void => {
      const handler = findMessageHandler(win);
      if (handler || left <= 0) {
        resolve(handler);
        return;
      }
      left -= 1;
      setTimer(look, intervalMs);
    };
    look();
  });
}

function callGetter(owner: Record<string, unknown> | null, name: string): string | null {
  const fn = owner?.[name];
  if (typeof fn !== 'function') return null;
  try {
    const value: unknown = (fn as () => unknown).call(owner);
    // Only a plausible token: a string of visible characters, not an object a page could smuggle in.
    return typeof value === 'string' && /^[\x21-\x7e]{1,512}$/.test(value) ? value : null;
  } catch {
    return null;
  }
}

/**
 * The token from the app's token function (spec 4: logged in when it returns one). iOS below 4.85
 * reads the overridden getter, newer iOS `window.shancheng.getToken()`, Android the bridge object.
 */
export function readAppToken(host: HostInfo, win: HostWindow): string | null {
  if (host.kind !== 'app') return null;
  if (usesTokenGetterOverride(host)) return callGetter(win as Record<string, unknown>, TOKEN_GETTER_OVERRIDE);
  if (host.platform === 'android') return callGetter(objectAt(win, 'ShanchengBridge'), 'getToken');
  return callGetter(objectAt(win, 'shancheng'), 'getToken') ?? callGetter(objectAt(win, 'ShanchengBridge'), 'getToken');
}

/**
 * iOS below 4.85: define the getter the app overrides, returning '' until it does. An override the
 * app already made is kept.
 */
export function installTokenGetterOverride(host: HostInfo, win: HostWindow): void {
  if (!usesTokenGetterOverride(host)) return;
  if (typeof win[TOKEN_GETTER_OVERRIDE] !== 'function') win[TOKEN_GETTER_OVERRIDE] = () => '';
}
