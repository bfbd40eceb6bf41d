import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../../client/storage.ts';
import {
  decideCountyTarget,
  decideDomesticLabel,
  LOCATION_CONSENT_KEY,
  LOCATION_KEY,
  readFreshLocation,
  readLocationConsent,
  readPickedDistrict,
  saveLocation,
  saveLocationConsent,
  savePickedDistrict,
} from './districtState.ts';

const loc = (over: Partial<Parameters<typeof saveLocation>[1]> = {}) => ({
  located: true,
  name: '万州区',
  classId: 962,
  inChongqing: 1,
  createdAt: 1_000_000,
  ...over,
});

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
    expect(decideCountyTarget({ classId: 975, name: '石柱土家族自治县' }, loc(), null)).toEqual({ kind: 'district', classId: 975, name: '石柱土家族自治县' });
  });
  it('uses a fresh location in Chongqing', () => {
    expect(decideCountyTarget(null, loc(), 'granted')).toEqual({ kind: 'district', classId: 962, name: '万州区' });
  });
  it.each([
    ['outside Chongqing', loc({ inChongqing: 0, classId: 0, name: '国内' })],
    ['a failed lookup', loc({ located: false })],
  ])('switches to domestic mode for %s', (_, l) => {
    expect(decideCountyTarget(null, l, 'granted')).toEqual({ kind: 'domestic' });
  });
  it('looks up afresh without anything once the reader said 允许', () => {
    expect(decideCountyTarget(null, null, 'granted')).toEqual({ kind: 'locate' });
  });
  it('asks first when the reader has never answered, and never looks up after 手动选择', () => {
    expect(decideCountyTarget(null, null, null)).toEqual({ kind: 'ask' });
    expect(decideCountyTarget(null, null, 'refused')).toEqual({ kind: 'domestic' });
  });
  it('a picked district or a fresh location needs no question', () => {
    expect(decideCountyTarget({ classId: 941, name: '渝中区' }, null, null)).toEqual({ kind: 'district', classId: 941, name: '渝中区' });
    expect(decideCountyTarget(null, loc(), 'refused')).toEqual({ kind: 'district', classId: 962, name: '万州区' });
  });
});

describe('location consent', () => {
  it('remembers 允许 and 手动选择 and ignores anything else', () => {
    const storage = createMemoryStorage({});
    expect(readLocationConsent(storage)).toBeNull();
    saveLocationConsent(storage, 'refused');
    expect(readLocationConsent(storage)).toBe('refused');
    saveLocationConsent(storage, 'granted');
    expect(readLocationConsent(storage)).toBe('granted');
    expect(readLocationConsent(createMemoryStorage({ [LOCATION_CONSENT_KEY]: 'maybe' }))).toBeNull();
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
