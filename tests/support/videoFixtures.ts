/**
 * Small video files for upload tests: a real H.264 MP4 (the committed demo video, made by
 * scripts/makeDemoVideos.ts) and hand-built WebM files (EBML header, DocType, Segment) — no ffmpeg needed.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const SAMPLE_MP4_PATH = fileURLToPath(new URL('../../src/server/db/seed/media/sample-landscape.mp4', import.meta.url));

export function sampleMp4(): Buffer {
  return readFileSync(SAMPLE_MP4_PATH);
}

function element(id: number[], body: Buffer): Buffer {
  // Sizes below 127 in one byte, else eight bytes (0x01 marker).
  const size =
    body.length < 127
      ? Buffer.from([0x80 | body.length])
      : Buffer.concat([Buffer.from([0x01]), Buffer.from(body.length.toString(16).padStart(14, '0'), 'hex')]);
  return Buffer.concat([Buffer.from(id), size, body]);
}

/** A WebM: EBML header with DocType `docType`, then a Segment of `payload` bytes (known or unknown size). */
export function tinyWebm(options: { docType?: string; unknownSize?: boolean; payload?: number } = {}): Buffer {
  const header = element(
    [0x1a, 0x45, 0xdf, 0xa3],
    Buffer.concat([
      element([0x42, 0x86], Buffer.from([1])),
      element([0x42, 0xf7], Buffer.from([1])),
      element([0x42, 0xf2], Buffer.from([4])),
      element([0x42, 0xf3], Buffer.from([8])),
      element([0x42, 0x82], Buffer.from(options.docType ?? 'webm', 'ascii')),
      element([0x42, 0x87], Buffer.from([2])),
      element([0x42, 0x85], Buffer.from([2])),
    ]),
  );
  // Segment content: an Info element padded out with a Void element.
  const info = element([0x15, 0x49, 0xa9, 0x66], element([0x2a, 0xd7, 0xb1], Buffer.from([0x0f, 0x42, 0x40])));
  const pad = Math.max(0, (options.payload ?? 5000) - info.length);
  const content = Buffer.concat([info, element([0xec], Buffer.alloc(Math.max(0, pad - 9)))]);
  const segment = options.unknownSize
    ? Buffer.concat([Buffer.from([0x18, 0x53, 0x80, 0x67, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]), content])
    : element([0x18, 0x53, 0x80, 0x67], content);
  return Buffer.concat([header, segment]);
}
