/**
 * The county district the reader sees (spec 3 client state, spec 4 location): a cached location under
 * `locationInfo` reused while younger than 30 minutes, and the district the reader picked by hand,
 * which wins over the location. All reads and writes go through the never-throwing storage wrapper.
 */
import type { KeyValueStorage } from '../../client/storage.ts';

export const LOCATION_KEY = 'locationInfo';
export const PICKED_DISTRICT_KEY = 'countyDistrict';
/** The reader's answer to our own question before any location lookup: 'granted' (允许) or 'refused' (手动选择). */
export const LOCATION_CONSENT_KEY = 'locationConsent';
/** spec 9: location cache 30 minutes (1,800,000 ms). */
export const LOCATION_TTL_MS = 1_800_000;
/** spec 9: location accuracy time-out 10 s. */
export const LOCATION_TIMEOUT_MS = 10_000;

export interface LocationInfo {
  /** false after a failed lookup (spec 4: 定位失败, location flag false). */
  located: boolean;
  name: string;
  classId: number;
  inChongqing: number;
  createdAt: number;
  weatherData?: { temperature: string; weather: string } | undefined;
}

export interface PickedDistrict {
  classId: number;
  name: string;
}

function parse<T>(raw: string | null, valid: (v: Record<string, unknown>) => boolean): T | null {
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === 'object' && value !== null && valid(value as Record<string, unknown>) ? (value as T) : null;
  } catch {
    return null;
  }
}

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);

/** The cached location if it is younger than 30 minutes, else null (look it up afresh). */
export function readFreshLocation(storage: KeyValueStorage, now: number): LocationInfo | null {
  const info = parse<LocationInfo>(
    storage.getItem(LOCATION_KEY),
    (v) => typeof v['located'] === 'boolean' && isInt(v['createdAt']) && isInt(v['classId']) && typeof v['name'] === 'string',
  );
  if (!info) return null;
  const age = now - info.createdAt;
  return age >= 0 && age < LOCATION_TTL_MS ? info : null;
}

export function saveLocation(storage: KeyValueStorage, info: LocationInfo): void {
  storage.setItem(LOCATION_KEY, JSON.stringify(info));
}

export function readPickedDistrict(storage: KeyValueStorage): PickedDistrict | null {
  return parse<PickedDistrict>(
    storage.getItem(PICKED_DISTRICT_KEY),
    (v) => isInt(v['classId']) && (v['classId'] as number) > 0 && typeof v['name'] === 'string',
  );
}

export function savePickedDistrict(storage: KeyValueStorage, district: PickedDistrict): void {
  storage.setItem(PICKED_DISTRICT_KEY, JSON.stringify(district));
}

export type LocationConsent = 'granted' | 'refused';

export function readLocationConsent(storage: KeyValueStorage): LocationConsent | null {
  const value = storage.getItem(LOCATION_CONSENT_KEY);
  return value === 'granted' || value === 'refused' ? value : null;
}

export function saveLocationConsent(storage: KeyValueStorage, consent: LocationConsent): void {
  storage.setItem(LOCATION_CONSENT_KEY, consent);
}

export type CountyTarget = { kind: 'district'; classId: number; name: string } | { kind: 'domestic' } | { kind: 'locate' } | { kind: 'ask' };

/**
 * Which district the county page should show when the address names none: a picked district first,
 * then a fresh location (in Chongqing → its district; outside or failed → domestic mode, spec 4),
 * else a new lookup — but only once the reader has said yes to our question (`ask` until they answer;
 * after 手动选择 never again until they ask for it: domestic mode, where they pick by hand).
 */
export function decideCountyTarget(picked: PickedDistrict | null, location: LocationInfo | null, consent: LocationConsent | null): CountyTarget {
  if (picked) return { kind: 'district', classId: picked.classId, name: picked.name };
  if (!location) {
    if (consent === 'granted') return { kind: 'locate' };
    return consent === 'refused' ? { kind: 'domestic' } : { kind: 'ask' };
  }
  if (location.located && location.inChongqing === 1 && location.classId > 0) return { kind: 'district', classId: location.classId, name: location.name };
  return { kind: 'domestic' };
}

/** The name the 国内 tab shows (spec 3: replaced by the current district name); null keeps 国内. */
export function decideDomesticLabel(picked: PickedDistrict | null, location: LocationInfo | null): string | null {
  if (picked) return picked.name;
  if (location?.located && location.inChongqing === 1 && location.name) return location.name;
  return null;
}
