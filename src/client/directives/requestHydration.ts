/**
 * Asks the islands rendered with `client:afterload="<name>"` to hydrate now (src/client/directives/afterLoad.ts).
 * The request itself (what to open, for whom) travels in the island's own store; this only wakes the island.
 */
import { HYDRATE_REQUEST_EVENT } from './afterLoad.ts';

export function requestHydration(name: string): void {
  window.dispatchEvent(new CustomEvent(HYDRATE_REQUEST_EVENT, { detail: name }));
}
