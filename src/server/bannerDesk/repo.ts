/** The banner lists' shared data access (src/server/bannerDesk/bannerList.ts): the list's lock and its order. */
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { banners } from '../db/schema/core.ts';
import { ruralBanners } from '../db/schema/rural.ts';

/** A table of banners the desks run: the channels' (ADR 034) or the 裕农 home's (ADR 031). */
export type BannerTable = typeof banners | typeof ruralBanners;

/** Serialises one list's writes (order, count cap) with a transaction lock: `list` names it, `scope` its channel. */
export async function lockBannerListRepo(tx: Tx, list: 'channel-banners' | 'rural-banners', scope?: number): Promise<void> {
  await tx.execute(scope === undefined ? sql`select pg_advisory_xact_lock(hashtext(${list}))` : sql`select pg_advisory_xact_lock(hashtext(${list}), ${scope})`);
}

/** Gives the banners `ids` of `table` the sort keys 1, 2, … in that order. */
export async function setBannerOrderRepo(tx: Tx, table: BannerTable, ids: readonly number[]): Promise<void> {
  for (const [i, id] of ids.entries())
    await tx
      .update(table)
      .set({ sort: i + 1 })
      .where(eq(table.id, id));
}
