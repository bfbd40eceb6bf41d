/**
 * The crash test of docs/security.md (security.md M96, M97, M100): readers like and comment
 * concurrently, the server is killed with SIGKILL at a random moment mid-load, and after a restart on
 * the same data every write that got a success answer is there exactly once, counters equal the rows
 * they count, and a retried comment with the same Idempotency-Key answers the same comment id.
 * Shared by tests/server/crash.test.ts (PGlite) and tests/services/crash.test.ts (PostgreSQL).
 */
import { randomBytes, randomInt } from 'node:crypto';
import path from 'node:path';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database } from '../../src/server/db/client.ts';
import { news } from '../../src/server/db/schema/core.ts';
import { newsDetailExtras } from '../../src/server/db/schema/detail.ts';
import { comments, commentIdempotency, likes } from '../../src/server/db/schema/interaction.ts';
import { seedDemo } from '../../src/server/db/seed/demoSeed.ts';
import { loadUntilKilled, postForm, shuffle, type CrashTarget, type WriteAnswer } from './crashHarness.ts';
import { startServer, stopServer } from './serverProcess.ts';
import { createTestUsers, type TestUser } from './testUsers.ts';

const USERS = 40;
const LIKES_PER_USER = 10;
const ARTICLES = 12;

interface LikeJob {
  kind: 'like';
  user: TestUser;
  newsId: number;
  classId: number;
}
interface CommentJob {
  kind: 'comment';
  user: TestUser;
  newsId: number;
  classId: number;
  key: string;
  text: string;
}
type Job = LikeJob | CommentJob;

async function send(origin: string, job: Job): Promise<WriteAnswer | null> {
  if (job.kind === 'like') return postForm(`${origin}/v1/like/do`, job.user.headers, { classId: job.classId, newsId: job.newsId, type: 1 });
  return postForm(
    `${origin}/v1/comment/store`,
    { ...job.user.headers, 'idempotency-key': job.key },
    { classId: job.classId, newsId: job.newsId, sayText: job.text },
  );
}

async function counters(database: Database, ids: number[]): Promise<Map<number, { likeOffset: number; commentOffset: number }>> {
  const rows = await database.db.select({ id: news.id, likeNum: news.likeNum, commentCount: news.commentCount }).from(news).where(inArray(news.id, ids));
  const likeRows = await database.db
    .select({ id: likes.targetId, n: sql<number>`count(*)::int` })
    .from(likes)
    .where(and(eq(likes.kind, 'news'), inArray(likes.targetId, ids)))
    .groupBy(likes.targetId);
  const commentRows = await database.db
    .select({ id: comments.newsId, n: sql<number>`count(*)::int` })
    .from(comments)
    .where(and(eq(comments.scope, 'news'), inArray(comments.newsId, ids), isNull(comments.deletedAt), eq(comments.reviewState, 'approved')))
    .groupBy(comments.newsId);
  const count = (list: { id: number; n: number }[], id: number): number => Number(list.find((r) => r.id === id)?.n ?? 0);
  // The demo seed gives articles counts without rows; what must hold is that the difference between a
  // counter and its rows never changes, i.e. every new row moved its counter by exactly one. The comment
  // counter counts public comments (news comments are reviewed before publication): approved rows only.
  return new Map(rows.map((r) => [r.id, { likeOffset: r.likeNum - count(likeRows, r.id), commentOffset: r.commentCount - count(commentRows, r.id) }]));
}

