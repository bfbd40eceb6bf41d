/** Which card layout a list item gets (spec 3, list item showType values and card layouts). */
import type { ListItem } from '../contract/news.ts';

export type CardLayout = 'multi' | 'big' | 'video' | 'mini' | 'middle' | 'promote' | 'text' | 'vr' | 'live' | 'district' | 'account';

export function decideCardLayout(item: Pick<ListItem, 'showType' | 'imageUrl' | 'isVideo' | 'dataType'> & Partial<Pick<ListItem, 'category'>>): CardLayout {
  const images = item.imageUrl.length;
  if (item.showType === 8) return 'district';
  if (item.showType === 9) return 'account';
  if (item.dataType === 1) return images > 0 ? 'live' : 'text';
  if (item.category === 'vr') return images > 0 ? 'vr' : 'text';
  if (images === 0) return item.showType === 14 ? 'promote' : 'text';
  switch (item.showType) {
    case 1:
      return images >= 2 ? 'multi' : 'mini';
    case 2:
      return item.isVideo === 1 || item.dataType === 8 ? 'video' : 'big';
    case 4:
      return 'middle';
    case 14:
      return 'promote';
    default:
      // 0 is primary: a small picture beside the title when it has one.
      return 'mini';
  }
}
