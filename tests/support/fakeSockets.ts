/**
 * Fake realtime sockets for the page-socket tests (src/client/pageSocket.ts and its listeners): each socket made is
 * kept with what was sent on it and whether it was closed; `settings` are the transport settings that make them.
 */
import { decodeJsonBody, decodeMessage, encodeJsonPacket, GoimOp } from '../../src/lib/goim.ts';
import type { SocketLike } from '../../src/client/socket.ts';

export type FakeSocket = SocketLike & { url: string; sent: Uint8Array[]; closed: boolean };

export function fakeSockets() {
  const made: FakeSocket[] = [];
  const createSocket = (url: string): FakeSocket => {
    const s: FakeSocket = {
      url,
      sent: [],
      closed: false,
      binaryType: '',
      readyState: 1,
      onopen: null,
      onmessage: null,
      onclose: null,
      onerror: null,
      send(data) {
        s.sent.push(data);
      },
      close() {
        s.closed = true;
      },
    };
    made.push(s);
    return s;
  };
  return { made, create: createSocket, settings: { createSocket, url: 'ws://t/sub', token: () => '' } };
}

/** Opens `s` and answers the auth body (op 7) it sent. */
export function authOf(s: FakeSocket): { room_id: string; platform: string; accepts: number[] } {
  s.onopen!({} as Event);
  const packet = decodeMessage(s.sent[0]!.slice().buffer).find((p) => p.op === GoimOp.auth)!;
  return decodeJsonBody(packet) as { room_id: string; platform: string; accepts: number[] };
}

/** The server pushes `body` as `op` on `s`. */
export const push = (s: FakeSocket, op: number, body: unknown): void => s.onmessage!({ data: encodeJsonPacket(op, body).slice().buffer } as MessageEvent);
