/** Discover data access: topics, posts, their tags, first comments and counters; maps rows once. */
import { and, asc, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Post, PostComment, Topic, TopicTag } from '../../contract/discover.ts';
import { formatBeijingTime } from '../../lib/formatTime.ts';
import { BASE_PATH } from '../../lib/safeUrl.ts';
import type { Db, Tx } from '../db/client.ts';
import { rowByClientKey, visibleTo } from '../db/keyedRows.ts';
import { addOne, firstRow } from '../db/rows.ts';
import { appConfig, news } from '../db/schema/core.ts';
import { discoverHotWords, discoverPostTopics, discoverPosts, discoverTopics } from '../db/schema/discover.ts';
import { comments } from '../db/schema/interaction.ts';
import type { Profile } from '../profiles/repo.ts';

type Q = Db | Tx;
export type TopicRow = typeof discoverTopics.$inferSelect;
export type PostRow = typeof discoverPosts.$inferSelect;

/** The comment scope of discover posts (comments.scope). */
export const QUAN_SCOPE = 'quan';

/** `%` and `_` of a reader's keyword are literal in LIKE. */
function likePattern(word: string): string {
  return `%${word.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
}

export async function listHotTopicsRepo(db: Q, page: number, pageSize: number): Promise<TopicRow[]> {
  return db
    .select()
    .from(discoverTopics)
    .orderBy(desc(discoverTopics.hot), asc(discoverTopics.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
}

export async function findTopicRepo(db: Q, id: number): Promise<TopicRow | null> {
  const rows = await db.select().from(discoverTopics).where(eq(discoverTopics.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function topicsByIdsRepo(db: Q, ids: number[]): Promise<TopicRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(discoverTopics).where(inArray(discoverTopics.id, ids));
}

export async function topicsByKeyboardRepo(db: Q, word: string, page: number, pageSize: number): Promise<TopicRow[]> {
  const pattern = likePattern(word);
  return db
    .select()
    .from(discoverTopics)
    .where(or(ilike(discoverTopics.title, pattern), ilike(discoverTopics.keyboard, pattern), ilike(discoverTopics.intro, pattern)))
    .orderBy(desc(discoverTopics.hot), asc(discoverTopics.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
}

export async function hotWordsRepo(db: Q): Promise<{ id: number; word: string }[]> {
  return db
    .select({ id: discoverHotWords.id, word: discoverHotWords.word })
    .from(discoverHotWords)
    .orderBy(desc(discoverHotWords.weight), asc(discoverHotWords.id))
    .limit(20);
}

export interface PostQuery {
  /** The caller: their own pending and rejected posts are listed to them. */
  viewerId: number | null;
  topicId?: number | undefined;
  keyword?: string | undefined;
  page: number;
  pageSize: number;
}

/** A page of posts, newest first (ids break ties, so pages never overlap). */
export async function listPostsRepo(db: Q, q: PostQuery): Promise<PostRow[]> {
  const conditions: SQL[] = [visibleTo(discoverPosts, q.viewerId)];
  if (q.topicId !== undefined) {
    conditions.push(
      sql`exists (select 1 from ${discoverPostTopics} where ${discoverPostTopics.postId} = ${discoverPosts.id} and ${discoverPostTopics.topicId} = ${q.topicId})`,
    );
  }
  if (q.keyword !== undefined) {
    const pattern = likePattern(q.keyword);
    conditions.push(
      or(
        ilike(discoverPosts.content, pattern),
        sql`exists (select 1 from ${discoverPostTopics} join ${discoverTopics} on ${discoverTopics.id} = ${discoverPostTopics.topicId} where ${discoverPostTopics.postId} = ${discoverPosts.id} and ${discoverTopics.title} ilike ${pattern})`,
      )!,
    );
  }
  return db
    .select()
    .from(discoverPosts)
    .where(and(...conditions))
    .orderBy(desc(discoverPosts.isTop), desc(discoverPosts.createdAt), desc(discoverPosts.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
}

/** A live post the viewer may see (null: none, or not theirs to see). */
export async function findVisiblePostRepo(db: Q, id: number, viewerId: number | null): Promise<PostRow | null> {
  return firstRow(db, discoverPosts, and(eq(discoverPosts.id, id), visibleTo(discoverPosts, viewerId)));
}

/** A live, approved post (what others may like and comment on); its author may also act on it. */
export async function findPostRepo(db: Q, id: number): Promise<PostRow | null> {
  return firstRow(db, discoverPosts, and(eq(discoverPosts.id, id), isNull(discoverPosts.deletedAt)));
}

export async function tagsOfPostsRepo(db: Q, postIds: number[]): Promise<Map<number, TopicTag[]>> {
  const out = new Map<number, TopicTag[]>();
  if (postIds.length === 0) return out;
  const rows = await db
    .select({ postId: discoverPostTopics.postId, id: discoverTopics.id, title: discoverTopics.title })
    .from(discoverPostTopics)
    .innerJoin(discoverTopics, eq(discoverTopics.id, discoverPostTopics.topicId))
    .where(inArray(discoverPostTopics.postId, postIds))
    .orderBy(asc(discoverPostTopics.postId), asc(discoverPostTopics.sort));
  for (const r of rows) {
    const list = out.get(r.postId) ?? [];
    list.push({ id: r.id, title: r.title });
    out.set(r.postId, list);
  }
  return out;
}

/** The newest `perPost` live top-level comments of each post. */
export async function firstCommentsRepo(
  db: Q,
  postIds: number[],
  perPost: number,
): Promise<Map<number, { id: number; userId: number; text: string; postId: number }[]>> {
  const out = new Map<number, { id: number; userId: number; text: string; postId: number }[]>();
  if (postIds.length === 0) return out;
  const ranked = db
    .select({
      id: comments.id,
      userId: comments.userId,
      text: comments.text,
      postId: comments.newsId,
      rank: sql<number>`row_number() over (partition by ${comments.newsId} order by ${comments.id} desc)`.as('rank'),
    })
    .from(comments)
    .where(
      and(
        eq(comments.scope, QUAN_SCOPE),
        inArray(comments.newsId, postIds),
        isNull(comments.rootId),
        isNull(comments.deletedAt),
        eq(comments.reviewState, 'approved'),
      ),
    )
    .as('ranked');
  const rows = await db
    .select({ id: ranked.id, userId: ranked.userId, text: ranked.text, postId: ranked.postId })
    .from(ranked)
    .where(sql`${ranked.rank} <= ${perPost}`)
    .orderBy(desc(ranked.id));
  for (const r of rows) {
    const list = out.get(r.postId) ?? [];
    list.push(r);
    out.set(r.postId, list);
  }
  return out;
}

/** Titles and links of the reports official replies name. */
export async function newsLinksRepo(db: Q, ids: number[]): Promise<Map<number, { title: string; classId: number }>> {
  const out = new Map<number, { title: string; classId: number }>();
  if (ids.length === 0) return out;
  const rows = await db.select({ id: news.id, title: news.title, classId: news.classId }).from(news).where(inArray(news.id, ids));
  for (const r of rows) out.set(r.id, { title: r.title, classId: r.classId });
  return out;
}

export async function findPostByClientKeyRepo(db: Q, userId: number, key: string): Promise<PostRow | null> {
  return rowByClientKey(db, discoverPosts, userId, key);
}

export interface NewPost {
  userId: number;
  topicIds: number[];
  content: string;
  pictures: string[];
  video: string;
  reviewState: 'pending' | 'approved';
  clientKey: string | null;
}

/** Writes a post with its tags; the topics' counts move only for an approved post. Null: the client key was taken. */
export async function insertPostRepo(tx: Tx, p: NewPost): Promise<PostRow | null> {
  const rows = await tx
    .insert(discoverPosts)
    .values({
      userId: p.userId,
      topicId: p.topicIds[0]!,
      content: p.content,
      pictures: p.pictures,
      video: p.video,
      reviewState: p.reviewState,
      clientKey: p.clientKey,
    })
    .onConflictDoNothing()
    .returning();
  const row = rows[0];
  if (!row) return null;
  await tx.insert(discoverPostTopics).values(p.topicIds.map((topicId, sort) => ({ postId: row.id, topicId, sort })));
  if (p.reviewState === 'approved') {
    await tx
      .update(discoverTopics)
      .set({ contentCount: sql`${discoverTopics.contentCount} + 1` })
      .where(inArray(discoverTopics.id, p.topicIds));
  }
  return row;
}

/** +1 on a post's like count; returns the new count. */
export async function incrementPostLikeRepo(tx: Tx, id: number): Promise<number> {
  return addOne(tx, discoverPosts, 'likeNum', id);
}

/** Adds `delta` to a post's comment count and to each of its topics' (never below 0); returns the post's new count. */
export async function bumpPostCommentCountRepo(tx: Tx, id: number, delta: number): Promise<number> {
  const rows = await tx
    .update(discoverPosts)
    .set({ commentCount: sql`greatest(${discoverPosts.commentCount} + ${delta}, 0)` })
    .where(eq(discoverPosts.id, id))
    .returning({ commentCount: discoverPosts.commentCount });
  const row = rows[0];
  if (!row) return 0;
  await tx
    .update(discoverTopics)
    .set({ commentCount: sql`greatest(${discoverTopics.commentCount} + ${delta}, 0)` })
    .where(inArray(discoverTopics.id, tx.select({ topicId: discoverPostTopics.topicId }).from(discoverPostTopics).where(eq(discoverPostTopics.postId, id))));
  return row.commentCount;
}

// ── mapping ────────────────────────────────────────────────────────────────────────────────────

const ANONYMOUS: Profile = { nickname: '网友', userPic: '' };

export function toTopic(row: TopicRow): Topic {
  return {
    id: row.id,
    title: row.title,
    intro: row.intro,
    pictures: row.cover === '' ? [] : [row.cover],
    contentCount: row.contentCount,
    commentCount: row.commentCount,
    pv: row.pv,
  };
}

export interface PostExtras {
  viewerId: number | null;
  profiles: Map<number, Profile>;
  liked: Set<number>;
  tags: Map<number, TopicTag[]>;
  comments: Map<number, { id: number; userId: number; text: string }[]>;
  newsLinks: Map<number, { title: string; classId: number }>;
}

export function toPost(row: PostRow, x: PostExtras): Post {
  const who = x.profiles.get(row.userId) ?? ANONYMOUS;
  const link = row.officialNewsId > 0 ? x.newsLinks.get(row.officialNewsId) : undefined;
  const firstComments: PostComment[] = (x.comments.get(row.id) ?? []).map((c) => ({
    id: c.id,
    userId: c.userId,
    nickname: (x.profiles.get(c.userId) ?? ANONYMOUS).nickname,
    sayText: c.text,
  }));
  return {
    id: row.id,
    classId: row.topicId,
    userId: row.userId,
    nickname: who.nickname,
    userPic: who.userPic,
    content: row.content,
    like: row.likeNum,
    commentCount: row.commentCount,
    pv: row.pv,
    isDoLike: x.liked.has(row.id) ? 1 : 0,
    imageUrl: row.pictures,
    video: row.video,
    createTime: formatBeijingTime(row.createdAt),
    tags: x.tags.get(row.id) ?? [],
    official:
      row.officialHtml === ''
        ? null
        : {
            username: row.officialName,
            content: row.officialHtml,
            newsStruct: link
              ? { url: `${BASE_PATH}/NewsDetail?classId=${link.classId}&newsId=${row.officialNewsId}`, title: link.title }
              : { url: '', title: '' },
          },
    comments: firstComments,
    reviewState: row.reviewState === 'pending' || row.reviewState === 'rejected' ? row.reviewState : 'approved',
    rejectReason: row.rejectReason,
    belongMyself: x.viewerId !== null && x.viewerId === row.userId ? 1 : 0,
  };
}

/** One app_config value (null when unset). */
export async function configValueRepo(db: Q, key: string): Promise<unknown> {
  const rows = await db.select({ value: appConfig.value }).from(appConfig).where(eq(appConfig.key, key)).limit(1);
  return rows[0]?.value ?? null;
}
