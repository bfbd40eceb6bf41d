/**
 * The console's one API client (ADR 017): same-origin fetch to /newsroom/api with the session cookie,
 * the session's CSRF token on every write, and the envelope's Chinese message as the error.
 */

export const API_BASE = '/newsroom/api';

interface Envelope<T> {
  statusCode: number;
  message: string;
  data: T;
}

export class ConsoleError extends Error {
  readonly statusCode: number;
  constructor(statusCode: number, message: string) {
    super(message);
    this.statusCode = statusCode;
  }
}

let csrfToken = '';
/** Set from the session answer (sign-in, /session); sent back as X-CSRF-Token on every POST. */
export function setCsrfToken(token: string): void {
  csrfToken = token;
}

/** Called when an answer says the session is gone (idle, revoked): the console shows the sign-in form. */
let onSignedOut: () => void = () => undefined;
export function whenSignedOut(fn: () => void): void {
  onSignedOut = fn;
}

async function call<T>(path: string, init: RequestInit): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`${API_BASE}${path}`, { credentials: 'same-origin', cache: 'no-store', ...init });
  } catch {
    throw new ConsoleError(0, '网络连接失败，请检查网络后重试');
  }
  let body: Envelope<T>;
  try {
    body = (await res.json()) as Envelope<T>;
  } catch {
    throw new ConsoleError(res.status, '服务器开小差了，请稍后重试');
  }
  if (body.statusCode === 301 || body.statusCode === 302) {
    onSignedOut();
    throw new ConsoleError(body.statusCode, body.message);
  }
  if (body.statusCode !== 200) throw new ConsoleError(body.statusCode, body.message);
  return body.data;
}

export function get<T>(path: string, query: Record<string, string | number | undefined> = {}): Promise<T> {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') params.set(k, String(v));
  const qs = params.toString();
  return call<T>(qs ? `${path}?${qs}` : path, { method: 'GET' });
}

export function post<T>(path: string, body: unknown): Promise<T> {
  return call<T>(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': csrfToken, 'x-newsroom': '1' },
    body: JSON.stringify(body),
  });
}

/**
 * Sends a file as the request's body itself (a video: tens of megabytes, not base64 in JSON), with the CSRF token
 * and the Idempotency-Key of this upload's attempt: a retry with the same key answers the file stored the first time.
 */
export function upload<T>(path: string, file: Blob, key: string): Promise<T> {
  return call<T>(path, {
    method: 'POST',
    headers: { 'content-type': file.type || 'application/octet-stream', 'x-csrf-token': csrfToken, 'x-newsroom': '1', 'idempotency-key': key },
    body: file,
  });
}

/** The signed-in person as /session and the sign-in answer give it. */
export interface Me {
  signedIn: true;
  id: number;
  name: string;
  role: string;
  roleLabel: string;
  scopes: string[];
  permissions: string[];
  csrfToken: string;
  sessionId: number;
  /** The kind of answering unit the person answers for: 'department' (问政), 'seller' (商家), null when none. */
  unitKind: string | null;
}

export type SessionState = Me | { signedIn: false };
