/**
 * Discover limits without zod, for browser code (the feed and composer islands import these,
 * never the schemas: ADR 001 budgets). The contract (discover.ts) uses the same constants.
 */

import { PICTURES_MAX } from './uploadRules.ts';
import { storedVideoUrl, VIDEO_FOLDERS } from './videoFolders.ts';

/** Post text: plain text, trimmed, 1–1000 code points. */
export const POST_MAX_CHARS = 1000;
/** Pictures per post (spec 2.6: ≤ 9, the three-column grid). */
export const POST_MAX_PICTURES = PICTURES_MAX;
/** Topics (tags) per post. */
export const POST_MAX_TOPICS = 3;
/** A post's video: an answer of /api/upload/video (the reader's own upload; checked again by the server). */
export const POST_VIDEO_URL = storedVideoUrl(VIDEO_FOLDERS.reader);
/** A search keyword: 1–30 code points. */
export const KEYWORD_MAX_CHARS = 30;
/** Comments shown under a post in the feed and on the detail; 'view all N replies' beyond (spec 2.6). */
export const POST_COMMENTS_SHOWN = 2;

/** Spec 9: discover tag colours cycle over six fixed colours (text on a light tint, AA contrast). */
export const TAG_COLOURS = [
  { fg: '#b3261e', bg: '#fdecea' },
  { fg: '#8a4b00', bg: '#fff3e0' },
  { fg: '#1b6b2f', bg: '#e8f5e9' },
  { fg: '#0b5cad', bg: '#e3f0fd' },
  { fg: '#6a1b9a', bg: '#f3e5f5' },
  { fg: '#00695c', bg: '#e0f2f1' },
] as const;

/** The colour of the n-th tag chip (0-based). */
export function tagColour(index: number): (typeof TAG_COLOURS)[number] {
  return TAG_COLOURS[((index % TAG_COLOURS.length) + TAG_COLOURS.length) % TAG_COLOURS.length]!;
}

/** The `from` of comment and like calls naming a discover post (classId = its topic, newsId = the post). */
export const QUAN_FROM = 'quan';
