/**
 * Ad rotation (spec 4, 9): a per-class counter in localStorage cycles through the eligible ads at each
 * view, separately above the title, below the title and below the article.
 */
import type { AdRotatingSlot as AdSlotType } from './decideEligibleAds.ts';

const KEY_PREFIX: Record<AdSlotType, string> = {
  5: 'adContentTurnUp_',
  3: 'adContentTurnDown_',
  2: 'adButtomTurn_',
};

/** The localStorage key of a slot's counter, e.g. adContentTurnUp_101. */
export function rotationKey(type: AdSlotType, classId: number): string {
  return `${KEY_PREFIX[type]}${classId}`;
}

/** Reads a stored counter; anything that is not a non-negative integer counts as 0. */
export function parseCounter(raw: string | null): number {
  if (raw === null || !/^\d{1,9}$/.test(raw)) return 0;
  return Number(raw);
}

/** The ad to show at this view and the counter to store for the next one. */
export function nextRotation(counter: number, count: number): { index: number; next: number } {
  if (count <= 0) return { index: -1, next: counter };
  const index = counter % count;
  return { index, next: (index + 1) % count };
}
