import { describe, expect, it } from 'vitest';
import { newIdempotencyKey, WriteAttempt } from './idempotencyKey.ts';

/** The server's accepted key (src/server/http/idempotentInsert.ts). */
const SERVER_KEY = /^[A-Za-z0-9_-]{8,64}$/;
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('newIdempotencyKey', () => {
  it('is a fresh v4 UUID the server accepts', () => {
    const a = newIdempotencyKey();
    const b = newIdempotencyKey();
    expect(a).toMatch(UUID_V4);
    expect(a).toMatch(SERVER_KEY);
    expect(a).not.toBe(b);
  });

  it('without randomUUID (a plain-http page) builds the same layout from getRandomValues', () => {
    const fill = (n: number) => ({ getRandomValues: <T extends ArrayBufferView | null>(array: T): T => (new Uint8Array(array!.buffer).fill(n), array) });
    expect(newIdempotencyKey(fill(0xff))).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff');
    expect(newIdempotencyKey(fill(0))).toBe('00000000-0000-4000-8000-000000000000');
    expect(newIdempotencyKey({ getRandomValues: (a) => crypto.getRandomValues(a) })).toMatch(UUID_V4);
  });
});

describe('WriteAttempt: one key per attempt, kept across its retries', () => {
  function counting() {
    let n = 0;
    return new WriteAttempt(() => `key-000${(n += 1)}`);
  }

  it('keeps the key while the draft is the same, and draws a new one for other content', () => {
    const attempt = counting();
    expect(attempt.key('{"a":1}')).toBe('key-0001');
    expect(attempt.key('{"a":1}')).toBe('key-0001');
    expect(attempt.key('{"a":2}')).toBe('key-0002');
    expect(attempt.key('{"a":1}')).toBe('key-0003');
  });

  it('after done() the same draft is a new attempt', () => {
    const attempt = counting();
    expect(attempt.key()).toBe('key-0001');
    expect(attempt.key()).toBe('key-0001');
    attempt.done();
    expect(attempt.key()).toBe('key-0002');
  });
});
