/** The picture viewer's pure rules (spec 9: the image viewer does not loop; pictures are counted n/total). */

/** How far pinch, double-tap or the 放大 button zooms a picture. */
export const ZOOM_MAX_RATIO = 3;

/** The counter of the viewer: `n/total`, n from 1, kept within the set (no loop past either end). */
export function decideViewerCounter(index: number, total: number): string {
  if (total <= 0) return '0/0';
  const shown = Math.min(total, Math.max(1, Math.floor(index) + 1));
  return `${shown}/${total}`;
}

/** A tap on a picture opens the viewer; a long press (which saved it) or a drag does not. */
export function isTap(press: { longPressed: boolean; moved: number }): boolean {
  return !press.longPressed && press.moved <= 10;
}
