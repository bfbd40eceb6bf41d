/**
 * The API framework on a test endpoint: JSON and form-encoded bodies, Chinese validation messages,
 * nothing written on bad input, refused content types, prototype pollution.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineEndpoint } from '../../src/contract/endpoint.ts';
import { Id, Text } from '../../src/contract/fields.ts';
import { z } from '../../src/contract/zod.ts';
import { appConfig } from '../../src/server/db/schema/core.ts';
import { ok } from '../../src/server/http/envelope.ts';
import { registerEndpoint } from '../../src/server/http/registerEndpoint.ts';
import { createTestApp, envelope, type TestApp } from '../support/testApp.ts';

const save = defineEndpoint({
  method: 'POST',
  path: '/v1/test/save',
  summary: 'test only',
  tag: 'test',
  body: z.object({ key: z.string().regex(/^[a-z]{1,10}$/), newsId: Id, text: Text({ min: 1, max: 5, label: '评论' }) }),
  data: z.object({ saved: z.boolean(), isAdmin: z.boolean() }),
});

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  registerEndpoint(t.registry, save, async ({ body }) => {
    await t.database.write(async (tx) => {
      await tx.insert(appConfig).values({ key: body.key, value: { newsId: body.newsId, text: body.text } });
    });
    return ok({ saved: true, isAdmin: Boolean(({} as Record<string, unknown>).isAdmin) });
  });
});
afterAll(async () => {
  await t.close();
});

async function stored(key: string) {
  return t.database.db.select().from(appConfig).where(eq(appConfig.key, key));
}

function post(body: string, type: string) {
  return t.app.request('/v1/test/save', { method: 'POST', headers: { 'content-type': type }, body });
}

describe('request bodies', () => {
  it('accepts a form-encoded body', async () => {
    const res = await post('key=forma&newsId=12&text=%E4%BD%A0%E5%A5%BD', 'application/x-www-form-urlencoded');
    expect((await envelope(res)).statusCode).toBe(200);
    expect((await stored('forma'))[0]?.value).toEqual({ newsId: 12, text: '你好' });
  });

  it('accepts a JSON body', async () => {
    const res = await post(JSON.stringify({ key: 'jsonb', newsId: 3, text: '  😀😀😀😀😀  ' }), 'application/json');
    expect((await envelope(res)).statusCode).toBe(200);
    expect((await stored('jsonb'))[0]?.value).toEqual({ newsId: 3, text: '😀😀😀😀😀' });
  });

  it.each([
    ['key=badx&newsId=1e3&text=a', '内容编号'],
    ['key=badx&newsId=-1&text=a', '内容编号'],
    ['key=badx&newsId=12&text=%20%20', '评论不能为空'],
    ['key=badx&newsId=12&text=%F0%9F%98%80%F0%9F%98%80%F0%9F%98%80%F0%9F%98%80%F0%9F%98%80%F0%9F%98%80', '评论不能超过 5 个字'],
    ['key=badx&newsId=12&text=a%00b', '评论包含非法字符'],
    ['key=badx&newsId=12&newsId=13&text=a', '参数 newsId 重复'],
  ])('refuses %s with a Chinese message and writes nothing', async (body, expected) => {
    const res = await post(body, 'application/x-www-form-urlencoded');
    expect(res.status).toBe(400);
    const env = await envelope(res);
    expect(env.message).toMatch(/^参数错误: /);
    expect(env.message).toContain(expected);
    expect(await stored('badx')).toEqual([]);
  });

  it('refuses a lone surrogate in JSON', async () => {
    const res = await post('{"key":"badx","newsId":1,"text":"\\ud800"}', 'application/json');
    expect(res.status).toBe(400);
    expect(await stored('badx')).toEqual([]);
  });

  it('refuses other content types with 415', async () => {
    const res = await post('key=badx&newsId=1&text=a', 'text/plain');
    expect(res.status).toBe(415);
    expect((await envelope(res)).message).toBe('不支持的请求格式');
    expect(await stored('badx')).toEqual([]);
  });

  it('refuses malformed JSON', async () => {
    const res = await post('{"key":', 'application/json');
    expect(res.status).toBe(400);
    expect((await envelope(res)).message).toBe('参数错误: JSON 格式不正确');
  });

  it('is not polluted by __proto__ keys', async () => {
    const form = await post('key=protoa&newsId=1&text=a&__proto__%5BisAdmin%5D=1', 'application/x-www-form-urlencoded');
    expect((await envelope<{ isAdmin: boolean }>(form)).data.isAdmin).toBe(false);
    const json = await post('{"key":"protob","newsId":1,"text":"a","__proto__":{"isAdmin":true}}', 'application/json');
    expect((await envelope<{ isAdmin: boolean }>(json)).data.isAdmin).toBe(false);
  });
});
