/**
 * Reference data kept in process (issue 7, ADR 001 "Fourth round"): the ads list, app_config values and
 * channel/column metadata change a few times a day, yet every render read them again (an article render
 * ran 4 of its 12 queries on them). Each read goes through `readReference` with the tables it depends on
 * and is kept `REFERENCE_TTL_MS`, at most `REFERENCE_MAX_ENTRIES` entries (least recently used out).
 *
 * Invalidation: a write of those tables goes through `writeReferenceData`, which drops every entry that
 * depends on a written table once the transaction is over; a read that began before the drop is not
 * stored (it may have read the old rows), and callers arriving after it start a fresh read instead of
 * joining one under way. The seeds write these tables before the server (or a test's app) reads them.
 * The TTL bounds what a direct database edit by an operator, or another node's write, leaves stale.
 *
 * One cache per database handle (a WeakMap on the Drizzle `Db`), so test suites with their own
 * databases never see each other's data, and PGlite and PostgreSQL behave the same. Kept values are
 * deep-frozen: they are shared between requests, and a caller that mutated one would throw.
 */
import type { Database, Db, Tx } from './db/client.ts';

/** The tables whose rows are kept here; an entry names the ones it was read from. */
export type ReferenceTable = 'ads' | 'app_config' | 'channels' | 'columns' | 'districts' | 'publisher_accounts';

export const REFERENCE_TTL_MS = 30_000;
export const REFERENCE_MAX_ENTRIES = 512;

export interface ReferenceCacheOptions {
  ttlMs?: number;
  maxEntries?: number;
  /** Milliseconds, monotonic; tests pass their own clock. */
  now?: () => number;
}

export interface ReadOptions {
  /** The load runs inside a transaction: see `ReferenceCache.read`. */
  alone?: boolean;
}

interface Entry {
  value: unknown;
  tables: readonly ReferenceTable[];
  expiresAt: number;
}

interface Pending {
  promise: Promise<unknown>;
  tables: readonly ReferenceTable[];
}

function deepFreeze(value: unknown): void {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const v of Object.values(value)) deepFreeze(v);
}

const overlaps = (a: readonly ReferenceTable[], b: readonly ReferenceTable[]) => a.some((t) => b.includes(t));

export class ReferenceCache {
  private readonly entries = new Map<string, Entry>();
  private readonly pending = new Map<string, Pending>();
  /** Raised per table by each invalidation; a read stores its result only if its tables' sum is unchanged. */
  private readonly generations = new Map<ReferenceTable, number>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor(options: ReferenceCacheOptions = {}) {
    this.ttlMs = options.ttlMs ?? REFERENCE_TTL_MS;
    this.maxEntries = options.maxEntries ?? REFERENCE_MAX_ENTRIES;
    this.now = options.now ?? (() => performance.now());
  }

  /** Entries currently kept (tests and diagnostics). */
  get size(): number {
    return this.entries.size;
  }

  /**
   * The value kept under `key`, or `load()`'s (one load per key at a time). `alone`: a load that runs in
   * a transaction neither joins nor is joined by another (on PGlite's one connection a read outside the
   * transaction waits for it, so waiting for such a read from inside would never end).
   */
  read<T>(key: string, tables: readonly ReferenceTable[], load: () => Promise<T>, options: ReadOptions = {}): Promise<T> {
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      if (hit.expiresAt > this.now()) {
        this.entries.set(key, hit);
        return Promise.resolve(hit.value as T);
      }
    }
    const stamp = this.stamp(tables);
    if (options.alone) {
      return load().then((value) => {
        deepFreeze(value);
        if (this.stamp(tables) === stamp) this.store(key, tables, value);
        return value;
      });
    }
    const under = this.pending.get(key);
    if (under) return under.promise as Promise<T>;
    const settle = () => {
      const isCurrent = this.pending.get(key)?.promise === promise;
      if (isCurrent) this.pending.delete(key);
      return isCurrent;
    };
    const promise: Promise<T> = load().then(
      (value) => {
        deepFreeze(value);
        if (settle() && this.stamp(tables) === stamp) this.store(key, tables, value);
        return value;
      },
      (err: unknown) => {
        settle();
        throw err;
      },
    );
    this.pending.set(key, { promise, tables });
    return promise;
  }

  /** Drops every entry (and read under way) that depends on one of `tables`; all of them without. */
  invalidate(tables?: readonly ReferenceTable[]): void {
    const all: readonly ReferenceTable[] = tables ?? ['ads', 'app_config', 'channels', 'columns', 'districts', 'publisher_accounts'];
    for (const t of all) this.generations.set(t, (this.generations.get(t) ?? 0) + 1);
    for (const [key, entry] of this.entries) if (overlaps(entry.tables, all)) this.entries.delete(key);
    for (const [key, p] of this.pending) if (overlaps(p.tables, all)) this.pending.delete(key);
  }

  private stamp(tables: readonly ReferenceTable[]): number {
    let sum = 0;
    for (const t of tables) sum += this.generations.get(t) ?? 0;
    return sum;
  }

  private store(key: string, tables: readonly ReferenceTable[], value: unknown): void {
    this.entries.set(key, { value, tables, expiresAt: this.now() + this.ttlMs });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value);
    }
  }
}

const caches = new WeakMap<Db, ReferenceCache>();

/** The cache of one database handle (the root `Db`, never a transaction). */
export function referenceCacheOf(db: Db): ReferenceCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new ReferenceCache();
    caches.set(db, cache);
  }
  return cache;
}

/** Reads reference data of `db` through its cache; `key` must name everything the read depends on. */
export function readReference<T>(db: Db, key: string, tables: readonly ReferenceTable[], load: () => Promise<T>, options?: ReadOptions): Promise<T> {
  return referenceCacheOf(db).read(key, tables, load, options);
}

/**
 * The one way to write reference tables while the server runs: the write transaction, then the entries
 * read from `tables` dropped (also when the write failed: a partial outcome must not stay cached).
 */
export async function writeReferenceData<T>(
  database: Pick<Database, 'db' | 'write'>,
  tables: readonly ReferenceTable[],
  fn: (tx: Tx) => Promise<T>,
): Promise<T> {
  try {
    return await database.write(fn);
  } finally {
    referenceCacheOf(database.db).invalidate(tables);
  }
}
