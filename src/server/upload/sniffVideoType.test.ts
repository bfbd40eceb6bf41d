import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { sampleMp4, tinyWebm } from '../../../tests/support/videoFixtures.ts';
import { checkVideoStructure, sniffVideoType, VIDEO_SNIFF_BYTES, type ReadAt, type VideoKind } from './sniffVideoType.ts';

const head = (bytes: Uint8Array) => bytes.subarray(0, VIDEO_SNIFF_BYTES);

function readerOf(bytes: Uint8Array): ReadAt {
  return (offset, length) => Promise.resolve(bytes.subarray(offset, offset + length));
}

function structureOk(kind: VideoKind, bytes: Uint8Array): Promise<boolean> {
  return checkVideoStructure(kind, bytes.length, readerOf(bytes));
}

/** An ISO-BMFF head: an ftyp box with these brands, then a free box. */
function ftyp(major: string, compatible: string[]): Buffer {
  const size = 16 + compatible.length * 4;
  const box = Buffer.alloc(size);
  box.writeUInt32BE(size, 0);
  box.write('ftyp', 4, 'latin1');
  box.write(major, 8, 'latin1');
  compatible.forEach((b, i) => box.write(b, 16 + i * 4, 'latin1'));
  const free = Buffer.alloc(8);
  free.writeUInt32BE(8, 0);
  free.write('free', 4, 'latin1');
  return Buffer.concat([box, free]);
}

describe('sniffVideoType', () => {
  it('knows a real MP4 (the demo video) and a MOV head', () => {
    expect(sniffVideoType(head(sampleMp4()))).toBe('mp4');
    expect(sniffVideoType(ftyp('qt  ', ['qt  ']))).toBe('mp4');
    expect(sniffVideoType(ftyp('mp42', ['mp42', 'isom']))).toBe('mp4');
  });

  it('knows a WebM, with a known or an unknown Segment size', () => {
    expect(sniffVideoType(head(tinyWebm()))).toBe('webm');
    expect(sniffVideoType(head(tinyWebm({ unknownSize: true })))).toBe('webm');
  });

  it.each([
    ['HTML named .mp4', Buffer.from('<!doctype html><html><script>alert(1)</script></html>'.padEnd(200, ' '))],
    ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
    ['a PDF', Buffer.from('%PDF-1.4\n%âãÏÓ\n'.padEnd(100, ' '))],
    ['empty', Buffer.alloc(0)],
  ])('refuses %s', (_name, bytes) => {
    expect(sniffVideoType(bytes)).toBeNull();
  });

  it('refuses a PNG named .mp4', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c33' } })
      .png()
      .toBuffer();
    expect(sniffVideoType(png)).toBeNull();
  });

  it('refuses pictures and audio in the same container (HEIC, AVIF, M4A), whatever else they claim', () => {
    expect(sniffVideoType(ftyp('heic', ['mif1', 'heic']))).toBeNull();
    expect(sniffVideoType(ftyp('avif', ['avif', 'mif1', 'miaf']))).toBeNull();
    expect(sniffVideoType(ftyp('M4A ', ['M4A ', 'mp42', 'isom']))).toBeNull();
    expect(sniffVideoType(ftyp('mif1', ['isom']))).toBeNull();
    expect(sniffVideoType(ftyp('abcd', ['efgh']))).toBeNull();
  });

  it('refuses Matroska that is not WebM', () => {
    expect(sniffVideoType(head(tinyWebm({ docType: 'matroska' })))).toBeNull();
  });

  it('refuses truncated heads', () => {
    const mp4 = sampleMp4();
    expect(sniffVideoType(mp4.subarray(0, 10))).toBeNull();
    // The ftyp box is 32 bytes: cut inside it, or right after it with no next box.
    expect(sniffVideoType(mp4.subarray(0, 30))).toBeNull();
    expect(sniffVideoType(mp4.subarray(0, 32))).toBeNull();
    const webm = tinyWebm();
    expect(sniffVideoType(webm.subarray(0, 20))).toBeNull();
    // The EBML header whole but no Segment after it.
    expect(sniffVideoType(webm.subarray(0, webm.indexOf(Buffer.from([0x18, 0x53, 0x80, 0x67]))))).toBeNull();
  });

  it('refuses a video head glued onto HTML only at the structure check', async () => {
    const polyglot = Buffer.concat([ftyp('isom', ['isom']), Buffer.from('<html><script>alert(1)</script></html>')]);
    expect(sniffVideoType(polyglot)).toBe('mp4');
    expect(await structureOk('mp4', polyglot)).toBe(false);
  });
});

describe('checkVideoStructure', () => {
  it('accepts whole files', async () => {
    expect(await structureOk('mp4', sampleMp4())).toBe(true);
    expect(await structureOk('webm', tinyWebm())).toBe(true);
    expect(await structureOk('webm', tinyWebm({ unknownSize: true }))).toBe(true);
  });

  it('refuses a file cut off mid-upload', async () => {
    const mp4 = sampleMp4();
    expect(await structureOk('mp4', mp4.subarray(0, mp4.length - 1000))).toBe(false);
    expect(await structureOk('mp4', mp4.subarray(0, 2000))).toBe(false);
    const webm = tinyWebm({ payload: 8000 });
    expect(await structureOk('webm', webm.subarray(0, 6000))).toBe(false);
  });

  it('refuses an MP4 without a moov box, and boxes with impossible sizes', async () => {
    expect(await structureOk('mp4', ftyp('isom', ['isom']))).toBe(false);
    const bad = Buffer.concat([ftyp('isom', ['isom']), Buffer.from([0, 0, 0, 4, 0x6d, 0x6f, 0x6f, 0x76])]);
    expect(await structureOk('mp4', bad)).toBe(false);
  });
});
