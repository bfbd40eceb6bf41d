/** Long-content fold rule (spec 4, 9): content ≥ 1.2 window heights folds to 1.2 window heights after 500 ms. */
export const FOLD_RATIO = 1.2;
export const FOLD_DELAY_MS = 500;

/** The height to fold content of this height to in a window of that height, or null to leave it. */
export function decideFold(contentHeight: number, windowHeight: number): number | null {
  const limit = Math.round(windowHeight * FOLD_RATIO);
  return contentHeight >= limit ? limit : null;
}
