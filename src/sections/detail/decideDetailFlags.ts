/** What a detail page shows, from the article's flags (spec 5: permission bit 8, allowPl, pl, rel, ad). */
import type { NewsDetail } from '../../contract/detail.ts';

/** Spec 9: permission bit value 8 hides the like button. */
export const LIKE_HIDDEN_BIT = 8;

export interface DetailFlags {
  showLike: boolean;
  showComments: boolean;
  /** allowPl=false hides the comment input (absent means allowed). */
  commentInput: boolean;
  showRelated: boolean;
  /** Spec 5: the news detail flag `ad` hides the pre-roll ad before a video — not the page's other ads. */
  showPreroll: boolean;
  /** Title-area live status (spec 2.4): 直播中 or 已结束; '' for items that are not live or not started. */
  liveStatus: '' | '直播中' | '已结束';
}

export function decideDetailFlags(d: Pick<NewsDetail, 'permission' | 'allowPl' | 'pl' | 'rel' | 'ad' | 'dataType' | 'liveType'>): DetailFlags {
  const showComments = d.pl !== 1;
  return {
    showLike: (d.permission & LIKE_HIDDEN_BIT) === 0,
    showComments,
    commentInput: showComments && d.allowPl,
    showRelated: d.rel !== 1,
    showPreroll: d.ad !== 1,
    liveStatus: d.dataType !== 1 ? '' : d.liveType === 1 ? '直播中' : d.liveType === 2 ? '已结束' : '',
  };
}

/** Live player state (spec 2.4): 直播中 (live), 未开始 (not started), 回放 (replay). */
export function decideLiveState(liveType: number): '直播中' | '未开始' | '回放' {
  return liveType === 1 ? '直播中' : liveType === 0 ? '未开始' : '回放';
}
