/** Typed POST to a contract endpoint through the app-wide client. */
import type { BodyOf, DataOf, Endpoint } from '../contract/endpoint.ts';
import type { Envelope } from '../contract/envelope.ts';
import { api } from './api.ts';
import type { ApiBody, ApiClient, ApiPostInit } from './apiClient.ts';

/** Calls a POST endpoint (form-encoded or JSON by path, spec 7); data typed from its schema. */
export function postEndpoint<E extends Endpoint>(
  endpoint: E,
  body?: BodyOf<E> | FormData,
  init?: ApiPostInit,
  client: ApiClient = api,
): Promise<Envelope<DataOf<E>>> {
  if (endpoint.method !== 'POST') return Promise.reject(new TypeError(`${endpoint.path} is not a POST endpoint`));
  return client.post<DataOf<E>>(endpoint.path, body as ApiBody | undefined, init);
}

/** The same call by path, for browser code with a type-only contract import (see getByPath). */
export function postByPath<E extends Endpoint>(
  path: E['path'],
  body?: BodyOf<E> | FormData,
  init?: ApiPostInit,
  client: ApiClient = api,
): Promise<Envelope<DataOf<E>>> {
  return client.post<DataOf<E>>(path, body as ApiBody | undefined, init);
}
