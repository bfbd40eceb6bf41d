/**
 * The outbox's store in IndexedDB (ADR 032): one object store of entries keyed by their Idempotency-Key,
 * so closing the tab loses nothing. Raw IndexedDB, no library.
 */
import type { OutboxEntry, OutboxStore } from './outbox.ts';

const DB = 'shancheng-outbox';
const STORE = 'writes';

function promised<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

export function idbOutboxStore(factory: IDBFactory = indexedDB): OutboxStore {
  let opened: Promise<IDBDatabase> | null = null;
  function db(): Promise<IDBDatabase> {
    if (!opened) {
      const request = factory.open(DB, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: 'id' });
      // A failed open (storage blocked, the disk full) is tried again by the next call, not kept.
      opened = promised(request).catch((error: unknown) => {
        opened = null;
        throw error;
      });
    }
    return opened;
  }
  async function run<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
    const tx = (await db()).transaction(STORE, mode);
    const result = promised(work(tx.objectStore(STORE)));
    // Answered once the transaction is committed: a tab closed right after still has the write.
    await new Promise((resolve, reject) => {
      tx.oncomplete = resolve;
      tx.onerror = tx.onabort = () => reject(tx.error);
    });
    return result;
  }
  return {
    all: () => run('readonly', (s) => s.getAll() as IDBRequest<OutboxEntry[]>),
    put: (entry) => run('readwrite', (s) => s.put(entry)).then(() => undefined),
    remove: (id) => run('readwrite', (s) => s.delete(id)).then(() => undefined),
  };
}
