import { describe, expect, it } from 'vitest';
import { mapsWeatherUrl, parseLiveWeather, weatherByName } from './mapsWeather.ts';
import { mapsWeatherFromEnv } from './mapsWeatherConfig.ts';

const config = { url: 'https://maps.example.cn/v3/weather/weatherInfo', key: 'k1' };

describe('weather by district name from the maps service (spec 7.9, ADR 020)', () => {
  it('asks by name with the key', () => {
    const url = new URL(mapsWeatherUrl(config, '渝中'));
    expect(url.origin + url.pathname).toBe(config.url);
    expect(url.searchParams.get('city')).toBe('渝中');
    expect(url.searchParams.get('key')).toBe('k1');
  });

  it.each([
    ['a live answer', { status: '1', lives: [{ weather: '多云', temperature: '14' }] }, { weather: '多云', temperature: '14' }],
    ['a numeric temperature', { status: 1, lives: [{ weather: '小雨', temperature: -2 }] }, { weather: '小雨', temperature: '-2' }],
    ['a refusal', { status: '0', info: 'INVALID_USER_KEY', lives: [] }, null],
    ['an unknown name', { status: '1', lives: [] }, null],
    ['no weather text', { status: '1', lives: [{ weather: '', temperature: '9' }] }, null],
    ['a temperature that is not a number', { status: '1', lives: [{ weather: '晴', temperature: '<b>9</b>' }] }, null],
    ['not an object', 'oops', null],
  ])('reads %s', (_what, body, expected) => {
    expect(parseLiveWeather(body)).toEqual(expected);
  });

  it('is null when the service cannot be reached, so the page keeps its own weather', async () => {
    const offline = (() => Promise.reject(new TypeError('network'))) as typeof fetch;
    expect(await weatherByName(config, '渝中', offline)).toBeNull();
    const refused = (() => Promise.resolve(new Response('busy', { status: 503 }))) as typeof fetch;
    expect(await weatherByName(config, '渝中', refused)).toBeNull();
    const live = (() => Promise.resolve(Response.json({ status: '1', lives: [{ weather: '阴', temperature: '11' }] }))) as typeof fetch;
    expect(await weatherByName(config, '渝中', live)).toEqual({ weather: '阴', temperature: '11' });
  });

  it.each([
    [{ MAPS_WEATHER_URL: config.url, MAPS_WEATHER_KEY: 'k1' }, config],
    [{ MAPS_WEATHER_URL: config.url }, null],
    [{ MAPS_WEATHER_KEY: 'k1' }, null],
    [{}, null],
  ])('is asked only when both settings are set: %j', (env, expected) => {
    expect(mapsWeatherFromEnv(env)).toEqual(expected);
  });
});
