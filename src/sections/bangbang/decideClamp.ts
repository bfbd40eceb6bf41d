/**
 * Spec 4 / 9: answer text is clamped to 8 lines off the detail page, with a 'view full text' link when it
 * reaches 8 or more lines. The lines are the rendered ones, measured in the browser (defineAnswerClamp):
 * how many a text takes depends on the phone's width and on the glyphs (a Latin letter is about half a
 * Chinese character). The server's first render guesses from the text (22 Chinese characters a line at
 * 375 px) so a page without scripts still offers the link on a long answer; the measurement then decides.
 */
export const CLAMP_LINES = 8;
export const CHARS_PER_LINE = 22;

/** The server's guess: each paragraph takes ceil(characters / per-line) lines. */
export function estimateLines(text: string, perLine = CHARS_PER_LINE): number {
  return text.split('\n').reduce((n, paragraph) => n + Math.max(1, Math.ceil(Array.from(paragraph).length / perLine)), 0);
}

/** The server's first render: true when the guessed lines need the full-text link. */
export function needsFullTextLink(text: string): boolean {
  return estimateLines(text) >= CLAMP_LINES;
}

/** What the browser measured of a text clamped to CLAMP_LINES lines. */
export interface ClampMeasure {
  /** The clamped box's height (clientHeight). */
  shownHeight: number;
  /** Its content's full height (scrollHeight): more than shownHeight when lines are cut. */
  fullHeight: number;
  /** The computed line height in px. */
  lineHeight: number;
}

/** Rendered lines of a clamped text: at most CLAMP_LINES shown, more when its content overflows. */
export function measuredLines({ shownHeight, fullHeight, lineHeight }: ClampMeasure): number {
  if (!(lineHeight > 0)) return 0;
  return Math.round(Math.max(shownHeight, fullHeight) / lineHeight);
}

/** Spec 4: the link shows when the rendered text reaches CLAMP_LINES lines or more. */
export function measuredNeedsFullTextLink(measure: ClampMeasure): boolean {
  return measuredLines(measure) >= CLAMP_LINES;
}
