/**
 * The one core of the server's in-process caches (the page cache, the API micro-cache and the reference
 * cache, docs/architecture.md "Caches"): least-recently-used eviction by entries or by bytes on
 * `lru-cache`, expiry after a fixed time, one load per key at a time (in-flight sharing), and
 * invalidation by tags.
 *
 * Every entry carries the tags of what it shows (an article `news-12`, the reference table `ref-ads`, …;
 * src/server/cache/tags.ts). `invalidate(tags)` drops the entries carrying one of them; `invalidateAll()`
 * drops everything. A load that started before an invalidation of one of its tags must not store what
 * it read: each load notes `mark()` when it starts and `set` refuses an entry one of whose tags (or
 * everything) was invalidated since. The last invalidation of at most `TAG_MEMORY` tags is remembered;
 * forgetting older ones counts as an invalidation of everything at their time (never too little). Loads under way for an invalidated tag are forgotten too, so later
 * callers start a fresh load instead of joining one that may have read the old rows.
 *
 * Invalidations reach the caches of every process through the invalidation bus
 * (src/server/cache/invalidationBus.ts); this class knows nothing of processes.
 */
import { LRUCache } from 'lru-cache';

export interface TaggedCacheOptions<V> {
  /** How long an entry is served after it was stored. */
  ttlMs: number;
  /** At most this many entries (least recently used out). */
  maxEntries?: number;
  /** At most this many bytes, as `sizeOf` counts them (least recently used out). */
  maxBytes?: number;
  sizeOf?: (value: V) => number;
  /** Milliseconds; tests pass their own clock. */
  now?: () => number;
}

interface Record<V> {
  value: V;
  tags: readonly string[];
  storedAt: number;
}

interface Flight<V> {
  promise: Promise<V>;
  tags: readonly string[];
}

/** Tags whose last invalidation is remembered (see above). */
const TAG_MEMORY = 4096;

export class TaggedCache<V extends NonNullable<unknown>> {
  private readonly lru: LRUCache<string, Record<V>>;
  /** The keys carrying each tag (kept in step with the LRU through its dispose hook). */
  private readonly byTag = new Map<string, Set<string>>();
  /** Counts invalidations; each tag remembers the count of its last one, `allAt` that of the last whole one. */
  private sequence = 0;
  private allAt = 0;
  private readonly invalidatedAt = new Map<string, number>();
  private readonly flights = new Map<string, Flight<unknown>>();
  private readonly ttlMs: number;
  private readonly now: () => number;

  constructor(options: TaggedCacheOptions<V>) {
    this.ttlMs = options.ttlMs;
    this.now = options.now ?? Date.now;
    const sizeOf = options.sizeOf;
    // Evicted, deleted or replaced: the record's tags no longer name its key (`set` indexes the new one after).
    const dispose = (record: Record<V>, key: string): void => this.unindex(key, record.tags);
    this.lru =
      options.maxBytes !== undefined && sizeOf !== undefined
        ? new LRUCache<string, Record<V>>({
            maxSize: options.maxBytes,
            sizeCalculation: (r) => Math.max(1, sizeOf(r.value)),
            ...(options.maxEntries !== undefined ? { max: options.maxEntries } : {}),
            dispose,
          })
        : new LRUCache<string, Record<V>>({ max: options.maxEntries ?? 10_000, dispose });
  }

  get size(): number {
    return this.lru.size;
  }

  time(): number {
    return this.now();
  }

  /** The fresh value of `key`, now the most recently used; an expired one is dropped. */
  get(key: string): V | undefined {
    const record = this.lru.get(key);
    if (!record) return undefined;
    if (this.now() - record.storedAt >= this.ttlMs) {
      this.lru.delete(key);
      return undefined;
    }
    return record.value;
  }

  /** When the value of `key` was stored (undefined when there is none). */
  storedAt(key: string): number | undefined {
    return this.lru.peek(key)?.storedAt;
  }

  /** The tags `key` was stored with. */
  tagsOf(key: string): readonly string[] | undefined {
    return this.lru.peek(key)?.tags;
  }

  keys(): IterableIterator<string> {
    return this.lru.keys();
  }

  /** What a load notes when it starts, for `set`. */
  mark(): number {
    return this.sequence;
  }

