import { describe, expect, it } from 'vitest';
import { createMemoryStorage, createSafeStorage, storage, tabStorage, type StorageBacking } from './storage.ts';

function throwingBacking(): StorageBacking {
  return {
    getItem: () => {
      throw new Error('SecurityError');
    },
    setItem: () => {
      throw new Error('QuotaExceededError');
    },
    removeItem: () => {
      throw new Error('SecurityError');
    },
  };
}

describe('createSafeStorage', () => {
  it.each<[string, () => StorageBacking | null]>([
    [
      'a working backing',
      (() => {
        const memory = createMemoryStorage();
        return () => memory;
      })(),
    ],
    ['a backing whose methods throw (private mode)', throwingBacking],
    ['no backing (server rendering)', () => null],
    [
      'a getter that throws (storage blocked)',
      () => {
        throw new Error('SecurityError');
      },
    ],
  ])('round-trips values with %s', (_name, makeBacking) => {
    const safe = createSafeStorage(makeBacking);
    expect(safe.getItem('token')).toBeNull();
    safe.setItem('token', 'abc');
    expect(safe.getItem('token')).toBe('abc');
    safe.removeItem('token');
    expect(safe.getItem('token')).toBeNull();
  });

  it('writes through to a working backing', () => {
    const backing = createMemoryStorage();
    const safe = createSafeStorage(() => backing);
    safe.setItem('userId', '42');
    expect(backing.getItem('userId')).toBe('42');
    safe.removeItem('userId');
    expect(backing.getItem('userId')).toBeNull();
  });

  it('reads values that the backing already holds', () => {
    const safe = createSafeStorage(() => createMemoryStorage({ nickname: '山城' }));
    expect(safe.getItem('nickname')).toBe('山城');
  });
});

describe('default instances', () => {
  it.each([
    ['storage', storage],
    ['tabStorage', tabStorage],
  ] as const)('%s works without a window (node)', (_name, instance) => {
    expect(() => instance.setItem('k', 'v')).not.toThrow();
    expect(instance.getItem('k')).toBe('v');
    instance.removeItem('k');
    expect(instance.getItem('k')).toBeNull();
  });
});
