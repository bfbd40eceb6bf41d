import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, apiHostsFromEnv, createDefaultApi, parseApiHosts, readApiHosts, SERVER_DEVICE_ID } from './api.ts';
import { SilentApiError } from './apiClient.ts';
import { registerServerApiHosts, registerServerTransport } from './serverTransport.ts';
import { settings } from '../settings/settings.ts';

const NONE = { api: '', goApi: '', newsApi: '', memberApi: '' };

describe('parseApiHosts', () => {
  it.each([
    [null, NONE],
    ['', NONE],
    ['not json', NONE],
    ['[1]', NONE],
    ['{"api":"","goApi":"https://go.example"}', { ...NONE, goApi: 'https://go.example' }],
    ['{"api":1,"newsApi":"https://n.example","memberApi":"https://m.example"}', { ...NONE, newsApi: 'https://n.example', memberApi: 'https://m.example' }],
  ])('%j', (content, expected) => {
    expect(parseApiHosts(content)).toEqual(expected);
  });
});

describe('apiHostsFromEnv', () => {
  it.each([
    [{}, NONE],
    [
      { API_BASE: 'https://a', GO_API_BASE: 'https://g', NEWS_API_BASE: 'https://n', MEMBER_API_BASE: 'https://m' },
      { api: 'https://a', goApi: 'https://g', newsApi: 'https://n', memberApi: 'https://m' },
    ],
  ])('%j', (env, expected) => {
    expect(apiHostsFromEnv(env)).toEqual(expected);
  });
});

describe('api during server rendering', () => {
  afterEach(() => {
    registerServerTransport(undefined);
    registerServerApiHosts(undefined);
    vi.unstubAllEnvs();
  });

  it('reads hosts from the environment', () => {
    vi.stubEnv('GO_API_BASE', 'https://go.example');
    // as src/server/main.ts registers them at start: the settings module is the one reader of the environment
    registerServerApiHosts(() => apiHostsFromEnv(settings()));
    expect(readApiHosts()).toMatchObject({ goApi: 'https://go.example', api: '' });
  });

  it('calls the registered in-process app with a neutral session', async () => {
    const seen: Request[] = [];
    registerServerTransport(async (req) => {
      seen.push(req);
      return Response.json({ statusCode: 200, message: 'ok', data: [1] }, { headers: { 'x-access-token': 'leak?' } });
    });
    await expect(api.get<number[]>('/kratos/v1/init', { from: 'wap' })).resolves.toEqual({ statusCode: 200, message: 'ok', data: [1] });
    const [req] = seen;
    expect(req?.url).toBe('http://in-process/kratos/v1/init?from=wap');
    expect(req?.headers.get('x-device-id')).toBe(SERVER_DEVICE_ID);
    expect(req?.headers.get('authorization')).toBeNull();
    // a refreshed token is not kept anywhere a later reader could pick it up
    await api.get('/kratos/v1/init');
    expect(seen[1]?.headers.get('authorization')).toBeNull();
  });

  it('rejects silently when no in-process app is registered', async () => {
    await expect(createDefaultApi().get('/v1/news/getDetails')).rejects.toBeInstanceOf(SilentApiError);
  });
});
