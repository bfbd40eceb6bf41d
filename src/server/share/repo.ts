import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { news } from '../db/schema/core.ts';

export interface ShareSourceRow {
  title: string;
  smallText: string;
  intro: string;
  customImage: string;
  imageUrls: string[];
}

/** What a share card is made of, for one article; null when there is no such article. */
export async function shareSourceRepo(db: Db, newsId: number): Promise<ShareSourceRow | null> {
  const rows = await db
    .select({ title: news.title, smallText: news.smallText, intro: news.intro, customImage: news.customImage, imageUrls: news.imageUrls })
    .from(news)
    .where(eq(news.id, newsId))
    .limit(1);
  return rows[0] ?? null;
}
