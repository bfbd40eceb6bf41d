/**
 * The home icons that led to an empty column (评论, 专题, 天气, 报料; 城市建设 … 天气 of channel
 * 13) now lead to content. A fresh database gets them from channelsData.ts; this run (its own seed-run
 * name) updates a database seeded before, once, in one transaction with its marker.
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { columns, seedRuns } from '../schema/core.ts';
import { columnsData } from './channelsData.ts';
import { seedRunDone } from './seedOnce.ts';

export const ICON_TARGETS_SEED = 'home-icon-targets';
/** The icon columns this run rewrites (channel 1: 评论 专题 天气 报料; channel 13: 城市建设 … 天气). */
export const ICON_TARGET_IDS: readonly number[] = [154, 155, 156, 158, 1354, 1355, 1356, 1357, 1358];

export async function seedIconTargets(database: Database): Promise<boolean> {
  const targets = await database.write(async (tx) => {
    if (await seedRunDone(tx, ICON_TARGETS_SEED)) return false;
    for (const id of ICON_TARGET_IDS) {
      const c = columnsData.find((x) => x.id === id);
      if (!c) continue;
      await tx.update(columns).set({ showType: c.showType, path: c.path, apiUrl: c.apiUrl }).where(eq(columns.id, id));
    }
    await tx.insert(seedRuns).values({ name: ICON_TARGETS_SEED });
    return true;
  });
  return (await seedIconNames(database)) || targets;
}

export const ICON_NAMES_SEED = 'home-icon-names';

/** The icons renamed after the page they open (报料 → 爆料); a database seeded before gets the names once. */
async function seedIconNames(database: Database): Promise<boolean> {
  return database.write(async (tx) => {
    if (await seedRunDone(tx, ICON_NAMES_SEED)) return false;
    for (const id of ICON_TARGET_IDS) {
      const c = columnsData.find((x) => x.id === id);
      if (c) await tx.update(columns).set({ name: c.name }).where(eq(columns.id, id));
    }
    await tx.insert(seedRuns).values({ name: ICON_NAMES_SEED });
    return true;
  });
}
