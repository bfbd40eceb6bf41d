/**
 * The deterministic demo seed: channels, columns, districts, ~430 news items, banners, ads and the init
 * config, the bangbang board (bangbangSeed.ts), plus generated raster pictures (demoPictures.ts, ADR 013) under mediaDir (served as
 * /media/...). Runs once per database.
 */
import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../client.ts';
import { ads, appConfig, banners, channels, columns, districts, news, seedRuns } from '../schema/core.ts';
import { seedBangbang } from './bangbangSeed.ts';
import { seedBangbangBoard } from './bangbangBoardSeed.ts';
import { seedBangbangMore } from './bangbangMoreSeed.ts';
import { seedAnswerUnits } from './answerUnitsSeed.ts';
import { seedComplaintSellers } from './complaintSellersSeed.ts';
import { buildDemoData } from './buildDemoData.ts';
import { writePictures } from './demoPictures.ts';
import { seedDetail } from './detailSeed.ts';
import { seedDiscover } from './discoverSeed.ts';
import { seedRural } from './ruralSeed.ts';
import { seedRuralBanners } from './ruralBannersSeed.ts';
import { seedRuralExpertAccounts } from './ruralExpertsSeed.ts';
import { seedComposition } from './compositionSeed.ts';
import { seedIconTargets } from './iconTargetsSeed.ts';
import { seedInteract } from './communitySeed.ts';
import { seedMall } from './mallSeed.ts';
import { seedModeration } from './moderationSeed.ts';
import { seedNewsBrowsing } from './newsBrowsingSeed.ts';
import { seedNewsComments } from './newsCommentsSeed.ts';
import { seedOwnItems } from './ownItemsSeed.ts';
import { seedLiveCommentsOpen } from './liveCommentsSeed.ts';
import { seedLiveFeeds } from './liveFeedsSeed.ts';
import { seedRunDone } from './seedOnce.ts';

const SEED_NAME = 'demo';
const CHUNK = 100;

const alreadySeeded = (db: Database['db'] | Tx) => seedRunDone(db, SEED_NAME);

async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

/**
 * The demo seed, then each later area's seed under its own seed-run name (discover), so a
 * database seeded before an area existed gets that area's data on its next start. `seeded`: the base
 * demo data was loaded by this call.
 */
export async function seedDemo(database: Database, options: { mediaDir: string }): Promise<{ seeded: boolean }> {
  const { seeded } = await seedBase(database, options);
  // Later areas' runs, each under its own seed-run name, also reach a database seeded before them.
  const icons = await seedIconTargets(database);
  const board = await seedBangbangBoard(database, options);
  const discover = await seedDiscover(database, options);
  const newsComments = await seedNewsComments(database, options);
  const interact = await seedInteract(database, options);
  const bangMore = await seedBangbangMore(database, options);
  const answerUnits = await seedAnswerUnits(database);
  const sellers = await seedComplaintSellers(database);
  const rural = await seedRural(database, options);
  const ruralBanners = await seedRuralBanners(database);
  const composition = await seedComposition(database, options);
  const mall = await seedMall(database, options);
  const ownItems = await seedOwnItems(database);
  const liveOpen = await seedLiveCommentsOpen(database);
  const liveFeeds = await seedLiveFeeds(database);
  // The moderation desk's demo queues, after every area whose items it holds or reports.
  const moderation = await seedModeration(database);
  // Last: its accounts take user ids after every earlier run's, so the route table's example ids stay put.
  const ruralExperts = await seedRuralExpertAccounts(database);
  return {
    seeded:
      seeded ||
      icons ||
      board.seeded ||
      discover.seeded ||
      newsComments.seeded ||
      interact.seeded ||
      bangMore.seeded ||
      answerUnits.seeded ||
      sellers.seeded ||
      rural.seeded ||
      ruralBanners.seeded ||
      ruralExperts.seeded ||
      composition.seeded ||
      mall.seeded ||
      ownItems.seeded ||
      liveOpen.seeded ||
      liveFeeds.seeded ||
      moderation.seeded,
  };
}

async function seedBase(database: Database, options: { mediaDir: string }): Promise<{ seeded: boolean }> {
  if (await alreadySeeded(database.db)) return { seeded: false };
  const data = buildDemoData();
  await writePictures(options.mediaDir, data.images);
  const seeded = await database.write(async (tx) => {
    if (await alreadySeeded(tx)) return false;
    await tx.insert(channels).values(data.channels);
    await tx.insert(columns).values(data.columns);
    await tx.insert(districts).values(data.districts);
    await insertChunked(data.news, (chunk) => tx.insert(news).values(chunk));
    await tx.insert(banners).values(data.banners);
    await tx.insert(ads).values(data.ads);
    await tx.insert(appConfig).values(data.appConfig);
    await seedNewsBrowsing(tx, data.news, options.mediaDir);
    await seedDetail(tx, data, options.mediaDir);
    await seedBangbang(tx);
    // Explicit ids were inserted into serial columns: move the sequences past them.
    for (const table of ['news', 'banners', 'ads']) {
      await tx.execute(sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select coalesce(max(id), 1) from ${sql.identifier(table)}))`);
    }
    await tx.insert(seedRuns).values({ name: SEED_NAME });
    return true;
  });
  return { seeded };
}
