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
}

export function defineEndpoint<
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  D extends z.ZodType = z.ZodType,
  const P extends string = string,
>(endpoint: Endpoint<Q, B, D> & { path: P }): Endpoint<Q, B, D> & { path: P } {
  return endpoint;
}

export type QueryOf<E> = E extends Endpoint<infer Q, z.ZodType | undefined, z.ZodType> ? (Q extends z.ZodType ? z.input<Q> : undefined) : never;
export type BodyOf<E> = E extends Endpoint<z.ZodType | undefined, infer B, z.ZodType> ? (B extends z.ZodType ? z.input<B> : undefined) : never;
export type DataOf<E> = E extends Endpoint<z.ZodType | undefined, z.ZodType | undefined, infer D> ? z.output<D> : never;
