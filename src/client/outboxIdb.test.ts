import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from './outbox.ts';
import { idbOutboxStore } from './outboxIdb.ts';

const entry = (id: string, over: Partial<OutboxEntry> = {}): OutboxEntry => ({
  id,
  kind: 'comment',
  scope: 'news:3:42',
  label: '评论「说得好」',
  path: '/api/comment/add',
  body: { classId: 3, newsId: 42, content: '说得好', pictures: ['/media/a.jpg'] },
  accountId: '1001',
  createdAt: 1_700_000_000_000,
  attempts: 0,
  nextAt: 0,
  state: 'pending',
  ...over,
});

describe('the outbox’s IndexedDB store (ADR 032)', () => {
  it('keeps what was put, one entry per key, and forgets what was removed', async () => {
    const store = idbOutboxStore(new IDBFactory());
    expect(await store.all()).toEqual([]);
    await store.put(entry('k-1'));
    await store.put(entry('k-2', { label: '评论「第二条」' }));
    // The same key again (a retry's new state) replaces its entry.
    await store.put(entry('k-1', { attempts: 2, state: 'failed' }));
    const all = await store.all();
    expect(all.map((e) => [e.id, e.attempts, e.state])).toEqual([
      ['k-1', 2, 'failed'],
      ['k-2', 0, 'pending'],
    ]);
    expect(all[0]!.body).toEqual({ classId: 3, newsId: 42, content: '说得好', pictures: ['/media/a.jpg'] });
    await store.remove('k-1');
    await store.remove('k-missing');
    expect((await store.all()).map((e) => e.id)).toEqual(['k-2']);
  });

  it('a reopened page (a new store on the same browser) finds the entries: closing the tab loses nothing', async () => {
    const browser = new IDBFactory();
    await idbOutboxStore(browser).put(entry('k-9'));
    expect((await idbOutboxStore(browser).all()).map((e) => e.id)).toEqual(['k-9']);
    // Another browser (profile) has its own.
    expect(await idbOutboxStore(new IDBFactory()).all()).toEqual([]);
  });

  it('answers writes started together, each once committed', async () => {
    const store = idbOutboxStore(new IDBFactory());
    await Promise.all(['a', 'b', 'c', 'd'].map((id) => store.put(entry(id))));
    expect((await store.all()).map((e) => e.id)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('a write the store refuses rejects, and keeps nothing of it', async () => {
    const store = idbOutboxStore(new IDBFactory());
    // An entry without its key cannot be stored (keyPath id).
    await expect(store.put({ ...entry('x'), id: undefined } as unknown as OutboxEntry)).rejects.toBeDefined();
    expect(await store.all()).toEqual([]);
  });

  it('a failed open is tried again by the next call', async () => {
    const real = new IDBFactory();
    let opens = 0;
    const flaky = {
      open(name: string, version?: number): IDBOpenDBRequest {
        opens++;
        if (opens > 1) return real.open(name, version);
        const failing = { error: new Error('存储不可用'), onsuccess: null, onerror: null } as unknown as IDBOpenDBRequest;
        setTimeout(() => (failing.onerror as (() => void) | null)?.(), 0);
        return failing;
      },
    } as unknown as IDBFactory;
    const store = idbOutboxStore(flaky);
    await expect(store.all()).rejects.toThrow('存储不可用');
    await store.put(entry('k-after'));
    expect((await store.all()).map((e) => e.id)).toEqual(['k-after']);
    expect(opens).toBe(2);
  });
});
