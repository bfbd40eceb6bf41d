import { describe, expect, it } from 'vitest';
import { deriveAppKey, fnv1a64 } from './appKey.ts';

describe('fnv1a64', () => {
  // Reference vectors from the FNV specification (draft-eastlake-fnv).
  it.each([
    ['', 'cbf29ce484222325'],
    ['a', 'af63dc4c8601ec8c'],
    ['foobar', '85944171f73967e8'],
  ])('hashes %j to %s', (input, expected) => {
    expect(fnv1a64(input)).toBe(expected);
  });
});

describe('deriveAppKey', () => {
  it('is the hash of deviceId:version', () => {
    expect(deriveAppKey('abc', '7.1.0')).toBe(fnv1a64('abc:7.1.0'));
  });

  it.each([
    ['same inputs give the same key', ['dev1', '7.1.0'], ['dev1', '7.1.0'], true],
    ['another device gives another key', ['dev1', '7.1.0'], ['dev2', '7.1.0'], false],
    ['another version gives another key', ['dev1', '7.1.0'], ['dev1', '7.2.0'], false],
  ] as const)('%s', (_name, [d1, v1], [d2, v2], equal) => {
    expect(deriveAppKey(d1, v1) === deriveAppKey(d2, v2)).toBe(equal);
  });

  it('is 16 hex characters', () => {
    expect(deriveAppKey('0123456789abcdef0123456789abcdef', '7.1.0')).toMatch(/^[0-9a-f]{16}$/);
  });
});
