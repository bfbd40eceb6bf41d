import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client.ts';
import { DatabaseRateLimitStore } from './DatabaseRateLimitStore.ts';

let database: Database;

beforeAll(async () => {
  database = await openDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('DatabaseRateLimitStore', () => {
  it('takes hits until a rule is full, records nothing on refusal, and frees the window as time passes', async () => {
    const store = new DatabaseRateLimitStore(database);
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

  it('counts recorded hits per window and forgets a cleared key', async () => {
    const store = new DatabaseRateLimitStore(database);
    await store.record('f', 100);
    await store.record('f', 200);
    expect(await store.count('f', 150, 250)).toBe(1);
    expect(await store.count('f', 1000, 250)).toBe(2);
    await store.clear('f');
    expect(await store.count('f', 1000, 250)).toBe(0);
  });

  it('claims a marker once until it expires', async () => {
    const store = new DatabaseRateLimitStore(database);
    expect(await store.claimOnce('x', 100, 0)).toBe(true);
    expect(await store.claimOnce('x', 100, 50)).toBe(false);
    expect(await store.claimOnce('x', 100, 101)).toBe(true);
  });

  it('lets exactly max of many concurrent takes through', async () => {
    const store = new DatabaseRateLimitStore(database);
    const rules = [{ max: 5, windowMs: 60_000 }];
    const results = await Promise.all(Array.from({ length: 20 }, () => store.take([{ key: 'race', rules }], 1000)));
    expect(results.filter(Boolean)).toHaveLength(5);
  });

  it('still refuses after the database is closed and opened again (a restart)', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sc-rl-'));
    try {
      const rules = [{ max: 1, windowMs: 3600_000 }];
      const first = await openDatabase({ dataDir: dir });
      expect(await new DatabaseRateLimitStore(first).take([{ key: 'sms:phone:13800138000', rules }], 1000)).toBe(true);
      expect(await new DatabaseRateLimitStore(first).claimOnce('once', 3600_000, 1000)).toBe(true);
      await first.close();
      const second = await openDatabase({ dataDir: dir });
      const store = new DatabaseRateLimitStore(second);
      expect(await store.take([{ key: 'sms:phone:13800138000', rules }], 2000)).toBe(false);
      expect(await store.claimOnce('once', 3600_000, 2000)).toBe(false);
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
