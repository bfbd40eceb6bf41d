import { describe, expect, it } from 'vitest';
import { decideNearestDistrict, distanceKm } from './decideNearestDistrict.ts';

const centres = [
  { classId: 941, name: '渝中区', lat: 29.556, lng: 106.568 },
  { classId: 962, name: '万州区', lat: 30.808, lng: 108.409 },
];

describe('decideNearestDistrict', () => {
  it.each([
    ['Jiefangbei', 29.558, 106.577, 941],
    ['Wanzhou harbour', 30.81, 108.39, 962],
  ])('%s → %i', (_, lat, lng, id) => {
    expect(decideNearestDistrict(lat, lng, centres)?.classId).toBe(id);
  });

  it('answers null far from Chongqing (Beijing)', () => {
    expect(decideNearestDistrict(39.9, 116.4, centres)).toBeNull();
  });

  it('measures about 111 km per degree of latitude', () => {
    expect(Math.round(distanceKm(29, 106, 30, 106))).toBe(111);
  });
});
