/**
 * Invalidation tags between processes (docs/architecture.md "Caches"): a change on any process drops the
 * affected pages and API answers on every process. A write publishes the tags it changed (`news-12`,
 * `bang-qa-3`, `ref-ads`, `all`: src/server/web/writeScope.ts); the bus applies them at once to this
 * process's caches, sends them to the other processes (Redis pub/sub when `REDIS_URL` is set, nothing to
 * send otherwise) and calls the CDN purge hook (`CDN_PURGE_URL`), so a CDN purges what a process drops.
 *
 * Each message carries the sender's random id; a process skips its own echo (it has applied the tags
 * already, so a Redis outage never delays same-process invalidation). Only the process that made the
 * change calls the purge hook. Delivery is at most once: the caches' short lives (30 s pages, 5 s API
 * answers) bound what a lost message leaves stale.
 */
import type { Logger } from '../log.ts';
import { openRedisChannel } from '../realtime/redisChannel.ts';

/** What listens: a cache that drops what the tags name. */
export interface Invalidatable {
  invalidateTags(tags: readonly string[]): void;
}

/** How tags reach the other processes. */
export interface InvalidationTransport {
  send(tags: readonly string[]): void;
  onMessage(handler: (tags: string[]) => void): void;
  close(): Promise<void>;
}

/** Called with the tags of every change made on this process (the CDN purge). */
export type PurgeHook = (tags: readonly string[]) => void;

const TAG = /^[a-z0-9_-]{1,80}$/;
const MAX_TAGS = 64;

/** The tags of a message from another process, or null when it is not one. */
export function parseTags(value: unknown): string[] | null {
  if (!Array.isArray(value) || value.length === 0 || value.length > MAX_TAGS) return null;
  return value.every((t): t is string => typeof t === 'string' && TAG.test(t)) ? value : null;
}

export class InvalidationBus {
  /** Held weakly: a cache that is gone (a test's app) stops listening by itself. */
  private readonly listeners = new Set<WeakRef<Invalidatable>>();
  private transport: InvalidationTransport | null = null;
  private purge: PurgeHook | null = null;

  /** `target` drops what every later published or received invalidation names. */
  listen(target: Invalidatable): void {
    this.listeners.add(new WeakRef(target));
  }

  /** Sends this process's invalidations to the others and applies theirs here. */
  connect(transport: InvalidationTransport): void {
    this.transport = transport;
    transport.onMessage((tags) => this.apply(tags));
  }

  onPurge(hook: PurgeHook | null): void {
    this.purge = hook;
  }

  /** A change on this process: drop here, tell the other processes, purge the CDN. */
  publish(tags: readonly string[]): void {
    if (tags.length === 0) return;
    this.apply(tags);
    this.transport?.send(tags);
    this.purge?.(tags);
  }

  async close(): Promise<void> {
    const transport = this.transport;
    this.transport = null;
    await transport?.close();
  }

  private apply(tags: readonly string[]): void {
    for (const ref of this.listeners) {
      const target = ref.deref();
      if (target) target.invalidateTags(tags);
      else this.listeners.delete(ref);
    }
  }
}

/** The bus of this process: main.ts connects Redis and the purge hook; caches listen to it. */
export const invalidationBus = new InvalidationBus();

export const INVALIDATION_CHANNEL = 'shancheng:invalidate';

/** Invalidations over Redis pub/sub (src/server/realtime/redisChannel.ts). */
export function redisInvalidationTransport(url: string, log: Logger, channel: string = INVALIDATION_CHANNEL): Promise<InvalidationTransport> {
  return openRedisChannel<string[]>(url, log, channel, {
    label: 'invalidation',
    unreachable: 'other processes keep their caches until their time is up',
    field: 'tags',
    parse: parseTags,
  });
}

/**
 * The CDN purge hook: a plain HTTP POST to `url` with the tags, as JSON `{"tags": [...]}` and as a
 * `Surrogate-Key` header (space-separated, the header the pages carry). A purge that fails or takes
 * longer than `timeoutMs` is logged and dropped (the CDN's own `s-maxage` bounds what it keeps).
 */
export function cdnPurgeHook(url: string, log: Logger, timeoutMs = 3_000): PurgeHook {
  return (tags) => {
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'surrogate-key': tags.join(' ') },
      body: JSON.stringify({ tags }),
      signal: AbortSignal.timeout(timeoutMs),
    }).then(
      (res) => {
        if (!res.ok) log.warn({ status: res.status, tags }, 'cdn purge refused');
        void res.body?.cancel();
      },
      (err: unknown) => log.warn({ err: err instanceof Error ? err.message : String(err), tags }, 'cdn purge failed'),
    );
  };
}
