/**
 * How processes share rooms: every publish and every session close is sent on the bus and applied by
 * every process, including the sender (which applies it locally at once and ignores its own echo).
 * Without REDIS_URL the bus is this process only (`localBus`); with it, Redis pub/sub (redisBus.ts).
 */
export type BusMessage = { type: 'room'; room: string; op: number; body: string } | { type: 'close'; family?: string; userId?: number };

export interface RealtimeBus {
  /** Sends to the other processes (best effort; never throws). */
  send(message: BusMessage): void;
  /** Called with each message another process sent. */
  onMessage(handler: (message: BusMessage) => void): void;
  close(): Promise<void>;
}

/** One process: there is nobody else to tell. */
export function localBus(): RealtimeBus {
  return {
    send: () => {},
    onMessage: () => {},
    close: async () => {},
  };
}

/** A bus message from outside the process, checked field by field (Redis is ours, but cheap to verify). */
export function parseBusMessage(raw: unknown): BusMessage | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const m = raw as Record<string, unknown>;
  if (m.type === 'room' && typeof m.room === 'string' && Number.isInteger(m.op) && typeof m.body === 'string') {
    return { type: 'room', room: m.room, op: m.op as number, body: m.body };
  }
  if (m.type === 'close') {
    if (typeof m.family === 'string') return { type: 'close', family: m.family };
    if (Number.isInteger(m.userId)) return { type: 'close', userId: m.userId as number };
  }
  return null;
}
