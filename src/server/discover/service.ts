/**
 * Discover rules (spec 2.6, 4, 7.2): who sees which post (approved ones, and the author's own pending or
 * rejected ones), what a publish writes (review state, own pictures and video only, idempotent, rate-limited).
 */
import type { Context } from 'hono';
import { POST_COMMENTS_SHOWN, POST_VIDEO_URL } from '../../contract/discoverRules.ts';
import type { Post, Topic } from '../../contract/discover.ts';
import { StatusCode } from '../../contract/envelope.ts';
import type { Db } from '../db/client.ts';
import type { AuthUser } from '../http/auth.ts';
import { fail } from '../http/envelope.ts';
import { callKey } from '../http/idempotentInsert.ts';
import { insertReviewedRow } from '../review/write.ts';
import { paced } from '../http/rateLimit.ts';
import type { AppDeps, ServiceContext } from '../http/types.ts';
import { profilesRepo } from '../profiles/repo.ts';
import { likedIdsRepo } from '../likes/repo.ts';
import { readerVideos } from '../upload/storeVideo.ts';
import { checkPictures } from '../upload/checkPictures.ts';
import { mediaOf } from '../media/storage.ts';
import {
  configValueRepo,
  findPostByClientKeyRepo,
  findTopicRepo,
  findVisiblePostRepo,
  firstCommentsRepo,
  hotWordsRepo,
  insertPostRepo,
  listHotTopicsRepo,
  listPostsRepo,
  newsLinksRepo,
  tagsOfPostsRepo,
  topicsByIdsRepo,
  topicsByKeyboardRepo,
  toPost,
  toTopic,
  type PostQuery,
  type PostRow,
} from './repo.ts';

export const DISCOVER_MESSAGES = {
  postMissing: '动态不存在或已删除',
  topicMissing: '话题不存在',
  published: '发布成功',
  pending: '发布成功，审核通过后将公开显示',
  duplicate: '请勿重复发布相同的内容',
  videoInvalid: '视频无效，请重新上传',
} as const;

/** The like kind of a discover post in the likes table (one like per user per post). */
export const QUAN_LIKE_KIND = 'quan_post';

/** app_config key of the area's review-before-publish setting (team rule; default off). */
export const REVIEW_SETTING_KEY = 'discover.reviewBeforePublish';

/** Publishing: one post per 10 s, ≤ 20 a day per user (security.md C2 spirit: posts are rarer than comments). */
const PUBLISH_RULES = paced(10_000, 20);
const DUPLICATE_WINDOW_MS = 5 * 60_000;

/** Rows → posts with their authors, tags, first comments, the caller's likes and the official reply's link. */
export async function hydratePosts(db: Db, viewer: AuthUser | null, rows: PostRow[]): Promise<Post[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [tags, firstComments, liked, newsLinks] = await Promise.all([
    tagsOfPostsRepo(db, ids),
    firstCommentsRepo(db, ids, POST_COMMENTS_SHOWN),
    viewer ? likedIdsRepo(db, viewer.userId, QUAN_LIKE_KIND, ids) : Promise.resolve(new Set<number>()),
    newsLinksRepo(db, [...new Set(rows.map((r) => r.officialNewsId).filter((id) => id > 0))]),
  ]);
  const userIds = new Set(rows.map((r) => r.userId));
  for (const list of firstComments.values()) for (const c of list) userIds.add(c.userId);
  const profiles = await profilesRepo(db, [...userIds]);
  return rows.map((row) => toPost(row, { viewerId: viewer?.userId ?? null, profiles, liked, tags, comments: firstComments, newsLinks }));
}

export async function hotTopicsService(db: Db, page: number, pageSize: number): Promise<Topic[]> {
  return (await listHotTopicsRepo(db, page, pageSize)).map(toTopic);
}

export async function themeInfoService(db: Db, themeId: number): Promise<Topic> {
  const row = await findTopicRepo(db, themeId);
  if (!row) throw fail(StatusCode.notFound, DISCOVER_MESSAGES.topicMissing);
  return toTopic(row);
}

