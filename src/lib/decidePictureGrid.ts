/**
 * The one picture-grid rule of the product (spec 9: "Image grids: 1 image large, 2 or 4 in two columns,
 * other counts in three columns"; a list shows 3 images and a detail shows all). Every area that lays out
 * a set of pictures (news cards, bangbang questions and answers, tips, posts) asks this function.
 */
export interface PictureGrid {
  /** How many pictures are shown. */
  shown: number;
  /** 1: one large picture; 2: two columns (2 or 4 pictures); 3: three columns. */
  columns: 1 | 2 | 3;
}

export const LIST_MAX_PICTURES = 3;

export function decidePictureGrid(count: number, context: 'list' | 'detail'): PictureGrid {
  const shown = Math.max(0, context === 'list' ? Math.min(count, LIST_MAX_PICTURES) : count);
  const columns = shown <= 1 ? 1 : shown === 2 || shown === 4 ? 2 : 3;
  return { shown, columns };
}
