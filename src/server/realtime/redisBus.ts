/**
 * The realtime bus over Redis pub/sub (REDIS_URL): every process publishes its room broadcasts and
 * session closes on one channel and applies what the others publish, so a like on one node reaches a
 * reader whose socket is on another (DESIGN.md "When one machine is not enough").
 *
 * Each message carries the sender's random id; a process skips its own echo because it has already
 * applied the message locally (a Redis outage therefore never delays same-node delivery). Delivery
 * across nodes is at most once: realtime counts are a convenience, the page always has the truth.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Logger } from '../log.ts';
import { parseBusMessage, type BusMessage, type RealtimeBus } from './RealtimeBus.ts';

export const REALTIME_CHANNEL = 'shancheng:realtime';

export async function redisBus(url: string, log: Logger, channel: string = REALTIME_CHANNEL): Promise<RealtimeBus> {
  const origin = randomUUID();
  // A subscribed connection can only (un)subscribe, so publishing needs a second one.
  // The server starts even when Redis is down: same-node delivery works, and ioredis keeps
  // reconnecting. A publish waits through at most two reconnect attempts, then is dropped.
  const options = { maxRetriesPerRequest: 2, autoResubscribe: false };
  const pub = new Redis(url, options);
  const sub = new Redis(url, options);
  for (const [name, client] of [['pub', pub], ['sub', sub]] as const) {
    client.on('error', (err: Error) => log.warn({ err: err.message, client: name }, 'realtime redis error'));
  }
  // Subscribe on every (re)connect; start-up waits for the first subscription at most 3 s.
  const subscribed = new Promise<void>((resolve) => {
    sub.on('ready', () => {
      sub.subscribe(channel).then(
        () => resolve(),
        (err: unknown) => log.error({ err: err instanceof Error ? err.message : String(err) }, 'realtime redis subscribe failed'),
      );
    });
  });
  const waited = await Promise.race([subscribed.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), 3_000).unref())]);
  if (!waited) log.error({ channel }, 'realtime redis not reachable: cross-node delivery is off until it answers');

  const handlers: ((message: BusMessage) => void)[] = [];
  sub.on('message', (ch: string, text: string) => {
    if (ch !== channel) return;
    let envelope: unknown;
    try {
      envelope = JSON.parse(text);
    } catch {
      return;
    }
    if (typeof envelope !== 'object' || envelope === null) return;
    const { origin: from, message } = envelope as { origin?: unknown; message?: unknown };
    if (from === origin) return;
    const parsed = parseBusMessage(message);
    if (!parsed) return;
    for (const handler of handlers) handler(parsed);
  });

  return {
    send(message) {
      pub.publish(channel, JSON.stringify({ origin, message })).catch((err: unknown) => {
        log.warn({ err: err instanceof Error ? err.message : String(err) }, 'realtime redis publish failed');
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
