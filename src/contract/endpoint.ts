/**
 * An endpoint's contract: method, path, request schemas and the schema of the envelope's `data`.
 * The server validates with it and publishes it in /api/openapi.json; the client infers its types.
 * The path keeps its literal type, so browser code can call an endpoint by path with a type-only
 * import of its contract (`getByPath<typeof baseInfo>('/v1/user/baseInfo')`) and never ship zod.
 */
import type { z } from './zod.ts';

export interface Endpoint<
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  D extends z.ZodType = z.ZodType,
> {
  method: 'GET' | 'POST';
  path: string;
  summary: string;
  tag: string;
  query?: Q;
  body?: B;
  data: D;
  /** 'required': anonymous callers get statusCode 301; 'optional': identity used when present. */
  auth?: 'none' | 'optional' | 'required';
  /**
   * How a successful anonymous answer may be kept (the framework writes Cache-Control from
   * it, src/server/http/cachePolicy.ts). Absent: never kept (no-store). A reader's own answer (a token was
   * sent) is never public, whatever is declared here.
   */
  cache?: CachePolicy;
  /** What a successful write changes for anonymous readers (src/server/web/writeScope.ts). Absent: 'all'. */
  invalidates?: WriteEffect;
}

/**
 * 'content': news, lists and details — a CDN and the API micro-cache keep it 30 s and may serve it stale
 * up to 5 min while refreshing (ADR 001); 'reference': reference data a browser may keep a minute too
 * (the init config, report reasons, the points rules).
 */
export type CachePolicy = 'content' | 'reference';

/**
 * 'none': nothing a cached answer or page shows (sign-in, codes, reports, uploads, the reader's own points);
 * 'like', 'commentStore', 'commentDelete': one item's counts or comment lists, read from the request body;
 * 'all': anything else (the safe default for a new write).
 */
export type WriteEffect = 'none' | 'like' | 'commentStore' | 'commentDelete' | 'all';

export function defineEndpoint<
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  D extends z.ZodType = z.ZodType,
  const P extends string = string,
>(endpoint: Endpoint<Q, B, D> & { path: P }): Endpoint<Q, B, D> & { path: P } {
  return endpoint;
}

/** What an endpoint of an area declares of its own, beside its path and summary. */
export type Declared<Q extends z.ZodType | undefined, B extends z.ZodType | undefined, D extends z.ZodType> = Omit<
  Endpoint<Q, B, D>,
  'method' | 'path' | 'summary' | 'tag'
>;

/**
 * The endpoints of one area, all under its OpenAPI tag: each is declared with its path, its summary and
 * what else is its own (schemas, auth, cache, invalidates). `content` is a GET whose anonymous answer a
 * CDN may keep ('content' cache), `get` one never kept unless it says so, `post` a write anyone may call
 * and `write` one that needs a signed-in reader (auth 'required').
 */
export function endpointsOf(tag: string) {
  const declare =
    (method: Endpoint['method'], defaults: Pick<Endpoint, 'cache' | 'auth'> = {}) =>
    <const P extends string, D extends z.ZodType, Q extends z.ZodType | undefined = undefined, B extends z.ZodType | undefined = undefined>(
      path: P,
      summary: string,
      declared: Declared<Q, B, D>,
    ) =>
      defineEndpoint<Q, B, D, P>({ ...defaults, method, path, summary, tag, ...declared });
  return {
    content: declare('GET', { cache: 'content' }),
    get: declare('GET'),
    post: declare('POST'),
    write: declare('POST', { auth: 'required' }),
  };
}

export type QueryOf<E> = E extends Endpoint<infer Q, z.ZodType | undefined, z.ZodType> ? (Q extends z.ZodType ? z.input<Q> : undefined) : never;
export type BodyOf<E> = E extends Endpoint<z.ZodType | undefined, infer B, z.ZodType> ? (B extends z.ZodType ? z.input<B> : undefined) : never;
export type DataOf<E> = E extends Endpoint<z.ZodType | undefined, z.ZodType | undefined, infer D> ? z.output<D> : never;
