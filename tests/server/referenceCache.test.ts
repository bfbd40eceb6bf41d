/** ReferenceCache on its own (a fake clock and loaders): TTL, bound, one load per key, invalidation. */
import { describe, expect, it } from 'vitest';
import { ReferenceCache } from '../../src/server/referenceCache.ts';

function counter<T>(value: () => T) {
  const calls = { n: 0 };
  return { calls, load: async () => (calls.n++, value()) };
}

describe('ReferenceCache', () => {
  it('answers from memory until the TTL, then reads again (a direct database edit shows up)', async () => {
    let now = 0;
    const cache = new ReferenceCache({ ttlMs: 30_000, now: () => now });
    let stored = 'a';
    const { calls, load } = counter(() => stored);
    expect(await cache.read('k', ['ads'], load)).toBe('a');
    stored = 'b';
    now = 29_999;
    expect(await cache.read('k', ['ads'], load)).toBe('a');
    now = 30_000;
    expect(await cache.read('k', ['ads'], load)).toBe('b');
    expect(calls.n).toBe(2);
  });

  it('drops only the entries that depend on an invalidated table', async () => {
    const cache = new ReferenceCache();
    const ads = counter(() => [1]);
    const columns = counter(() => 'col');
    await cache.read('ads', ['ads'], ads.load);
    await cache.read('col', ['columns', 'channels'], columns.load);
    cache.invalidate(['channels']);
    await cache.read('ads', ['ads'], ads.load);
    await cache.read('col', ['columns', 'channels'], columns.load);
    expect([ads.calls.n, columns.calls.n]).toEqual([1, 2]);
    cache.invalidate();
    await cache.read('ads', ['ads'], ads.load);
    expect(ads.calls.n).toBe(2);
  });

  it('runs one load for concurrent misses and keeps at most maxEntries (least recently used out)', async () => {
    const cache = new ReferenceCache({ maxEntries: 2 });
    const { calls, load } = counter(() => 'v');
    await Promise.all(Array.from({ length: 5 }, () => cache.read('a', ['ads'], load)));
    expect(calls.n).toBe(1);
    await cache.read('b', ['ads'], load);
    await cache.read('a', ['ads'], load); // a is now the most recent
    await cache.read('c', ['ads'], load); // evicts b
    expect(cache.size).toBe(2);
    await cache.read('a', ['ads'], load);
    expect(calls.n).toBe(3);
    await cache.read('b', ['ads'], load);
    expect(calls.n).toBe(4);
  });

  it('does not keep a read that an invalidation overtook, and later callers do not join it', async () => {
    const cache = new ReferenceCache();
    let release: (v: string) => void = () => {};
    const slow = cache.read('k', ['app_config'], () => new Promise<string>((r) => (release = r)));
    cache.invalidate(['app_config']);
    const fresh = cache.read('k', ['app_config'], async () => 'new');
    release('old');
    expect(await slow).toBe('old');
    expect(await fresh).toBe('new');
    expect(await cache.read('k', ['app_config'], async () => 'third')).toBe('new');
  });

  it('a load inside a transaction (alone) neither joins a pending load nor is joined', async () => {
    const cache = new ReferenceCache();
    let release: (v: string) => void = () => {};
    const outside = cache.read('k', ['ads'], () => new Promise<string>((r) => (release = r)));
    expect(await cache.read('k', ['ads'], async () => 'tx', { alone: true })).toBe('tx');
    release('outside');
    expect(await outside).toBe('outside');
  });

  it('freezes kept values (they are shared between requests) and forgets failed loads', async () => {
    const cache = new ReferenceCache();
    const value = await cache.read('k', ['ads'], async () => ({ list: [{ id: 1 }] }));
    expect(() => {
      (value.list as { id: number }[]).push({ id: 2 });
    }).toThrow(TypeError);
    await expect(cache.read('bad', ['ads'], () => Promise.reject(new Error('数据库不可用')))).rejects.toThrow('数据库不可用');
    expect(await cache.read('bad', ['ads'], async () => 'ok')).toBe('ok');
  });
});
