import { describe, expect, it } from 'vitest';
import { anchorOf, decideNextHref, loadSafely, readAnchor, readCursor, readPage, statusOf } from './pageLoad.ts';

describe('readPage', () => {
  it.each([
    ['', 1],
    ['?page=3', 3],
    ['?page=0', null],
    ['?page=abc', null],
    ['?page=1e3', null],
  ])('%s → %s', (qs, page) => {
    expect(readPage(new URL(`http://x/shancheng/hotNews${qs}`))).toBe(page);
  });
});

describe('decideNextHref', () => {
  it('keeps the other query parameters and moves to the next page', () => {
    expect(decideNextHref(new URL('http://x/shancheng/columns?columnId=101&page=2'), 2, 20)).toBe('/shancheng/columns?columnId=101&page=3');
  });
  it('ends after an empty page', () => {
    expect(decideNextHref(new URL('http://x/shancheng/hotNews'), 5, 0)).toBeNull();
  });
  it.each([
    ['page 1 fixes the snapshot', 'http://x/shancheng/home/1', 1, 1700000000000, '/shancheng/home/1?page=2&before=1700000000000'],
    [
      'a later page keeps the snapshot it has',
      'http://x/shancheng/home/1?page=2&before=1600000000000',
      2,
      1700000000000,
      '/shancheng/home/1?page=3&before=1600000000000',
    ],
    ['a malformed anchor is replaced', 'http://x/shancheng/home/1?page=2&before=abc', 2, 1700000000000, '/shancheng/home/1?page=3&before=1700000000000'],
    ['no anchor for lists without one', 'http://x/shancheng/hotNews', 1, undefined, '/shancheng/hotNews?page=2'],
  ])('%s', (_name, url, page, anchor, expected) => {
    expect(decideNextHref(new URL(url), page, 20, anchor)).toBe(expected);
  });
  it.each([
    ['page 1 names its last item', 'http://x/shancheng/home/1', 1, 42, '/shancheng/home/1?page=2&before=1700000000000&after=42'],
    [
      'a later page replaces the cursor it came with',
      'http://x/shancheng/home/1?page=2&before=1600000000000&after=42',
      2,
      7,
      '/shancheng/home/1?page=3&before=1600000000000&after=7',
    ],
    ['a page without a cursor drops a stale one', 'http://x/shancheng/home/1?page=2&after=42', 2, undefined, '/shancheng/home/1?page=3&before=1700000000000'],
  ])('keyset: %s', (_name, url, page, cursor, expected) => {
    expect(decideNextHref(new URL(url), page, 20, 1700000000000, cursor)).toBe(expected);
  });
});

describe('readCursor', () => {
  it.each([
    ['?after=42', 42],
    ['?after=2147483647', 2147483647],
    ['?after=2147483648', undefined],
    ['?after=0', undefined],
    ['?after=-1', undefined],
    ['?after=1e3', undefined],
    ['?after=', undefined],
    ['', undefined],
  ])('%s → %s', (query, expected) => {
    expect(readCursor(new URL(`http://x/shancheng/home/1${query}`))).toBe(expected);
  });
});

describe('readAnchor and anchorOf', () => {
  it.each([
    ['?before=1700000000000', 1700000000000],
    ['?before=', undefined],
    ['?before=-5', undefined],
    ['?before=1e12', undefined],
    ['', undefined],
  ])('readAnchor %s → %s', (qs, expected) => {
    expect(readAnchor(new URL(`http://x/shancheng/home/1${qs}`))).toBe(expected);
  });
  it('anchorOf takes the newest publish time (pinned items included) and is undefined for an empty page', () => {
    expect(anchorOf([{ publishTime: '2024-01-01T00:00:00.000Z' }, { publishTime: '2024-03-01T00:00:00.123Z' }, { publishTime: 'x' }])).toBe(
      Date.parse('2024-03-01T00:00:00.123Z'),
    );
    expect(anchorOf([])).toBeUndefined();
  });
});

describe('loadSafely', () => {
  it('turns a thrown error into the error outcome', async () => {
    const load = await loadSafely(() => Promise.reject(new Error('down')));
    expect(load).toEqual({ kind: 'error' });
    expect(statusOf(load)).toBe(503);
  });
});