  /** True when one of `tags`, or everything, was invalidated since `mark`. */
  staleSince(mark: number, tags: readonly string[]): boolean {
    if (mark === this.sequence) return false;
    if (this.allAt > mark) return true;
    return tags.some((t) => (this.invalidatedAt.get(t) ?? 0) > mark);
  }

  /**
   * Stores `value` under `key` with its tags, unless an invalidation of one of them (or of everything)
   * happened since `mark` was noted. Returns whether it was stored.
   */
  set(key: string, value: V, tags: readonly string[], mark?: number): boolean {
    if (mark !== undefined && this.staleSince(mark, tags)) return false;
    return this.index(key, { value, tags, storedAt: this.now() });
  }

  private index(key: string, record: Record<V>): boolean {
    this.lru.set(key, record);
    // Larger than the whole budget: lru-cache does not keep it.
    if (this.lru.peek(key, { allowStale: true }) !== record) return false;
    for (const t of record.tags) {
      let keys = this.byTag.get(t);
      if (!keys) this.byTag.set(t, (keys = new Set()));
      keys.add(key);
    }
    return true;
  }

  /** Counts again the size of `key`'s value after it grew in place (a compressed variant added to it). */
  resized(key: string): void {
    const record = this.lru.peek(key, { allowStale: true });
    // lru-cache counts a size when a value is set, and only for a new value: set a copy (same time, same tags).
    if (record) this.index(key, { ...record });
  }

  delete(key: string): boolean {
    return this.lru.delete(key);
  }

  /** Drops the entries (and loads under way) carrying one of `tags`; returns how many entries. */
  invalidate(tags: readonly string[]): number {
    this.sequence += 1;
    for (const t of tags) {
      this.invalidatedAt.delete(t);
      this.invalidatedAt.set(t, this.sequence);
    }
    // The oldest remembered tags go first (Map order is insertion order, renewed above).
    for (const [t, at] of this.invalidatedAt) {
      if (this.invalidatedAt.size <= TAG_MEMORY) break;
      this.invalidatedAt.delete(t);
      this.allAt = Math.max(this.allAt, at);
    }
    const keys = new Set<string>();
    for (const t of tags) for (const key of this.byTag.get(t) ?? []) keys.add(key);
    for (const key of keys) this.lru.delete(key);
    for (const [key, flight] of this.flights) if (flight.tags.some((t) => tags.includes(t))) this.flights.delete(key);
    return keys.size;
  }

  /** Drops the entries that `match` selects by key (a page path prefix); every load under way counts as stale. */
  invalidateWhere(match: (key: string) => boolean): number {
    this.sequence += 1;
    this.allAt = this.sequence;
    let n = 0;
    for (const key of [...this.lru.keys()]) {
      if (match(key)) {
        this.lru.delete(key);
        n += 1;
      }
    }
    this.flights.clear();
    return n;
  }

  /** Drops every entry and forgets every load under way. */
  invalidateAll(): number {
    this.sequence += 1;
    this.allAt = this.sequence;
    this.invalidatedAt.clear();
    const n = this.lru.size;
    this.lru.clear();
    this.byTag.clear();
    this.flights.clear();
    return n;
  }

  /** The load of `key` under way, if any (another caller of the same key waits for it). */
  inFlight<T>(key: string): Promise<T> | undefined {
    return this.flights.get(key)?.promise as Promise<T> | undefined;
  }

  /**
   * Runs `load` as the one load of `key` (callers of `inFlight(key)` join it until it settles or an
   * invalidation of `tags` forgets it).
   */
  fly<T>(key: string, tags: readonly string[], load: () => Promise<T>): Promise<T> {
    const flight: Flight<T> = { promise: Promise.resolve() as Promise<T>, tags };
    const done = () => {
      if (this.flights.get(key) === flight) this.flights.delete(key);
    };
    flight.promise = load().then(
      (value) => {
        done();
        return value;
      },
      (err: unknown) => {
        done();
        throw err;
      },
    );
    this.flights.set(key, flight as Flight<unknown>);
    return flight.promise;
  }

  private unindex(key: string, tags: readonly string[]): void {
    for (const t of tags) {
      const keys = this.byTag.get(t);
      if (!keys) continue;
      keys.delete(key);
      if (keys.size === 0) this.byTag.delete(t);
    }
  }
}
