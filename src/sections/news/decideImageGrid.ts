/**
 * How many pictures a grid shows and in how many columns (spec 9: a list shows 3 images and detail
 * shows all; 1 image large, 2 or 4 in two columns, other counts in three columns).
 */
export interface ImageGrid {
  shown: number;
  columns: 1 | 2 | 3;
}

export const LIST_MAX_IMAGES = 3;

export function decideImageGrid(count: number, context: 'list' | 'detail'): ImageGrid {
  const shown = Math.max(0, context === 'list' ? Math.min(count, LIST_MAX_IMAGES) : count);
  const columns = shown <= 1 ? 1 : shown === 2 || shown === 4 ? 2 : 3;
  return { shown, columns };
}
