/**
 * Weather by district name from the maps service, in the browser (spec 7.9; ADR 020). The service answers
 * `GET <MAPS_WEATHER_URL>?key=<MAPS_WEATHER_KEY>&city=<district name>` with its live-weather shape,
 * `{ status: '1', lives: [{ weather, temperature }] }`. Anything else (a refusal, no network, an unknown
 * name) is null: the page keeps the weather the product's own API gave it (the fallback).
 */

/** Where the browser asks: the maps service's weather address and its browser key (both set, or no lookup). */
export interface MapsWeatherConfig {
  url: string;
  key: string;
}

export interface LiveWeather {
  weather: string;
  temperature: string;
}

export function mapsWeatherUrl(config: MapsWeatherConfig, name: string): string {
  const url = new URL(config.url);
  url.searchParams.set('key', config.key);
  url.searchParams.set('city', name);
  return url.toString();
}

/** The first live entry of an answer, when it is a success with a weather text and a temperature. */
export function parseLiveWeather(body: unknown): LiveWeather | null {
  if (typeof body !== 'object' || body === null) return null;
  const { status, lives } = body as { status?: unknown; lives?: unknown };
  if (String(status) !== '1' || !Array.isArray(lives)) return null;
  const first = lives[0] as { weather?: unknown; temperature?: unknown } | undefined;
  const weather = typeof first?.weather === 'string' ? first.weather.trim() : '';
  const temperature = typeof first?.temperature === 'string' || typeof first?.temperature === 'number' ? String(first.temperature).trim() : '';
  if (weather === '' || weather.length > 12 || !/^-?\d{1,2}(?:\.\d)?$/.test(temperature)) return null;
  return { weather, temperature };
}

/** One district's weather by its name, or null (the caller keeps what it had). */
export async function weatherByName(config: MapsWeatherConfig, name: string, fetchFn: typeof fetch = fetch): Promise<LiveWeather | null> {
  try {
    const res = await fetchFn(mapsWeatherUrl(config, name), { credentials: 'omit', referrerPolicy: 'origin' });
    if (!res.ok) return null;
    return parseLiveWeather(await res.json());
  } catch {
    return null;
  }
}
