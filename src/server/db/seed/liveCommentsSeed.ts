/**
 * Live items are open to comments (a live page invites its viewers to chat; spec 9 reports their comments
 * with platform id 1). A fresh database gets them open from buildDemoData.ts and detailSeed.ts; this run
 * (its own seed-run name) opens them, once, in a database seeded before.
 */
import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { news } from '../schema/core.ts';
import { newsDetailExtras } from '../schema/detail.ts';
import { seedOnce } from './seedOnce.ts';

export const LIVE_COMMENTS_SEED = 'live-comments-open';

export function seedLiveCommentsOpen(database: Database): Promise<{ seeded: boolean }> {
  return seedOnce(database, LIVE_COMMENTS_SEED, () =>
    Promise.resolve(async (tx) => {
      const live = tx.select({ id: news.id }).from(news).where(eq(news.dataType, 1));
      await tx.update(news).set({ allowPl: true }).where(eq(news.dataType, 1));
      await tx.update(newsDetailExtras).set({ hideComments: false }).where(inArray(newsDetailExtras.newsId, live));
    }),
  );
}
