/**
 * Messages from the host app to the page (window.postMessage). security.md H63: a message claiming to
 * be the host app (set token …) is accepted only from the page's own origin and own window, and only
 * in the expected shape; everything else is ignored, so a framed or framing page cannot log the reader
 * in as someone else.
 */

export const HOST_MESSAGE_SOURCE = 'shancheng-app';

/** A token, or the reader's text size in the app (large text turns elder mode on: src/client/readerPrefs.ts). */
export type FromHost = { type: 'token'; token: string } | { type: 'textSize'; large: boolean };

export interface HostMessageEvent {
  origin: string;
  source: unknown;
  data: unknown;
}

/** The host's message, when the event is trustworthy and well formed; otherwise null. */
export function readHostMessage(event: HostMessageEvent, ownOrigin: string, ownWindow: unknown): FromHost | null {
  if (event.origin !== ownOrigin || event.source !== ownWindow) return null;
  const data = event.data;
  if (typeof data !== 'object' || data === null) return null;
  const o = data as Record<string, unknown>;
  if (o['source'] !== HOST_MESSAGE_SOURCE) return null;
  if (o['type'] === 'token' && typeof o['token'] === 'string' && /^[\x21-\x7e]{1,512}$/.test(o['token'])) {
    return { type: 'token', token: o['token'] };
  }
  if (o['type'] === 'textSize' && typeof o['large'] === 'boolean') return { type: 'textSize', large: o['large'] };
  return null;
}

/** Listens for host messages on the window; returns the function that stops listening. */
export function listenToHost(win: Window, onMessage: (message: FromHost) => void): () => void {
  const listener = (event: MessageEvent): void => {
    const message = readHostMessage(event, win.location.origin, win);
    if (message) onMessage(message);
  };
  win.addEventListener('message', listener);
  return () => win.removeEventListener('message', listener);
}
