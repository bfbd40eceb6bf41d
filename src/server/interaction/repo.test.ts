/**
 * The top-level comment page read (the prepared `comments_page_with_replies` query) and its snapshot bound (security.md M101). The ids
 * are widened to bigint here, one past the largest 32-bit id among them: "no snapshot" must mean no bound, not a largest id.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../../tests/support/testDatabase.ts';
import { comments } from '../db/schema/interaction.ts';
import { listTopCommentsRepo, type CommentPageQuery } from './repo.ts';

const NEWS_ID = 7;
const PAST_32_BITS = 2_147_483_648;
const page = (over: Partial<CommentPageQuery>): CommentPageQuery => ({
  viewerId: null,
  scope: 'news',
  newsId: NEWS_ID,
  page: 1,
  pageSize: 10,
  maxId: undefined,
  ...over,
});

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
  await database.db.execute(sql`alter table comments alter column id type bigint`);
  const ids = [3, 5, 8, 13, PAST_32_BITS];
  await database.db.insert(comments).values(ids.map((id) => ({ id, classId: 1, newsId: NEWS_ID, userId: 1, text: `第 ${id} 条` })));
});
afterAll(async () => {
  await database.close();
});

describe('listTopCommentsRepo', () => {
  it.each([
    ['without a snapshot lists every comment newest first, whatever its id', {}, [PAST_32_BITS, 13, 8, 5, 3]],
    ['with a snapshot lists only the comments up to it', { maxId: 8 }, [8, 5, 3]],
    ['with a snapshot between two ids lists those below it', { maxId: 12 }, [8, 5, 3]],
    ['pages within the snapshot', { maxId: 8, page: 2, pageSize: 2 }, [3]],
  ])('%s', async (_behaviour, over, expected) => {
    const { tops } = await listTopCommentsRepo(database.db, page(over), 2);
    expect(tops.map((r) => Number(r.id))).toEqual(expected);
  });
});
