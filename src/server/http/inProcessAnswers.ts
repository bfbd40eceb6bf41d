/**
 * A page's own API call, answered in process without reading JSON (bench/where-time-goes.md): the transport marks the
 * call's Request, the endpoint keeps its handler's envelope for it (registerEndpoint), and the transport answers
 * with a bodiless Response carrying that object as ofetch's `_data`, which ofetch keeps when there is no body to
 * parse: src/client/apiClient.ts reads `_data` as ever, and the browser's bundle is unchanged. Headers and status
 * still come from the app's Response, through every middleware. A call the handler did not answer (a micro-cache
 * hit, a refusal before the handler, an error) is read from its body as before.
 *
 * The object is the handler's own, not a copy: outside production every kept envelope is checked to be what JSON
 * would give (plain objects and arrays, strings, finite numbers, booleans and null) and frozen, so a page that
 * changes what an endpoint gave it, or an endpoint that answers with a Date, fails its tests.
 */
import type { ApiTransport } from '../../client/apiClient.ts';

const AWAITING = Symbol('awaiting an in-process answer');
/** Awaiting, and something on the way (the micro-cache) keeps the answer's body too. */
const AWAITING_WITH_BODY = Symbol('awaiting an in-process answer and its body');
const kept = new WeakMap<object, unknown>();

/** The transport for the pages' client: `fetch` is the API app's. */
export function inProcessTransport(fetch: (request: Request) => Response | Promise<Response>): ApiTransport {
  return async (request) => {
    kept.set(request, AWAITING);
    try {
      const response = await fetch(request);
      const answer = kept.get(request);
      if (answer === AWAITING || answer === AWAITING_WITH_BODY || answer === undefined) return response;
      // No body: ofetch parses none and hands the client `_data`, the envelope itself.
      const bare = new Response(null, { status: response.status, statusText: response.statusText, headers: response.headers });
      return Object.assign(bare, { _data: answer });
    } finally {
      kept.delete(request);
    }
  };
}

/**
 * Keeps `envelope` as the answer of `request` when the in-process transport is waiting for it. True when nothing
 * reads the answer's body then: the endpoint answers without one (no JSON written).
 */
export function keepInProcessAnswer(request: Request, envelope: unknown, check: boolean): boolean {
  const state = kept.get(request);
  if (state !== AWAITING && state !== AWAITING_WITH_BODY) return false;
  kept.set(request, check ? frozenJson(envelope, 'data') : envelope);
  return state === AWAITING;
}

/** Says that the answer's body is read on the way back (the micro-cache keeps it): the endpoint writes its JSON. */
export function keepAnswerBody(request: Request): void {
  if (kept.get(request) === AWAITING) kept.set(request, AWAITING_WITH_BODY);
}

/** `value`, frozen through, after checking it is what JSON.parse of its JSON would give; throws naming the first part that is not. */
function frozenJson(value: unknown, at: string): unknown {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`in-process answer: ${at} is ${value}, which JSON sends as null`);
    return value;
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      if (value[i] === undefined) throw new Error(`in-process answer: ${at}[${i}] is undefined, which JSON sends as null`);
      frozenJson(value[i], `${at}[${i}]`);
    }
    return Object.freeze(value);
  }
  if (typeof value === 'object') {
    const proto = Object.getPrototypeOf(value) as unknown;
    if (proto !== Object.prototype && proto !== null)
      throw new Error(`in-process answer: ${at} is not a plain object (a ${value.constructor?.name ?? 'class'})`);
    for (const [key, v] of Object.entries(value)) if (v !== undefined) frozenJson(v, `${at}.${key}`);
    return Object.freeze(value);
  }
  throw new Error(`in-process answer: ${at} is a ${typeof value}, which JSON does not send`);
}
