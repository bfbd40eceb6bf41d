/**
 * Rate limits (security.md C1, J82) and one-time markers behind a store interface: in the database by
 * default (src/server/http/DatabaseRateLimitStore.ts, so limits survive a restart), in
 * Redis when REDIS_URL is set and several nodes share the limits (docs/conventions.md "When one machine is not
 * enough"); the in-memory store is for unit tests. Limits are sliding windows over recorded hits.
 *
 * Usage: `const limiter = rateLimiterOf(registry)`, then
 * `await limiter.take([{ key: 'sms:phone:138…', rules: SMS_PER_PHONE }, …])` — all keys are checked
 * first and recorded only when every rule passes, so a refused request costs nothing. A refusal throws
 * the HTTP 200 envelope `{statusCode: 429, message: '操作过于频繁，请稍后再试'}` (the spec's client drops
 * non-200 answers silently, security.md J82).
 */
import { BlockList, isIP } from 'node:net';
import type { Context } from 'hono';
import { StatusCode } from '../../contract/envelope.ts';
import { DatabaseRateLimitStore } from './DatabaseRateLimitStore.ts';
import { ApiFailure, messages } from './envelope.ts';
import { RedisRateLimitStore } from './RedisRateLimitStore.ts';
import type { ApiRegistry, AppEnv, ServiceContext } from './types.ts';
import { settings } from '../../settings/settings.ts';

export interface RateRule {
  max: number;
  windowMs: number;
}

export const DAY_MS = 24 * 3600_000;

/** A paced write: one per `gapMs`, and at most `max` per `windowMs` (a day unless said). */
export function paced(gapMs: number, max: number, windowMs: number = DAY_MS): RateRule[] {
  return [
    { max: 1, windowMs: gapMs },
    { max, windowMs },
  ];
}

/** At most `perMinute` a minute and `perDay` a day (likes, reviews, exchanges). */
export function perMinuteAndDay(perMinute: number, perDay: number): RateRule[] {
  return [
    { max: perMinute, windowMs: 60_000 },
    { max: perDay, windowMs: DAY_MS },
  ];
}

export interface RateEntry {
  key: string;
  rules: readonly RateRule[];
}

export interface RateLimitStore {
  /** Records one hit on every key if no rule of any key is exceeded; returns false (and records nothing) otherwise. */
  take(entries: readonly RateEntry[], now: number): Promise<boolean>;
  /** Records one hit without checking (e.g. a failed login). */
  record(key: string, now: number): Promise<void>;
  /** Hits of `key` within the window ending at `now`. */
  count(key: string, windowMs: number, now: number): Promise<number>;
  /** Forgets a key (e.g. failures after a success). */
  clear(key: string): Promise<void>;
  /** True the first time `key` is claimed within `ttlMs`; false afterwards (single-use markers). */
  claimOnce(key: string, ttlMs: number, now: number): Promise<boolean>;
}

/** One process, forgotten on restart (unit tests): hits as timestamp lists, pruned to the longest window seen for each key. */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly hits = new Map<string, { times: number[]; keepMs: number }>();
  private readonly claims = new Map<string, number>();
  private sweeps = 0;

  private prune(key: string, now: number): number[] {
    const entry = this.hits.get(key);
    if (!entry) return [];
    const cutoff = now - entry.keepMs;
    let first = 0;
    while (first < entry.times.length && entry.times[first]! <= cutoff) first++;
    if (first > 0) entry.times.splice(0, first);
    if (entry.times.length === 0) this.hits.delete(key);
    return entry.times;
  }

  private sweep(now: number): void {
    // Occasionally drop idle keys so a spray of distinct keys cannot grow memory without bound.
    if (++this.sweeps % 1000 !== 0) return;
    for (const key of [...this.hits.keys()]) this.prune(key, now);
    for (const [key, until] of this.claims) if (until <= now) this.claims.delete(key);
  }

  take(entries: readonly RateEntry[], now: number): Promise<boolean> {
    this.sweep(now);
    for (const { key, rules } of entries) {
      const times = this.prune(key, now);
      for (const rule of rules) {
        const inWindow = times.filter((t) => t > now - rule.windowMs).length;
        if (inWindow >= rule.max) return Promise.resolve(false);
      }
    }
    for (const { key, rules } of entries) {
      const keepMs = Math.max(...rules.map((r) => r.windowMs));
      const entry = this.hits.get(key);
      if (entry) {
        entry.times.push(now);
        entry.keepMs = Math.max(entry.keepMs, keepMs);
      } else this.hits.set(key, { times: [now], keepMs });
    }
    return Promise.resolve(true);
  }

  record(key: string, now: number): Promise<void> {
    const entry = this.hits.get(key);
    if (entry) entry.times.push(now);
    else this.hits.set(key, { times: [now], keepMs: 24 * 3600_000 });
    return Promise.resolve();
  }

  count(key: string, windowMs: number, now: number): Promise<number> {
    const times = this.prune(key, now);
    return Promise.resolve(times.filter((t) => t > now - windowMs).length);
  }

  clear(key: string): Promise<void> {
    this.hits.delete(key);
    return Promise.resolve();
  }

  claimOnce(key: string, ttlMs: number, now: number): Promise<boolean> {
    this.sweep(now);
    const until = this.claims.get(key);
    if (until !== undefined && until > now) return Promise.resolve(false);
    this.claims.set(key, now + ttlMs);
    return Promise.resolve(true);
  }
}

