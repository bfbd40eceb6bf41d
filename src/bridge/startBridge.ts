/**
 * Runs on every page (AppShell): detects the host once, and inside the app
 * - sends the page title to the app (spec 2.11: a title-change message on every page),
 * - turns taps on list cards and banners into jumps through the app (spec 2.4),
 * - takes the login state from the app's token function (spec 4), and
 * - accepts a token the app hands back after its own login (origin-checked, security.md H63).
 */
import { setToken, $session } from '../stores/session.ts';
import { initHost } from '../stores/host.ts';
import { type HostInfo } from './detectHost.ts';
import { HANDLER_POLL_MS, HANDLER_WAIT_TRIES, installTokenGetterOverride, readAppToken, type HostWindow } from './hostApi.ts';
import { postToHost } from './hostLink.ts';
import { parseJumpData } from './jumpData.ts';
import { listenToHost } from './listenToHost.ts';

/** The page's own title (AppShell's `data-host-title`), without the product suffix of document.title. */
export function pageTitle(doc: Document = document): string {
  return doc.documentElement.dataset['hostTitle'] || doc.title;
}

function syncAppToken(host: HostInfo): boolean {
  const token = readAppToken(host, window as unknown as HostWindow);
  // Spec 4: logged in when the app's token function returns one; the app's token wins.
  if (token && token !== $session.get().token) setToken(token);
  return token !== null;
}

/** The app may inject its token function (or, below iOS 4.85, override the getter) after the page starts. */
function pollAppToken(host: HostInfo, triesLeft: number = HANDLER_WAIT_TRIES): void {
  if (syncAppToken(host) || triesLeft <= 0) return;
  window.setTimeout(() => pollAppToken(host, triesLeft - 1), HANDLER_POLL_MS);
}

function wireHostJumps(host: HostInfo): void {
  document.addEventListener('click', (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const target = event.target;
    if (!(target instanceof Element)) return;
    const link = target.closest<HTMLAnchorElement>('a[data-jump]');
    if (!link) return;
    const jump = parseJumpData(link.getAttribute('data-jump'));
    if (!jump) return;
    event.preventDefault();
    void postToHost({ type: 'jump', jump }, host).then((sent) => {
      // No app bridge after all (an old build): the link still works as a page link.
      if (!sent && link.href) location.assign(link.href);
    });
  });
}

export function startBridge(): HostInfo {
  const host = initHost();
  if (host.kind !== 'app' || window.top !== window) return host;
  const win = window as unknown as HostWindow;
  installTokenGetterOverride(host, win);
  pollAppToken(host);
  wireHostJumps(host);
  listenToHost(window, (message) => {
    if (message.type === 'token') setToken(message.token);
    // The settings module loads only when the app says something about text size (it is not needed before).
    else if (message.type === 'textSize') void import('../client/readerPrefs.ts').then(({ saveReaderPrefs }) => saveReaderPrefs({ hostLarge: message.large }));
  });
  void postToHost({ type: 'title', title: pageTitle() }, host);
  return host;
}
