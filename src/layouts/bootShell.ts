/**
 * The one inline script of every page (issue 21 items 1 and 8), injected into <head> by the
 * `shancheng:boot` integration (astro.config.mjs, `injectScript('head-inline')`), which Astro hashes for
 * the CSP (ADR 009). It runs before the body is parsed, so what it decides never moves the page:
 *
 * 1. Spec 2.11 "first load": the top navigation bar is hidden on a page opened directly — a shared link,
 *    a typed address, a new tab — where a back arrow leads nowhere. The page came from within the site
 *    when the referrer is our own origin and the tab has a page to go back to (history.length > 1). On
 *    first load it puts `first-load` on <html>; AppShell's CSS hides the bar then (the server HTML has the
 *    bar, so a reader without script, or one who moved within the site, never sees it appear late). The
 *    server cannot decide this itself: pages are cached for every reader (issue 7), and a Referer-keyed
 *    page would split the cache.
 * 2. Spec 8 ChunkLoadError / CSS_CHUNK_LOAD_FAILED (a page script or style sheet that fails, or a script
 *    still not run after 120000 ms): the page stays as the server rendered it; each control that needed
 *    the script (inside a `sc-*` element that never got defined) gets a 加载失败，点击重试 button after
 *    it, and a tap on the button or on any of those controls loads the failed files again. Never a dead
 *    button. Islands have the same behaviour in their directive (src/client/directives/afterLoad.ts).
 *
 * `bootShell` must stay self-contained (no imports, no outside constants): its source text is the script.
 */
export interface BootWindow {
  document: Document;
  location: { origin: string };
  history: { length: number };
  addEventListener: Window['addEventListener'];
  setTimeout: (fn: () => void, ms: number) => unknown;
  customElements: Pick<CustomElementRegistry, 'get'>;
}

/** The class on <html> for a page opened directly (AppShell.astro hides the bar with it). */
export const FIRST_LOAD_CLASS = 'first-load';
export const LOAD_FAILED_TEXT = '加载失败，点击重试';
/** Spec 9: script chunk load time-out. */
export const CHUNK_TIMEOUT_MS = 120_000;

/** Spec 2.11: true when the page was opened directly (back leads nowhere). Pure, for the unit test. */
export function isFirstLoad(referrer: string, origin: string, historyLength: number): boolean {
  return !(referrer.indexOf(origin + '/') === 0 && historyLength > 1);
}

