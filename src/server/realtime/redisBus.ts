/**
 * The realtime bus over Redis pub/sub (REDIS_URL): every process publishes its room broadcasts and
 * session closes on one channel and applies what the others publish, so a like on one node reaches a
 * reader whose socket is on another (docs/conventions.md "When one machine is not enough").
 *
 * Each message carries the sender's random id; a process skips its own echo because it has already
 * applied the message locally (a Redis outage therefore never delays same-node delivery). Delivery
 * across nodes is at most once: realtime counts are a convenience, the page always has the truth.
 */
import type { Logger } from '../log.ts';
import { parseBusMessage, type BusMessage, type RealtimeBus } from './RealtimeBus.ts';
import { openRedisChannel } from './redisChannel.ts';

export const REALTIME_CHANNEL = 'shancheng:realtime';

export function redisBus(url: string, log: Logger, channel: string = REALTIME_CHANNEL): Promise<RealtimeBus> {
  return openRedisChannel<BusMessage>(url, log, channel, {
    label: 'realtime',
    unreachable: 'cross-node delivery is off until it answers',
    field: 'message',
    parse: parseBusMessage,
  });
}
