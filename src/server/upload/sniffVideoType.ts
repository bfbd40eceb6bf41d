/**
 * The real type of an uploaded video, from its bytes (security.md I68, I75 and "Discover videos"): the client's file name
 * and Content-Type are never trusted.
 *
 * - MP4 and MOV are ISO-BMFF: the file opens with an `ftyp` box whose brands name a video file. HEIF/AVIF
 *   pictures and M4A audio use the same container and are refused by their brands.
 * - WebM is EBML: the header `1A 45 DF A3` with DocType `webm`, followed by a Segment. Other Matroska
 *   files (.mkv) are refused.
 *
 * `sniffVideoType` judges the head of the file; `checkVideoStructure` then walks the whole stored file's
 * top-level boxes (MP4) or the Segment's declared size (WebM), so a cut-off upload or a head glued onto
 * something else is refused before it gets a name.
 */
export type VideoKind = 'mp4' | 'webm';

/** The head the sniffer needs: an `ftyp` box with its brands, or the EBML header and the Segment's id. */
export const VIDEO_SNIFF_BYTES = 4096;

/** Brands of video files (major or compatible): MP4 (ISO, Apple, Sony, DASH) and QuickTime MOV. */
const VIDEO_BRANDS = new Set(['isom', 'iso2', 'iso3', 'iso4', 'iso5', 'iso6', 'mp41', 'mp42', 'avc1', 'M4V ', 'M4VH', 'M4VP', 'MSNV', 'dash', 'qt  ']);
/** Still pictures and audio in the same container: never a video here, whatever else they claim. */
const NOT_VIDEO_BRANDS = new Set(['mif1', 'msf1', 'heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'avif', 'avis', 'M4A ', 'M4B ', 'M4P ', 'crx ']);

const EBML_MAGIC = 0x1a45dfa3;
const EBML_DOCTYPE = 0x4282;
const SEGMENT_ID = 0x18538067;

function u32(bytes: Uint8Array, at: number): number {
  return ((bytes[at]! << 24) | (bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!) >>> 0;
}

function fourcc(bytes: Uint8Array, at: number): string {
  return String.fromCharCode(bytes[at]!, bytes[at + 1]!, bytes[at + 2]!, bytes[at + 3]!);
}

function sniffIsoBmff(bytes: Uint8Array): boolean {
  if (bytes.length < 16 || fourcc(bytes, 4) !== 'ftyp') return false;
  const size = u32(bytes, 0);
  // The whole ftyp box must be here (a brand list longer than the sniffed head is not a real file),
  // with the next box's header after it.
  if (size < 16 || size % 4 !== 0 || size + 8 > bytes.length) return false;
  const brands = [fourcc(bytes, 8)];
  for (let at = 16; at < size; at += 4) brands.push(fourcc(bytes, at));
  if (brands.some((b) => NOT_VIDEO_BRANDS.has(b))) return false;
  return brands.some((b) => VIDEO_BRANDS.has(b));
}

/** An EBML element id (1–4 bytes, its length marked by the first byte's leading zeros). */
function readId(bytes: Uint8Array, at: number): { value: number; length: number } | null {
  const first = bytes[at];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23;
  if (length > 4 || at + length > bytes.length) return null;
  let value = 0;
  for (let i = 0; i < length; i++) value = value * 256 + bytes[at + i]!;
  return { value, length };
}

/** An EBML size (1–8 bytes, marker bit removed); `unknown` when all its bits are set. */
export function readEbmlSize(bytes: Uint8Array, at: number): { value: number; length: number; unknown: boolean } | null {
  const first = bytes[at];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23;
  if (at + length > bytes.length) return null;
  let value = first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    const b = bytes[at + i]!;
    value = value * 256 + b;
    if (b !== 0xff) allOnes = false;
  }
  return { value, length, unknown: allOnes };
}

/** Where the Segment starts (its id), or null when the head is not a WebM EBML header. */
export function webmSegmentOffset(bytes: Uint8Array): number | null {
  if (bytes.length < 8 || u32(bytes, 0) !== EBML_MAGIC) return null;
  const size = readEbmlSize(bytes, 4);
  if (!size || size.unknown) return null;
  const start = 4 + size.length;
  const end = start + size.value;
  if (end + 4 > bytes.length) return null;
  let docType: string | null = null;
  for (let at = start; at < end;) {
    const id = readId(bytes, at);
    if (!id) return null;
    const len = readEbmlSize(bytes, at + id.length);
    if (!len || len.unknown) return null;
    const body = at + id.length + len.length;
    if (body + len.value > end) return null;
    if (id.value === EBML_DOCTYPE) docType = String.fromCharCode(...bytes.subarray(body, body + len.value)).replace(/\0+$/, '');
    at = body + len.value;
  }
  if (docType !== 'webm' || u32(bytes, end) !== SEGMENT_ID) return null;
  return end;
}

export function sniffVideoType(bytes: Uint8Array): VideoKind | null {
  if (sniffIsoBmff(bytes)) return 'mp4';
  if (webmSegmentOffset(bytes) !== null) return 'webm';
  return null;
}

/** Reads `length` bytes at `offset` of the stored file (fewer at its end). */
export type ReadAt = (offset: number, length: number) => Promise<Uint8Array>;

/** At most this many top-level boxes are walked: a real file has a handful (fragmented ones a few hundred). */
const MAX_BOXES = 20_000;

/**
 * True when the file's structure holds together: every top-level MP4 box lies inside the file and they
 * end exactly at its end, with a `moov` among them; a WebM Segment of known size ends within the file.
 */
export async function checkVideoStructure(kind: VideoKind, size: number, readAt: ReadAt): Promise<boolean> {
  if (kind === 'webm') {
    const head = await readAt(0, Math.min(size, VIDEO_SNIFF_BYTES));
    const segment = webmSegmentOffset(head);
    if (segment === null) return false;
    const len = readEbmlSize(head, segment + 4);
    if (!len) return false;
    // A live recording (MediaRecorder) leaves the size unknown; a known size must fit the file.
    return len.unknown || segment + 4 + len.length + len.value <= size;
  }
  let at = 0;
  let moov = false;
  for (let boxes = 0; at < size; boxes++) {
    if (boxes >= MAX_BOXES || size - at < 8) return false;
    const header = await readAt(at, 16);
    if (header.length < 8) return false;
    let boxSize = u32(header, 0);
    const type = fourcc(header, 4);
    if (!/^[\x20-\x7e]{4}$/.test(type)) return false;
    if (boxSize === 1) {
      if (header.length < 16) return false;
      boxSize = u32(header, 8) * 2 ** 32 + u32(header, 12);
      if (boxSize < 16) return false;
    } else if (boxSize === 0) {
      boxSize = size - at; // the last box runs to the end of the file
    } else if (boxSize < 8) {
      return false;
    }
    if (type === 'moov') moov = true;
    at += boxSize;
  }
  return at === size && moov;
}
