/** The host of an incoming page request, for server rendering (same rules as the browser). */
import { detectHost, type HostInfo } from '../bridge/detectHost.ts';

/**
 * Reads the user agent header. The server cannot see `window.__wxjs_environment`, so an iOS
 * mini-program without a UA marker reads as the messenger until the browser's `initHost()` runs.
 */
export function hostOfRequest(headers: Headers): HostInfo {
  return detectHost(headers.get('user-agent') ?? '');
}
