import { describe, expect, it } from 'vitest';
import { chooseEncoding, etagMatches, PageCache, pageCacheKey, type PageEntry } from './pageCache.ts';

function entry(bytes: number, storedAt = 0): PageEntry {
  return { status: 200, headers: {}, body: Buffer.alloc(bytes), etag: 'W/"x"', storedAt, variants: {} };
}

describe('pageCacheKey', () => {
  it.each([
    ['GET', '/shancheng/home/1', {}, true],
    ['HEAD', '/shancheng/home/1', {}, true],
    ['POST', '/shancheng/home/1', {}, false],
    ['GET', '/kratos/v2/news', {}, false],
    ['GET', '/shancheng', {}, false],
    ['GET', '/shancheng/home/1', { authorization: 'Bearer t' }, false],
    ['GET', '/shancheng/home/1', { authorization: '' }, false],
  ])('%s %s %j is cacheable: %s', (method, url, headers, cacheable) => {
    expect(pageCacheKey(method, url, headers) !== null).toBe(cacheable);
  });

  it('keys on the host the user agent names, not on the rest of the user agent', () => {
    const chromeA = pageCacheKey('GET', '/shancheng/home/1', { 'user-agent': 'Mozilla/5.0 (Linux; Android 14) Chrome/120' });
    const chromeB = pageCacheKey('GET', '/shancheng/home/1', { 'user-agent': 'Mozilla/5.0 (Linux; Android 13) Chrome/119' });
    const app = pageCacheKey('GET', '/shancheng/home/1', { 'user-agent': 'Mozilla/5.0 (Linux; Android 14) ShanchengApp/7.1.0' });
    const messenger = pageCacheKey('GET', '/shancheng/home/1', { 'user-agent': 'Mozilla/5.0 (Linux; Android 14) MicroMessenger/8.0' });
    expect(chromeA).toBe(chromeB);
    expect(new Set([chromeA, app, messenger]).size).toBe(3);
  });

  it('keeps the Save-Data page apart, and never keeps the 省流量 cookie’s page (src/lib/liteMode.ts)', () => {
    const normal = pageCacheKey('GET', '/shancheng/home/1', {});
    const lite = pageCacheKey('GET', '/shancheng/home/1', { 'save-data': 'on' });
    expect(lite).not.toBeNull();
    expect(lite).not.toBe(normal);
    expect(pageCacheKey('GET', '/shancheng/home/1', { cookie: 'sc-lite=1' })).toBeNull();
    expect(pageCacheKey('GET', '/shancheng/home/1', { cookie: 'sc-lite=0' })).toBe(normal);
  });
});

describe('PageCache', () => {
  it('evicts the least recently used entries beyond its byte budget', () => {
    const cache = new PageCache({ maxBytes: 300, now: () => 0 });
    cache.set('/shancheng/a\nk', entry(100));
    cache.set('/shancheng/b\nk', entry(100));
    cache.set('/shancheng/c\nk', entry(100));
    cache.get('/shancheng/a\nk');
    cache.set('/shancheng/d\nk', entry(100));
    expect(cache.get('/shancheng/b\nk')).toBeUndefined();
    expect(cache.get('/shancheng/a\nk')).toBeDefined();
    expect(cache.size).toBe(3);
  });

  it.each([
    ['/NewsDetail', 1],
    ['/shancheng/NewsDetail', 1],
    ['NewsDetail', 1],
    ['/home/', 2],
    ['/home/1', 1],
    ['/home/1?page=2', 0],
    ['/NewsDetail?newsId=1', 1],
    ['/NewsDetail?newsId', 0],
    [undefined, 3],
  ])('invalidate(%s) drops %i entries', (prefix, dropped) => {
    const cache = new PageCache({ now: () => 0 });
    for (const url of ['/shancheng/NewsDetail?newsId=1', '/shancheng/home/1', '/shancheng/home/13']) cache.set(`${url}\nbrowser`, entry(10));
    expect(cache.invalidate(prefix)).toBe(dropped);
    expect(cache.size).toBe(3 - dropped);
  });

  it('invalidateItem drops the pages about one article and keeps the others', () => {
    const cache = new PageCache({ now: () => 0 });
    const urls = [
      '/shancheng/NewsDetail?classId=101&newsId=1',
      '/shancheng/CommentPage?classId=101&newsId=1&page=2',
      '/shancheng/NewsDetail?classId=101&newsId=11',
      '/shancheng/home/1',
    ];
    for (const url of urls) cache.set(`${url}\nbrowser`, entry(10));
    expect(cache.invalidateItem(1)).toBe(2);
    expect(cache.get('/shancheng/NewsDetail?classId=101&newsId=11\nbrowser')).toBeDefined();
    expect(cache.get('/shancheng/home/1\nbrowser')).toBeDefined();
  });

  it('a render begun before an item invalidation is not stored for that item, but is for other pages', () => {
    const cache = new PageCache({ now: () => 0 });
    const started = cache.generation;
    cache.invalidateItem(1);
    expect(cache.set('/shancheng/NewsDetail?classId=101&newsId=1\nbrowser', entry(10), started)).toBe(false);
    expect(cache.set('/shancheng/home/1\nbrowser', entry(10), started)).toBe(true);
    cache.invalidate();
    expect(cache.set('/shancheng/home/13\nbrowser', entry(10), started)).toBe(false);
  });
});

describe('chooseEncoding', () => {
  it.each([
    ['br, gzip', 'br'],
    ['gzip, deflate, br;q=0.5', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['*', 'br'],
    ['identity', 'identity'],
    ['', 'identity'],
    [undefined, 'identity'],
  ])('%s → %s', (header, expected) => {
    expect(chooseEncoding(header)).toBe(expected);
  });
});

describe('etagMatches', () => {
  it.each([
    ['W/"abc"', true],
    ['"abc"', true],
    ['W/"zzz", W/"abc"', true],
    ['*', true],
    ['W/"abd"', false],
    [undefined, false],
  ])('%s matches W/"abc": %s', (header, expected) => {
    expect(etagMatches(header, 'W/"abc"')).toBe(expected);
  });
});
