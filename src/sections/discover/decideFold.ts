/**
 * Discover folds (spec 4, 9): a post's text gets a 全文/收起 toggle only when it is taller than 3 lines
 * of 25 px; an official reply's expand toggle is hidden when the reply is under 60 px.
 */
export const TEXT_LINE_PX = 25;
export const TEXT_LINES = 3;
export const TEXT_FOLD_PX = TEXT_LINE_PX * TEXT_LINES;
export const REPLY_FOLD_PX = 60;

export function textNeedsFold(heightPx: number): boolean {
  return heightPx > TEXT_FOLD_PX;
}

export function replyNeedsToggle(heightPx: number): boolean {
  return heightPx >= REPLY_FOLD_PX;
}
