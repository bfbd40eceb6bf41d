/**
 * Lets a cache refuse a result that was read before a write changed it, without refusing every other
 * result in flight: a render or an API call notes `mark()` when it starts and asks `staleSince(mark,
 * url)` before storing. A whole-cache invalidation makes everything started before it stale; an item's
 * invalidation only the URLs about that item (a busy comment stream must not keep hot pages out of the
 * cache). The log keeps the last `limit` invalidations; a start older than that counts as stale.
 */
import { urlConcernsItem, type ItemRef } from './writeScope.ts';

const DEFAULT_LIMIT = 256;

export class InvalidationLog {
  private generation = 0;
  /** Item invalidations (an article's newsId or a bangbang item) or whole ones (null), with the generation each one ended. */
  private readonly entries: { generation: number; item: ItemRef | null }[] = [];
  private readonly limit: number;

  constructor(limit = DEFAULT_LIMIT) {
    this.limit = limit;
  }

  /** The current generation: what a render or call notes when it starts. */
  mark(): number {
    return this.generation;
  }

  /** Records an invalidation of everything (no item) or of one item's URLs. */
  record(item?: ItemRef): void {
    this.generation += 1;
    this.entries.push({ generation: this.generation, item: item ?? null });
    if (this.entries.length > this.limit) this.entries.shift();
  }

  /** True when an invalidation since `mark` concerns `url` (or everything), or the log no longer reaches back to it. */
  staleSince(mark: number, url: string): boolean {
    if (mark === this.generation) return false;
    const oldest = this.entries[0];
    if (!oldest || oldest.generation > mark + 1) return true;
    for (let i = this.entries.length - 1; i >= 0; i--) {
      const e = this.entries[i];
      if (!e || e.generation <= mark) break;
      if (e.item === null || urlConcernsItem(url, e.item)) return true;
    }
    return false;
  }
}
