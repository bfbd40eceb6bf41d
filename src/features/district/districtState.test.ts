import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../../client/storage.ts';
import { decideCountyTarget, decideDomesticLabel, LOCATION_KEY, readFreshLocation, readPickedDistrict, saveLocation, savePickedDistrict } from './districtState.ts';

const loc = (over: Partial<Parameters<typeof saveLocation>[1]> = {}) => ({ located: true, name: '万州区', classId: 962, inChongqing: 1, createdAt: 1_000_000, ...over });

describe('the location cache (spec 4, 9: 30 minutes)', () => {
  it.each([
    [0, true],
    [1_799_999, true],
    [1_800_000, false],
    [-5, false],
  ])('a location %i ms old is reused: %s', (age, fresh) => {
    const s = createMemoryStorage();
    saveLocation(s, loc());
    expect(readFreshLocation(s, 1_000_000 + age) !== null).toBe(fresh);
  });

  it.each(['not json', '{"name":1}', 'null', '[]'])('ignores a damaged value %j', (raw) => {
    expect(readFreshLocation(createMemoryStorage({ [LOCATION_KEY]: raw }), 1_000_000)).toBeNull();
  });
});

describe('decideCountyTarget', () => {
  it('prefers the picked district', () => {
    expect(decideCountyTarget({ classId: 975, name: '石柱土家族自治县' }, loc())).toEqual({ kind: 'district', classId: 975, name: '石柱土家族自治县' });
  });
  it('uses a fresh location in Chongqing', () => {
    expect(decideCountyTarget(null, loc())).toEqual({ kind: 'district', classId: 962, name: '万州区' });
  });
  it.each([
    ['outside Chongqing', loc({ inChongqing: 0, classId: 0, name: '国内' })],
    ['a failed lookup', loc({ located: false })],
  ])('switches to domestic mode for %s', (_, l) => {
    expect(decideCountyTarget(null, l)).toEqual({ kind: 'domestic' });
  });
  it('looks up afresh without anything', () => {
    expect(decideCountyTarget(null, null)).toEqual({ kind: 'locate' });
  });
});

describe('decideDomesticLabel', () => {
  it('names the current district, else keeps 国内', () => {
    expect(decideDomesticLabel(null, loc())).toBe('万州区');
    expect(decideDomesticLabel({ classId: 941, name: '渝中区' }, loc())).toBe('渝中区');
    expect(decideDomesticLabel(null, loc({ located: false }))).toBeNull();
    expect(decideDomesticLabel(null, null)).toBeNull();
  });
  it('round-trips a picked district', () => {
    const s = createMemoryStorage();
    savePickedDistrict(s, { classId: 941, name: '渝中区' });
    expect(readPickedDistrict(s)).toEqual({ classId: 941, name: '渝中区' });
  });
});
