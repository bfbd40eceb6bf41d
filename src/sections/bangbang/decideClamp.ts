/**
 * Spec 9 / issue 21 item 5: answer text is clamped to 8 lines off the detail page, with a 'view full
 * text' link when it runs to 8 lines or more. Lines are estimated from the text: each paragraph takes
 * ceil(characters / per-line) lines at the list's width (22 CJK characters on a 375 px screen).
 */
export const CLAMP_LINES = 8;
export const CHARS_PER_LINE = 22;

export function estimateLines(text: string, perLine = CHARS_PER_LINE): number {
  return text
    .split('\n')
    .reduce((n, paragraph) => n + Math.max(1, Math.ceil(Array.from(paragraph).length / perLine)), 0);
}

/** True when the text needs the 8-line clamp and its full-text link. */
export function needsFullTextLink(text: string): boolean {
  return estimateLines(text) >= CLAMP_LINES;
}
