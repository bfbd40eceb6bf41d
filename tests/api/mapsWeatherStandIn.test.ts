/**
 * The development stand-in of the maps service's weather by district name (ADR 020): the shape /Map's
 * browser code reads, from the districts' own weather; absent in production.
 */
import { describe, expect, it } from 'vitest';
import type { DistrictWeather } from '../../src/contract/news.ts';
import { parseLiveWeather } from '../../src/features/weather/mapsWeather.ts';
import { suiteApp, suiteRequests } from '../support/testApp.ts';

const t = suiteApp();
const { get } = suiteRequests(() => t);

describe('GET /api/dev/maps/weather', () => {
  it('answers a district by name in the maps service shape, and refuses an unknown name or no key', async () => {
    const [first] = (await get<DistrictWeather[]>('/kratos/v1/area/weatherList')).data;
    const res = await t.app.request(`/api/dev/maps/weather?key=dev&city=${encodeURIComponent(first!.columnname)}`);
    expect(parseLiveWeather(await res.json())).toEqual({ weather: first!.weather, temperature: first!.temperature });
    const unknown = await t.app.request(`/api/dev/maps/weather?key=dev&city=${encodeURIComponent('火星')}`);
    expect(parseLiveWeather(await unknown.json())).toBeNull();
    const keyless = await t.app.request(`/api/dev/maps/weather?city=${encodeURIComponent(first!.columnname)}`);
    expect(await keyless.json()).toMatchObject({ status: '0', info: 'INVALID_USER_KEY' });
  });
});
