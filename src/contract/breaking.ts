/**
 * A breaking-news notice (突发推送, ADR 025): what the writing desk pushes over the realtime socket to
 * every reader page (op 1002 in the site room of the init config) and what the reader's banner shows.
 * Parsed by hand on the reader side (no schema library on reader pages: byte budgets, ADR 001).
 */
export interface BreakingNotice {
  newsId: number;
  classId: number;
  /** The banner's words, plain text, at most BREAKING_TEXT_MAX characters. */
  text: string;
  /** The story's reader page, a path on this site. */
  url: string;
}

export const BREAKING_TEXT_MAX = 40;

/** A pushed body as a notice, or null when it is not one (never trusted: the banner only links paths of this site). */
export function parseBreakingNotice(body: unknown): BreakingNotice | null {
  if (typeof body !== 'object' || body === null) return null;
  const b = body as Record<string, unknown>;
  const { newsId, classId, text, url } = b;
  if (typeof newsId !== 'number' || !Number.isSafeInteger(newsId) || newsId <= 0) return null;
  if (typeof classId !== 'number' || !Number.isSafeInteger(classId) || classId < 0) return null;
  if (typeof text !== 'string' || text.trim() === '' || text.length > BREAKING_TEXT_MAX) return null;
  if (typeof url !== 'string' || !/^\/[A-Za-z0-9/_?=&.-]*$/.test(url) || url.startsWith('//')) return null;
  return { newsId, classId, text: text.trim(), url };
}
