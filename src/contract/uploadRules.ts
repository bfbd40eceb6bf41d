/**
 * Upload limits without zod, for browser code (the composer island imports these, never
 * the schemas; see interactionRules.ts for the reason). Values: security.md C3.
 */

/** One picture file, at most 10 MB. */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/** Pictures are refused above 40 megapixels before any decoding (pixel bombs, security.md I71). */
export const UPLOAD_MAX_PIXELS = 40_000_000;
/** The stored copy fits in 3840×2160 (the long side 3840, the short side 2160). */
export const UPLOAD_MAX_LONG_SIDE = 3840;
export const UPLOAD_MAX_SHORT_SIDE = 2160;
/** Pictures one reader's item (a post, a comment, an essay, a complaint) may carry: the three-column grid of nine. */
export const PICTURES_MAX = 9;
/** Uploads per user: 30 in 30 minutes (Mastodon throttle_api_media). */
export const UPLOAD_RATE = { max: 30, windowMs: 30 * 60_000 } as const;
/** What the picker offers; the server judges by the bytes, not by this list. */
export const UPLOAD_ACCEPT = 'image/jpeg,image/png,image/gif,image/webp';

/** One video file, at most 50 MB (security.md C3, I72): a short phone clip, not a film. */
export const VIDEO_MAX_BYTES = 50 * 1024 * 1024;
/** Video uploads per user: 10 in 30 minutes (each may be 50 MB of disk). */
export const VIDEO_RATE = { max: 10, windowMs: 30 * 60_000 } as const;
/**
 * How long one video upload may take: 50 MB in 10 minutes is ~0.7 Mbit/s upstream, a weak phone network.
 * The composer gives up after this; the server allows a minute more (src/server/web/requestDeadlines.ts).
 */
export const VIDEO_UPLOAD_MAX_MS = 10 * 60_000;
/** What the video picker offers; the server judges by the bytes (MP4/MOV `ftyp`, WebM EBML). */
export const VIDEO_ACCEPT = 'video/*';
