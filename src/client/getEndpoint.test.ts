import { describe, expect, it, vi } from 'vitest';
import { init } from '../contract/config.ts';
import { defineEndpoint } from '../contract/endpoint.ts';
import { z } from '../contract/zod.ts';
import type { ApiClient } from './apiClient.ts';
import { getEndpoint } from './getEndpoint.ts';
import { hostOfRequest } from './requestHost.ts';
import { postEndpoint } from './postEndpoint.ts';

const likeDo = defineEndpoint({
  method: 'POST',
  path: '/v1/like/do',
  summary: 'like',
  tag: 'likes',
  body: z.object({ classId: z.number(), newsId: z.number(), type: z.number() }),
  data: z.object({ voteType: z.number() }),
});

function fakeClient(): ApiClient {
  const envelope = { statusCode: 200, message: 'ok', data: null };
  return { get: vi.fn(async () => envelope), post: vi.fn(async () => envelope) } as unknown as ApiClient;
}

describe('endpoint helpers', () => {
  it.each([
    ['getEndpoint with a GET endpoint', () => getEndpoint(init, undefined, fakeClient()), true],
    ['getEndpoint with a POST endpoint', () => getEndpoint(likeDo as never, undefined, fakeClient()), false],
    ['postEndpoint with a POST endpoint', () => postEndpoint(likeDo, { classId: 1, newsId: 2, type: 1 }, undefined, fakeClient()), true],
    ['postEndpoint with a GET endpoint', () => postEndpoint(init as never, undefined, undefined, fakeClient()), false],
  ] as const)('%s → resolves=%s', async (_name, call, resolves) => {
    if (resolves) await expect(call()).resolves.toMatchObject({ statusCode: 200 });
    else await expect(call()).rejects.toBeInstanceOf(TypeError);
  });

  it('passes the endpoint path, query and body to the client', async () => {
    const client = fakeClient();
    await getEndpoint(init, undefined, client);
    await postEndpoint(likeDo, { classId: 1, newsId: 2, type: 1 }, { idempotencyKey: 'k' }, client);
    expect(client.get).toHaveBeenCalledWith('/kratos/v1/init', undefined);
    expect(client.post).toHaveBeenCalledWith('/v1/like/do', { classId: 1, newsId: 2, type: 1 }, { idempotencyKey: 'k' });
  });
});

describe('hostOfRequest', () => {
  it.each([
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148 ShanchengApp/7.1.0', 'app'],
    ['Mozilla/5.0 (Linux; Android 13) MicroMessenger/8.0.47.2560', 'messenger'],
    [null, 'browser'],
  ])('%s → %s', (ua, kind) => {
    const headers = new Headers(ua === null ? {} : { 'user-agent': ua });
    expect(hostOfRequest(headers).kind).toBe(kind);
  });
});
