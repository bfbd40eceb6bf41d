/**
 * The nearest district to a browser position (docs/conventions.md "Outside services": the maps stand-in finds the nearest district in
 * the district table). Farther than MAX_KM from every district centre counts as outside Chongqing.
 */
export interface Centre {
  classId: number;
  name: string;
  lat: number;
  lng: number;
}

export const MAX_KM = 60;

/** Great-circle distance in kilometres. */
export function distanceKm(aLat: number, aLng: number, bLat: number, bLng: number): number {
  const rad = Math.PI / 180;
  const dLat = (bLat - aLat) * rad;
  const dLng = (bLng - aLng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(aLat * rad) * Math.cos(bLat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

export function decideNearestDistrict(lat: number, lng: number, centres: readonly Centre[]): Centre | null {
  let best: Centre | null = null;
  let bestKm = Infinity;
  for (const c of centres) {
    const km = distanceKm(lat, lng, c.lat, c.lng);
    if (km < bestKm || (km === bestKm && best !== null && c.classId < best.classId)) {
      best = c;
      bestKm = km;
    }
  }
  return bestKm <= MAX_KM ? best : null;
}
