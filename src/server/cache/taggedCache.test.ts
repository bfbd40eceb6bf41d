import { describe, expect, it } from 'vitest';
import { TaggedCache } from './taggedCache.ts';

function clock(start = 1_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

describe('TaggedCache', () => {
  it('serves an entry until its time is up, then drops it', () => {
    const c = clock();
    const cache = new TaggedCache<string>({ ttlMs: 100, now: c.now });
    cache.set('a', 'A', ['all']);
    c.advance(99);
    expect(cache.get('a')).toBe('A');
    c.advance(1);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('drops exactly the entries carrying an invalidated tag', () => {
    const cache = new TaggedCache<string>({ ttlMs: 1_000 });
    cache.set('/a?newsId=1', 'one', ['all', 'news-1']);
    cache.set('/b?newsId=2', 'two', ['all', 'news-2']);
    cache.set('/c?newsId=1&newsId=2', 'both', ['all', 'news-1', 'news-2']);
    expect(cache.invalidate(['news-1'])).toBe(2);
    expect(cache.get('/b?newsId=2')).toBe('two');
    expect(cache.get('/a?newsId=1')).toBeUndefined();
    expect(cache.invalidate(['news-1'])).toBe(0);
    expect(cache.invalidate(['news-2'])).toBe(1);
    expect(cache.size).toBe(0);
  });

  it('a replaced or evicted entry no longer answers to its old tags', () => {
    const cache = new TaggedCache<string>({ ttlMs: 1_000, maxEntries: 2 });
    cache.set('k', 'v1', ['news-1']);
    cache.set('k', 'v2', ['news-2']);
    expect(cache.invalidate(['news-1'])).toBe(0);
    expect(cache.get('k')).toBe('v2');
    cache.set('x', 'x', ['news-3']);
    cache.set('y', 'y', ['news-3']);
    expect(cache.get('k')).toBeUndefined();
    expect(cache.invalidate(['news-3'])).toBe(2);
  });

  it('evicts the least recently used entries beyond its byte budget', () => {
    const cache = new TaggedCache<string>({ ttlMs: 1_000, maxBytes: 10, sizeOf: (v) => v.length });
    cache.set('a', 'aaaa', []);
    cache.set('b', 'bbbb', []);
    expect(cache.get('a')).toBe('aaaa');
    cache.set('c', 'cccc', []);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe('aaaa');
    expect(cache.get('c')).toBe('cccc');
  });

  it('refuses a load that an invalidation of one of its tags overtook, and keeps others', () => {
    const cache = new TaggedCache<string>({ ttlMs: 1_000 });
    const mark = cache.mark();
    cache.invalidate(['news-1']);
    expect(cache.set('/a?newsId=1', 'old', ['all', 'news-1'], mark)).toBe(false);
    expect(cache.set('/home', 'home', ['all'], mark)).toBe(true);
    cache.invalidateAll();
    expect(cache.set('/home2', 'home', ['all'], mark)).toBe(false);
  });

  it('forgetting old invalidations counts as an invalidation of everything before them', () => {
    const cache = new TaggedCache<string>({ ttlMs: 1_000 });
    const mark = cache.mark();
    for (let i = 0; i < 5_000; i++) cache.invalidate([`news-${i}`]);
    expect(cache.set('/elsewhere', 'x', ['news-999999'], mark)).toBe(false);
    expect(cache.set('/elsewhere', 'x', ['news-999999'], cache.mark())).toBe(true);
  });

  it('shares one load per key; an invalidation of its tags makes later callers start afresh', async () => {
    const cache = new TaggedCache<string>({ ttlMs: 1_000 });
    let resolveFirst: (v: string) => void = () => {};
    const first = cache.fly('k', ['ref-ads'], () => new Promise<string>((r) => (resolveFirst = r)));
    expect(cache.inFlight('k')).toBe(first);
    cache.invalidate(['ref-channels']);
    expect(cache.inFlight('k')).toBe(first);
    cache.invalidate(['ref-ads']);
    expect(cache.inFlight('k')).toBeUndefined();
    resolveFirst('v');
    await expect(first).resolves.toBe('v');
    const failed = cache.fly('k', [], () => Promise.reject(new Error('down')));
    await expect(failed).rejects.toThrow('down');
    expect(cache.inFlight('k')).toBeUndefined();
  });

  it('counts a value again after it grew in place', () => {
    const cache = new TaggedCache<{ parts: string[] }>({ ttlMs: 1_000, maxBytes: 10, sizeOf: (v) => v.parts.join('').length });
    const a = { parts: ['aaa'] };
    cache.set('a', a, []);
    cache.set('b', { parts: ['bbb'] }, []);
    a.parts.push('aaaaa');
    cache.resized('a');
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(a);
  });
});
