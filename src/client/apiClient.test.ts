import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { APP_VERSION } from '../contract/headers.ts';
import {
  API_TIMEOUT_MS,
  buildQueryString,
  createApiClient,
  IN_PROCESS_ORIGIN,
  isFormEncodedPath,
  LOGIN_EXPIRED_MESSAGE,
  LOGIN_REDIRECT_DELAY_MS,
  messageForFailure,
  pickHost,
  SERVER_ERROR_MESSAGE,
  SERVER_ERROR_TOAST_MS,
  SilentApiError,
  type ApiHosts,
  type ApiQuery,
  type ApiUi,
} from './apiClient.ts';
import { deriveAppKey } from './appKey.ts';

const HOSTS: ApiHosts = {
  api: 'https://api.example',
  goApi: 'https://go.example/',
  newsApi: 'https://news.example',
  memberApi: 'https://member.example',
};
const DEVICE = 'dev0123456789';

function json(body: unknown, init: ResponseInit = {}): Response {
  return new Response(JSON.stringify(body), {
    status: 200,
    ...init,
    headers: { 'content-type': 'application/json', ...init.headers },
  });
}

const OK = { statusCode: 200, message: 'ok', data: { id: 1 } };

type Responder = (req: Request) => Response | Promise<Response>;

function setup(opts: { token?: string | null; inApp?: boolean; respond?: Responder; hosts?: ApiHosts } = {}) {
  const requests: Request[] = [];
  const respond = opts.respond ?? (() => json(OK));
  const fetch = vi.fn(async (req: Request) => {
    requests.push(req);
    return respond(req);
  });
  let token: string | null = opts.token === undefined ? null : opts.token;
  const setToken = vi.fn((next: string) => {
    token = next;
  });
  const ui = {
    toast: vi.fn<ApiUi['toast']>(),
    isInApp: vi.fn(() => opts.inApp ?? false),
    appLoginPrompt: vi.fn<ApiUi['appLoginPrompt']>(),
    goLogin: vi.fn<ApiUi['goLogin']>(),
  };
  const client = createApiClient({
    hosts: opts.hosts ?? HOSTS,
    fetch,
    session: { getToken: () => token, setToken, getDeviceId: () => DEVICE },
    ui,
  });
  const last = (): Request => {
    const req = requests.at(-1);
    if (!req) throw new Error('no request was sent');
    return req;
  };
  return { client, fetch, requests, last, ui, setToken, getToken: () => token };
}

describe('pickHost (spec 7)', () => {
  it.each([
    ['/v1/news/getDetails', 'https://go.example/'],
    ['/v2/anything', 'https://go.example/'],
    ['/v1', 'https://go.example/'],
    ['/kratos/v1/channel/home', 'https://news.example'],
    ['/kratos/v2/channel/getList', 'https://news.example'],
    ['/member/v1/user/tokenByCode', 'https://member.example'],
    ['/api/sdkinfo', 'https://api.example'],
    ['/v10/x', 'https://api.example'],
    ['/members/x', 'https://api.example'],
    ['/kratosx', 'https://api.example'],
  ])('%s → %s', (path, host) => {
    expect(pickHost(path, HOSTS)).toBe(host);
  });
});

describe('isFormEncodedPath (spec 7)', () => {
  it.each([
    ['/v1/like/do', true],
    ['/v1/comment/store', true],
    ['/v1/tracking/push', false],
    ['/v1/tracking', false],
    ['/v2/x', false],
    ['/kratos/v1/countActive/create', false],
    ['/api/comment/doReport', false],
  ])('%s → %s', (path, expected) => {
    expect(isFormEncodedPath(path)).toBe(expected);
  });
});

