import { describe, expect, it } from 'vitest';
import { DEVICE_ID_COOKIE } from '../contract/headers.ts';
import { deviceIdCookie, ensureDeviceId, parentDomain, randomDeviceId, readCookie, type CookieJar } from './deviceId.ts';

/** A cookie jar that behaves like document.cookie: writes add one cookie, reads list them all. */
function fakeJar(initial: Record<string, string> = {}): CookieJar & { writes: string[] } {
  const cookies = new Map(Object.entries(initial));
  const writes: string[] = [];
  return {
    writes,
    get cookie() {
      return [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    },
    set cookie(value: string) {
      writes.push(value);
      const [pair = ''] = value.split(';');
      const eq = pair.indexOf('=');
      cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    },
  };
}

describe('parentDomain', () => {
  it.each([
    ['m.news.cqnews.net', '.cqnews.net'],
    ['www.cqnews.net', '.cqnews.net'],
    ['cqnews.net', '.cqnews.net'],
    ['CQNEWS.NET.', '.cqnews.net'],
    ['m.cqnews.com.cn', '.cqnews.com.cn'],
    ['a.b.example.co.uk', '.example.co.uk'],
    ['com.cn', null],
    ['localhost', null],
    ['app.localhost', null],
    ['127.0.0.1', null],
    ['192.168.1.20', null],
    ['[::1]', null],
    ['::1', null],
    ['intranet', null],
    ['', null],
  ])('%s → %s', (hostname, expected) => {
    expect(parentDomain(hostname)).toBe(expected);
  });
});

describe('readCookie', () => {
  it.each([
    ['deviceId=abc', 'abc'],
    ['a=1; deviceId=abc; b=2', 'abc'],
    ['xdeviceId=zzz; deviceId=abc', 'abc'],
    ['deviceId=a%20b', 'a b'],
    ['deviceId=%E0%A4%A', '%E0%A4%A'],
    ['a=1', null],
    ['', null],
  ])('reads deviceId from %j', (cookies, expected) => {
    expect(readCookie(cookies, 'deviceId')).toBe(expected);
  });
});

describe('deviceIdCookie', () => {
  it.each([
    ['m.news.cqnews.net', `${DEVICE_ID_COOKIE}=abc; max-age=31536000; path=/; SameSite=Lax; domain=.cqnews.net`],
    ['localhost', `${DEVICE_ID_COOKIE}=abc; max-age=31536000; path=/; SameSite=Lax`],
    ['10.0.0.5', `${DEVICE_ID_COOKIE}=abc; max-age=31536000; path=/; SameSite=Lax`],
  ])('on %s writes %s', (hostname, expected) => {
    expect(deviceIdCookie('abc', hostname)).toBe(expected);
  });
});

describe('ensureDeviceId', () => {
  it('returns the existing cookie without writing', () => {
    const jar = fakeJar({ deviceId: '0123456789abcdef0123456789abcdef' });
    expect(ensureDeviceId({ jar, hostname: 'm.cqnews.net' })).toBe('0123456789abcdef0123456789abcdef');
    expect(jar.writes).toEqual([]);
  });

  it.each([
    ['no cookie', {}],
    ['a malformed cookie', { deviceId: '<script>' }],
    ['an empty cookie', { deviceId: '' }],
  ])('creates and writes a new id when there is %s', (_name, initial) => {
    const jar = fakeJar(initial);
    const id = ensureDeviceId({ jar, hostname: 'm.cqnews.net', makeId: () => 'feedfacefeedfacefeedfacefeedface' });
    expect(id).toBe('feedfacefeedfacefeedfacefeedface');
    expect(jar.writes).toEqual(['deviceId=feedfacefeedfacefeedfacefeedface; max-age=31536000; path=/; SameSite=Lax; domain=.cqnews.net']);
    // the next read finds the cookie it wrote
    expect(ensureDeviceId({ jar, hostname: 'm.cqnews.net', makeId: () => 'other-id-000000' })).toBe(id);
  });
});

describe('randomDeviceId', () => {
  it('is 32 lowercase hex characters and differs between calls', () => {
    const a = randomDeviceId();
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(randomDeviceId()).not.toBe(a);
  });
});
