/**
 * The reader's comfort settings, kept on the phone (localStorage, `readerPrefs`): the theme (跟随系统 /
 * 浅色 / 深色), large text (elder mode, 适老化: on, off, or following the host) and 省流量 (lite mode).
 * They are switched in the 我的 popup (src/features/mine/MinePopup.astro) and shown as attributes of
 * <html> (docs/conventions.md "Tokens, layers and themes"):
 *
 * - `data-theme="dark"`: dark roles (src/styles/tokens.css); set for 深色, and for 跟随系统 while the phone
 *   is dark (`prefers-color-scheme`, followed live).
 * - `data-text="large"`: elder mode; set for 大字, and when nothing was chosen but the host asks for large
 *   text: the app webview's `textSize` message (src/bridge/listenToHost.ts, remembered here as `hostLarge`),
 *   or an iOS webview (the app's or the messenger's) whose Dynamic Type text size is 特大 or larger (the
 *   `-apple-system-body` font is 21 px or more; 17 px is the phone's default).
 * - `data-lite="on"`: lite mode; set for 省流量, and when the browser saves data (`navigator.connection.saveData`,
 *   the setting that sends `Save-Data: on`).
 *
 * `applyReaderPrefs` runs in the page's one inline script (src/layouts/bootShell.ts) before the body is
 * parsed, so a stored choice paints from the first frame, and islands render the same HTML either way (the
 * modes are CSS on the root). It must stay self-contained: its source text is written into that script.
 */
import { storage } from './storage.ts';
import { LITE_COOKIE } from '../lib/liteMode.ts';

export type ThemeChoice = 'system' | 'light' | 'dark';
export type TextChoice = 'auto' | 'large' | 'normal';

export interface ReaderPrefs {
  theme: ThemeChoice;
  text: TextChoice;
  lite: boolean;
  /** The app webview said the reader chose large text (used while `text` is `auto`). */
  hostLarge: boolean;
}

export const READER_PREFS_KEY = 'readerPrefs';
export const DEFAULT_PREFS: ReaderPrefs = { theme: 'system', text: 'auto', lite: false, hostLarge: false };
/** iOS Dynamic Type: the `-apple-system-body` size from which the host counts as asking for large text. */
export const DYNAMIC_TYPE_LARGE_PX = 21;

/** The stored settings, each field checked; anything unknown falls back to its default. */
export function parseReaderPrefs(raw: string | null): ReaderPrefs {
  let o: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(raw ?? '{}');
    if (typeof parsed === 'object' && parsed !== null) o = parsed as Record<string, unknown>;
  } catch {
    // a damaged value reads as the defaults
  }
  return {
    theme: o['theme'] === 'light' || o['theme'] === 'dark' ? o['theme'] : 'system',
    text: o['text'] === 'large' || o['text'] === 'normal' ? o['text'] : 'auto',
    lite: o['lite'] === true,
    hostLarge: o['hostLarge'] === true,
  };
}

export function readReaderPrefs(): ReaderPrefs {
  return parseReaderPrefs(storage.getItem(READER_PREFS_KEY));
}

/** Stores a change and applies it to the page at once. */
export function saveReaderPrefs(change: Partial<ReaderPrefs>): ReaderPrefs {
  const next = { ...readReaderPrefs(), ...change };
  storage.setItem(READER_PREFS_KEY, JSON.stringify(next));
  // The server rewrites the next pages for 省流量 (src/lib/liteMode.ts): it learns the choice from this cookie.
  document.cookie = `${LITE_COOKIE}=${next.lite ? '1' : '0'}; path=/; max-age=${next.lite ? 31536000 : 0}; samesite=lax`;
  // Navigator's type has no `connection` (not in every browser), so the window is passed as the boot script sees it.
  applyReaderPrefs(window as unknown as PrefsWindow);
  return next;
}

/** What the boot script needs of the window (a fake in the unit test). */
export interface PrefsWindow {
  document: Document;
  localStorage: Pick<Storage, 'getItem'>;
  matchMedia?: ((query: string) => Pick<MediaQueryList, 'matches'> & { addEventListener?: MediaQueryList['addEventListener'] }) | undefined;
  navigator: { connection?: { saveData?: boolean } | undefined };
  getComputedStyle: (el: Element) => Pick<CSSStyleDeclaration, 'fontSize'>;
}

/**
 * Sets the root attributes from the stored settings, the phone's colour scheme and its text size. Written
 * for the inline script (ES2020, no imports): `once` is false when called again after a change.
 */
export function applyReaderPrefs(w: PrefsWindow, once?: boolean): void {
  const root = w.document.documentElement;
  let p: { theme?: string; text?: string; lite?: boolean; hostLarge?: boolean } = {};
  try {
    p = JSON.parse(w.localStorage.getItem('readerPrefs') || '{}') || {};
  } catch {
    p = {};
  }
  const toggle = (name: string, value: string, on: boolean): void => {
    if (on) root.setAttribute(name, value);
    else root.removeAttribute(name);
  };
  const scheme = w.matchMedia ? w.matchMedia('(prefers-color-scheme: dark)') : null;
  toggle('data-theme', 'dark', p.theme === 'dark' || (p.theme !== 'light' && !!scheme && scheme.matches));
  let hostLarge = p.hostLarge === true;
  if (!hostLarge && p.text !== 'large' && p.text !== 'normal') {
    // iOS Dynamic Type (WebKit only; other engines leave the probe at the inherited size).
    const probe = w.document.createElement('i');
    probe.style.font = '-apple-system-body';
    root.appendChild(probe);
    hostLarge = parseFloat(w.getComputedStyle(probe).fontSize) >= 21;
    probe.remove();
  }
  toggle('data-text', 'large', p.text === 'large' || (p.text !== 'normal' && hostLarge));
  // A page the server made lite (Save-Data, src/lib/liteMode.ts) stays lite until the reader turns 省流量 off here.
  const served = !!once && root.getAttribute('data-lite') === 'on';
  toggle('data-lite', 'on', served || p.lite === true || !!(w.navigator.connection && w.navigator.connection.saveData));
  if (once && scheme && scheme.addEventListener) scheme.addEventListener('change', () => applyReaderPrefs(w));
}
