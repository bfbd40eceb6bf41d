/** Typed GET of a contract endpoint through the app-wide client. */
import type { DataOf, Endpoint, QueryOf } from '../contract/endpoint.ts';
import type { Envelope } from '../contract/envelope.ts';
import { api } from './api.ts';
import type { ApiClient, ApiQuery } from './apiClient.ts';

/**
 * Calls a GET endpoint; the envelope's data is typed from the endpoint's schema (not re-parsed:
 * the server validates its responses). Rejects with SilentApiError per spec 8.
 */
export function getEndpoint<E extends Endpoint>(endpoint: E, query?: QueryOf<E>, client: ApiClient = api): Promise<Envelope<DataOf<E>>> {
  if (endpoint.method !== 'GET') return Promise.reject(new TypeError(`${endpoint.path} is not a GET endpoint`));
  return client.get<DataOf<E>>(endpoint.path, query as ApiQuery | undefined);
}

/**
 * The same call by path, for code that runs in the browser: import the contract with `import type`
 * so zod and the schemas stay out of the bundle (ADR 001 budgets); the path must equal the contract's.
 */
export function getByPath<E extends Endpoint>(path: E['path'], query?: QueryOf<E>, client: ApiClient = api): Promise<Envelope<DataOf<E>>> {
  return client.get<DataOf<E>>(path, query as ApiQuery | undefined);
}
