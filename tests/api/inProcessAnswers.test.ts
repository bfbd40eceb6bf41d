/**
 * A page's own API call answered in process without JSON (src/server/http/inProcessAnswers.ts): the client gets
 * the handler's envelope as an object, the same data JSON would give, with the app's status and headers; what the
 * handler did not answer is read from the body as before; outside production an answer JSON would change is refused.
 * The app writes the answer's JSON only when the micro-cache keeps it.
 */
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, type ApiClient, type ApiSession, type ApiUi } from '../../src/client/apiClient.ts';
import type { NewsDetail } from '../../src/contract/detail.ts';
import { inProcessTransport, keepInProcessAnswer } from '../../src/server/http/inProcessAnswers.ts';
import { createApiApp } from '../../src/server/app/createApiApp.ts';
import { createLogger } from '../../src/server/log.ts';
import { readConfig } from '../../src/settings/serverConfig.ts';
import { createTestApp, envelope, type TestApp } from '../support/testApp.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const session: ApiSession = { getToken: () => null, setToken: () => {}, getDeviceId: () => 'server-render' };
const ui: ApiUi = { toast: () => {}, isInApp: () => false, appLoginPrompt: () => {}, goLogin: () => {} };
const hosts = { api: '', goApi: '', newsApi: '', memberApi: '' };

/** The pages' client on the app: with in-process answers (as the server wires it), or reading every body (as before). */
const answerOf = (response: Response): unknown => (response as Response & { _data?: unknown })._data;

function client(objects: boolean): { api: ApiClient; bodies: () => number } {
  let bodies = 0;
  const app = (request: Request) => t.app.fetch(request);
  const transport = objects ? inProcessTransport(app) : app;
  const api = createApiClient({
    hosts,
    session,
    ui,
    fetch: async (request) => {
      const response = await transport(request);
      if (response.body !== null) bodies++;
      return response;
    },
  });
  return { api, bodies: () => bodies };
}

describe('in-process answers', () => {
  it("gives a page the handler's envelope as JSON would, read from no body, with the app's headers", async () => {
    const path = '/kratos/v1/detail';
    const query = { classId: 101, newsId: 1 };
    const direct = client(true);
    const parsed = client(false);
    const [a, b] = await Promise.all([direct.api.get<NewsDetail>(path, query), parsed.api.get<NewsDetail>(path, query)]);
    expect(a).toEqual(b);
    expect(a.data.newsId).toBe(1);
    expect(direct.bodies()).toBe(0);
    expect(parsed.bodies()).toBe(1);
    // Frozen outside production: a page cannot change what the endpoint gave it (nor what another page is given).
    expect(Object.isFrozen(a.data)).toBe(true);
    expect(() => {
      (a.data as { title: string }).title = '改过的标题';
    }).toThrow(TypeError);
  });

  it('reads from the body what the handler did not answer: a refusal before it, a page not found', async () => {
    const { api, bodies } = client(true);
    const refusal = await envelope(await t.app.request('/kratos/v1/detail?classId=101&newsId=abc'));
    expect(refusal.message).toMatch(/^参数错误/);
    // The refusal's Chinese message comes from the body, read as before.
    await expect(api.get('/kratos/v1/detail', { classId: 101, newsId: 'abc' })).rejects.toMatchObject({ status: 400, serverMessage: refusal.message });
    await expect(api.get('/no/such/endpoint')).rejects.toMatchObject({ status: 404 });
    expect(bodies()).toBe(2);
  });

  it('keeps an answer only for a call the transport is waiting on, and refuses outside production what JSON would change', async () => {
    const app = new Hono();
    const answers: unknown[] = [
      { statusCode: 200, message: '', data: { when: new Date(0) } },
      { statusCode: 200, message: '', data: { count: Number.NaN } },
      { statusCode: 200, message: '', data: [1, undefined] },
      { statusCode: 200, message: '', data: { kept: '有', left: undefined } },
    ];
    app.get('/a/:n', (c) => {
      const result = answers[Number(c.req.param('n'))];
      keepInProcessAnswer(c.req.raw, result, true);
      return c.json(result as object);
    });
    const problems: string[] = [];
    app.onError((error, c) => {
      problems.push(error.message);
      return c.json({ statusCode: 500, message: '服务器错误', data: null }, 500);
    });
    const transport = inProcessTransport((r) => app.fetch(r));
    for (const n of [0, 1, 2]) expect((await transport(new Request(`http://in-process/a/${n}`))).status).toBe(500);
    expect(problems).toEqual([
      'in-process answer: data.data.when is not a plain object (a Date)',
      'in-process answer: data.data.count is NaN, which JSON sends as null',
      'in-process answer: data.data[1] is undefined, which JSON sends as null',
    ]);
    // An undefined field is one JSON leaves out: kept.
    const fine = await transport(new Request('http://in-process/a/3'));
    expect(answerOf(fine)).toEqual({ statusCode: 200, message: '', data: { kept: '有' } });
    // A request from elsewhere (not the transport's) is answered by its body alone.
    const outside = await app.fetch(new Request('http://in-process/a/3'));
    expect(answerOf(outside)).toBeUndefined();
    expect(await outside.json()).toEqual({ statusCode: 200, message: '', data: { kept: '有' } });
  });

  it("writes an answer's JSON only when the micro-cache keeps it, and a later call takes the kept answer", async () => {
    const raw: Response[] = [];
    const capture = (app: { fetch: (request: Request) => Response | Promise<Response> }) =>
      inProcessTransport(async (request) => {
        const response = await app.fetch(request);
        raw.push(response);
        return response;
      });
    const url = 'http://in-process/kratos/v1/detail?classId=101&newsId=1';
    // The micro-cache off (as in tests and the uncached bench): the handler's envelope, no JSON written.
    const off = await capture(t.app)(new Request(url));
    expect(raw[0]?.body).toBeNull();
    expect(raw[0]?.headers.get('content-type')).toBe('application/json');
    expect(answerOf(off)).toMatchObject({ statusCode: 200, data: { newsId: 1 } });
    // On (the production default): the answer's JSON is written and kept, and the next call is answered from it.
    const config = { ...readConfig({ NODE_ENV: 'test' }), production: true, checkResponses: true };
    const cached = createApiApp({ database: t.database, log: createLogger('silent'), config, mediaDir: t.mediaDir });
    const first = await capture(cached.app)(new Request(url));
    expect(raw[1]?.body).not.toBeNull();
    expect(answerOf(first)).toEqual(answerOf(off));
    const second = await capture(cached.app)(new Request(url));
    expect(second.headers.get('x-api-cache')).toBe('hit');
    expect(answerOf(second)).toBeUndefined();
    expect(await second.json()).toEqual(answerOf(off));
  });
});
