/**
 * Rate limits shared by every node through Redis (REDIS_URL; docs/conventions.md "When one machine is not
 * enough"): the same sliding windows as MemoryRateLimitStore, as one sorted set of hit times per key.
 * `take` is one Lua script, so checking every rule of every key and recording the hit is atomic across
 * nodes: two nodes can never both take the last slot.
 *
 * A Redis outage is not a reason to let an SMS spray through: commands fail after two reconnect
 * attempts and the request answers with the generic server error (the limit fails closed).
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { RateEntry, RateLimitStore } from './rateLimit.ts';

const HITS = 'shancheng:rl:';
const ONCE = 'shancheng:once:';

/**
 * KEYS: hit sets, then for each its "keep" key (the longest window seen, so a shorter rule on the same
 * key never prunes hits a longer one still counts). ARGV: now, member, then per key: n, max1, window1, ….
 */
const TAKE = `
local now = tonumber(ARGV[1])
local member = ARGV[2]
local n = #KEYS / 2
local rules = {}
local at = 3
for i = 1, n do
  local count = tonumber(ARGV[at]); at = at + 1
  local list = {}
  for r = 1, count do
    list[r] = { tonumber(ARGV[at]), tonumber(ARGV[at + 1]) }
    at = at + 2
  end
  rules[i] = list
end
for i = 1, n do
  for _, rule in ipairs(rules[i]) do
    if redis.call('ZCOUNT', KEYS[i], '(' .. (now - rule[2]), '+inf') >= rule[1] then return 0 end
  end
end
for i = 1, n do
  local keep = tonumber(redis.call('GET', KEYS[n + i]) or '0')
  for _, rule in ipairs(rules[i]) do if rule[2] > keep then keep = rule[2] end end
  redis.call('ZREMRANGEBYSCORE', KEYS[i], '-inf', now - keep)
  redis.call('ZADD', KEYS[i], now, member)
  redis.call('SET', KEYS[n + i], keep, 'PX', keep)
  redis.call('PEXPIRE', KEYS[i], keep)
end
return 1
`;

/** record(): a hit kept one day, like MemoryRateLimitStore. */
const RECORD_KEEP_MS = 24 * 3600_000;
const RECORD = `
local keep = math.max(tonumber(redis.call('GET', KEYS[2]) or '0'), tonumber(ARGV[3]))
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', tonumber(ARGV[1]) - keep)
redis.call('ZADD', KEYS[1], tonumber(ARGV[1]), ARGV[2])
redis.call('SET', KEYS[2], keep, 'PX', keep)
redis.call('PEXPIRE', KEYS[1], keep)
return 1
`;

export class RedisRateLimitStore implements RateLimitStore {
  private readonly redis: Redis;
  private readonly prefix: string;

  constructor(url: string, options: { prefix?: string; onError?: (err: Error) => void } = {}) {
    this.redis = new Redis(url, { maxRetriesPerRequest: 2 });
    this.prefix = options.prefix ?? '';
    if (options.onError) this.redis.on('error', options.onError);
  }

  private hits(key: string): string {
    return `${HITS}${this.prefix}${key}`;
  }

  private keep(key: string): string {
    return `${HITS}${this.prefix}${key}:keep`;
  }

  async take(entries: readonly RateEntry[], now: number): Promise<boolean> {
    if (entries.length === 0) return true;
    const keys = [...entries.map((e) => this.hits(e.key)), ...entries.map((e) => this.keep(e.key))];
    const args: (string | number)[] = [now, `${now}:${randomUUID()}`];
    for (const { rules } of entries) {
      args.push(rules.length);
      for (const rule of rules) args.push(rule.max, rule.windowMs);
    }
    return (await this.redis.eval(TAKE, keys.length, ...keys, ...args)) === 1;
  }

  async record(key: string, now: number): Promise<void> {
    await this.redis.eval(RECORD, 2, this.hits(key), this.keep(key), now, `${now}:${randomUUID()}`, RECORD_KEEP_MS);
  }

  async count(key: string, windowMs: number, now: number): Promise<number> {
    return this.redis.zcount(this.hits(key), `(${now - windowMs}`, '+inf');
  }

  async clear(key: string): Promise<void> {
    await this.redis.del(this.hits(key), this.keep(key));
  }

  async claimOnce(key: string, ttlMs: number): Promise<boolean> {
    return (await this.redis.set(`${ONCE}${this.prefix}${key}`, '1', 'PX', Math.max(1, Math.ceil(ttlMs)), 'NX')) === 'OK';
  }

  /** Closes the connection (tests; the server process simply exits). */
  async quit(): Promise<void> {
    await this.redis.quit();
  }
}
