/**
 * What a console write changes for readers (ConsoleEndpoint.invalidates, src/server/staff/console.ts): the
 * desks whose writes readers see — the mall's goods and points rules, 问政's progress and official replies,
 * the 作文 and 裕农 picks, the channels' banners and the hot list's picks, the topics' and special topics' stories and categories — drop every reader cache on every process once the write has succeeded; a read,
 * a refusal and a write readers never see drop nothing.
 */
import { asc } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { invalidationBus } from '../../src/server/cache/invalidationBus.ts';
import { mallCategories } from '../../src/server/db/schema/mall.ts';
import { suiteApp } from '../support/testApp.ts';
import { consoleCall, createTestStaff, type TestStaff } from '../support/testStaff.ts';

const t = suiteApp();
let operator: TestStaff;
let editor: TestStaff;

/** Everything the bus carries while the test runs (held here: the bus holds its listeners weakly). */
const heard: string[][] = [];
const listener = { invalidateTags: (tags: readonly string[]) => void heard.push([...tags]) };

beforeAll(async () => {
  operator = await createTestStaff(t, 'mallOperator');
  editor = await createTestStaff(t, 'editor');
  invalidationBus.listen(listener);
});
afterEach(() => {
  heard.length = 0;
});

describe('console writes readers see', () => {
  it('declares them: goods, stock, cancels and points rules; 问政 and complaint progress and replies; the section desks; channel banners and hot-list picks; the topic desk’s stories and categories', () => {
    const declared = t.console.endpoints
      .filter((e) => e.invalidates === 'readers')
      .map((e) => e.path)
      .sort();
    expect(declared).toEqual(
      [
        '/mall/goods/save',
        '/mall/goods/sale',
        '/mall/goods/stock',
        '/mall/orders/cancel',
        '/mall/points/rule',
        '/answer/desk/accept',
        '/answer/desk/decline',
        '/answer/unit/start',
        '/answer/unit/extend',
        '/answer/unit/return',
        '/answer/unit/reply',
        '/complaints/desk/assign',
        '/complaints/desk/refuse',
        '/complaints/desk/reply',
        '/complaints/seller/reply',
        '/composition/essays/recommend',
        '/composition/essays/newspaper',
        '/composition/essays/rank',
        '/composition/teachers/verify',
        '/rural/posts/pin',
        '/rural/experts/review',
        '/rural/experts/revoke',
        '/rural/experts/edit',
        '/rural/villages/edit',
        '/rural/banners/save',
        '/rural/banners/enable',
        '/rural/banners/order',
        '/rural/banners/remove',
        '/rural/banners/restore',
        '/rural/households/save',
        '/rural/households/remove',
        '/rural/deeds/save',
        '/rural/deeds/remove',
        '/placement/banners/save',
        '/placement/banners/enable',
        '/placement/banners/order',
        '/placement/banners/remove',
        '/placement/banners/restore',
        '/placement/hot/pin',
        '/placement/hot/unpin',
        '/topics/create',
        '/topics/edit',
        '/topics/specials/create',
        '/topics/specials/edit',
        '/topics/items/add',
        '/topics/items/remove',
        '/topics/items/restore',
        '/topics/items/order',
        '/topics/categories/add',
        '/topics/categories/rename',
        '/topics/categories/order',
        '/topics/categories/remove',
      ].sort(),
    );
    // Only writes declare it.
    expect(t.console.endpoints.filter((e) => e.invalidates && e.method !== 'POST')).toEqual([]);
  });

  it('a goods change taken off sale drops every reader cache; a read and a refused change drop nothing', async () => {
    expect((await consoleCall(t, 'GET', '/mall/goods', undefined, operator.headers)).statusCode).toBe(200);
    const refused = await consoleCall(t, 'POST', '/mall/goods/sale', { id: 99_999_999, onSale: false }, operator.headers);
    expect(refused.statusCode).not.toBe(200);
    expect(heard).toEqual([]);

    const [cat] = await t.database.db.select({ id: mallCategories.id }).from(mallCategories).orderBy(asc(mallCategories.id)).limit(1);
    const goods = await consoleCall<{ items: { id: number; onSale: boolean }[] }>(t, 'GET', `/mall/goods?categoryId=${cat!.id}`, undefined, operator.headers);
    const onSale = goods.data.items.find((g) => g.onSale);
    expect(onSale, 'a good on sale in the demo').toBeDefined();
    const off = await consoleCall(t, 'POST', '/mall/goods/sale', { id: onSale!.id, onSale: false }, operator.headers);
    expect(off.statusCode, off.message).toBe(200);
    expect(heard).toContainEqual(['all']);
  });

  it('a 作文 pick drops every reader cache as well, from its declaration', async () => {
    const essays = await consoleCall<{ items: { id: number; reviewState?: string }[] }>(
      t,
      'GET',
      '/composition/essays?filter=all&page=1',
      undefined,
      editor.headers,
    );
    const picked = essays.data.items[0];
    expect(picked, 'an essay in the demo').toBeDefined();
    const res = await consoleCall(t, 'POST', '/composition/essays/rank', { id: picked!.id, excluded: true, reason: '疑似抄袭，待核实' }, editor.headers);
    expect(res.statusCode, res.message).toBe(200);
    expect(heard).toContainEqual(['all']);
  });

  it('a topic desk reorder drops every reader cache as well; its refusal drops nothing', async () => {
    const listing = await consoleCall<{ specials: { classId: number }[] }>(t, 'GET', '/topics', undefined, editor.headers);
    const special = await consoleCall<{ categories: { id: number; items: { newsId: number }[] }[] }>(
      t,
      'GET',
      `/topics/special?classId=${listing.data.specials[0]!.classId}`,
      undefined,
      editor.headers,
    );
    const category = special.data.categories.find((c) => c.items.length > 1)!;
    const ids = category.items.map((i) => i.newsId);
    const stale = await consoleCall(t, 'POST', '/topics/items/order', { owner: 'category', ownerId: category.id, ids: ids.slice(1) }, editor.headers);
    expect(stale.statusCode).not.toBe(200);
    expect(heard).toEqual([]);
    const res = await consoleCall(t, 'POST', '/topics/items/order', { owner: 'category', ownerId: category.id, ids: [...ids].reverse() }, editor.headers);
    expect(res.statusCode, res.message).toBe(200);
    expect(heard).toContainEqual(['all']);
  });
});
