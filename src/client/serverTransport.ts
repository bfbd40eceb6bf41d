/**
 * The in-process transport for server rendering (DESIGN "How a request flows"): the server main
 * registers the Hono app's fetch under a global symbol, and the API client calls it directly,
 * with no socket. A symbol on globalThis keeps src/client free of any import from src/server.
 */
import type { ApiTransport } from './apiClient.ts';

export const SERVER_TRANSPORT_KEY: unique symbol = Symbol.for('shancheng.apiFetch');

type TransportHolder = { [SERVER_TRANSPORT_KEY]?: unknown };

/** The registered in-process transport, or undefined (in the browser, or before registration). */
export function resolveServerTransport(): ApiTransport | undefined {
  const candidate = (globalThis as TransportHolder)[SERVER_TRANSPORT_KEY];
  return typeof candidate === 'function' ? (candidate as ApiTransport) : undefined;
}

/** Registers (or with undefined, removes) the in-process transport; src/server/main.ts calls it at start. */
export function registerServerTransport(transport: ApiTransport | undefined): void {
  const holder = globalThis as TransportHolder;
  if (transport) holder[SERVER_TRANSPORT_KEY] = transport;
  else delete holder[SERVER_TRANSPORT_KEY];
}
