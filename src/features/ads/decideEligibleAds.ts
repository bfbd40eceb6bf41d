/**
 * Which ads may show in a detail slot (spec 3 ad entity, spec 5: visibility follows the permission bit
 * mask and the class include and exclude lists). Pure: the page decides on the server, the rotation
 * script only picks among the eligible ones.
 */
import type { Ad } from '../../contract/detail.ts';

/** Slots by ad type (spec 3): 5 above the title, 3 below the title, 2 below the article; 1 the pre-roll before a video (spec 5). */
export const AD_SLOTS = { aboveTitle: 5, belowTitle: 3, belowArticle: 2, preroll: 1 } as const;
export type AdSlotType = (typeof AD_SLOTS)[keyof typeof AD_SLOTS];
/** The slots in the page that rotate (the pre-roll is one ad in the video popup). */
export type AdRotatingSlot = Exclude<AdSlotType, typeof AD_SLOTS.preroll>;

export interface AdContext {
  /** The article's class (column) id. */
  classId: number;
  /** The article's permission bit mask. */
  permission: number;
}

/**
 * An ad is eligible for an article when:
 * - isAll is set and the class is not excluded by notShowClassIds, or the class is in showClassIds
 *   (an exclusion always wins);
 * - none of the ad's permission bits is set on the article (an ad marked 8 stays off articles whose
 *   like button is hidden, e.g. sensitive reports).
 */
export function isAdEligible(ad: Ad, ctx: AdContext): boolean {
  if (ad.notShowClassIds.includes(ctx.classId)) return false;
  if (ad.isAll !== 1 && !ad.showClassIds.includes(ctx.classId)) return false;
  return (ad.permission & ctx.permission) === 0;
}

/**
 * Spec 5: the article's `ad` flag hides the pre-roll ad before its video, and only that one; the slots
 * above and below the text follow the rules above whatever the flag says.
 */
export function decidePreroll(ads: readonly Ad[], ctx: AdContext, adFlag: number): Ad | null {
  if (adFlag === 1) return null;
  return decideEligibleAds(ads, AD_SLOTS.preroll, ctx)[0] ?? null;
}

export function decideEligibleAds(ads: readonly Ad[], type: AdSlotType, ctx: AdContext): Ad[] {
  return ads.filter((ad) => ad.type === type && isAdEligible(ad, ctx));
}