export function tooFrequent(): ApiFailure {
  return new ApiFailure(StatusCode.tooFrequent, messages.tooFrequent);
}

export interface RateLimiter {
  readonly store: RateLimitStore;
  /** Takes one hit on every entry, or throws the 429 envelope without recording anything. */
  take(entries: readonly RateEntry[]): Promise<void>;
}

export function createRateLimiter(store: RateLimitStore, clock: () => number = () => Date.now()): RateLimiter {
  return {
    store,
    async take(entries) {
      if (!(await store.take(entries, clock()))) throw tooFrequent();
    },
  };
}

const limiters = new WeakMap<ApiRegistry, RateLimiter>();

/** The limiter shared by every area of one API app (a fresh one per test app). */
export function rateLimiterOf(registry: ApiRegistry): RateLimiter {
  let limiter = limiters.get(registry);
  if (!limiter) {
    // REDIS_URL: every node counts against the same limits (docs/security.md); else the database, which keeps
    // the counts across a restart.
    const { redisUrl } = registry.deps.config;
    const { log } = registry.deps;
    const store = redisUrl
      ? new RedisRateLimitStore(redisUrl, {
          prefix: settings().RATE_LIMIT_REDIS_PREFIX ?? '',
          onError: (err) => log.warn({ err: err.message }, 'rate-limit redis error'),
        })
      : new DatabaseRateLimitStore(registry.deps.database);
    limiter = createRateLimiter(store);
    limiters.set(registry, limiter);
  }
  return limiter;
}

/** What the writing services of an area take: the app's dependencies and the registry's one limiter. */
export function serviceContextOf(registry: ApiRegistry): ServiceContext {
  return { deps: registry.deps, limiter: rateLimiterOf(registry) };
}

/**
 * TRUSTED_PROXIES (docs/security.md): the reverse proxies in front of this server, as IPs and CIDRs. Only a
 * request whose socket peer is one of them has its X-Forwarded-For believed.
 */
export interface TrustedProxies {
  has(ip: string): boolean;
}

/** Parses `10.0.0.0/8, 192.168.1.7, fd00::/8`; throws on a malformed entry (a typo must not silently trust nothing). */
export function parseTrustedProxies(value: string | undefined): TrustedProxies | null {
  const entries = (value ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter((e) => e !== '');
  if (entries.length === 0) return null;
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', prefix, extra] = entry.split('/');
    const ip = unmapIpv4(address);
    const family = isIP(ip);
    if (family === 0 || extra !== undefined) throw new Error(`TRUSTED_PROXIES: "${entry}" is not an IP address or CIDR`);
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (prefix === undefined) {
      list.addAddress(ip, type);
      continue;
    }
    const bits = /^\d{1,3}$/.test(prefix) ? Number(prefix) : NaN;
    if (!(bits >= 0 && bits <= (family === 4 ? 32 : 128))) throw new Error(`TRUSTED_PROXIES: "${entry}" has a bad prefix length`);
    list.addSubnet(ip, bits, type);
  }
  return {
    has(raw) {
      const ip = unmapIpv4(raw);
      const family = isIP(ip);
      return family !== 0 && list.check(ip, family === 4 ? 'ipv4' : 'ipv6');
    },
  };
}

