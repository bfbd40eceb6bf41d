/**
 * Limits shared through Redis (REDIS_URL; docs/security.md): two API instances, each with its own database,
 * count one reader address against one limit. Runs in the services project (npm run test:services with
 * REDIS_URL); without a reachable Redis it fails rather than skips.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../src/settings/serverConfig.ts';
import { createApiApp, type ApiApp } from '../../src/server/app/createApiApp.ts';
import { rateLimiterOf } from '../../src/server/http/rateLimit.ts';
import { RedisRateLimitStore } from '../../src/server/http/RedisRateLimitStore.ts';
import { createLogger } from '../../src/server/log.ts';
import { openTestDatabase } from '../support/testDatabase.ts';
import type { Database } from '../../src/server/db/client.ts';

const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const apps: ApiApp[] = [];
const databases: Database[] = [];
// One key space for this run only, so parallel runs on one Redis do not count each other's hits.
const prefix = `test:${randomUUID()}:`;

beforeAll(async () => {
  process.env.RATE_LIMIT_REDIS_PREFIX = prefix;
  const config = { ...readConfig({ NODE_ENV: 'test', REDIS_URL }), checkResponses: true };
  for (let i = 0; i < 2; i++) {
    const database = await openTestDatabase({});
    databases.push(database);
    apps.push(createApiApp({ database, log: createLogger('silent'), config, mediaDir: '/nonexistent' }));
  }
}, 60_000);

afterAll(async () => {
  delete process.env.RATE_LIMIT_REDIS_PREFIX;
  for (const { registry } of apps) {
    const store = rateLimiterOf(registry).store;
    if (store instanceof RedisRateLimitStore) await store.quit();
  }
  await Promise.all(databases.map((d) => d.close()));
});

function login(app: ApiApp, ip: string): Promise<{ statusCode: number; message: string }> {
  // A different unknown phone each time: only the per-address rule (6 a minute) can refuse.
  const phone = `139${String(randomInt(0, 1e8)).padStart(8, '0')}`;
  return Promise.resolve(
    app.app.request('/v1/user/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
      body: JSON.stringify({ phone, password: 'wrong-password-1' }),
    }),
  ).then((res) => res.json() as Promise<{ statusCode: number; message: string }>);
}

describe('rate limits through Redis', () => {
  it('both instances use the Redis store', () => {
    for (const { registry } of apps) expect(rateLimiterOf(registry).store).toBeInstanceOf(RedisRateLimitStore);
  });

  it('three failed logins on A and three on B fill one per-address limit: the 7th, on B, is refused', async () => {
    const [a, b] = apps as [ApiApp, ApiApp];
    const ip = `198.51.100.${randomInt(1, 255)}`;
    for (const app of [a, a, a, b, b, b]) expect(await login(app, ip)).toMatchObject({ statusCode: 100, message: '手机号或密码错误' });
    expect(await login(b, ip)).toEqual({ statusCode: 429, message: '操作过于频繁，请稍后再试', data: null });
    expect(await login(a, ip)).toMatchObject({ statusCode: 429 });
    // Another address is untouched.
    expect(await login(b, `203.0.113.${randomInt(1, 255)}`)).toMatchObject({ statusCode: 100 });
  });

  it('takes are atomic across instances: 20 concurrent takes of a 5-slot rule pass exactly 5 times', async () => {
    const [a, b] = apps as [ApiApp, ApiApp];
    const stores = [rateLimiterOf(a.registry).store, rateLimiterOf(b.registry).store];
    const entry = { key: `race:${randomUUID()}`, rules: [{ max: 5, windowMs: 60_000 }] };
    const now = Date.now();
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => stores[i % 2]!.take([entry], now + i)));
    expect(results.filter(Boolean)).toHaveLength(5);
    expect(await stores[0]!.count(entry.key, 60_000, now + 100)).toBe(5);
  });

  it('a refused take records nothing on any key; windows slide', async () => {
    const store = rateLimiterOf(apps[0]!.registry).store;
    const open = { key: `open:${randomUUID()}`, rules: [{ max: 10, windowMs: 1_000 }] };
    const full = { key: `full:${randomUUID()}`, rules: [{ max: 1, windowMs: 1_000 }] };
    const now = Date.now();
    expect(await store.take([full], now)).toBe(true);
    expect(await store.take([open, full], now + 1)).toBe(false);
    expect(await store.count(open.key, 1_000, now + 1)).toBe(0);
    // One second later the first hit has left the window.
    expect(await store.take([open, full], now + 1_001)).toBe(true);
  });

  it('record, count and clear are shared; a one-time marker is claimed once across instances', async () => {
    const [sa, sb] = apps.map((app) => rateLimiterOf(app.registry).store) as [RedisRateLimitStore, RedisRateLimitStore];
    const key = `fail:${randomUUID()}`;
    const now = Date.now();
    await sa.record(key, now);
    await sb.record(key, now);
    expect(await sb.count(key, 60_000, now)).toBe(2);
    await sb.clear(key);
    expect(await sa.count(key, 60_000, now)).toBe(0);
    const marker = `sig:${randomUUID()}`;
    const claims = await Promise.all([sa.claimOnce(marker, 60_000), sb.claimOnce(marker, 60_000), sa.claimOnce(marker, 60_000)]);
    expect(claims.filter(Boolean)).toHaveLength(1);
  });
});
