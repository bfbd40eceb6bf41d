/** pino JSON-line logger; never logs bodies, tokens or query strings of auth calls. */
import { pino } from 'pino';

export type Logger = pino.Logger;

export function createLogger(level: string): Logger {
  return pino({
    level,
    base: undefined,
    redact: { paths: ['req.headers.authorization', 'headers.authorization', 'token', 'password', 'code'], remove: true },
  });
}
