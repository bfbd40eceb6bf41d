/**
 * A hot-list pick's end time passing changes what readers see (ADR 034): the periodic job `placement.hot-pick-ends`
 * (src/server/jobs/productJobs.ts) drops every reader cache on every process once a pick has ended, as an unpin does,
 * instead of leaving the pinned story on cached pages and answers until they expire. Its clock is the runner's `now`.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { ListItem } from '../../src/contract/news.ts';
import { invalidationBus } from '../../src/server/cache/invalidationBus.ts';
import { JobRunner } from '../../src/server/jobs/jobRunner.ts';
import { hotPickEnds, PRODUCT_JOBS } from '../../src/server/jobs/productJobs.ts';
import { createLogger } from '../../src/server/log.ts';
import { mediaOf } from '../../src/server/media/storage.ts';
import { suiteApp, suiteRequests } from '../support/testApp.ts';
import { consoleCall, createTestStaff, type TestStaff } from '../support/testStaff.ts';

const t = suiteApp();
const { get } = suiteRequests(() => t);
let editor: TestStaff;
let n = 0;
const key = () => `hot-ends-${++n}-${Date.now()}`;

/** Everything the bus carries (held here: the bus holds its listeners weakly). */
const heard: string[][] = [];
const listener = { invalidateTags: (tags: readonly string[]) => void heard.push([...tags]) };

/** Runs the job through a runner whose clock reads `at` (its own slot each time, so every call runs it). */
async function runAt(at: number): Promise<unknown> {
  heard.length = 0;
  let result: unknown;
  const job = {
    ...hotPickEnds,
    name: `${hotPickEnds.name}.test-${++n}`,
    run: async (ctx: Parameters<typeof hotPickEnds.run>[0]) => (result = await hotPickEnds.run(ctx)),
  };
  const runner = new JobRunner({ database: t.database, media: mediaOf(t), log: createLogger('silent'), jobs: [job], now: () => at });
  const [outcome] = await runner.tick();
  expect(outcome).toMatchObject({ ran: true, ok: true });
  return result;
}

async function pin(newsId: number, position: number, endsAt: number): Promise<number> {
  const res = await consoleCall<{ id: number }>(
    t,
    'POST',
    '/placement/hot/pin',
    { key: key(), newsId, position, endsAt: new Date(endsAt).toISOString() },
    editor.headers,
  );
  expect(res.statusCode, res.message).toBe(200);
  return res.data.id;
}

beforeAll(async () => {
  editor = await createTestStaff(t, 'editor', { name: '版面编辑乙' });
  invalidationBus.listen(listener);
});

describe('a hot-list pick reaching its end time', () => {
  it('is one of the product’s periodic jobs', () => {
    expect(PRODUCT_JOBS).toContain(hotPickEnds);
  });

  it('drops the reader caches on the first run after the end, not before it and not long after', async () => {
    const measured = (await get<ListItem[]>('/v1/news/getHotLists?page=1&pageSize=10')).data;
    const endsAt = Math.floor(Date.now() / 1000) * 1000 + 3_600_000;
    const id = await pin(measured[7]!.id, 1, endsAt);

    expect(await runAt(endsAt - 1_000)).toEqual([]);
    expect(heard).toEqual([]);

    expect(await runAt(endsAt + 1_000)).toEqual([id]);
    expect(heard).toEqual([['all']]);

    // Long past (every cache has expired since): nothing more to drop.
    expect(await runAt(endsAt + 10 * 60_000)).toEqual([]);
    expect(heard).toEqual([]);
    await consoleCall(t, 'POST', '/placement/hot/unpin', { id }, editor.headers);
  });

  it('sees an end although a run came late (a skipped slot)', async () => {
    const measured = (await get<ListItem[]>('/v1/news/getHotLists?page=1&pageSize=10')).data;
    const endsAt = Math.floor(Date.now() / 1000) * 1000 + 2 * 3_600_000;
    const id = await pin(measured[6]!.id, 2, endsAt);
    expect(await runAt(endsAt + hotPickEnds.everyMs + 5_000)).toEqual([id]);
    expect(heard).toEqual([['all']]);
    await consoleCall(t, 'POST', '/placement/hot/unpin', { id }, editor.headers);
  });

  it('leaves an unpinned pick alone (its unpin dropped the caches already)', async () => {
    const measured = (await get<ListItem[]>('/v1/news/getHotLists?page=1&pageSize=10')).data;
    const endsAt = Math.floor(Date.now() / 1000) * 1000 + 3 * 3_600_000;
    const id = await pin(measured[5]!.id, 3, endsAt);
    await consoleCall(t, 'POST', '/placement/hot/unpin', { id }, editor.headers);
    expect(await runAt(endsAt + 1_000)).toEqual([]);
    expect(heard).toEqual([]);
  });
});
