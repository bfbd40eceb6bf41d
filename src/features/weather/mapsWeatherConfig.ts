/**
 * The maps service the browser asks for weather by district name (settings MAPS_WEATHER_URL and
 * MAPS_WEATHER_KEY, checked at start by src/settings/settings.ts; ADR 020). Both set: /Map looks each
 * district up by name in the browser; otherwise the product's own API is the only source.
 */
import { settings, type Settings } from '../../settings/settings.ts';
import type { MapsWeatherConfig } from './mapsWeather.ts';

export function mapsWeatherFromEnv(env: Settings = settings()): MapsWeatherConfig | null {
  const url = env.MAPS_WEATHER_URL?.trim();
  const key = env.MAPS_WEATHER_KEY?.trim();
  return url && key ? { url, key } : null;
}