describe('buildQueryString', () => {
  it.each<[ApiQuery | undefined, string]>([
    [undefined, ''],
    [{}, ''],
    [{ columnId: 12, page: 1 }, 'columnId=12&page=1'],
    [{ a: undefined, b: null, c: 0, d: false, e: '' }, 'c=0&d=false&e='],
    [{ keyword: '重庆 火锅&x=1' }, 'keyword=%E9%87%8D%E5%BA%86+%E7%81%AB%E9%94%85%26x%3D1'],
  ])('%j → %s', (query, expected) => {
    expect(buildQueryString(query)).toBe(expected);
  });

  it('refuses arrays (joining is the caller’s business)', () => {
    expect(() => buildQueryString({ ids: [1, 2] } as unknown as ApiQuery)).toThrow(TypeError);
  });
});

describe('createApiClient', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  describe('headers on every call (rule a)', () => {
    it.each([
      ['a token', 'tok-1', 'Bearer tok-1'],
      ['no token', null, null],
      ['an empty token', '', null],
      ['the string "null"', 'null', null],
    ] as const)('with %s', async (_name, token, authorization) => {
      const { client, last } = setup({ token });
      await client.get('/v1/news/getDetails');
      await client.post('/api/comment/doReport', {});
      const req = last();
      expect(req.headers.get('x-device-id')).toBe(DEVICE);
      expect(req.headers.get('x-app-key')).toBe(deriveAppKey(DEVICE, APP_VERSION));
      expect(req.headers.get('x-app-version')).toBe('7.1.0');
      expect(req.headers.get('authorization')).toBe(authorization);
    });

    it('passes an idempotency key and extra headers on POST', async () => {
      const { client, last } = setup();
      await client.post('/v1/comment/store', { sayText: 'hi' }, { idempotencyKey: 'k-1', headers: { 'x-extra': '1' } });
      expect(last().headers.get('idempotency-key')).toBe('k-1');
      expect(last().headers.get('x-extra')).toBe('1');
    });
  });

  describe('URLs', () => {
    it.each([
      ['/v1/news/getListByColumnId', { columnId: 3, page: 2, x: undefined }, 'https://go.example/v1/news/getListByColumnId?columnId=3&page=2'],
      ['/kratos/v1/column/list', { columnId: 3 }, 'https://news.example/kratos/v1/column/list?columnId=3'],
      ['/member/v1/user/tokenByCode', { code: 'c' }, 'https://member.example/member/v1/user/tokenByCode?code=c'],
      ['/api/sdkinfo', undefined, 'https://api.example/api/sdkinfo'],
      ['/v1/news/getDetails?id=1', { classId: 2 }, 'https://go.example/v1/news/getDetails?id=1&classId=2'],
    ] as const)('GET %s %j → %s (rule b)', async (path, query, url) => {
      const { client, last } = setup();
      await client.get(path, query);
      expect(last().method).toBe('GET');
      expect(last().url).toBe(url);
    });

    it('uses the in-process origin when the base is same-origin and a transport is given', async () => {
      const { client, last } = setup({ hosts: { api: '', goApi: '', newsApi: '', memberApi: '' } });
      await client.get('/kratos/v1/init', { a: 1 });
      expect(last().url).toBe(`${IN_PROCESS_ORIGIN}/kratos/v1/init?a=1`);
    });

    it('rejects an array in the query with a TypeError, sending nothing', async () => {
      const { client, fetch } = setup();
      await expect(client.get('/v1/x', { ids: [1, 2] } as unknown as ApiQuery)).rejects.toBeInstanceOf(TypeError);
      expect(fetch).not.toHaveBeenCalled();
    });
  });

  describe('POST bodies (rule c)', () => {
    it.each([
      ['/v1/like/do', { classId: 1, newsId: 2, type: 1, skip: undefined }, 'application/x-www-form-urlencoded', 'classId=1&newsId=2&type=1'],
      ['/v1/comment/store', { sayText: '好 文&章' }, 'application/x-www-form-urlencoded', 'sayText=%E5%A5%BD+%E6%96%87%26%E7%AB%A0'],
      ['/v1/user/logout', undefined, 'application/x-www-form-urlencoded', ''],
      ['/v1/tracking/push', { event: 'view', ids: [1, 2] }, 'application/json', '{"event":"view","ids":[1,2]}'],
      ['/kratos/v1/countActive/create', { a: 1 }, 'application/json', '{"a":1}'],
      ['/api/comment/doReport', { content: 'x,y' }, 'application/json', '{"content":"x,y"}'],
      ['/api/praise/AddPraise', undefined, 'application/json', '{}'],
    ] as const)('POST %s', async (path, body, contentType, sent) => {
      const { client, last } = setup();
      await client.post(path, body);
      const req = last();
      expect(req.method).toBe('POST');
      expect(req.headers.get('content-type')).toBe(contentType);
      expect(await req.text()).toBe(sent);
    });

    it('sends FormData as is (multipart upload)', async () => {
      const { client, last } = setup();
      const form = new FormData();
      form.append('file', new Blob(['png-bytes'], { type: 'image/png' }), 'a.png');
      form.append('classId', '3');
      await client.post('/v1/quan/publish', form);
      const req = last();
      expect(req.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
      const received = await req.formData();
      expect(received.get('classId')).toBe('3');
      expect(await (received.get('file') as Blob).text()).toBe('png-bytes');
    });

    it('rejects a nested object in a form body with a TypeError', async () => {
      const { client, fetch } = setup();
      await expect(client.post('/v1/like/do', { nested: { a: 1 } })).rejects.toBeInstanceOf(TypeError);
      expect(fetch).not.toHaveBeenCalled();
    });
  });

  describe('timeout and retries (rule d)', () => {
    it(`rejects with a timeout SilentApiError after ${API_TIMEOUT_MS} ms`, async () => {
      const { client } = setup({ respond: () => new Promise<Response>(() => {}) });
      let settled: unknown = 'pending';
      const result = client.get('/v1/slow').then(
        () => 'resolved',
        (error: unknown) => error,
      );
      void result.then((value) => {
        settled = value;
      });
      await vi.advanceTimersByTimeAsync(API_TIMEOUT_MS - 1);
      expect(settled).toBe('pending');
      await vi.advanceTimersByTimeAsync(1);
      const error = await result;
      expect(error).toBeInstanceOf(SilentApiError);
      expect(error).toMatchObject({ reason: 'timeout', status: null, path: '/v1/slow' });
    });

    it.each([
      ['POST', 503],
      ['POST', 500],
      ['GET', 503],
      ['GET', 429],
    ] as const)('does not retry a %s answered %i', async (method, status) => {
      const { client, fetch } = setup({ respond: () => json({}, { status }) });
      const pending = method === 'POST' ? client.post('/v1/like/do', { a: 1 }) : client.get('/v1/x');
      await expect(pending).rejects.toBeInstanceOf(SilentApiError);
      expect(fetch).toHaveBeenCalledTimes(1);
    });

    it('does not retry after a network failure', async () => {
      const { client, fetch } = setup({
        respond: () => {
          throw new TypeError('fetch failed');
        },
      });
      await expect(client.post('/v1/like/do', {})).rejects.toMatchObject({ name: 'SilentApiError', reason: 'network' });
      expect(fetch).toHaveBeenCalledTimes(1);
    });
  });

  describe('token refresh (rule e, spec 4)', () => {
    it.each([
      ['a plain token', 'fresh-1', 'fresh-1'],
      ['a Bearer-prefixed token', 'Bearer fresh-2', 'fresh-2'],
    ])('stores %s from x-access-token', async (_name, header, stored) => {
      const { client, setToken, getToken } = setup({
        token: 'old',
        respond: () => json(OK, { headers: { 'x-access-token': header } }),
      });
      await client.get('/v1/user/baseInfo');
      expect(setToken).toHaveBeenCalledWith(stored);
      expect(getToken()).toBe(stored);
    });

    it('keeps the token when the header is absent or empty', async () => {
      const { client, setToken } = setup({ token: 'old', respond: () => json(OK, { headers: { 'x-access-token': '' } }) });
      await client.get('/v1/user/baseInfo');
      expect(setToken).not.toHaveBeenCalled();
    });
  });

  describe('error catalogue (rule f, spec 8)', () => {
    it('resolves a business envelope, including failures like statusCode 100', async () => {
      const fail = { statusCode: 100, message: '点赞失败', data: null };
      const { client, ui } = setup({ respond: () => json(fail) });
      await expect(client.post('/v1/like/do', {})).resolves.toEqual(fail);
      expect(ui.toast).not.toHaveBeenCalled();
    });

    it.each<[string, Responder, Partial<SilentApiError>]>([
      ['HTTP 404', () => json(OK, { status: 404 }), { reason: 'http', status: 404 }],
      ['HTTP 502', () => json(OK, { status: 502 }), { reason: 'http', status: 502 }],
      ['HTTP 204', () => new Response(null, { status: 204 }), { reason: 'http', status: 204 }],
      ['an empty body', () => new Response('', { status: 200 }), { reason: 'empty', status: 200 }],
      ['a body that is not JSON', () => new Response('<html>', { status: 200, headers: { 'content-type': 'text/html' } }), { reason: 'empty' }],
      ['JSON without statusCode', () => json({ data: [] }), { reason: 'empty' }],
      ['a network failure', () => Promise.reject(new TypeError('fetch failed')), { reason: 'network', status: null }],
    ])('%s rejects silently', async (_name, respond, expected) => {
      const { client, ui } = setup({ respond });
      const error = await client.get('/v1/news/getDetails').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SilentApiError);
      expect(error).toMatchObject(expected);
      expect(ui.toast).not.toHaveBeenCalled();
      expect(ui.goLogin).not.toHaveBeenCalled();
    });

    it('HTTP 500 shows the 3 s loading toast, then rejects', async () => {
      const { client, ui } = setup({ respond: () => json({ statusCode: 500, message: 'x', data: null }, { status: 500 }) });
      await expect(client.get('/v1/news/getDetails')).rejects.toMatchObject({ reason: 'http', status: 500 });
      expect(ui.toast).toHaveBeenCalledExactlyOnceWith(SERVER_ERROR_MESSAGE, { type: 'loading', duration: SERVER_ERROR_TOAST_MS });
      expect(SERVER_ERROR_TOAST_MS).toBe(3000);
    });

    it.each([301, 302])('statusCode %i in the browser: toast, then login after 1.5 s; the envelope resolves', async (statusCode) => {
      const envelope = { statusCode, message: 'login', data: null };
      const { client, ui } = setup({ token: 'expired', respond: () => json(envelope) });
      await expect(client.post('/v1/like/do', {})).resolves.toEqual(envelope);
      expect(ui.toast).toHaveBeenCalledExactlyOnceWith(LOGIN_EXPIRED_MESSAGE, { type: 'text', duration: 1500 });
      expect(ui.appLoginPrompt).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(LOGIN_REDIRECT_DELAY_MS - 1);
      expect(ui.goLogin).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(ui.goLogin).toHaveBeenCalledTimes(1);
    });

    it.each([301, 302])('statusCode %i in the app: the app login prompt, no toast, no redirect', async (statusCode) => {
      const envelope = { statusCode, message: 'login', data: null };
      const { client, ui } = setup({ inApp: true, respond: () => json(envelope) });
      await expect(client.get('/v1/user/baseInfo')).resolves.toEqual(envelope);
      expect(ui.appLoginPrompt).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(LOGIN_REDIRECT_DELAY_MS * 2);
      expect(ui.toast).not.toHaveBeenCalled();
      expect(ui.goLogin).not.toHaveBeenCalled();
    });

    it('statusCode 301 with a token header: the token is stored and no login is asked for', async () => {
      const envelope = { statusCode: 301, message: 'login', data: null };
      const { client, ui, setToken } = setup({
        respond: () => json(envelope, { headers: { 'x-access-token': 'renewed' } }),
      });
      await expect(client.get('/v1/user/baseInfo')).resolves.toEqual(envelope);
      await vi.advanceTimersByTimeAsync(LOGIN_REDIRECT_DELAY_MS);
      expect(setToken).toHaveBeenCalledWith('renewed');
      expect(ui.toast).not.toHaveBeenCalled();
      expect(ui.goLogin).not.toHaveBeenCalled();
    });

    it('parallel 301s give one toast and one redirect', async () => {
      const { client, ui } = setup({ respond: () => json({ statusCode: 301, message: '', data: null }) });
      await Promise.all([client.get('/v1/a'), client.get('/v1/b'), client.post('/v1/c', {})]);
      await vi.advanceTimersByTimeAsync(LOGIN_REDIRECT_DELAY_MS);
      expect(ui.toast).toHaveBeenCalledTimes(1);
      expect(ui.goLogin).toHaveBeenCalledTimes(1);
    });

    it('a throwing UI hook does not break the call or the timer', async () => {
      const { client, ui } = setup({ respond: () => json({ statusCode: 302, message: '', data: null }) });
      ui.toast.mockImplementation(() => {
        throw new Error('no toast host');
      });
      ui.goLogin.mockImplementation(() => {
        throw new Error('navigation blocked');
      });
      await expect(client.get('/v1/a')).resolves.toMatchObject({ statusCode: 302 });
      await vi.advanceTimersByTimeAsync(LOGIN_REDIRECT_DELAY_MS);
      expect(ui.goLogin).toHaveBeenCalledTimes(1);
    });
  });
});

