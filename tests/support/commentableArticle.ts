/** The first plain article (data type 3) of the seed that is open to comments: what process suites comment on. */
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../src/server/db/client.ts';
import { news } from '../../src/server/db/schema/core.ts';

export async function commentableArticle(database: Database): Promise<{ classId: number; newsId: number }> {
  const [row] = await database.db
    .select({ classId: news.classId, newsId: news.id })
    .from(news)
    .where(and(eq(news.permission, 0), eq(news.dataType, 3)))
    .orderBy(asc(news.id))
    .limit(1);
  if (!row) throw new Error('no commentable article in the seed');
  return row;
}
