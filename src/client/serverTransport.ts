/**
 * The in-process transport for server rendering (docs/conventions.md "How a request flows"): the server main
 * registers the Hono app's fetch under a global symbol, and the API client calls it directly,
 * with no socket. A symbol on globalThis keeps src/client free of any import from src/server.
 */
import type { ApiHosts, ApiTransport } from './apiClient.ts';

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

export const SERVER_API_HOSTS_KEY: unique symbol = Symbol.for('shancheng.apiHosts');

type HostsHolder = { [SERVER_API_HOSTS_KEY]?: unknown };

/**
 * The server's API hosts (API_BASE, GO_API_BASE, NEWS_API_BASE, MEMBER_API_BASE), registered by
 * src/server/main.ts from the checked settings (src/settings/settings.ts, the one reader of the
 * environment), so the browser bundle never carries the settings module.
 */
export function resolveServerApiHosts(): ApiHosts | undefined {
  const read = (globalThis as HostsHolder)[SERVER_API_HOSTS_KEY];
  return typeof read === 'function' ? (read as () => ApiHosts)() : undefined;
}

/** Registers (or with undefined, removes) where the server's hosts come from. */
export function registerServerApiHosts(read: (() => ApiHosts) | undefined): void {
  const holder = globalThis as HostsHolder;
  if (read) holder[SERVER_API_HOSTS_KEY] = read;
  else delete holder[SERVER_API_HOSTS_KEY];
}