function unmapIpv4(ip: string): string {
  return ip.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
}

function socketPeer(c: Context): string | undefined {
  type Bindings = { incoming?: { socket?: { remoteAddress?: string } } };
  const env = c.env as (Bindings & { server?: Bindings }) | undefined;
  return (env?.server ?? env)?.incoming?.socket?.remoteAddress;
}

function trustedProxiesOf(c: Context): TrustedProxies | null {
  // Set by createApiApp; plain Hono apps (unit tests) have none and trust no proxy.
  return ((c as Context<AppEnv>).get('trustedProxies') as TrustedProxies | null | undefined) ?? null;
}

/**
 * The address behind a trusted proxy: X-Forwarded-For read from the right, skipping trusted hops; the
 * first untrusted hop is the client (anything left of it was written by the client and may be forged).
 * When every hop is trusted the leftmost is taken; a malformed hop ends the walk at the last good one.
 */
export function forwardedClient(peer: string, forwardedFor: string | undefined, trusted: TrustedProxies): string {
  let client = peer;
  const hops = (forwardedFor ?? '').split(',').map((h) => h.trim());
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = unmapIpv4(hops[i] ?? '');
    if (isIP(hop) === 0) break;
    client = hop;
    if (!trusted.has(hop)) break;
  }
  return client;
}

/**
 * The client address used as a rate-limit key: the socket's peer address, never X-Forwarded-For from
 * the open internet (security.md H66, J81); X-Forwarded-For only when the peer is a TRUSTED_PROXIES
 * entry. IPv6 is reduced to its /64. Requests made in process (server rendering, tests) have no socket;
 * they may name an address in `x-forwarded-for`, which no outside caller can reach.
 */
export function clientIp(c: Context): string {
  const peer = socketPeer(c);
  if (peer === undefined) return normaliseIp(c.req.header('x-forwarded-for')?.split(',')[0]?.trim() ?? 'in-process');
  const trusted = trustedProxiesOf(c);
  if (!trusted?.has(peer)) return normaliseIp(peer);
  return normaliseIp(forwardedClient(peer, c.req.header('x-forwarded-for'), trusted));
}

/**
 * Development and test servers see every browser as 127.0.0.1, so per-address limits would stop a
 * second Playwright login within a minute. Outside production, a loopback peer is named LOCAL_DEV_PEER
 * and per-address rules skip it (per-phone, per-account and per-device rules still apply). Production
 * never exempts anything.
 */
export const LOCAL_DEV_PEER = 'local-dev';

export function rateLimitIp(c: Context, production: boolean): string {
  const peer = socketPeer(c);
  // A loopback proxy named in TRUSTED_PROXIES is not a browser: its forwarded client is limited.
  const loopback = peer !== undefined && /^(127\.|::1$|::ffff:127\.)/.test(peer) && !trustedProxiesOf(c)?.has(peer);
  if (!production && loopback) return LOCAL_DEV_PEER;
  return clientIp(c);
}

/** The entry of a per-address rule, or none for LOCAL_DEV_PEER. */
export function perAddress(ip: string, key: string, rules: readonly RateRule[]): RateEntry[] {
  return ip === LOCAL_DEV_PEER ? [] : [{ key, rules }];
}

export function normaliseIp(raw: string): string {
  const ip = raw.replace(/^::ffff:/i, '');
  if (!ip.includes(':')) return ip;
  const groups = expandIpv6(ip);
  return groups ? `${groups.slice(0, 4).join(':')}::/64` : ip;
}

function expandIpv6(ip: string): string[] | null {
  const [head = '', tail] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const missing = 8 - left.length - right.length;
  if (missing < 0 || (tail === undefined && missing !== 0)) return null;
  return [...left, ...Array<string>(missing).fill('0'), ...right].map((g) => g.toLowerCase().replace(/^0+(?=.)/, ''));
}
