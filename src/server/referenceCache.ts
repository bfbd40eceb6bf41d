/**
 * Reference data kept in process (ADR 001 "Fourth round"): the ads list, app_config values and
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
import { invalidationBus } from './cache/invalidationBus.ts';
import { TaggedCache } from './cache/taggedCache.ts';

/** The tag of a whole invalidation of pages and API answers (src/server/web/writeScope.ts TAG_ALL). */
const TAG_ALL_PAGES = 'all';

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

const ALL_TABLES: readonly ReferenceTable[] = ['ads', 'app_config', 'channels', 'columns', 'districts', 'publisher_accounts'];

/** The invalidation tag of a reference table (src/server/cache/taggedCache.ts): `ref-ads`, `ref-app_config`, … */
export function referenceTag(table: ReferenceTable): string {
  return `ref-${table}`;
}

function deepFreeze(value: unknown): void {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const v of Object.values(value)) deepFreeze(v);
}

/** A kept value (boxed: the core keeps no null or undefined, a load may answer either). */
interface Box {
  value: unknown;
}

export class ReferenceCache {
  private readonly core: TaggedCache<Box>;

  constructor(options: ReferenceCacheOptions = {}) {
    this.core = new TaggedCache<Box>({
      ttlMs: options.ttlMs ?? REFERENCE_TTL_MS,
      maxEntries: options.maxEntries ?? REFERENCE_MAX_ENTRIES,
      now: options.now ?? (() => performance.now()),
    });
  }

  /** Entries currently kept (tests and diagnostics). */
  get size(): number {
    return this.core.size;
  }

  /**
   * The value kept under `key`, or `load()`'s (one load per key at a time). `alone`: a load that runs in
   * a transaction neither joins nor is joined by another (on PGlite's one connection a read outside the
   * transaction waits for it, so waiting for such a read from inside would never end).
   */
  read<T>(key: string, tables: readonly ReferenceTable[], load: () => Promise<T>, options: ReadOptions = {}): Promise<T> {
    const hit = this.core.get(key);
    if (hit) return Promise.resolve(hit.value as T);
    const tags = tables.map(referenceTag);
    const mark = this.core.mark();
    const keep = (value: T): T => {
      deepFreeze(value);
      this.core.set(key, { value }, tags, mark);
      return value;
    };
    if (options.alone) return load().then(keep);
    const under = this.core.inFlight<T>(key);
    if (under) return under;
    return this.core.fly(key, tags, () => load().then(keep));
  }

  /** Drops every entry (and read under way) that depends on one of `tables`; all of them without. */
  invalidate(tables?: readonly ReferenceTable[]): void {
    this.core.invalidate((tables ?? ALL_TABLES).map(referenceTag));
  }

  /** Drops what depends on the tables named by invalidation `tags` (`ref-…`; others are not about reference data). */
  invalidateTags(tags: readonly string[]): void {
    const mine = tags.filter((t) => t.startsWith('ref-'));
    if (mine.length > 0) this.core.invalidate(mine);
  }
}

const caches = new WeakMap<Db, ReferenceCache>();

/** The cache of one database handle (the root `Db`, never a transaction). */
export function referenceCacheOf(db: Db): ReferenceCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new ReferenceCache();
    caches.set(db, cache);
    invalidationBus.listen(cache);
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
    // Every process drops what it read from these tables, and the pages and API answers that show them.
    invalidationBus.publish([...tables.map(referenceTag), TAG_ALL_PAGES]);
  }
}
