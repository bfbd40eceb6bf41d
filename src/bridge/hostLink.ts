/**
 * The page's live connection to the host app: one lookup of the message handler per page (polling
 * every 500 ms, spec 9), then messages go straight through. Outside the app nothing is ever sent.
 */
import { currentHost, type HostInfo } from './detectHost.ts';
import { waitForMessageHandler, type HostMessage, type HostWindow, type SendToHost } from './hostApi.ts';

let handler: Promise<SendToHost | null> | null = null;

function hostWindow(): HostWindow | null {
  if (typeof window === 'undefined') return null;
  // Only the top page talks to the app: a page of ours framed by another never reaches the bridge.
  if (window.top !== window) return null;
  return window as unknown as HostWindow;
}

/** The app's message handler, once it is there; null outside the app or when it never came. */
export function hostHandler(host: HostInfo = currentHost()): Promise<SendToHost | null> {
  const win = hostWindow();
  if (host.kind !== 'app' || !win) return Promise.resolve(null);
  handler ??= waitForMessageHandler(win);
  return handler;
}

/** Sends a message to the app; resolves false when there is no app to receive it. */
export async function postToHost(message: HostMessage, host: HostInfo = currentHost()): Promise<boolean> {
  const send = await hostHandler(host);
  if (!send) return false;
  try {
    send(message);
    return true;
  } catch {
    return false;
  }
}
