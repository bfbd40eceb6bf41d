import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decodeJsonBody,
  decodeMessage,
  decodePacket,
  encodeBatches,
  encodeJsonPacket,
  encodePacket,
  GoimOp,
  GoimProtocolError,
  MAX_BODY_LENGTH,
  onlineCountBody,
  readOnlineCount,
  splitBatch,
} from './goim.ts';

const hex = (b: Uint8Array): string => Buffer.from(b).toString('hex');
const fromHex = (s: string): Uint8Array => new Uint8Array(Buffer.from(s.replace(/\s/g, ''), 'hex'));

/** A header with arbitrary fields (for frames the encoder would never produce). */
function rawHeader(packLen: number, headerLen: number, ver: number, op: number, seq: number, bodyLength = 0): Uint8Array {
  const out = new Uint8Array(16 + bodyLength);
  const v = new DataView(out.buffer);
  v.setInt32(0, packLen);
  v.setInt16(4, headerLen);
  v.setInt16(6, ver);
  v.setInt32(8, op);
  v.setInt32(12, seq);
  return out;
}

function protocolCode(fn: () => unknown): string | null {
  try {
    fn();
    return null;
  } catch (err) {
    if (err instanceof GoimProtocolError) return err.code;
    throw err;
  }
}

describe('goim codec: the example bytes of security.md (d)', () => {
  it.each([
    ['heartbeat op 2', encodePacket(GoimOp.heartbeat, undefined, 1), '00000010 0010 0001 00000002 00000001'],
    ['auth reply op 8', encodePacket(GoimOp.authReply, undefined, 1), '00000010 0010 0001 00000008 00000001'],
    ['heartbeat reply op 3 online 1234', encodePacket(GoimOp.heartbeatReply, onlineCountBody(1234), 1), '00000014 0010 0001 00000003 00000001 000004d2'],
  ])('encodes the %s', (_name, bytes, expected) => {
    expect(hex(bytes)).toBe(expected.replace(/\s/g, ''));
  });

  it('encodes an 88-byte auth body with packLen 0x68', () => {
    const body = 'x'.repeat(88);
    expect(hex(encodePacket(GoimOp.auth, body, 1).subarray(0, 16))).toBe('00000068001000010000000700000001');
  });

  it('reads the online count of a heartbeat reply', () => {
    expect(readOnlineCount(decodePacket(fromHex('00000014 0010 0001 00000003 00000001 000004d2')))).toBe(1234);
  });
});

describe('goim codec: malformed frames', () => {
  it.each([
    ['an empty frame', new Uint8Array(0), 'short'],
    ['15 bytes', new Uint8Array(15), 'short'],
    ['headerLen 17', rawHeader(16, 17, 1, 2, 1), 'headerLen'],
    ['headerLen 0', rawHeader(16, 0, 1, 2, 1), 'headerLen'],
    ['packLen 15', rawHeader(15, 16, 1, 2, 1), 'packLen'],
    ['packLen negative', rawHeader(-1, 16, 1, 2, 1), 'packLen'],
    ['packLen 4113', rawHeader(4113, 16, 1, 2, 1, 4097), 'packLen'],
    ['packLen past the end', rawHeader(40, 16, 1, 2, 1, 4), 'packLen'],
    ['trailing bytes after packLen', rawHeader(16, 16, 1, 2, 1, 4), 'packLen'],
    ['ver 2 (zlib)', rawHeader(16, 16, 2, 2, 1), 'ver'],
    ['ver 3 (brotli)', rawHeader(16, 16, 3, 2, 1), 'ver'],
  ])('refuses %s with a typed protocol error', (_name, bytes, code) => {
    expect(protocolCode(() => decodePacket(bytes))).toBe(code);
  });

  it('refuses to encode a body over 4096 bytes', () => {
    expect(protocolCode(() => encodePacket(5, new Uint8Array(MAX_BODY_LENGTH + 1)))).toBe('body');
    expect(protocolCode(() => encodePacket(5, new Uint8Array(MAX_BODY_LENGTH)))).toBeNull();
  });

  it.each([
    ['packetLen 0 inside an op-9 batch', rawHeader(0, 16, 1, 5, 0)],
    ['packetLen past the end of the batch', rawHeader(64, 16, 1, 5, 0, 8)],
    ['a truncated second packet', new Uint8Array([...encodePacket(5, 'a'), 0, 0, 0])],
  ])('does not spin on %s: it throws', (_name, body) => {
    const frame = encodePacket(GoimOp.raw, body);
    expect(protocolCode(() => decodeMessage(frame))).not.toBeNull();
    expect(protocolCode(() => splitBatch(body))).not.toBeNull();
  });

  it.each([
    ['not UTF-8', new Uint8Array([0xff, 0xfe])],
    ['not JSON', new TextEncoder().encode('{nope')],
  ])('refuses a JSON body that is %s', (_name, body) => {
    expect(protocolCode(() => decodeJsonBody(decodePacket(encodePacket(7, body))))).toBe('body');
  });
});

