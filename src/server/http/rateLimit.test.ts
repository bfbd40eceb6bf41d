import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { LOCAL_DEV_PEER, MemoryRateLimitStore, normaliseIp, parseTrustedProxies, perAddress, rateLimitIp } from './rateLimit.ts';
import type { AppEnv } from './types.ts';

describe('MemoryRateLimitStore', () => {
  it('takes hits until a rule is full, records nothing on refusal, and frees the window as time passes', async () => {
    const store = new MemoryRateLimitStore();
    const rules = [{ max: 2, windowMs: 1000 }];
    expect(await store.take([{ key: 'a', rules }], 0)).toBe(true);
    expect(await store.take([{ key: 'a', rules }], 10)).toBe(true);
    expect(
      await store.take(
        [
          { key: 'a', rules },
          { key: 'b', rules },
        ],
        20,
      ),
    ).toBe(false);
    // b was not charged by the refused request.
    expect(await store.count('b', 1000, 20)).toBe(0);
    expect(await store.take([{ key: 'a', rules }], 1001)).toBe(true);
  });

  it('claims a marker once until it expires', async () => {
    const store = new MemoryRateLimitStore();
    expect(await store.claimOnce('x', 100, 0)).toBe(true);
    expect(await store.claimOnce('x', 100, 50)).toBe(false);
    expect(await store.claimOnce('x', 100, 101)).toBe(true);
  });
});

describe('normaliseIp', () => {
  it.each([
    ['1.2.3.4', '1.2.3.4'],
    ['::ffff:10.0.0.1', '10.0.0.1'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::9', '2001:db8:1:2::/64'],
  ])('%s → %s', (raw, key) => {
    expect(normaliseIp(raw)).toBe(key);
  });
});

describe('rateLimitIp', () => {
  async function ipFor(peer: string | undefined, production: boolean, xff?: string): Promise<string> {
    const app = new Hono();
    app.get('/', (c) => c.text(rateLimitIp(c, production)));
    const env = peer === undefined ? undefined : { incoming: { socket: { remoteAddress: peer } } };
    const res = await app.request('/', { headers: xff ? { 'x-forwarded-for': xff } : {} }, env);
    return res.text();
  }

  it.each([
    ['a loopback peer outside production is exempt', '127.0.0.1', false, undefined, LOCAL_DEV_PEER],
    ['a loopback peer in production is not', '127.0.0.1', true, undefined, '127.0.0.1'],
    ['a socket peer ignores a spoofed X-Forwarded-For (H66, J81)', '198.51.100.7', true, '1.2.3.4', '198.51.100.7'],
    ['in process, the caller names the address', undefined, true, '203.0.113.9', '203.0.113.9'],
  ])('%s', async (_name, peer, production, xff, expected) => {
    expect(await ipFor(peer, production, xff)).toBe(expected);
  });

  it('skips per-address rules for the exempt peer only', () => {
    const rules = [{ max: 1, windowMs: 1 }];
    expect(perAddress(LOCAL_DEV_PEER, 'k', rules)).toEqual([]);
    expect(perAddress('1.2.3.4', 'k', rules)).toEqual([{ key: 'k', rules }]);
  });
});

describe('TRUSTED_PROXIES', () => {
  async function ipBehind(peer: string, trusted: string | undefined, xff?: string, production = true): Promise<string> {
    const app = new Hono<AppEnv>();
    const proxies = parseTrustedProxies(trusted);
    app.use('*', async (c, next) => {
      c.set('trustedProxies', proxies);
      await next();
    });
    app.get('/', (c) => c.text(rateLimitIp(c, production)));
    const res = await app.request('/', { headers: xff ? { 'x-forwarded-for': xff } : {} }, { incoming: { socket: { remoteAddress: peer } } });
    return res.text();
  }

  it.each([
    ['no list: the socket address, whatever the header says', '10.0.0.2', undefined, '1.2.3.4', '10.0.0.2'],
    ['an untrusted peer: its own address', '198.51.100.7', '10.0.0.0/8', '1.2.3.4', '198.51.100.7'],
    ['a trusted proxy: the hop it appended', '10.0.0.2', '10.0.0.0/8', '203.0.113.5', '203.0.113.5'],
    ['a forged left part is skipped: the rightmost untrusted hop', '10.0.0.2', '10.0.0.0/8', '1.2.3.4, 203.0.113.5', '203.0.113.5'],
    ['several trusted hops are walked from the right', '10.0.0.2', '10.0.0.0/8, 192.168.1.7', '1.2.3.4, 203.0.113.5, 192.168.1.7, 10.9.9.9', '203.0.113.5'],
    ['every hop trusted: the leftmost', '10.0.0.2', '10.0.0.0/8', '10.1.1.1, 10.2.2.2', '10.1.1.1'],
    ['no header from a trusted proxy: the proxy', '10.0.0.2', '10.0.0.0/8', undefined, '10.0.0.2'],
    ['a malformed hop ends the walk at the last good one', '10.0.0.2', '10.0.0.0/8', '203.0.113.5, evil, 10.3.3.3', '10.3.3.3'],
    ['IPv4-mapped peer matches an IPv4 entry', '::ffff:10.0.0.2', '10.0.0.2', '203.0.113.5', '203.0.113.5'],
    ['IPv6 proxy and client (the /64 of the client)', 'fd00::1', 'fd00::/8', '2001:db8:1:2::9', '2001:db8:1:2::/64'],
    ['a trusted loopback proxy outside production is not exempt', '127.0.0.1', '127.0.0.1', '203.0.113.5', '203.0.113.5'],
  ])('%s', async (_name, peer, trusted, xff, expected) => {
    expect(await ipBehind(peer, trusted, xff, !_name.includes('outside production'))).toBe(expected);
  });

  it.each(['10.0.0.0/33', 'not-an-ip', '10.0.0.1/8/1', 'fd00::/129', '10.0.0.0/x'])('refuses the entry %s', (entry) => {
    expect(() => parseTrustedProxies(entry)).toThrow(/TRUSTED_PROXIES/);
  });

  it('an empty setting trusts nothing', () => {
    expect(parseTrustedProxies(' , ')).toBeNull();
    expect(parseTrustedProxies(undefined)).toBeNull();
  });
});
