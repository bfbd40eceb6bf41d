/**
 * The one API client (spec 7), shared by the browser islands and server rendering: the host by
 * path prefix, the device/app-key/version/bearer headers, form encoding for /v1 POSTs, token
 * refresh from a response header (spec 4) and the error catalogue of spec 8.
 *
 * Everything it touches comes in through options (transport, session, ui), so the same code
 * runs in the browser, on the server with the in-process Hono app, and in tests with fakes.
 * It sits on ofetch (the design card, ADR 011): ofetch's `fetch` option carries the
 * transport (the in-process Hono app on the server), its `timeout` the 10 s of spec 9, its body
 * encoding the JSON and form bodies of spec 7; retries are off and response errors are judged
 * here by spec 8's catalogue (docs/adr/011-islands-and-the-design-card.md, ADR 004 superseded).
 */
import { createFetch, type FetchOptions } from 'ofetch';
import type { Envelope } from '../contract/envelope.ts';
import { LOGIN_EXPIRED_MESSAGE, SERVER_ERROR_MESSAGE } from '../contract/messages.ts';
import { APP_VERSION, HEADER_APP_KEY, HEADER_APP_VERSION, HEADER_DEVICE_ID, HEADER_IDEMPOTENCY_KEY, HEADER_REFRESHED_TOKEN } from '../contract/headers.ts';
import { deriveAppKey } from './appKey.ts';

/** Spec 9: request timeout 10 s. */
export const API_TIMEOUT_MS = 10_000;
/** Spec 8/9: redirect to login 1.5 s after the not-logged-in toast. */
export const LOGIN_REDIRECT_DELAY_MS = 1_500;
/** Spec 8: the HTTP 500 loading toast shows for 3 s. */
export const SERVER_ERROR_TOAST_MS = 3_000;
export { LOGIN_EXPIRED_MESSAGE, SERVER_ERROR_MESSAGE } from '../contract/messages.ts';
/** Origin of absolute URLs handed to an in-process transport when a host base is '' (same origin). */
export const IN_PROCESS_ORIGIN = 'http://in-process';

/** Base URLs by path prefix (spec 7); '' means the page's own origin. */
export interface ApiHosts {
  api: string;
  goApi: string;
  newsApi: string;
  memberApi: string;
}

export type ApiTransport = (request: Request) => Promise<Response>;

export interface ApiSession {
  getToken(): string | null;
  setToken(token: string): void;
  getDeviceId(): string;
}

export interface ApiToastOptions {
  type: 'text' | 'loading';
  duration: number;
}

export interface ApiUi {
  toast(message: string, opts: ApiToastOptions): void;
  isInApp(): boolean;
  appLoginPrompt(): void;
  goLogin(): void;
}

export interface ApiClientOptions {
  hosts: ApiHosts;
  /** Transport for every call; defaults to the global fetch. */
  fetch?: ApiTransport | undefined;
  session: ApiSession;
  ui: ApiUi;
}

export type ApiQueryValue = string | number | boolean | null | undefined;
/** GET query: scalars only. Arrays are the caller's business (join them): spec 7 sends flat keys. */
export type ApiQuery = Readonly<Record<string, ApiQueryValue>>;
/** POST body: an object (form-encoded or JSON by path), URLSearchParams, or FormData for uploads. */
export type ApiBody = Readonly<Record<string, unknown>> | URLSearchParams | FormData;

export interface ApiPostInit {
  headers?: Readonly<Record<string, string>> | undefined;
  /** Sent as `idempotency-key`, so the server can make a repeated write safe. */
  idempotencyKey?: string | undefined;
}

export interface ApiClient {
  get<T>(path: string, query?: ApiQuery): Promise<Envelope<T>>;
  post<T>(path: string, body?: ApiBody, init?: ApiPostInit): Promise<Envelope<T>>;
}

export type SilentApiErrorReason = 'network' | 'timeout' | 'http' | 'empty';

/**
 * A failed call that shows nothing to the reader (spec 8: "rejected silently"); the HTTP 500
 * toast is already shown by the client. Callers catch it to stop a spinner, and may ignore it.
 */