describe('goim codec: properties (fast-check)', () => {
  const op = fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 });
  const seq = fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 });

  it('decode(encode(op, body, seq, ver)) returns the same values for bodies of 0–4096 bytes', () => {
    fc.assert(
      fc.property(op, fc.uint8Array({ maxLength: MAX_BODY_LENGTH }), seq, fc.constantFrom(0, 1), (o, body, s, ver) => {
        const packet = decodePacket(encodePacket(o, body, s, ver));
        expect(packet.op).toBe(o);
        expect(packet.seq).toBe(s);
        expect(packet.ver).toBe(ver);
        expect([...packet.body]).toEqual([...body]);
      }),
    );
  });

  it('random bytes (0–8 KB) decode to a packet or throw a GoimProtocolError, never anything else', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 8192 }), (bytes) => {
        for (const fn of [() => decodePacket(bytes), () => splitBatch(bytes), () => decodeMessage(bytes)]) {
          try {
            const result = fn();
            // Never reads past the input: every body is a view inside it.
            for (const p of Array.isArray(result) ? result : [result]) expect(p.body.byteLength).toBeLessThanOrEqual(bytes.byteLength);
          } catch (err) {
            expect(err).toBeInstanceOf(GoimProtocolError);
          }
        }
      }),
      { numRuns: 500 },
    );
  });

  it('random headers with plausible lengths never make the batch walk loop or throw untyped', () => {
    const packet = fc
      .record({
        packLen: fc.integer({ min: -5, max: 80 }),
        headerLen: fc.constantFrom(0, 15, 16, 16, 16, 17),
        ver: fc.constantFrom(0, 1, 1, 2),
        bodyLength: fc.integer({ min: 0, max: 64 }),
      })
      .map(({ packLen, headerLen, ver, bodyLength }) => rawHeader(packLen, headerLen, ver, 5, 0, bodyLength));
    fc.assert(
      fc.property(fc.array(packet, { maxLength: 10 }), (parts) => {
        const body = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
        let at = 0;
        for (const p of parts) {
          body.set(p, at);
          at += p.byteLength;
        }
        try {
          expect(splitBatch(body).length).toBeLessThanOrEqual(Math.ceil(body.byteLength / 16));
        } catch (err) {
          expect(err).toBeInstanceOf(GoimProtocolError);
        }
      }),
    );
  });

  it('batch splitting of N encoded packets returns the N packets in order', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ op, seq, body: fc.uint8Array({ maxLength: 300 }) }), { maxLength: 30 }), (items) => {
        const encoded = items.map((i) => encodePacket(i.op, i.body, i.seq));
        const batches = encodeBatches(encoded);
        const decoded = batches.flatMap((b) => {
          expect(b.byteLength).toBeLessThanOrEqual(16 + MAX_BODY_LENGTH);
          return decodeMessage(b);
        });
        expect(decoded.map((p) => [p.op, p.seq, [...p.body]])).toEqual(items.map((i) => [i.op, i.seq, [...i.body]]));
      }),
    );
  });

  it('round-trips JSON bodies, including Chinese text', () => {
    fc.assert(
      fc.property(fc.record({ room_id: fc.string(), n: fc.integer(), s: fc.constant('山城新闻') }), (value) => {
        expect(decodeJsonBody(decodePacket(encodeJsonPacket(GoimOp.auth, value, 1)))).toEqual(value);
      }),
    );
  });
});
