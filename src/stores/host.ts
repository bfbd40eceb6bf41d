/** The host the page runs in (browser, app webview, messenger, mini-program): see bridge/detectHost.ts. */
import { atom } from 'nanostores';
import { BROWSER_HOST, currentHost, type HostInfo } from '../bridge/detectHost.ts';

/** A plain browser until `initHost()` runs in the browser (server rendering never knows). */
export const $host = atom<HostInfo>(BROWSER_HOST);

/** Detects the host from the user agent; call once in the browser. */
export function initHost(): HostInfo {
  const host = currentHost();
  $host.set(host);
  return host;
}
