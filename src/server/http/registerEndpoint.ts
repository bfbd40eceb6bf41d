/**
 * Binds a contract endpoint to a handler: input validated by its schemas, output by its data schema.
 * `endpoint.auth` is honoured before the input is read ('required': anonymous callers get the 301
 * envelope; see src/server/http/auth.ts for requireUser(c) / optionalUser(c) and token refresh).
 */
import type { Context } from 'hono';
import type { Envelope } from '../../contract/envelope.ts';
import type { Endpoint } from '../../contract/endpoint.ts';
import type { z } from '../../contract/zod.ts';
import type { ApiRegistry, AppEnv } from './types.ts';
import { applyEndpointAuth, isAuthenticated, PRIVATE_NO_STORE } from './auth.ts';
import { CACHE_CONTROL } from './cachePolicy.ts';
import { parseWith, readBody, readQuery } from './input.ts';
import { keepInProcessAnswer } from './inProcessAnswers.ts';

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface HandlerInput<Q, B> {
  query: Out<Q>;
  body: Out<B>;
  c: Context<AppEnv>;
}

export type EndpointHandler<Q, B, D extends z.ZodType> = (input: HandlerInput<Q, B>) => Promise<Envelope<z.output<D>> | Envelope<null>>;

export function registerEndpoint<Q extends z.ZodType | undefined, B extends z.ZodType | undefined, D extends z.ZodType>(
  registry: ApiRegistry,
  endpoint: Endpoint<Q, B, D>,
  handler: EndpointHandler<Q, B, D>,
): void {
  registry.endpoints.push(endpoint);
  const method = endpoint.method === 'GET' ? 'get' : 'post';
  registry.app[method](endpoint.path, async (c) => {
    await applyEndpointAuth(registry.deps, c, endpoint.auth);
    const rawQuery = readQuery(c);
    const query = (endpoint.query ? parseWith(endpoint.query, rawQuery) : undefined) as Out<Q>;
    let body = undefined as Out<B>;
    if (endpoint.method === 'POST') {
      const raw = await readBody(c);
      body = (endpoint.body ? parseWith(endpoint.body, raw) : undefined) as Out<B>;
    }
    const result = await handler({ query, body, c });
    if (registry.checkResponses && result.statusCode === 200) {
      const checked = endpoint.data.safeParse(result.data);
      if (!checked.success) {
        throw new Error(`response of ${endpoint.path} breaks its contract: ${checked.error.message}`);
      }
    }
    // The contract says how an answer may be kept; a failure is never kept (no-store default).
    if (endpoint.cache && result.statusCode === 200) c.header('cache-control', CACHE_CONTROL[endpoint.cache]);
    // A logged-in reader's answer is never cached, whatever is declared (security.md D30).
    if (isAuthenticated(c)) c.header('cache-control', PRIVATE_NO_STORE);
    // A page's own call takes the envelope as it is, checked and frozen outside production; its JSON is written
    // only when the micro-cache keeps the answer.
    if (keepInProcessAnswer(c.req.raw, result, registry.checkResponses)) {
      c.header('content-type', 'application/json');
      return c.body(null);
    }
    return c.json(result);
  });
}
