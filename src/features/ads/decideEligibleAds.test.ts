import { describe, expect, it } from 'vitest';
import type { Ad } from '../../contract/detail.ts';
import { decideEligibleAds, decidePreroll, isAdEligible } from './decideEligibleAds.ts';

function ad(extra: Partial<Ad>): Ad {
  return { id: 1, type: 5, imgSrc: '/a.svg', url: '', newsClassId: 0, newsId: 0, isAll: 1, showClassIds: [], notShowClassIds: [], permission: 0, ...extra };
}

describe('isAdEligible', () => {
  it.each([
    ['isAll shows everywhere', ad({}), 101, 0, true],
    ['isAll but the class is excluded', ad({ notShowClassIds: [101] }), 101, 0, false],
    ['isAll and another class is excluded', ad({ notShowClassIds: [102] }), 101, 0, true],
    ['not isAll, class listed', ad({ isAll: 0, showClassIds: [101, 102] }), 102, 0, true],
    ['not isAll, class not listed', ad({ isAll: 0, showClassIds: [101] }), 941, 0, false],
    ['not isAll, no class listed', ad({ isAll: 0 }), 101, 0, false],
    ['listed and excluded: exclusion wins', ad({ isAll: 0, showClassIds: [101], notShowClassIds: [101] }), 101, 0, false],
    ['permission bit shared with the article', ad({ permission: 8 }), 101, 8, false],
    ['permission bit not on the article', ad({ permission: 8 }), 101, 4, true],
    ['article bits but the ad has none', ad({}), 101, 8 | 4, true],
    ['one of several bits shared', ad({ permission: 8 | 16 }), 101, 16, false],
  ])('%s', (_name, a, classId, permission, expected) => {
    expect(isAdEligible(a, { classId, permission })).toBe(expected);
  });
});

describe('decideEligibleAds', () => {
  const ads = [ad({ id: 1, type: 5 }), ad({ id: 2, type: 3 }), ad({ id: 3, type: 5, isAll: 0, showClassIds: [102] }), ad({ id: 4, type: 2 })];

  it('keeps the slot’s type and the eligible ads, in order', () => {
    expect(decideEligibleAds(ads, 5, { classId: 102, permission: 0 }).map((a) => a.id)).toEqual([1, 3]);
    expect(decideEligibleAds(ads, 5, { classId: 101, permission: 0 }).map((a) => a.id)).toEqual([1]);
    expect(decideEligibleAds(ads, 3, { classId: 101, permission: 0 }).map((a) => a.id)).toEqual([2]);
    expect(decideEligibleAds(ads, 2, { classId: 101, permission: 0 }).map((a) => a.id)).toEqual([4]);
  });

  it('the slots do not read the article flag ad (spec 5: it hides the pre-roll only)', () => {
    expect(decideEligibleAds(ads, 5, { classId: 102, permission: 0 }).map((a) => a.id)).toEqual([1, 3]);
  });
});

describe('decidePreroll — spec 5 "ad (pre-roll ad hidden)"', () => {
  const ads = [ad({ id: 1, type: 5 }), ad({ id: 2, type: 3 })];
  const preroll = ad({ id: 9, type: 1 });
  it('shows the first eligible pre-roll ad before the video', () => {
    expect(decidePreroll([...ads, preroll], { classId: 101, permission: 0 }, 0)?.id).toBe(9);
  });
  it('the flag ad hides it', () => {
    expect(decidePreroll([...ads, preroll], { classId: 101, permission: 0 }, 1)).toBeNull();
  });
  it('none without a pre-roll ad', () => {
    expect(decidePreroll(ads, { classId: 101, permission: 0 }, 0)).toBeNull();
  });
});
