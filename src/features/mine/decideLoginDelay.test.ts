import { describe, expect, it } from 'vitest';
import { addressWithoutCode, decideLoginDelay } from './decideLoginDelay.ts';

describe('decideLoginDelay', () => {
  it.each([
    ['?code=abc&state=x', 1000],
    ['?classId=1', 1800],
    ['', 1800],
  ])('waits for %j: %i ms', (search, ms) => {
    expect(decideLoginDelay(search)).toBe(ms);
  });
});

describe('addressWithoutCode', () => {
  it.each([
    ['/shancheng/home/1', '?code=abc&state=s&x=1', '#top', '/shancheng/home/1?x=1#top'],
    ['/shancheng/home/1', '?code=abc', '', '/shancheng/home/1'],
    ['/shancheng/home/1', '?x=1', '', null],
  ])('strips the code from %s%s', (path, search, hash, expected) => {
    expect(addressWithoutCode(path, search, hash)).toBe(expected);
  });
});