export async function runCrashScenario(target: CrashTarget): Promise<{ acknowledged: number; inFlight: number }> {
  // Seed, readers and their tokens go in before the server starts (PGlite has one owner at a time).
  let database = await target.open();
  await seedDemo(database, { mediaDir: path.join(target.dataDir, 'media') });
  const articles = await database.db
    .select({ id: news.id, classId: news.classId })
    .from(news)
    .where(
      and(
        eq(news.dataType, 3),
        eq(news.allowPl, true),
        sql`(${news.permission} & 8) = 0`,
        sql`not exists (select 1 from ${newsDetailExtras} where ${newsDetailExtras.newsId} = ${news.id} and ${newsDetailExtras.hideComments})`,
      ),
    )
    .orderBy(news.id)
    .limit(ARTICLES);
  expect(articles).toHaveLength(ARTICLES);
  const ids = articles.map((a) => a.id);
  const users = await createTestUsers(database, USERS);
  const before = await counters(database, ids);
  await database.close();

  const run = randomBytes(4).toString('hex');
  const jobs: Job[] = [];
  users.forEach((user, u) => {
    for (let j = 0; j < LIKES_PER_USER; j++) jobs.push({ kind: 'like', user, ...pick(articles, u + j) });
    jobs.push({ kind: 'comment', user, ...pick(articles, u), key: `crash-${run}-${u}`, text: `崩溃测试 ${run} 读者${u}` });
  });
  shuffle(jobs);

  let server = await startServer({ dataDir: target.dataDir, env: target.env });
  // The kill comes after a random number of success answers (30–150 of 440), with requests in flight.
  const { acknowledged, inFlightAtKill, acked } = await loadUntilKilled(server, jobs, { killAfter: randomInt(30, 151), workers: 24, send });

  // Restart on the same data; a retry of every comment with its key (acknowledged or not) must not double it.
  server = await startServer({ dataDir: target.dataDir, env: target.env });
  try {
    const later: CommentJob[] = [];
    for (const job of jobs.filter((j): j is CommentJob => j.kind === 'comment')) {
      const retry = await send(server.origin, job);
      const first = acked(job);
      // A request that died in flight may already have been counted against the reader's one-post-per-5-s
      // limit (kept in Redis across the restart) without its comment being written: nothing was promised,
      // so the reader is told to wait and retries after the window, as the client would.
      if (!first && retry?.statusCode === 429) {
        later.push(job);
        continue;
      }
      expect(retry?.statusCode, `retry of ${job.key}`).toBe(200);
      if (first) expect(retry?.data?.id, `retry of acknowledged ${job.key}`).toBe(first.data?.id);
    }
    if (later.length > 0) await new Promise((resolve) => setTimeout(resolve, 5_500));
    for (const job of later) {
      const retry = await send(server.origin, job);
      expect(retry?.statusCode, `retry after the post interval of ${job.key}`).toBe(200);
    }
  } finally {
    await stopServer(server);
  }

  database = await target.open();
  try {
    const userIds = users.map((u) => u.userId);
    const likeRows = await database.db
      .select({ userId: likes.userId, targetId: likes.targetId })
      .from(likes)
      .where(and(eq(likes.kind, 'news'), inArray(likes.userId, userIds)));
    const likeCount = new Map<string, number>();
    for (const r of likeRows) likeCount.set(`${r.userId}:${r.targetId}`, (likeCount.get(`${r.userId}:${r.targetId}`) ?? 0) + 1);
    for (const job of jobs.filter((j): j is LikeJob => j.kind === 'like')) {
      const n = likeCount.get(`${job.user.userId}:${job.newsId}`) ?? 0;
      if (acked(job)) expect(n, `acknowledged like ${job.user.userId}:${job.newsId}`).toBe(1);
      else expect(n).toBeLessThanOrEqual(1);
    }
    const commentRows = await database.db
      .select({ id: comments.id, userId: comments.userId, text: comments.text })
      .from(comments)
      .where(and(inArray(comments.userId, userIds), isNull(comments.deletedAt)));
    for (const job of jobs.filter((j): j is CommentJob => j.kind === 'comment')) {
      const mine = commentRows.filter((r) => r.userId === job.user.userId && r.text === job.text);
      // Acknowledged or not, after the retry each comment exists exactly once.
      expect(mine, `comment ${job.key}`).toHaveLength(1);
      const first = acked(job);
      if (first) expect(mine[0]!.id).toBe(first.data?.id);
    }
    const keys = await database.db.select({ key: commentIdempotency.key }).from(commentIdempotency).where(inArray(commentIdempotency.userId, userIds));
    expect(keys.map((k) => k.key).sort()).toEqual(users.map((_, u) => `crash-${run}-${u}`).sort());
    expect(await counters(database, ids)).toEqual(before);
  } finally {
    await database.close();
  }
  return { acknowledged, inFlight: inFlightAtKill };
}

function pick(articles: { id: number; classId: number }[], i: number): { newsId: number; classId: number } {
  const a = articles[i % articles.length]!;
  return { newsId: a.id, classId: a.classId };
}
