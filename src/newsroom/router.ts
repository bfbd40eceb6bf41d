/** The console's paths: /newsroom<path>, moved with the History API (one page, ADR 017). */
import { useSyncExternalStore } from 'react';

export const BASE = '/newsroom';
const listeners = new Set<() => void>();

function current(): string {
  const p = window.location.pathname;
  const rel = p.startsWith(BASE) ? p.slice(BASE.length) : p;
  return rel === '/' ? '' : rel.replace(/\/+$/, '');
}

export function navigate(path: string): void {
  window.history.pushState(null, '', `${BASE}${path || '/'}`);
  for (const fn of listeners) fn();
}

export function usePath(): string {
  return useSyncExternalStore(
    (fn) => {
      listeners.add(fn);
      window.addEventListener('popstate', fn);
      return () => {
        listeners.delete(fn);
        window.removeEventListener('popstate', fn);
      };
    },
    current,
    () => '',
  );
}
