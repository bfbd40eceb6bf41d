/**
 * The rooms of one process: who is in which room, how many sockets each user holds, and room
 * broadcasts. Transport-agnostic (members are anything with send/close), so it is tested without
 * sockets; SubConnection.ts is the websocket side.
 *
 * Broadcasts to a room are queued for `batchMs` and then sent to each member as one packet, or as an
 * op-9 batch when several are waiting (security.md section d, "room broadcasts are batched"). A
 * member only receives the business ops it listed in `accepts`. What is published to the site room (`live:`)
 * reaches every member, whatever room it joined, so a page needs one socket for its item and the site.
 */
import { encodePacket, encodeBatches, FIRST_BUSINESS_OP, MAX_BODY_LENGTH } from '../../lib/goim.ts';
import type { Logger } from '../log.ts';
import type { BusMessage, RealtimeBus } from './RealtimeBus.ts';
import type { RealtimePublisher, SessionSelector } from './RealtimePublisher.ts';
import { isRoomKey, isSiteRoom } from './roomId.ts';

export interface HubMember {
  /** 0 for an anonymous reader. */
  readonly userId: number;
  /** The login (token family) the socket authenticated with; null when anonymous. */
  readonly family: string | null;
  readonly accepts: ReadonlySet<number>;
  send(bytes: Uint8Array): void;
  close(code: number, reason: string): void;
}

export interface HubOptions {
  bus: RealtimeBus;
  log: Logger;
  /** How long room broadcasts wait to be batched. */
  batchMs?: number;
  /** Sockets per logged-in user (security.md C5). */
  maxPerUser?: number;
}

const encoder = new TextEncoder();

export class RealtimeHub implements RealtimePublisher {
  private readonly rooms = new Map<string, Set<HubMember>>();
  private readonly roomOf = new Map<HubMember, string>();
  private readonly byUser = new Map<number, Set<HubMember>>();
  private readonly queues = new Map<string, { op: number; packet: Uint8Array }[]>();
  private readonly bus: RealtimeBus;
  private readonly log: Logger;
  private readonly batchMs: number;
  private readonly maxPerUser: number;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(options: HubOptions) {
    this.bus = options.bus;
    this.log = options.log;
    this.batchMs = options.batchMs ?? 50;
    this.maxPerUser = options.maxPerUser ?? 5;
    this.bus.onMessage((message) => this.apply(message));
  }

  /** Adds an authenticated member to `room`; false (nothing changed) when its user already holds the maximum. */
  admit(member: HubMember, room: string): boolean {
    if (member.userId !== 0) {
      const held = this.byUser.get(member.userId) ?? new Set<HubMember>();
      if (held.size >= this.maxPerUser) return false;
      held.add(member);
      this.byUser.set(member.userId, held);
    }
    this.join(member, room);
    return true;
  }

  /** Moves a member to another room (op 12). */
  join(member: HubMember, room: string): void {
    this.leaveRoom(member);
    const members = this.rooms.get(room) ?? new Set<HubMember>();
    members.add(member);
    this.rooms.set(room, members);
    this.roomOf.set(member, room);
  }

  /** Forgets a member (its socket closed). */
  remove(member: HubMember): void {
    this.leaveRoom(member);
    const held = this.byUser.get(member.userId);
    if (held) {
      held.delete(member);
      if (held.size === 0) this.byUser.delete(member.userId);
    }
  }

  private leaveRoom(member: HubMember): void {
    const room = this.roomOf.get(member);
    if (room === undefined) return;
    this.roomOf.delete(member);
    const members = this.rooms.get(room);
    if (!members) return;
    members.delete(member);
    if (members.size === 0) this.rooms.delete(room);
  }

  /** Sockets in `room` on this process (the op-3 heartbeat reply). */
  online(room: string): number {
    return this.rooms.get(room)?.size ?? 0;
  }

  /** Sockets held by `userId` on this process. */
  socketsOf(userId: number): number {
    return this.byUser.get(userId)?.size ?? 0;
  }

  get memberCount(): number {
    return this.roomOf.size;
  }

  publish(room: string, op: number, body: unknown): void {
    if (!isRoomKey(room) || !Number.isInteger(op) || op < FIRST_BUSINESS_OP) {
      this.log.warn({ room, op }, 'realtime publish refused: bad room or op');
      return;
    }
    let text: string;
    try {
      text = JSON.stringify(body) ?? 'null';
    } catch {
      this.log.warn({ room, op }, 'realtime publish refused: body is not JSON');
      return;
    }
    if (encoder.encode(text).byteLength > MAX_BODY_LENGTH) {
      this.log.warn({ room, op }, 'realtime publish refused: body over 4096 bytes');
      return;
    }
    const message: BusMessage = { type: 'room', room, op, body: text };
    this.apply(message);
    this.bus.send(message);
  }

  closeSessions(who: SessionSelector): void {
    const message: BusMessage = 'family' in who ? { type: 'close', family: who.family } : { type: 'close', userId: who.userId };
    this.apply(message);
    this.bus.send(message);
  }

  /** Applies a message from this process or from the bus. */
  private apply(message: BusMessage): void {
    if (message.type === 'room') {
      // Checked again: bus messages come from outside this process.
      if (!isRoomKey(message.room) || message.op < FIRST_BUSINESS_OP) return;
      if (isSiteRoom(message.room) ? this.roomOf.size === 0 : !this.rooms.has(message.room)) return;
      const queue = this.queues.get(message.room) ?? [];
      queue.push({ op: message.op, packet: encodePacket(message.op, message.body) });
      this.queues.set(message.room, queue);
      this.timer ??= setTimeout(() => this.flush(), this.batchMs);
      return;
    }
    for (const [userId, members] of this.byUser) {
      if (message.userId !== undefined && userId !== message.userId) continue;
      for (const member of [...members]) {
        if (message.family !== undefined && member.family !== message.family) continue;
        // security.md K92: a revoked login keeps no open socket.
        member.close(1008, 'session revoked');
      }
    }
  }

  /** Sends every queued broadcast now. */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    for (const [room, queue] of this.queues) {
      // The site room's pushes reach every socket, whatever room it joined: a page holds one socket.
      for (const member of isSiteRoom(room) ? this.roomOf.keys() : (this.rooms.get(room) ?? [])) {
        const wanted = queue.filter((q) => member.accepts.has(q.op)).map((q) => q.packet);
        if (wanted.length === 1) member.send(wanted[0]!);
        else if (wanted.length > 1) for (const batch of encodeBatches(wanted)) member.send(batch);
      }
    }
    this.queues.clear();
  }

  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.queues.clear();
    await this.bus.close();
  }
}
