/**
 * The goim / Bilibili frame codec that `/sub` speaks, shared by the server (src/server/realtime) and
 * the browser client (src/client/socket.ts). Pure: bytes in, packets out, no I/O.
 *
 * One websocket binary message carries one packet (security.md section d):
 *
 *   offset size  field      notes
 *   0      4     packLen    int32, total length = 16 + body length
 *   4      2     headerLen  int16, always 16
 *   6      2     ver        int16, 1 (0 accepted); 2/3 (compressed, Bilibili style) are refused
 *   8      4     op         int32, operation (GoimOp)
 *   12     4     seq        int32, client sequence, echoed in replies
 *   16     n     body       n = packLen − 16 ≤ 4096
 *
 * Big-endian throughout. Every malformed input throws a `GoimProtocolError` and nothing else: goim's
 * own server slices `buf[headerLen:packLen]` without checking `packLen <= len(buf)`, and its client
 * walks op-9 batches with `offset += packetLen`, which spins forever on `packetLen = 0`. Both holes are
 * closed here (security.md K87, K93).
 */

export const HEADER_LENGTH = 16;
/** goim `MaxBodySize = 1 << 12` (security.md C5). */
export const MAX_BODY_LENGTH = 4096;
/** The largest packet either side sends or accepts; also the server's `ws` `maxPayload`. */
export const MAX_PACKET_LENGTH = HEADER_LENGTH + MAX_BODY_LENGTH;
/** The version we send; goim's JS client sends 1. */
export const PROTOCOL_VERSION = 1;

/** Operation codes (goim `api/protocol/operation.go`); business ops are 1000 and above. */
export const GoimOp = {
  handshake: 0,
  handshakeReply: 1,
  heartbeat: 2,
  heartbeatReply: 3,
  sendMsg: 4,
  sendMsgReply: 5,
  disconnectReply: 6,
  auth: 7,
  authReply: 8,
  raw: 9,
  changeRoom: 12,
  changeRoomReply: 13,
  /** Business op: the like and comment counts of one item changed (body `{classId, newsId, likeNum, commentCount}`). */
  counts: 1001,
  /**
   * Business op: a breaking-news notice for every reader, in the site room of the init config (body
   * `{newsId, classId, text, url}`, src/contract/breaking.ts; ADR 025).
   */
  breaking: 1002,
  /**
   * Business op: a live's state or 图文直播 feed changed, in the item's room `news://<classId>:<newsId>` (body
   * src/contract/liveFeed.ts `LiveFeedPush`; ADR 025 "Live events").
   */
  live: 1003,
} as const;

/** Business ops start here (goim's example `accepts: [1000, 1001, 1002]`). */
export const FIRST_BUSINESS_OP = 1000;

export type GoimProtocolErrorCode = 'short' | 'packLen' | 'headerLen' | 'ver' | 'body';

/** The only error the codec throws: the frame is malformed and the connection should be dropped. Its message is short (the code and the numbers): the codec ships in every detail page. */
export class GoimProtocolError extends Error {
  readonly code: GoimProtocolErrorCode;
  constructor(code: GoimProtocolErrorCode, message: string) {
    super(message);
    this.name = 'GoimProtocolError';
    this.code = code;
  }
}

