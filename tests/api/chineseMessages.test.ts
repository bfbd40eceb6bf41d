/**
 * Every message a reader may see is Chinese (spec 8; a like's message is shown as a toast): no endpoint
 * answers a success with the English `success`. Every registered endpoint is called with values its
 * contract accepts, as a signed-in reader; each 200 answer's message must be Chinese. The 裕农 like says
 * 点赞成功 / 已取消点赞.
 */
import { asc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Endpoint } from '../../src/contract/endpoint.ts';
import { ruralPosts } from '../../src/server/db/schema/rural.ts';
import { acceptedValues, fieldsOf } from '../support/contractValues.ts';
import { envelope, suiteApp } from '../support/testApp.ts';
import { createTestUser } from '../support/testUsers.ts';

const t = suiteApp();

const HAN = /\p{Script=Han}/u;

function encode(values: Record<string, unknown> | null): string {
  const out = new URLSearchParams();
  for (const [k, v] of Object.entries(values ?? {})) if (v !== undefined) out.append(k, String(v));
  return out.toString();
}

describe('messages are Chinese', () => {
  it('the 裕农 like answers 点赞成功 and 已取消点赞', async () => {
    const reader = await createTestUser(t.database);
    const [post] = await t.database.db.select({ id: ruralPosts.id }).from(ruralPosts).orderBy(asc(ruralPosts.id)).limit(1);
    const like = async (value: boolean) =>
      envelope(
        await t.app.request('/v1/yunong/like', {
          method: 'POST',
          headers: { ...reader.headers, 'content-type': 'application/json' },
          body: JSON.stringify({ postId: post!.id, like: value ? 1 : 0 }),
        }),
      );
    expect(await like(true)).toMatchObject({ statusCode: 200, message: '点赞成功' });
    expect(await like(false)).toMatchObject({ statusCode: 200, message: '已取消点赞' });
  });

  it('no endpoint answers a success in English', { timeout: 300_000 }, async () => {
    const reader = await createTestUser(t.database);
    const english: string[] = [];
    let answered = 0;
    for (const endpoint of t.registry.endpoints as Endpoint[]) {
      const query = acceptedValues(endpoint.query, fieldsOf(endpoint.query));
      const body = acceptedValues(endpoint.body, fieldsOf(endpoint.body));
      const init: RequestInit = { method: endpoint.method, headers: { ...reader.headers } };
      if (endpoint.method === 'POST') {
        (init.headers as Record<string, string>)['content-type'] = 'application/x-www-form-urlencoded';
        init.body = encode(body);
      }
      const res = await t.app.request(`${endpoint.path}?${encode(query)}`, init);
      if (!res.headers.get('content-type')?.includes('application/json')) continue;
      const env = await envelope(res);
      if (env.statusCode !== 200) continue;
      answered++;
      if (!HAN.test(env.message)) english.push(`${endpoint.method} ${endpoint.path}: ${JSON.stringify(env.message)}`);
    }
    expect(answered).toBeGreaterThan(80);
    expect(english).toEqual([]);
  });
});
