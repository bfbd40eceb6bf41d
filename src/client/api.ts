/**
 * The app-wide API client `api`, wired for where it runs:
 * - browser: hosts from `<meta name="sc-api-hosts">`, the global fetch, `$session`, toasts and
 *   the login redirect;
 * - server rendering: hosts from `*_API_BASE`, the in-process Hono transport for same-origin
 *   bases, and a request-neutral session (no token, and a refreshed token is never kept: a
 *   module-level store on the server would be shared by every reader).
 *
 * Nothing is read at import time; the client is built on first use.
 */
import { $session, setToken } from '../stores/session.ts';
import { createApiClient, IN_PROCESS_ORIGIN, type ApiClient, type ApiHosts, type ApiSession, type ApiTransport } from './apiClient.ts';
import { browserUi } from './browserUi.ts';
import { getBrowserDeviceId } from './deviceId.ts';
import { resolveServerApiHosts, resolveServerTransport } from './serverTransport.ts';

export const API_HOSTS_META_NAME = 'sc-api-hosts';
/** The device id server rendering sends: pages render the same for every reader. */
export const SERVER_DEVICE_ID = 'server-render';

const SAME_ORIGIN_HOSTS: ApiHosts = { api: '', goApi: '', newsApi: '', memberApi: '' };

function stringOr(value: unknown, fallback: string): string {
  return typeof value === 'string' ? value : fallback;
}

/** Hosts from the meta tag's JSON content; missing, malformed or non-string fields are ''. */
export function parseApiHosts(content: string | null | undefined): ApiHosts {
  if (!content) return { ...SAME_ORIGIN_HOSTS };
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    return { ...SAME_ORIGIN_HOSTS };
  }
  const record = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  return {
    api: stringOr(record['api'], ''),
    goApi: stringOr(record['goApi'], ''),
    newsApi: stringOr(record['newsApi'], ''),
    memberApi: stringOr(record['memberApi'], ''),
  };
}

/** Hosts from the settings API_BASE, GO_API_BASE, NEWS_API_BASE, MEMBER_API_BASE (README "Settings"). */
export function apiHostsFromEnv(env: Readonly<Record<string, string | undefined>>): ApiHosts {
  return {
    api: env['API_BASE'] ?? '',
    goApi: env['GO_API_BASE'] ?? '',
    newsApi: env['NEWS_API_BASE'] ?? '',
    memberApi: env['MEMBER_API_BASE'] ?? '',
  };
}

function isBrowser(): boolean {
  return typeof window !== 'undefined' && typeof document !== 'undefined';
}

/** The hosts for this runtime: the meta tag in the browser, the settings the server registered (main.ts) on the server. */
export function readApiHosts(): ApiHosts {
  if (isBrowser()) {
    const meta = document.querySelector(`meta[name="${API_HOSTS_META_NAME}"]`);
    return parseApiHosts(meta?.getAttribute('content'));
  }
  return resolveServerApiHosts() ?? { ...SAME_ORIGIN_HOSTS };
}

/**
 * Server transport: same-origin calls (built on IN_PROCESS_ORIGIN) go to the registered Hono app,
 * looked up per call so registration order does not matter; a *_API_BASE elsewhere goes over
 * the network.
 */
export const serverRoutingTransport: ApiTransport = (request) => {
  if (new URL(request.url).origin !== IN_PROCESS_ORIGIN) return globalThis.fetch(request);
  const inProcess = resolveServerTransport();
  if (!inProcess) return Promise.reject(new Error('no in-process API transport is registered'));
  return inProcess(request);
};

const serverSession: ApiSession = {
  getToken: () => null,
  setToken: () => {},
  getDeviceId: () => SERVER_DEVICE_ID,
};

const browserSession: ApiSession = {
  getToken: () => $session.get().token || null,
  setToken,
  getDeviceId: () => $session.get().deviceId || getBrowserDeviceId(),
};

/** Builds the client for the current runtime (exported for tests and for odd entry points). */
export function createDefaultApi(): ApiClient {
  if (isBrowser()) return createApiClient({ hosts: readApiHosts(), session: browserSession, ui: browserUi });
  return createApiClient({
    hosts: readApiHosts(),
    fetch: serverRoutingTransport,
    session: serverSession,
    ui: browserUi,
  });
}

let instance: ApiClient | null = null;
function client(): ApiClient {
  instance ??= createDefaultApi();
  return instance;
}

/** The app-wide client. */
export const api: ApiClient = {
  get: (path, query) => client().get(path, query),
  post: (path, body, init) => client().post(path, body, init),
};
