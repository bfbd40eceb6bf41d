/**
 * What the rest of the server sees of the realtime socket (`deps.realtime` on AppDeps).
 *
 * After a like or a comment has committed, its area calls
 * `deps.realtime?.publish(newsRoomKey(classId, newsId), GoimOp.counts, {classId, newsId, likeNum, commentCount})`
 * (room `news:<classId>:<newsId>`; clients join it as `news://<classId>:<newsId>`, see roomId.ts).
 * After a logout or a token revocation, accounts calls `deps.realtime?.closeSessions({ family })`
 * (one login) or `({ userId })` (every login of a user) so that user's open sockets close (security.md K92).
 * Both reach every server process through Redis when REDIS_URL is set. Neither throws nor waits:
 * realtime delivery is best effort and must never fail the write that triggered it.
 */
export interface RealtimePublisher {
  /** Broadcasts a business op (≥ 1000) with a JSON body (≤ 4096 bytes encoded) to everyone in `room`. */
  publish(room: string, op: number, body: unknown): void;
  /** Closes the sockets of one login (`family`) or of every login of a user. */
  closeSessions(who: SessionSelector): void;
}

export type SessionSelector = { family: string } | { userId: number };