export function bootShell(win: BootWindow, firstLoadRule: typeof isFirstLoad): void {
  const doc = win.document;
  const root = doc.documentElement;
  if (firstLoadRule(doc.referrer, win.location.origin, win.history.length)) root.classList.add('first-load');

  const failed: { kind: 'script' | 'style'; url: string }[] = [];
  const ran: string[] = [];
  let tries = 0;
  const ours = (url: string): boolean => url.indexOf(win.location.origin + '/') === 0;
  const controls = 'button, input, select, textarea, summary, [role="button"], [role="tab"], [role="switch"]';

  /** The `sc-*` elements whose script never ran, with a control inside. */
  const stranded = (): Element[] => {
    const out: Element[] = [];
    const all = doc.body ? doc.body.getElementsByTagName('*') : [];
    for (let i = 0; i < all.length; i += 1) {
      const el = all[i] as Element;
      const name = el.localName;
      if (name.indexOf('sc-') === 0 && !win.customElements.get(name) && el.querySelector(controls)) out.push(el);
    }
    return out;
  };

  const clearRetries = (): void => {
    const buttons = doc.querySelectorAll('[data-boot-retry]');
    for (let i = 0; i < buttons.length; i += 1) buttons[i]?.remove();
    root.removeAttribute('data-load-failed');
  };

  const retry = (): void => {
    const again = failed.splice(0, failed.length);
    tries += 1;
    let pending = again.length;
    const settle = (): void => {
      pending -= 1;
      if (pending === 0 && failed.length === 0) clearRetries();
    };
    for (const item of again) {
      if (item.kind === 'style') {
        const link = doc.createElement('link');
        link.rel = 'stylesheet';
        link.href = item.url;
        link.setAttribute('data-boot-again', '');
        link.onload = settle;
        link.onerror = () => {
          failed.push(item);
          settle();
        };
        doc.head.append(link);
      } else {
        // A fresh URL: a failed module stays failed under its own URL in the page's module map.
        const script = doc.createElement('script');
        script.type = 'module';
        script.setAttribute('data-boot-again', '');
        script.src = item.url + (item.url.indexOf('?') < 0 ? '?' : '&') + 'retry=' + tries;
        script.onload = settle;
        script.onerror = () => {
          failed.push({ kind: 'script', url: item.url });
          settle();
        };
        doc.head.append(script);
      }
    }
  };

  const showRetry = (): void => {
    root.setAttribute('data-load-failed', '');
    // A style sheet: one button at the top of the page (the page stays readable without it).
    if (doc.body && !doc.querySelector('[data-boot-retry="style"]') && failed.some((item) => item.kind === 'style')) {
      const button = doc.createElement('button');
      button.type = 'button';
      button.className = 'sc-load-retry';
      button.setAttribute('data-boot-retry', 'style');
      button.textContent = '加载失败，点击重试';
      doc.body.prepend(button);
    }
    for (const el of stranded()) {
      const next = el.nextElementSibling;
      if (next && next.hasAttribute('data-boot-retry')) continue;
      const button = doc.createElement('button');
      button.type = 'button';
      button.className = 'sc-load-retry';
      button.setAttribute('data-boot-retry', '');
      button.textContent = '加载失败，点击重试';
      el.after(button);
    }
  };

  const fail = (kind: 'script' | 'style', url: string): void => {
    for (const item of failed) if (item.url === url) return;
    failed.push({ kind, url });
    if (doc.readyState === 'loading') doc.addEventListener('DOMContentLoaded', showRetry, { once: true });
    else showRetry();
  };

  win.addEventListener(
    'error',
    (event) => {
      const el = event.target as HTMLScriptElement | HTMLLinkElement | null;
      if (!el || !('tagName' in el) || el.hasAttribute('data-boot-again')) return;
      if (el.tagName === 'SCRIPT' && (el as HTMLScriptElement).src && ours((el as HTMLScriptElement).src)) fail('script', (el as HTMLScriptElement).src);
      else if (el.tagName === 'LINK' && (el as HTMLLinkElement).rel === 'stylesheet' && ours((el as HTMLLinkElement).href)) fail('style', (el as HTMLLinkElement).href);
    },
    true,
  );
  win.addEventListener(
    'load',
    (event) => {
      const el = event.target as HTMLScriptElement | Document | null;
      if (el && 'tagName' in el && el.tagName === 'SCRIPT' && el.src) ran.push(el.src);
      if (el !== doc) return;
      // A style sheet that failed before this script listened: after load, a sheet that is not there.
      const links = doc.querySelectorAll('link[rel="stylesheet"]');
      for (let i = 0; i < links.length; i += 1) {
        const link = links[i] as HTMLLinkElement;
        if (!link.sheet && ours(link.href) && !link.hasAttribute('data-boot-again')) fail('style', link.href);
      }
    },
    true,
  );
  // A tap on a control whose script failed retries (the tap itself cannot be kept: nothing drives it yet).
  win.addEventListener(
    'click',
    (event) => {
      if (failed.length === 0) return;
      const target = event.target as Element | null;
      if (!target || !target.closest) return;
      const own = target.closest('[data-boot-retry]');
      const control = target.closest(controls);
      if (own || (control && stranded().some((el) => el.contains(control)))) {
        event.preventDefault();
        retry();
      }
    },
    true,
  );
  // Spec 8/9: a script not run 120000 ms after the page started is a failed one.
  win.setTimeout(() => {
    const scripts = doc.querySelectorAll('script[type="module"][src]');
    for (let i = 0; i < scripts.length; i += 1) {
      const src = (scripts[i] as HTMLScriptElement).src;
      if (ours(src) && ran.indexOf(src) < 0) fail('script', src);
    }
  }, 120000);
}

/** The script text: `bootShell` itself, run at once. */
export function bootScript(): string {
  return `(${bootShell.toString()})(window, ${isFirstLoad.toString()});`;
}
