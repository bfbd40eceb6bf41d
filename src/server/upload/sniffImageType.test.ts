import { describe, expect, it } from 'vitest';
import { sniffImageType } from './sniffImageType.ts';

const bytes = (...parts: (number[] | string)[]): Uint8Array =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((ch) => ch.charCodeAt(0)) : p)));

describe('sniffImageType', () => {
  it.each([
    ['a JPEG', bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], 'JFIF'), 'jpeg'],
    ['a PNG', bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13], 'IHDR'), 'png'],
    ['a GIF87a', bytes('GIF87a', [1, 0, 1, 0]), 'gif'],
    ['a GIF89a', bytes('GIF89a', [1, 0, 1, 0]), 'gif'],
    ['a WebP', bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '), 'webp'],
    ['an SVG', bytes('<svg xmlns="http://www.w3.org/2000/svg"></svg>'), null],
    ['an SVG with an XML prolog', bytes('<?xml version="1.0"?><svg/>'), null],
    ['HTML', bytes('<!doctype html><script>alert(1)</script>'), null],
    ['a RIFF that is not WebP (WAV)', bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt '), null],
    ['a truncated PNG signature', bytes([0x89], 'PNG'), null],
    ['nothing', bytes(), null],
  ])('judges %s by its bytes', (_name, input, expected) => {
    expect(sniffImageType(input)).toBe(expected);
  });
});
