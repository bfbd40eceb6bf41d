/**
 * /Map in the browser (spec 7.9, ADR 020): asks the maps service for each district's weather by its name,
 * four at a time, and writes each answer into its tile (text, temperature, accessible name). A tile whose
 * lookup fails keeps the product's own weather it was rendered with.
 */
import { weatherByName, type LiveWeather, type MapsWeatherConfig } from './mapsWeather.ts';

const AT_ONCE = 4;

function paint(tile: HTMLAnchorElement, name: string, live: LiveWeather): void {
  const weather = tile.querySelector<HTMLElement>('[data-weather]');
  const temperature = tile.querySelector<HTMLElement>('[data-temperature]');
  if (!weather || !temperature) return;
  weather.textContent = live.weather;
  temperature.textContent = live.temperature;
  tile.setAttribute('aria-label', `${name}，${live.weather}，${live.temperature}摄氏度，看当地新闻`);
  tile.dataset['weatherSource'] = 'maps';
}

export async function refreshMapWeather(map: HTMLElement, fetchFn: typeof fetch = fetch): Promise<void> {
  const config: MapsWeatherConfig = { url: map.dataset['mapsUrl'] ?? '', key: map.dataset['mapsKey'] ?? '' };
  if (config.url === '' || config.key === '') return;
  const tiles = [...map.querySelectorAll<HTMLAnchorElement>('a[data-district]')];
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < tiles.length) {
      const tile = tiles[next++]!;
      const name = tile.querySelector('.name')?.textContent?.trim() ?? '';
      if (name === '') continue;
      const live = await weatherByName(config, name, fetchFn);
      if (live) paint(tile, name, live);
    }
  };
  await Promise.all(Array.from({ length: AT_ONCE }, worker));
}
