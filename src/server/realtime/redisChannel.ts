/**
 * One Redis pub/sub channel between the server processes, shared by the realtime bus (redisBus.ts) and the
 * cache invalidations (src/server/cache/invalidationBus.ts). Two connections (a subscribed one cannot
 * publish); the server starts even when Redis is down and ioredis keeps reconnecting; a publish waits
 * through at most two reconnect attempts, then is dropped. Each message carries the sender's random id, and
 * a process skips its own echo (it has applied the message locally). Delivery is at most once.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Logger } from '../log.ts';

export interface RedisChannel<T> {
  /** Sends to the other processes (best effort; never throws). */
  send(payload: T): void;
  /** Called with each payload another process sent. */
  onMessage(handler: (payload: T) => void): void;
  close(): Promise<void>;
}

export interface RedisChannelOptions<T> {
  /** Names the channel's log lines ('realtime', 'invalidation'). */
  label: string;
  /** What an unreachable Redis means for the readers, logged once at start. */
  unreachable: string;
  /** The envelope's field that carries the payload (`{ origin, [field]: payload }`). */
  field: string;
  /** The payload of another process, or null when it is not one. */
  parse: (value: unknown) => T | null;
}

const errorText = (err: unknown): string => (err instanceof Error ? err.message : String(err));

export async function openRedisChannel<T>(url: string, log: Logger, channel: string, options: RedisChannelOptions<T>): Promise<RedisChannel<T>> {
  const { label, unreachable, field, parse } = options;
  const origin = randomUUID();
  const connection = { maxRetriesPerRequest: 2, autoResubscribe: false };
  const pub = new Redis(url, connection);
  const sub = new Redis(url, connection);
  for (const [name, client] of [
    ['pub', pub],
    ['sub', sub],
  ] as const) {
    client.on('error', (err: Error) => log.warn({ err: err.message, client: name }, `${label} redis error`));
  }
  // Subscribe on every (re)connect; start-up waits for the first subscription at most 3 s.
  const subscribed = new Promise<void>((resolve) => {
    sub.on('ready', () => {
      sub.subscribe(channel).then(
        () => resolve(),
        (err: unknown) => log.error({ err: errorText(err) }, `${label} redis subscribe failed`),
      );
    });
  });
  const waited = await Promise.race([subscribed.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), 3_000).unref())]);
  if (!waited) log.error({ channel }, `${label} redis not reachable: ${unreachable}`);

  const handlers: ((payload: T) => void)[] = [];
  sub.on('message', (ch: string, text: string) => {
    if (ch !== channel) return;
    let envelope: unknown;
    try {
      envelope = JSON.parse(text);
    } catch {
      return;
    }
    if (typeof envelope !== 'object' || envelope === null) return;
    const record = envelope as Record<string, unknown>;
    if (record['origin'] === origin) return;
    const payload = parse(record[field]);
    if (payload === null) return;
    for (const handler of handlers) handler(payload);
  });

  return {
    send(payload) {
      pub.publish(channel, JSON.stringify({ origin, [field]: payload })).catch((err: unknown) => {
        log.warn({ err: errorText(err) }, `${label} redis publish failed`);
      });
    },
    onMessage(handler) {
      handlers.push(handler);
    },
    async close() {
      await Promise.allSettled([sub.quit(), pub.quit()]);
    },
  };
}
