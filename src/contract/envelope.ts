/**
 * The API envelope: HTTP 200 with `{statusCode, message, data}` for every business result
 * (200 success, 100 failure, 301/302 not logged in, 422, 429 too frequent …); HTTP 4xx/5xx only for
 * transport-level errors, which carry the same shape.
 */
import { z } from 'zod';

export const StatusCode = {
  ok: 200,
  fail: 100,
  notLoggedIn: 301,
  loginExpired: 302,
  badParams: 400,
  forbidden: 403,
  notFound: 404,
  unprocessable: 422,
  tooFrequent: 429,
  serverError: 500,
} as const;

export interface Envelope<T> {
  statusCode: number;
  message: string;
  data: T;
}

export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ statusCode: z.number().int(), message: z.string(), data });
}