describe('messageForFailure: the catalogue wins (spec 8)', () => {
  const MINE = '发送失败，请稍后重试';

  it('HTTP 500: nothing more — the 3 s 服务器开小差了 toast the client showed stays', async () => {
    vi.useFakeTimers();
    try {
      const { client, ui } = setup({ respond: () => json({}, { status: 500 }) });
      const error = await client.post('/v1/comment/add', {}).catch((e: unknown) => e);
      expect(messageForFailure(error, MINE)).toBeNull();
      expect(ui.toast).toHaveBeenCalledExactlyOnceWith(SERVER_ERROR_MESSAGE, { type: 'loading', duration: 3000 });
    } finally {
      vi.useRealTimers();
    }
  });

  it('a refused input (HTTP 400 with its envelope): the server’s Chinese message, so a form says what to fix', async () => {
    const { client, ui } = setup({ respond: () => json({ statusCode: 400, message: '参数错误: 标题不能为空', data: null }, { status: 400 }) });
    const error = await client.post('/v1/bangbang/wenda/add', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SilentApiError);
    expect(messageForFailure(error, MINE)).toBe('标题不能为空');
    expect(ui.toast).not.toHaveBeenCalled();
  });

  it.each([
    ['another HTTP status (rejected silently)', new SilentApiError('http', '/v1/x', 502)],
    ['an empty body (rejected silently)', new SilentApiError('empty', '/v1/x', 200)],
  ])('%s: nothing', (_name, error) => {
    expect(messageForFailure(error, MINE)).toBeNull();
  });

  it.each([
    ['a network error with no response', new SilentApiError('network', '/v1/x', null)],
    ['the 10 s time-out', new SilentApiError('timeout', '/v1/x', null)],
    ['an error that is not an API failure', new TypeError('boom')],
  ])("%s: the caller's message", (_name, error) => {
    expect(messageForFailure(error, MINE)).toBe(MINE);
  });
});

describe('SilentApiError', () => {
  it('is an Error with its reason, status and path', () => {
    const error = new SilentApiError('http', '/v1/x', 404);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ name: 'SilentApiError', reason: 'http', status: 404, path: '/v1/x' });
  });
});
