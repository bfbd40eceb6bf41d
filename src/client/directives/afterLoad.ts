/**
 * `client:afterload` — our one hydration directive (ADR 011; ADR 001 "Fifth round"), registered in
 * astro.config.mjs through Astro's `addClientDirective`. Astro inlines this file (bundled by esbuild) before
 * the first island of a page, so it stays small and imports nothing but types.
 *
 * - Normally an island hydrates when the browser is idle after the load event: the React runtime is
 *   never fetched or evaluated before `load`.
 * - When the reader saves data (`navigator.connection.saveData` — the browser's Save-Data setting, the same
 *   one that sends the `Save-Data` header —, a 2g connection, or `navigator.deviceMemory` ≤ 2) it hydrates
 *   only on the first tap or focus inside the island.
 * - A tap on a control (a button, not a link: links work without script) before hydration is held, the
 *   island hydrates at once, and the tap is replayed on the same element, so it is never lost.
 * - `client:afterload="report"` (any value) hydrates only on request: `requestHydration('report')`
 *   (src/client/directives/requestHydration.ts) or a tap/focus inside the island.
 * - Spec 8 ChunkLoadError (a failed script or a 120000 ms time-out): the page stays as the
 *   server rendered it and a button 加载失败，点击重试 appears after the island; it (or a tap on any control of
 *   the island) loads the island again. Never a dead button.
 */
import type { ClientDirective } from 'astro';

export const LOAD_FAILED_TEXT = '加载失败，点击重试';
/** Spec 9: script chunk load time-out. */
export const CHUNK_TIMEOUT_MS = 120_000;
/** The window event that asks an on-request island to hydrate; `detail` is the directive's value. */
export const HYDRATE_REQUEST_EVENT = 'sc:hydrate-request';

export interface DataSavingNavigator {
  connection?: { saveData?: boolean; effectiveType?: string } | undefined;
  deviceMemory?: number | undefined;
}

/** True when the reader saves data: lite mode, Save-Data, a 2g connection, or a device with 2 GB of memory or less. */
export function savesData(nav: DataSavingNavigator): boolean {
  // 省流量 in 我的, or a Save-Data page (src/lib/liteMode.ts): the root says so.
  if (typeof document !== 'undefined' && document.documentElement.getAttribute('data-lite') === 'on') return true;
  const connection = nav.connection;
  if (connection?.saveData === true) return true;
  if (connection?.effectiveType === '2g' || connection?.effectiveType === 'slow-2g') return true;
  return typeof nav.deviceMemory === 'number' && nav.deviceMemory <= 2;
}

/** Controls whose tap is held and replayed; links and everything else keep their native behaviour. */
const CONTROL = 'button, input, select, textarea, summary, [role="button"], [role="tab"], [role="switch"]';

/**
 * Whether the reader has pressed a key or touched the page yet: one flag for the page, set by two window
 * listeners that the first island adds (this file is inlined once per page, so its module state is the page's).
 */
let readerActed = false;
let watchingReader = false;

function watchReader(): void {
  if (watchingReader) return;
  watchingReader = true;
  const act = (): void => {
    readerActed = true;
  };
  for (const type of ['pointerdown', 'keydown']) window.addEventListener(type, act, { capture: true, once: true });
}

const afterLoad: ClientDirective = (load, options, el) => {
  let state: 'waiting' | 'loading' | 'done' | 'failed' = 'waiting';
  let held: HTMLElement | null = null;
  let retry: HTMLButtonElement | null = null;
  let failed = false;
  let hydrated = false;

  const showRetry = (): void => {
    if (retry) return;
    retry = document.createElement('button');
    retry.type = 'button';
    retry.className = 'sc-load-retry';
    retry.textContent = LOAD_FAILED_TEXT;
    retry.addEventListener('click', run);
    el.after(retry);
    el.setAttribute('data-load-failed', '');
  };

  const onError = (): void => {
    failed = true;
  };
  el.addEventListener('astro:hydration-error', onError);

  /** Never before the load event: a tap or focus that comes earlier waits for it (the tap is still replayed). */
  function run(): void {
    if (document.readyState === 'complete') void start();
    else window.addEventListener('load', () => void start(), { once: true });
  }

  async function start(): Promise<void> {
    if (state === 'loading' || state === 'done') return;
    state = 'loading';
    failed = false;
    const timer = setTimeout(() => {
      if (state !== 'loading') return;
      state = 'failed';
      showRetry();
    }, CHUNK_TIMEOUT_MS);
    const hydrate = await load();
    clearTimeout(timer);
    // A load that timed out may still arrive after a retry started: the first good one hydrates, once.
    if (hydrated) return;
    if (failed) {
      state = 'failed';
      showRetry();
      return;
    }
    hydrated = true;
    await hydrate();
    state = 'done';
    el.removeEventListener('astro:hydration-error', onError);
    el.removeEventListener('click', hold, true);
    el.removeEventListener('focusin', wake);
    el.removeEventListener('keydown', key);
    el.removeAttribute('data-load-failed');
    retry?.remove();
    retry = null;
    const target = held;
    held = null;
    // React keeps the server's nodes when it hydrates, so the held element is the one it now drives.
    if (target?.isConnected) target.click();
  }

  function hold(event: Event): void {
    const target = event.target instanceof Element ? event.target.closest<HTMLElement>(CONTROL) : null;
    if (!target || !el.contains(target)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    held = target;
    run();
  }

  function wake(event: Event): void {
    // Focus the page gives itself is not the reader's: any focus while loading, and an `autofocus` field's before
    // the reader has pressed a key or touched the page (on a busy phone the load event can come before it).
    if (document.readyState !== 'complete') return;
    if (!readerActed && event.target instanceof Element && event.target.hasAttribute('autofocus')) return;
    run();
  }

  /** A key pressed inside the island (typing in a field the page focused) is the reader's. */
  function key(): void {
    if (document.readyState === 'complete') run();
  }

  watchReader();
  el.addEventListener('click', hold, true);
  el.addEventListener('focusin', wake);
  el.addEventListener('keydown', key);

  // Astro passes `true` for a bare `client:afterload`, the text for `client:afterload="name"`.
  const requestName: unknown = options.value;
  if (typeof requestName === 'string' && requestName !== '') {
    window.addEventListener(HYDRATE_REQUEST_EVENT, (event) => {
      if ((event as CustomEvent<unknown>).detail === requestName) run();
    });
    return;
  }
  if (savesData(navigator as DataSavingNavigator)) return;
  const whenIdle = (): void => {
    if ('requestIdleCallback' in window) requestIdleCallback(() => void start(), { timeout: 2000 });
    else setTimeout(() => void start(), 200);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
};

export default afterLoad;
