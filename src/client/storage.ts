/**
 * Never-throwing key/value storage over localStorage and sessionStorage.
 *
 * Safari private mode throws on setItem, some webviews throw on merely reading
 * `window.localStorage`, and server rendering has no window at all. The session
 * (spec 3: token, tokenType, userId, …) must survive all three, so every call falls
 * back to an in-memory map instead of throwing.
 */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** The subset of the Web Storage API we rely on (so tests can pass a fake). */
export type StorageBacking = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** A plain in-memory storage: the fallback, and the fake for tests. */
export function createMemoryStorage(initial: Record<string, string> = {}): KeyValueStorage {
  const values = new Map<string, string>(Object.entries(initial));
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => {
      values.set(key, String(value));
    },
    removeItem: (key) => {
      values.delete(key);
    },
  };
}

/**
 * Wraps a backing storage that may be missing or may throw. `getBacking` is called on every
 * operation (never at import time), so importing this module during server rendering is safe.
 */
export function createSafeStorage(getBacking: () => StorageBacking | null | undefined): KeyValueStorage {
  const memory = createMemoryStorage();

  function backing(): StorageBacking | null {
    try {
      return getBacking() ?? null;
    } catch {
      // Reading window.localStorage itself throws a SecurityError when storage is blocked.
      return null;
    }
  }

  return {
    getItem(key) {
      const store = backing();
      if (store) {
        try {
          const value = store.getItem(key);
          if (value !== null) return value;
        } catch {
          // fall through to memory
        }
      }
      return memory.getItem(key);
    },
    setItem(key, value) {
      const store = backing();
      if (store) {
        try {
          store.setItem(key, value);
          memory.removeItem(key);
          return;
        } catch {
          // Quota exceeded or private mode: keep the value for this page's lifetime.
        }
      }
      memory.setItem(key, value);
    },
    removeItem(key) {
      memory.removeItem(key);
      const store = backing();
      if (!store) return;
      try {
        store.removeItem(key);
      } catch {
        // nothing to remove from a storage we cannot reach
      }
    },
  };
}

function webStorage(kind: 'localStorage' | 'sessionStorage'): StorageBacking | null {
  if (typeof window === 'undefined') return null;
  return window[kind];
}

/** localStorage, safe everywhere (spec 3 local storage keys live here). */
export const storage: KeyValueStorage = createSafeStorage(() => webStorage('localStorage'));

/** sessionStorage (per tab), safe everywhere: scroll positions and the previous route name. */
export const tabStorage: KeyValueStorage = createSafeStorage(() => webStorage('sessionStorage'));
