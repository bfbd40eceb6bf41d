/**
 * The one inline script of every page, injected into <head> by the
 * `shancheng:boot` integration (astro.config.mjs, `injectScript('head-inline')`), which Astro hashes for
 * the CSP (ADR 009). It runs before the body is parsed, so what it decides never moves the page:
 *
 * 1. Spec 2.11 "first load": the top navigation bar is hidden on a page opened directly — a shared link,
 *    a typed address, a new tab — where a back arrow leads nowhere. The page came from within the site
 *    when the referrer is our own origin and the tab has a page to go back to (history.length > 1). On
 *    first load it puts `first-load` on <html>; AppShell's CSS hides the bar then (the server HTML has the
 *    bar, so a reader without script, or one who moved within the site, never sees it appear late). The
 *    server cannot decide this itself: pages are cached for every reader (ADR 001), and a Referer-keyed
 *    page would split the cache.
 * 2. The reader's comfort settings (dark mode, elder mode, lite mode) as attributes of <html>
 *    (src/client/readerPrefs.ts `applyReaderPrefs`, passed in as source text like `isFirstLoad`).
 * 3. Spec 8 ChunkLoadError / CSS_CHUNK_LOAD_FAILED (a page script or style sheet of ours that fails, or
 *    a page still loading after 120000 ms): the page stays as the server rendered it. The first failure
 *    loads `public/boot-retry.js`, which puts a 加载失败，点击重试 button after each `sc-*` element with a
 *    control that never got its script (a failed style sheet: one at the top). A tap on such a button, or
 *    on any control inside an element that never got its script, loads the page's files again: a reload
 *    (a failed module stays failed in this document's module map; the shell restores the scroll
 *    position). The tap reloads even if boot-retry.js cannot load either: never a dead button. Islands
 *    retry in place in their directive (src/client/directives/afterLoad.ts), keeping what was typed.
 *
 * It is in every page's HTML and counts in every page's JS budget (ADR 001), so it stays small: the
 * buttons' code is fetched only after a failure.
 *
 * `bootShell` must stay self-contained (no imports, no outside constants): its source text is the script.
 */
import { applyReaderPrefs, type PrefsWindow } from '../client/readerPrefs.ts';

export interface BootWindow extends PrefsWindow {
  document: Document;
  location: { origin: string; reload(): void };
  history: { length: number };
  addEventListener: Window['addEventListener'];
  setTimeout: (fn: () => void, ms: number) => unknown;
}

/** The class on <html> for a page opened directly (AppShell.astro hides the bar with it). */
export const FIRST_LOAD_CLASS = 'first-load';
/** Spec 9: script chunk load time-out. */
export const CHUNK_TIMEOUT_MS = 120_000;
/** The retry buttons' script, under the base path (public/boot-retry.js). */
export const RETRY_SCRIPT = '/boot-retry.js';

/** Spec 2.11: true when the page was opened directly (back leads nowhere). Pure, for the unit test. */
export function isFirstLoad(referrer: string, origin: string, historyLength: number): boolean {
  return !(referrer.indexOf(origin + '/') === 0 && historyLength > 1);
}

export function bootShell(w: BootWindow, firstLoad: typeof isFirstLoad, retryUrl: string, prefs: typeof applyReaderPrefs): void {
  const d = w.document;
  // The reader's theme, text size and lite mode on <html> before the first paint (src/client/readerPrefs.ts).
  try {
    prefs(w, true);
  } catch {
    // storage or media queries refused: the page keeps its defaults
  }
  const ours = w.location.origin + '/';
  if (firstLoad(d.referrer, w.location.origin, w.history.length)) d.documentElement.classList.add('first-load');
  let failed = false;
  const fail = (): void => {
    if (failed) return;
    failed = true;
    const s = d.createElement('script');
    s.src = retryUrl;
    d.head.append(s);
  };
  w.addEventListener(
    'error',
    (e) => {
      const t = e.target as HTMLScriptElement & HTMLLinkElement;
      if ((t.tagName === 'SCRIPT' && !t.src.indexOf(ours)) || (t.tagName === 'LINK' && t.rel === 'stylesheet' && !t.href.indexOf(ours))) fail();
    },
    true,
  );
  w.addEventListener(
    'click',
    (e) => {
      const t = e.target as Element;
      if (failed && t.closest && t.closest('[data-boot-retry],:not(:defined) *')) {
        e.preventDefault();
        w.location.reload();
      }
    },
    true,
  );
  w.setTimeout(() => d.readyState === 'complete' || fail(), 120000);
}

/** The script text: `bootShell` itself, run at once with the first-load rule and the retry script's URL. */
export function bootScript(base: string): string {
  return `(${bootShell.toString()})(window, ${isFirstLoad.toString()}, ${JSON.stringify(base + RETRY_SCRIPT)}, ${applyReaderPrefs.toString()});`;
}