export class SilentApiError extends Error {
  readonly reason: SilentApiErrorReason;
  readonly status: number | null;
  readonly path: string;
  /** The Chinese message of a refused request's envelope (HTTP 4xx: bad input, too many tries), if it had one. */
  readonly serverMessage: string;

  constructor(reason: SilentApiErrorReason, path: string, status: number | null, options?: ErrorOptions & { serverMessage?: string }) {
    super(`API call ${path} failed: ${reason}${status === null ? '' : ` (HTTP ${status})`}`, options);
    this.name = 'SilentApiError';
    this.reason = reason;
    this.status = status;
    this.path = path;
    this.serverMessage = options?.serverMessage ?? '';
  }
}

/** True when a call got no answer at all (offline, a dropped connection, the 10 s time-out): the outbox keeps such a write (ADR 032). */
export function isNoAnswer(error: unknown): boolean {
  return error instanceof TypeError || (error instanceof SilentApiError && (error.reason === 'network' || error.reason === 'timeout'));
}

/**
 * Spec 8 decides what a failed call shows, here and nowhere else. The catalogue covers every
 * failure that has a response: HTTP 500 (the client already showed 服务器开小差了… for 3 s),
 * any other non-200 or an empty body (rejected silently). Only a failure with no response at
 * all (network error, 10 s time-out) — or an error that is not an API failure — is left to the
 * caller: its `noResponseMessage` is returned so a form never goes dead silently. Null means
 * "show nothing more" (a caller's toast would replace the catalogue's).
 */
export function messageForFailure(error: unknown, noResponseMessage: string): string | null {
  // A request the server refused as the reader's input (HTTP 4xx with its envelope: 参数错误: 标题不能为空,
  // 操作太频繁…): nothing in the catalogue speaks for it, and a form must say what to fix.
  if (error instanceof SilentApiError && error.reason === 'http' && error.serverMessage !== '') return error.serverMessage.replace(/^参数错误: /, '');
  if (error instanceof SilentApiError && (error.reason === 'http' || error.reason === 'empty')) return null;
  return noResponseMessage;
}

const PREFIX_HOSTS: ReadonlyArray<readonly [string, keyof ApiHosts]> = [
  ['/v1', 'goApi'],
  ['/v2', 'goApi'],
  ['/kratos', 'newsApi'],
  ['/member', 'memberApi'],
];

