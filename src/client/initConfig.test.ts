import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from './apiClient.ts';
import { SilentApiError } from './apiClient.ts';
import { DEFAULT_INIT_CONFIG, INIT_CONFIG_TTL_MS, loadInitConfig, resetInitConfig } from './initConfig.ts';

const CONFIG = { goim: { roomId: 'r1', accepts: [1000] }, greyMode: true, appPromotion: false, defaultTitle: '山城' };

function fakeClient(get: ApiClient['get']): ApiClient & { get: ReturnType<typeof vi.fn> } {
  return { get: vi.fn(get), post: vi.fn() } as unknown as ApiClient & { get: ReturnType<typeof vi.fn> };
}

describe('loadInitConfig', () => {
  afterEach(() => {
    resetInitConfig();
  });

  it('loads /kratos/v1/init and caches it for the TTL', async () => {
    const client = fakeClient(async () => ({ statusCode: 200, message: 'ok', data: CONFIG }) as never);
    await expect(loadInitConfig(client, 0)).resolves.toEqual(CONFIG);
    await expect(loadInitConfig(client, INIT_CONFIG_TTL_MS - 1)).resolves.toEqual(CONFIG);
    expect(client.get).toHaveBeenCalledTimes(1);
    expect(client.get).toHaveBeenCalledWith('/kratos/v1/init', undefined);
    await loadInitConfig(client, INIT_CONFIG_TTL_MS);
    expect(client.get).toHaveBeenCalledTimes(2);
  });

  it.each([
    ['a silent failure', () => Promise.reject(new SilentApiError('network', '/kratos/v1/init', null))],
    ['a business failure', () => Promise.resolve({ statusCode: 100, message: 'x', data: null })],
  ])('falls back to the defaults on %s', async (_name, get) => {
    const client = fakeClient(get as ApiClient['get']);
    await expect(loadInitConfig(client, 0)).resolves.toEqual(DEFAULT_INIT_CONFIG);
  });

  it('keeps the last good config when a refresh fails', async () => {
    const ok = fakeClient(async () => ({ statusCode: 200, message: 'ok', data: CONFIG }) as never);
    await loadInitConfig(ok, 0);
    const failing = fakeClient(() => Promise.reject(new SilentApiError('timeout', '/kratos/v1/init', null)));
    await expect(loadInitConfig(failing, INIT_CONFIG_TTL_MS * 2)).resolves.toEqual(CONFIG);
  });
});
