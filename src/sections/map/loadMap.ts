/** The district map (/Map): every district's weather today, grouped by region, from the API. */
import { getEndpoint } from '../../client/getEndpoint.ts';
import { areaWeatherList, type DistrictWeather } from '../../contract/news.ts';
import { loadSafely, type PageLoad } from '../../features/paging/pageLoad.ts';

export interface MapGroup {
  name: string;
  districts: DistrictWeather[];
}

/** Groups in the order the API gives them (region, then district). */
export function groupDistricts(rows: readonly DistrictWeather[]): MapGroup[] {
  const groups: MapGroup[] = [];
  for (const row of rows) {
    const last = groups.at(-1);
    if (last && last.name === row.areaName) last.districts.push(row);
    else groups.push({ name: row.areaName, districts: [row] });
  }
  return groups;
}

export function loadMap(): Promise<PageLoad<MapGroup[]>> {
  return loadSafely<MapGroup[]>(async () => {
    const res = await getEndpoint(areaWeatherList);
    if (res.statusCode !== 200) return { kind: 'error' };
    return { kind: 'ok', view: groupDistricts(res.data) };
  });
}

/** A weather text's symbol: the first kind named wins (多云转晴 → cloud). */
export function weatherSymbol(weather: string): 'sun' | 'cloud' | 'overcast' | 'rain' | 'fog' {
  if (weather.startsWith('晴')) return 'sun';
  if (weather.startsWith('多云')) return 'cloud';
  if (weather.includes('雨')) return 'rain';
  if (weather.includes('雾')) return 'fog';
  return 'overcast';
}