function hasPrefix(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`) || path.startsWith(`${prefix}?`);
}

/** Spec 7: /v1 and /v2 → go-api, /kratos → news api, /member → member api, else the general api. */
export function pickHost(path: string, hosts: ApiHosts): string {
  for (const [prefix, key] of PREFIX_HOSTS) if (hasPrefix(path, prefix)) return hosts[key];
  return hosts.api;
}

/** Spec 7: POSTs to /v1 are form-encoded, except tracking, which is JSON. */
export function isFormEncodedPath(path: string): boolean {
  return hasPrefix(path, '/v1') && !hasPrefix(path, '/v1/tracking');
}

/** A query string from an object, skipping null and undefined; '' when nothing is left. */
export function buildQueryString(query: ApiQuery | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === null || value === undefined) continue;
    if (typeof value === 'object') {
      throw new TypeError(`query "${key}" must be a scalar: join arrays before calling`);
    }
    params.append(key, String(value));
  }
  return params.toString();
}

/** Form fields as strings, skipping null and undefined (ofetch encodes them as a form). */
function formFields(body: Readonly<Record<string, unknown>>): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(body)) {
    if (value === null || value === undefined) continue;
    if (typeof value === 'object') throw new TypeError(`form field "${key}" must be a scalar`);
    fields[key] = String(value as string | number | boolean | bigint);
  }
  return fields;
}

interface EncodedBody {
  /** A plain object: ofetch encodes it as JSON or (with the form content type) as a form. */
  body: Record<string, unknown> | string | FormData;
  contentType: string | null;
}

function isFormData(body: ApiBody | undefined): body is FormData {
  return typeof FormData !== 'undefined' && body instanceof FormData;
}

const FORM = 'application/x-www-form-urlencoded';

function encodeBody(path: string, body: ApiBody | undefined): EncodedBody {
  // Uploads: the runtime sets the multipart boundary itself.
  if (isFormData(body)) return { body, contentType: null };
  if (body instanceof URLSearchParams) return { body: body.toString(), contentType: FORM };
  if (isFormEncodedPath(path)) return { body: formFields(body ?? {}), contentType: FORM };
  return { body: { ...(body ?? {}) }, contentType: 'application/json' };
}

function isEnvelope(value: unknown): value is Envelope<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { statusCode?: unknown }).statusCode === 'number';
}

/** Lenient JSON: an empty or malformed body reads as undefined (spec 8 "empty body"). */
function parseJsonOrUndefined(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** A usable token: old clients stored the strings 'null'/'undefined' (never send `Bearer null`). */
function usableToken(token: string | null | undefined): string | null {
  const trimmed = token?.trim() ?? '';
  if (trimmed === '' || trimmed === 'null' || trimmed === 'undefined') return null;
  return trimmed;
}

/**
 * The headers every API request carries (spec 7): accept, device id, app key, version, and the Bearer token
 * only when one exists. Also used by requests the client cannot send itself (the video upload's XHR).
 */
export function apiRequestHeaders(deviceId: string, token: string | null | undefined, extra?: Readonly<Record<string, string>>): Headers {
  const headers = new Headers(extra);
  headers.set('accept', 'application/json');
  headers.set(HEADER_DEVICE_ID, deviceId);
  headers.set(HEADER_APP_KEY, deriveAppKey(deviceId, APP_VERSION));
  headers.set(HEADER_APP_VERSION, APP_VERSION);
  const usable = usableToken(token);
  // Spec 7/9: Bearer form, and only when a token exists.
  if (usable !== null) headers.set('authorization', `Bearer ${usable}`);
  else headers.delete('authorization');
  return headers;
}

/** Spec 4: the token a response hands back in its header (Bearer prefix or not), or null. */
export function refreshedToken(header: string | null | undefined): string | null {
  return usableToken(header?.replace(/^Bearer\s+/i, ''));
}

interface RawResponse {
  status: number;
  headers: Headers;
  data: unknown;
}

/** Rejects when the signal aborts, for transports (like app.fetch) that may ignore it. */
function raceAbort<T>(pending: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    pending.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function isTimeout(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (e.name === 'TimeoutError') return true;
  }
  return false;
}

function safely(fn: () => void): void {
  try {
    fn();
  } catch {
    // A UI hook failing must never turn a handled API result into a crash.
  }
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const { hosts, session, ui } = options;
  const transport = options.fetch;

  // ofetch with the transport as its `fetch`: the in-process Hono app takes a Request, and may
  // ignore the abort signal, so the call races the signal (the 10 s timeout still settles it).
  const $fetch = createFetch({
    fetch: (input, init) => {
      const signal = init?.signal ?? null;
      const pending = transport ? transport(new Request(input, init)) : globalThis.fetch(input, init);
      return signal ? raceAbort(pending, signal) : pending;
    },
  });

  /** One HTTP exchange with the 10 s timeout (spec 9); the body is read as lenient JSON. */
  async function send(url: string, init: FetchOptions<'json'>): Promise<RawResponse> {
    const response = await $fetch.raw<unknown, 'json'>(url, {
      ...init,
      timeout: API_TIMEOUT_MS,
      // No automatic retries: a POST must never be sent twice behind the caller (spec 9, docs/conventions.md "Rules that shape the code").
      retry: false,
      // Every status is judged by settle() against spec 8's catalogue.
      ignoreResponseError: true,
      parseResponse: parseJsonOrUndefined,
    });
    return { status: response.status, headers: response.headers, data: response._data };
  }

  // One not-logged-in reaction at a time: parallel calls that all get 301 show one toast and
  // schedule one redirect.
  let loginReactionPending = false;

  function reactToNotLoggedIn(): void {
    if (loginReactionPending) return;
    loginReactionPending = true;
    if (ui.isInApp()) {
      // Spec 5/8: inside the app its own login prompt replaces the web login page.
      safely(() => ui.appLoginPrompt());
      setTimeout(() => {
        loginReactionPending = false;
      }, LOGIN_REDIRECT_DELAY_MS);
      return;
    }
    safely(() => ui.toast(LOGIN_EXPIRED_MESSAGE, { type: 'text', duration: LOGIN_REDIRECT_DELAY_MS }));
    setTimeout(() => {
      loginReactionPending = false;
      safely(() => ui.goLogin());
    }, LOGIN_REDIRECT_DELAY_MS);
  }

  function urlFor(path: string, query: ApiQuery | undefined): string {
    if (!path.startsWith('/')) throw new TypeError(`API path must start with '/': ${path}`);
    const base = pickHost(path, hosts).replace(/\/+$/, '');
    // An in-process transport needs absolute URLs; the Hono app only looks at the path.
    const origin = base === '' && transport ? IN_PROCESS_ORIGIN : base;
    const qs = buildQueryString(query);
    if (qs === '') return `${origin}${path}`;
    return `${origin}${path}${path.includes('?') ? '&' : '?'}${qs}`;
  }

  function headersFor(extra: Readonly<Record<string, string>> | undefined): Headers {
    return apiRequestHeaders(session.getDeviceId(), session.getToken(), extra);
  }

  function settle<T>(path: string, response: RawResponse): Envelope<T> {
    // Spec 4: a token in the response header replaces the stored one.
    const refreshed = refreshedToken(response.headers.get(HEADER_REFRESHED_TOKEN));
    if (refreshed !== null) session.setToken(refreshed);

    if (response.status !== 200) {
      if (response.status === 500) {
        safely(() => ui.toast(SERVER_ERROR_MESSAGE, { type: 'loading', duration: SERVER_ERROR_TOAST_MS }));
      }
      // Rejected (spec 8); a refused input's envelope keeps its message for messageForFailure.
      const refusal =
        response.status >= 400 && response.status < 500 && isEnvelope(response.data) && typeof response.data.message === 'string' ? response.data.message : '';
      throw new SilentApiError('http', path, response.status, { serverMessage: refusal });
    }
    const body = response.data;
    if (!isEnvelope(body)) throw new SilentApiError('empty', path, response.status);

    // Spec 8: 301/302 without a refreshed token means the login is missing or expired. The
    // envelope still resolves so a caller can stop its spinner or check the code.
    if ((body.statusCode === 301 || body.statusCode === 302) && refreshed === null) reactToNotLoggedIn();
    return { ...body, message: typeof body.message === 'string' ? body.message : '' } as Envelope<T>;
  }

  async function call<T>(
    method: 'GET' | 'POST',
    path: string,
    query: ApiQuery | undefined,
    encoded: EncodedBody | null,
    init: ApiPostInit | undefined,
  ): Promise<Envelope<T>> {
    const url = urlFor(path, query);
    const headers = headersFor(init?.headers);
    if (init?.idempotencyKey) headers.set(HEADER_IDEMPOTENCY_KEY, init.idempotencyKey);
    if (encoded?.contentType) headers.set('content-type', encoded.contentType);

    let response: RawResponse;
    try {
      response = await send(url, { method, headers, ...(encoded ? { body: encoded.body } : {}) });
    } catch (error) {
      throw new SilentApiError(isTimeout(error) ? 'timeout' : 'network', path, null, { cause: error });
    }
    return settle<T>(path, response);
  }

  return {
    get<T>(path: string, query?: ApiQuery): Promise<Envelope<T>> {
      return Promise.resolve().then(() => call<T>('GET', path, query, null, undefined));
    },
    post<T>(path: string, body?: ApiBody, init?: ApiPostInit): Promise<Envelope<T>> {
      return Promise.resolve().then(() => call<T>('POST', path, undefined, encodeBody(path, body), init));
    },
  };
}