export interface GoimPacket {
  ver: number;
  op: number;
  seq: number;
  body: Uint8Array;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

function toBytes(input: Uint8Array | ArrayBuffer): Uint8Array {
  return input instanceof Uint8Array ? input : new Uint8Array(input);
}

/** Encodes one packet. A string body is UTF-8; a body over 4096 bytes is a programming error. */
export function encodePacket(op: number, body: Uint8Array | string = new Uint8Array(0), seq = 0, ver: number = PROTOCOL_VERSION): Uint8Array {
  const bytes = typeof body === 'string' ? encoder.encode(body) : body;
  if (bytes.byteLength > MAX_BODY_LENGTH) throw new GoimProtocolError('body', `body ${bytes.byteLength} > ${MAX_BODY_LENGTH}`);
  const out = new Uint8Array(HEADER_LENGTH + bytes.byteLength);
  const view = new DataView(out.buffer);
  view.setInt32(0, out.byteLength);
  view.setInt16(4, HEADER_LENGTH);
  view.setInt16(6, ver);
  view.setInt32(8, op);
  view.setInt32(12, seq);
  out.set(bytes, HEADER_LENGTH);
  return out;
}

/** Encodes a packet whose body is JSON (auth, auth reply, business pushes). */
export function encodeJsonPacket(op: number, value: unknown, seq = 0): Uint8Array {
  return encodePacket(op, JSON.stringify(value), seq);
}

/** Reads the packet header at `offset`, checking every field against the bytes really present. */
function readPacketAt(bytes: Uint8Array, offset: number): GoimPacket & { packLen: number } {
  const available = bytes.byteLength - offset;
  if (available < HEADER_LENGTH) throw new GoimProtocolError('short', `frame ${available} < 16`);
  const view = new DataView(bytes.buffer, bytes.byteOffset + offset, HEADER_LENGTH);
  const packLen = view.getInt32(0);
  const headerLen = view.getInt16(4);
  const ver = view.getInt16(6);
  if (headerLen !== HEADER_LENGTH) throw new GoimProtocolError('headerLen', `headerLen ${headerLen}`);
  if (packLen < HEADER_LENGTH || packLen > MAX_PACKET_LENGTH) throw new GoimProtocolError('packLen', `packLen ${packLen}`);
  if (packLen > available) throw new GoimProtocolError('packLen', `packLen ${packLen} > ${available}`);
  // security.md K89: compressed versions (2 zlib, 3 brotli) are never accepted.
  if (ver !== 0 && ver !== 1) throw new GoimProtocolError('ver', `ver ${ver}`);
  return {
    packLen,
    ver,
    op: view.getInt32(8),
    seq: view.getInt32(12),
    body: bytes.subarray(offset + HEADER_LENGTH, offset + packLen),
  };
}

/**
 * Decodes one websocket message as one packet. The packet must fill the message exactly: trailing
 * bytes after `packLen` are as malformed as a `packLen` beyond the end.
 */
export function decodePacket(input: Uint8Array | ArrayBuffer): GoimPacket {
  const bytes = toBytes(input);
  const { packLen, ...packet } = readPacketAt(bytes, 0);
  if (packLen !== bytes.byteLength) throw new GoimProtocolError('packLen', `packLen ${packLen} ≠ ${bytes.byteLength}`);
  return packet;
}

/**
 * Splits the body of an op-9 batch into its packets, in order. Each step advances by at least 16
 * bytes (packLen ≥ 16 is checked), so the walk ends after at most length/16 steps.
 */
export function splitBatch(input: Uint8Array | ArrayBuffer): GoimPacket[] {
  const bytes = toBytes(input);
  const packets: GoimPacket[] = [];
  let offset = 0;
  while (offset < bytes.byteLength) {
    const { packLen, ...packet } = readPacketAt(bytes, offset);
    packets.push(packet);
    offset += packLen;
  }
  return packets;
}

/** Decodes a message into the packets it carries: an op-9 batch yields its inner packets, anything else itself. */
export function decodeMessage(input: Uint8Array | ArrayBuffer): GoimPacket[] {
  const packet = decodePacket(input);
  return packet.op === GoimOp.raw ? splitBatch(packet.body) : [packet];
}

/** Batches already-encoded packets into op-9 packets whose bodies stay within 4096 bytes. */
export function encodeBatches(packets: readonly Uint8Array[]): Uint8Array[] {
  const out: Uint8Array[] = [];
  let group: Uint8Array[] = [];
  let size = 0;
  const flush = (): void => {
    if (group.length === 0) return;
    const body = new Uint8Array(size);
    let at = 0;
    for (const p of group) {
      body.set(p, at);
      at += p.byteLength;
    }
    out.push(encodePacket(GoimOp.raw, body));
    group = [];
    size = 0;
  };
  for (const p of packets) {
    if (p.byteLength > MAX_BODY_LENGTH) throw new GoimProtocolError('body', `batch ${p.byteLength}`);
    if (size + p.byteLength > MAX_BODY_LENGTH) flush();
    group.push(p);
    size += p.byteLength;
  }
  flush();
  return out;
}

/** The UTF-8 JSON body of a packet; a body that is not UTF-8 JSON is a protocol error. */
export function decodeJsonBody(packet: GoimPacket): unknown {
  let text: string;
  try {
    text = decoder.decode(packet.body);
  } catch {
    throw new GoimProtocolError('body', 'not UTF-8');
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new GoimProtocolError('body', 'not JSON');
  }
}

/** The int32 online count of an op-3 heartbeat reply (0 when the body is absent). */
export function readOnlineCount(packet: GoimPacket): number {
  if (packet.body.byteLength < 4) return 0;
  return new DataView(packet.body.buffer, packet.body.byteOffset, 4).getInt32(0);
}

/** The 4-byte body of an op-3 heartbeat reply. */
export function onlineCountBody(online: number): Uint8Array {
  const body = new Uint8Array(4);
  new DataView(body.buffer).setInt32(0, online);
  return body;
}
