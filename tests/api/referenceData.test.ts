/**
 * Reference data through the in-process cache (src/server/referenceCache.ts; ADR 001 fourth round):
 * reads are kept, a write through writeReferenceData shows at once (ads, app_config, columns), both on
 * the view-counting path (a transaction) and the read-only one. A write that bypasses it stays unseen
 * until the TTL — which is what proves the reads are cached at all.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ad, NewsDetail } from '../../src/contract/detail.ts';
import type { ColumnInfo } from '../../src/contract/news.ts';
import { ads, appConfig, columns } from '../../src/server/db/schema/core.ts';
import { invalidationBus } from '../../src/server/cache/invalidationBus.ts';
import { writeReferenceData } from '../../src/server/referenceCache.ts';
import { createTestApp, envelope, type TestApp } from '../support/testApp.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function data<T>(url: string): Promise<T> {
  const body = await envelope<T>(await t.app.request(url));
  expect(body.statusCode).toBe(200);
  return body.data;
}

const adImages = async () => (await data<Ad[]>('/v1/ads/list')).map((a) => a.imgSrc);

describe('reference data cache', () => {
  it('keeps the ads list: a write that bypasses writeReferenceData is not seen, one through it is at once', async () => {
    const before = await adImages();
    await t.database.write(async (tx) => {
      await tx.insert(ads).values({ type: 2, imgSrc: '/media/ads/direct.png' });
    });
    expect(await adImages()).toEqual(before);

    await writeReferenceData(t.database, ['ads'], async (tx) => {
      await tx.insert(ads).values({ type: 2, imgSrc: '/media/ads/operator.png' });
    });
    const after = await adImages();
    expect(after).toContain('/media/ads/operator.png');
    expect(after).toContain('/media/ads/direct.png');
    expect((await data<Ad[]>('/v1/ads/list?type=2')).map((a) => a.imgSrc)).toContain('/media/ads/operator.png');
  });

  it('shows a changed site text (app_config detail) on the read-only and the counting detail', async () => {
    const url = 'classId=101&newsId=1';
    expect((await data<NewsDetail>(`/kratos/v1/detail?${url}`)).disclaimers).not.toContain('新的免责声明');
    expect((await data<NewsDetail>(`/v1/news/getDetails?${url}`)).disclaimers).not.toContain('新的免责声明');
    await writeReferenceData(t.database, ['app_config'], async (tx) => {
      await tx
        .update(appConfig)
        .set({ value: sql`jsonb_set(${appConfig.value}, '{disclaimers}', '["新的免责声明"]')` })
        .where(eq(appConfig.key, 'detail'));
    });
    expect((await data<NewsDetail>(`/kratos/v1/detail?${url}`)).disclaimers).toEqual(['新的免责声明']);
    expect((await data<NewsDetail>(`/v1/news/getDetails?${url}`)).disclaimers).toEqual(['新的免责声明']);
  });

  it('shows a renamed column in its info and in the detail class name', async () => {
    const info = await data<ColumnInfo>('/kratos/v1/channelClass/one?columnId=101');
    const detail = await data<NewsDetail>('/kratos/v1/detail?classId=101&newsId=1');
    expect(detail.className).toBe(info.columnName);
    await writeReferenceData(t.database, ['columns'], async (tx) => {
      await tx.update(columns).set({ name: '改名栏目' }).where(eq(columns.id, 101));
    });
    expect((await data<ColumnInfo>('/kratos/v1/channelClass/one?columnId=101')).columnName).toBe('改名栏目');
    expect((await data<NewsDetail>('/kratos/v1/detail?classId=101&newsId=1')).className).toBe('改名栏目');
  });

  it('tells every process: a reference write publishes its tables and a whole page invalidation on the bus', async () => {
    const heard: string[][] = [];
    const listener = { invalidateTags: (tags: readonly string[]) => void heard.push([...tags]) };
    invalidationBus.listen(listener);
    await writeReferenceData(t.database, ['ads', 'channels'], async () => {});
    expect(heard).toContainEqual(['ref-ads', 'ref-channels', 'all']);
  });
});
