import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { createTestApp, envelope, type TestApp } from '../support/testApp.ts';
import type { Channel, ListItem, Banner } from '../../src/contract/news.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('envelope and errors', () => {
  it('answers an unknown path with an HTTP 404 envelope', async () => {
    const res = await t.app.request('/v1/nothing/here');
    expect(res.status).toBe(404);
    expect(await envelope(res)).toEqual({ statusCode: 404, message: '接口不存在', data: null });
  });

  it('answers a crash with an HTTP 500 envelope and logs one line with the request id', async () => {
    const lines: string[] = [];
    const { createApiApp } = await import('../../src/server/app/createApiApp.ts');
    const { pino } = await import('pino');
    const log = pino({ level: 'error' }, { write: (line: string) => void lines.push(line) });
    const api = createApiApp({ ...t.registry.deps, log });
    const boom = new Hono();
    boom.get('/boom', () => {
      throw new Error('kaboom');
    });
    api.app.route('/v1/test', boom);
    const res = await api.app.request('/v1/test/boom');
    expect(res.status).toBe(500);
    const body = await envelope(res);
    expect(body).toEqual({ statusCode: 500, message: '服务器开小差了,后台工作人员正在努力解决', data: null });
    expect(JSON.stringify(body)).not.toContain('kaboom');
    expect(lines).toHaveLength(1);
    const logged = JSON.parse(lines[0]!) as { requestId: string; msg: string };
    expect(logged.requestId).toBe(res.headers.get('x-request-id'));
  });

  it('refuses a body over 100 KB with a Chinese message', async () => {
    const res = await t.app.request('/kratos/v1/init', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ x: 'a'.repeat(120 * 1024) }),
    });
    expect(res.status).toBe(413);
    expect((await envelope(res)).message).toBe('请求内容过大');
  });

  it('publishes the OpenAPI 3.1 description generated from the contracts', async () => {
    const res = await t.app.request('/api/openapi.json');
    const doc = (await res.json()) as { openapi: string; paths: Record<string, Record<string, { parameters: { name: string }[] }>> };
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/kratos/v2/channel/getList', '/kratos/v1/channel/home', '/kratos/v1/init']));
    expect(doc.paths['/kratos/v1/channel/home']?.get?.parameters.map((p) => p.name)).toEqual(expect.arrayContaining(['channelId', 'page']));
  });

  it('reports the database in /healthz', async () => {
    const res = await t.app.request('/healthz');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', database: 'ok' });
  });
});

describe('validation', () => {
  it.each([
    ['channelId=abc', '频道'],
    ['channelId=1.5', '频道'],
    ['channelId=1e3', '频道'],
    ['channelId=', '频道'],
    ['channelId=1&page=0', '页码'],
    ['channelId=1&page=-1', '页码'],
    ['channelId=1&page=99999999', '页码'],
    ['page=1', '频道'],
  ])('refuses %s with 参数错误 naming %s in words', async (qs, field) => {
    const res = await t.app.request(`/kratos/v1/channel/home?${qs}`);
    expect(res.status).toBe(400);
    const body = await envelope(res);
    expect(body.statusCode).toBe(400);
    expect(body.message).toMatch(new RegExp(`^参数错误: ${field}`));
    expect(body.data).toBeNull();
  });

  it('refuses a repeated parameter', async () => {
    const res = await t.app.request('/kratos/v1/channel/home?channelId=1&channelId=2');
    expect(res.status).toBe(400);
    expect((await envelope(res)).message).toBe('参数错误: 参数 channelId 重复');
  });
});

describe('channels and home', () => {
  it('lists the channels with columns and sub-channel icons', async () => {
    const body = await envelope<Channel[]>(await t.app.request('/kratos/v2/channel/getList?type=web'));
    expect(body.statusCode).toBe(200);
    const names = body.data.map((c) => c.channelname);
    expect(names).toEqual(expect.arrayContaining(['推荐', '区县', '国内', '热榜', '视频', '直播', '图片', 'VR', '作文', '裕农朋友圈']));
    const county = body.data.find((c) => c.channelname === '区县');
    expect(county?.channelpath).toBe('/home/newsCounty/');
    expect(body.data.find((c) => c.channelname === '作文')?.channelpath).toBe('/home/composition');
    expect(body.data.find((c) => c.channelname === '裕农朋友圈')?.channelpath).toBe('/home/yu-nong');
    const recommend = body.data.find((c) => c.channelid === 1);
    expect(recommend?.sub.length).toBeGreaterThan(0);
    expect(recommend?.channelClass.length).toBeGreaterThan(0);
  });

  it('pages a channel from 1 and ends with an empty list', async () => {
    const first = await envelope<{ banner: Banner[]; list: ListItem[] }>(await t.app.request('/kratos/v1/channel/home?channelId=1&page=1'));
    expect(first.data.banner.length).toBeGreaterThan(0);
    expect(first.data.list).toHaveLength(20);
    expect(first.data.list[0]?.isTop).toBe(1);
    const second = await envelope<{ banner: Banner[]; list: ListItem[] }>(await t.app.request('/kratos/v1/channel/home?channelId=1&page=2'));
    expect(second.data.banner).toEqual([]);
    const firstIds = new Set(first.data.list.map((i) => i.id));
    expect(second.data.list.some((i) => firstIds.has(i.id))).toBe(false);
    const far = await envelope<{ banner: Banner[]; list: ListItem[] }>(await t.app.request('/kratos/v1/channel/home?channelId=1&page=500'));
    expect(far.statusCode).toBe(200);
    expect(far.data.list).toEqual([]);
  });

  it('answers an unknown channel with statusCode 404', async () => {
    const body = await envelope(await t.app.request('/kratos/v1/channel/home?channelId=999999'));
    expect(body.statusCode).toBe(404);
    expect(body.message).toBe('频道不存在');
  });

  it('returns the global config with the goim room', async () => {
    const body = await envelope<{ goim: { roomId: string; accepts: number[] } }>(await t.app.request('/kratos/v1/init'));
    expect(body.statusCode).toBe(200);
    expect(body.data.goim.roomId).toBe('live://1000');
    expect(body.data.goim.accepts).toEqual([1000, 1001, 1002]);
  });
});
