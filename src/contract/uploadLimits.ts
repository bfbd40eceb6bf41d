/**
 * Upload limits and paths without zod, for browser code (the composer island imports these, never
 * the schemas; see interactionLimits.ts for the reason). Values: security.md C3.
 */

/** One picture file, at most 10 MB. */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/** Pictures are refused above 40 megapixels before any decoding (pixel bombs, security.md I71). */
export const UPLOAD_MAX_PIXELS = 40_000_000;
/** The stored copy fits in 3840×2160 (the long side 3840, the short side 2160). */
export const UPLOAD_MAX_LONG_SIDE = 3840;
export const UPLOAD_MAX_SHORT_SIDE = 2160;
/** Uploads per user: 30 in 30 minutes (Mastodon throttle_api_media). */
export const UPLOAD_RATE = { max: 30, windowMs: 30 * 60_000 } as const;
/** What the picker offers; the server judges by the bytes, not by this list. */
export const UPLOAD_ACCEPT = 'image/jpeg,image/png,image/gif,image/webp';

export const UPLOAD_PATHS = {
  image: '/api/upload/image',
} as const;
