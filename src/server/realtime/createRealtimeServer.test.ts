import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { readConfig } from '../../settings/serverConfig.ts';
import { allowedOrigins, originAllowed, transportAllowed } from './createRealtimeServer.ts';

const env = {
  PUBLIC_ORIGIN: 'https://news.example.cn/shancheng/',
  SUB_ALLOWED_ORIGINS: 'https://a.example.cn, not a url',
  CORS_ORIGINS: 'https://b.example.cn',
};
const allowed = allowedOrigins(readConfig(env), env);
const req = (headers: Record<string, string>, encrypted = false) => ({ headers, socket: { encrypted } }) as unknown as IncomingMessage;

describe('the /sub Origin check', () => {
  it('lists PUBLIC_ORIGIN, SUB_ALLOWED_ORIGINS and CORS_ORIGINS as origins', () => {
    expect([...allowed].sort()).toEqual(['https://a.example.cn', 'https://b.example.cn', 'https://news.example.cn']);
  });

  it.each([
    [{ origin: 'https://news.example.cn', host: 'internal:4321' }, true],
    [{ origin: 'https://a.example.cn', host: 'internal:4321' }, true],
    [{ origin: 'http://localhost:4321', host: 'localhost:4321' }, true],
    [{ origin: 'https://localhost:4321', host: 'localhost:4321' }, true],
    [{ host: 'localhost:4321' }, true],
    [{ origin: 'https://evil.example.com', host: 'localhost:4321' }, false],
    [{ origin: 'https://news.example.cn.evil.com', host: 'localhost:4321' }, false],
    [{ origin: 'null', host: 'localhost:4321' }, false],
    [{ origin: 'http://localhost:4322', host: 'localhost:4321' }, false],
  ])('%j → %s', (headers, expected) => {
    expect(originAllowed(req(headers), allowed)).toBe(expected);
  });
});

describe('the /sub transport check', () => {
  it.each([
    [false, {}, false, true],
    [true, {}, false, false],
    [true, { 'x-forwarded-proto': 'http' }, false, false],
    [true, { 'x-forwarded-proto': 'https' }, false, true],
    [true, {}, true, true],
  ])('production %s, headers %j, TLS %s → %s', (production, headers, encrypted, expected) => {
    expect(transportAllowed(req(headers, encrypted), production)).toBe(expected);
  });
});