export async function topicsByKeyboardService(db: Db, keyboard: string, page: number, pageSize: number): Promise<Topic[]> {
  return (await topicsByKeyboardRepo(db, keyboard, page, pageSize)).map(toTopic);
}

export function hotWordsService(db: Db) {
  return hotWordsRepo(db);
}

export async function postsService(db: Db, viewer: AuthUser | null, q: Omit<PostQuery, 'viewerId'>): Promise<Post[]> {
  if (q.topicId !== undefined && !(await findTopicRepo(db, q.topicId))) throw fail(StatusCode.notFound, DISCOVER_MESSAGES.topicMissing);
  const rows = await listPostsRepo(db, { ...q, viewerId: viewer?.userId ?? null });
  return hydratePosts(db, viewer, rows);
}

export async function postDetailService(db: Db, viewer: AuthUser | null, id: number): Promise<Post> {
  const row = await findVisiblePostRepo(db, id, viewer?.userId ?? null);
  if (!row) throw fail(StatusCode.notFound, DISCOVER_MESSAGES.postMissing);
  const [post] = await hydratePosts(db, viewer, [row]);
  return post!;
}

async function reviewState(db: Db): Promise<'pending' | 'approved'> {
  return (await configValueRepo(db, REVIEW_SETTING_KEY)) === true ? 'pending' : 'approved';
}

export interface PublishInput {
  content: string;
  imageUrl: string[];
  /** '' or the caller's own uploaded video. */
  video: string;
  topicIds: number[];
}

export type PublishContext = ServiceContext;

/**
 * The video must be the caller's own upload, stored (security.md I68–I70, "Discover videos"): no outside URLs, no
 * other reader's file, no name that was never written.
 */
export async function checkVideo(deps: AppDeps, userId: number, url: string): Promise<void> {
  if (url === '') return;
  const match = POST_VIDEO_URL.exec(url);
  if (!match || Number(match[1]) !== userId || !(await mediaOf(deps).exists(`${readerVideos(userId).folder}/${match[2]!}`))) {
    throw fail(StatusCode.badParams, DISCOVER_MESSAGES.videoInvalid);
  }
}

function samePost(row: PostRow, input: PublishInput): boolean {
  return (
    row.content === input.content &&
    JSON.stringify(row.pictures) === JSON.stringify(input.imageUrl) &&
    row.video === input.video &&
    row.topicId === input.topicIds[0]
  );
}

export async function publishService(ctx: PublishContext, c: Context, user: AuthUser, input: PublishInput): Promise<{ post: Post; message: string }> {
  const db = ctx.deps.database.db;
  const row = await insertReviewedRow(ctx, callKey(c), user, {
    desk: { kind: 'discover_post', area: 'discover', text: input.content },
    byKey: findPostByClientKeyRepo,
    same: (r) => samePost(r, input),
    check: async () => {
      const topics = await topicsByIdsRepo(db, input.topicIds);
      if (topics.length !== input.topicIds.length) throw fail(StatusCode.badParams, DISCOVER_MESSAGES.topicMissing);
      await checkPictures(ctx.deps, user.userId, input.imageUrl);
      await checkVideo(ctx.deps, user.userId, input.video);
      const recent = await listPostsRepo(db, { viewerId: user.userId, page: 1, pageSize: 5 });
      if (recent.some((r) => r.userId === user.userId && r.content === input.content && Date.now() - r.createdAt.getTime() < DUPLICATE_WINDOW_MS)) {
        throw fail(StatusCode.fail, DISCOVER_MESSAGES.duplicate);
      }
      await ctx.limiter.take([{ key: `quan-publish:user:${user.userId}`, rules: PUBLISH_RULES }]);
    },
    reviewState: () => reviewState(db),
    insert: (tx, stamp) => insertPostRepo(tx, { ...stamp, topicIds: input.topicIds, content: input.content, pictures: input.imageUrl, video: input.video }),
    lost: DISCOVER_MESSAGES.postMissing,
  });
  const [post] = await hydratePosts(db, user, [row]);
  return { post: post!, message: row.reviewState === 'pending' ? DISCOVER_MESSAGES.pending : DISCOVER_MESSAGES.published };
}
