/**
 * A data directory prepared before a server process opens it (PGlite allows one process per
 * directory): the demo seed, readers with live tokens issued by the real token layer, and a news
 * item that may be liked.
 */
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { createUserRepo } from '../../src/server/accounts/repo.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import { news } from '../../src/server/db/schema/core.ts';
import { seedDemo } from '../../src/server/db/seed/demoSeed.ts';
import { issueToken } from '../../src/server/http/auth.ts';

export interface Reader {
  userId: number;
  token: string;
}

export interface Item {
  classId: number;
  newsId: number;
  likeNum: number;
  commentCount: number;
}

export async function prepareDataDir(dataDir: string, phones: readonly string[]): Promise<{ readers: Reader[]; item: Item }> {
  const database = await openDatabase({ dataDir: path.join(dataDir, 'db') });
  try {
    await seedDemo(database, { mediaDir: path.join(dataDir, 'media') });
    const [row] = await database.db
      .select({ classId: news.classId, newsId: news.id, likeNum: news.likeNum, commentCount: news.commentCount })
      .from(news)
      .where(eq(news.permission, 0))
      .orderBy(asc(news.id))
      .limit(1);
    if (!row) throw new Error('no likable news item in the demo seed');
    const readers: Reader[] = [];
    for (const phone of phones) {
      readers.push(
        await database.write(async (tx) => {
          const user = await createUserRepo(tx, { phone, nickname: `读者${phone.slice(-4)}` });
          return { userId: user.id, token: (await issueToken(tx, user.id)).token };
        }),
      );
    }
    return { readers, item: row };
  } finally {
    await database.close();
  }
}
