/**
 * Demo data of discover, under its own seed-run name so a database seeded before discover
 * existed gets it on its next start: 10 topics, 45 posts with generated pictures (1 to 6 each) or a demo video, official
 * replies linking real demo news items, comments. Counters are written to match the rows. Deterministic:
 * ids follow the order of discoverData.ts, times step back from the seed anchor, numbers from a fixed PRNG.
 */
import { copyFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { sanitizeHtml } from '../../../features/richtext/sanitizeHtml.server.ts';
import type { Database } from '../client.ts';
import { users } from '../schema/accounts.ts';
import { news } from '../schema/core.ts';
import { discoverHotWords, discoverPostTopics, discoverPosts, discoverTopics } from '../schema/discover.ts';
import { comments } from '../schema/interaction.ts';
import { SEED_ANCHOR } from './buildDemoData.ts';
import { createRng } from './createRng.ts';
import { DISCOVER_HOT_WORDS, DISCOVER_PEOPLE, DISCOVER_POSTS, DISCOVER_TOPICS, OFFICIAL_ACCOUNTS } from './discoverData.ts';
import { PictureSet, writePictures } from './demoPictures.ts';
import { DEMO_VIDEO_DIR } from './demoVideos.ts';
import { sceneForCaption } from './sceneSvg.ts';
import { seedOnce } from './seedOnce.ts';

export const DISCOVER_SEED_NAME = 'discover';
const HOUR = 3600_000;
const ANCHOR_MS = Date.parse(SEED_ANCHOR);
/** Picture shapes: landscape, portrait, square. */
const SHAPES = [
  [750, 500],
  [600, 800],
  [700, 700],
] as const;

/** Every post picture and topic cover: a raster scene that fits its caption (demoPictures.ts). */
export function discoverImages(): PictureSet {
  const images = new PictureSet();
  for (const [i, t] of DISCOVER_TOPICS.entries()) {
    images.add('discover', `topic-${i + 1}`, { kind: sceneForCaption(t.title, i), width: 600, height: 400 });
  }
  for (const [i, p] of DISCOVER_POSTS.entries()) {
    for (const [j, caption] of p.pictures.entries()) {
      const [w, h] = SHAPES[(i + j) % SHAPES.length]!;
      images.add('discover', `post-${i + 1}-${j + 1}`, { kind: sceneForCaption(caption, i + j), width: w, height: h });
    }
  }
  return images;
}

/** The public address of post i's demo video. */
function postVideoUrl(i: number): string {
  return `/media/discover/post-${i + 1}.mp4`;
}

/** Copies the demo videos of the posts that have one into the media folder. */
async function copyPostVideos(mediaDir: string): Promise<void> {
  await mkdir(path.join(mediaDir, 'discover'), { recursive: true });
  for (const [i, p] of DISCOVER_POSTS.entries()) {
    if (p.video) await copyFile(path.join(DEMO_VIDEO_DIR, p.video), path.join(mediaDir, postVideoUrl(i).slice('/media/'.length)));
  }
}

export async function seedDiscover(database: Database, options: { mediaDir: string }): Promise<{ seeded: boolean }> {
  return seedOnce(database, DISCOVER_SEED_NAME, async () => {
    const images = discoverImages();
    await writePictures(options.mediaDir, images);
    await copyPostVideos(options.mediaDir);
    return async (tx) => {
      const rng = createRng(1717);
      // The reports official replies link: the demo's plain news articles, oldest ids first.
      const reports = await tx.select({ id: news.id, classId: news.classId }).from(news).where(eq(news.dataType, 3)).orderBy(asc(news.id)).limit(40);
      const people = await tx
        .insert(users)
        .values(DISCOVER_PEOPLE.map((nickname, i) => ({ nickname, createdAt: new Date(ANCHOR_MS - (300 - i) * 24 * HOUR) })))
        .returning({ id: users.id });
      const userId = (index: number): number => people[index]!.id;
      const topics = await tx
        .insert(discoverTopics)
        .values(
          DISCOVER_TOPICS.map((t, i) => ({
            title: t.title,
            intro: t.intro,
            keyboard: t.keyboard,
            cover: `/media/discover/topic-${i + 1}.webp`,
            hot: 1000 - i * 37 + rng.int(0, 30),
            pv: rng.int(2000, 60000),
            createdAt: new Date(ANCHOR_MS - (200 - i) * 24 * HOUR),
          })),
        )
        .returning({ id: discoverTopics.id });
      const topicId = (index: number): number => topics[index]!.id;
      const contentCount = new Map<number, number>();
      const commentCount = new Map<number, number>();
      let officialIndex = 0;
      for (const [i, p] of DISCOVER_POSTS.entries()) {
        // Newest post first in the data: post i was written i * 5 + 1 hours before the anchor, give or take.
        const at = ANCHOR_MS - (i * 5 + 1) * HOUR - rng.int(0, 50) * 60_000;
        const report = p.official ? reports[(officialIndex++ * 7) % Math.max(1, reports.length)] : undefined;
        const [row] = await tx
          .insert(discoverPosts)
          .values({
            topicId: topicId(p.topics[0]!),
            userId: userId(p.by),
            content: p.text,
            pictures: p.pictures.map((_, j) => `/media/discover/post-${i + 1}-${j + 1}.webp`),
            video: p.video ? postVideoUrl(i) : '',
            likeNum: rng.int(2, 320),
            pv: rng.int(200, 9000),
            commentCount: p.comments?.length ?? 0,
            officialName: p.official ? OFFICIAL_ACCOUNTS[p.official.by]! : '',
            officialHtml: p.official ? sanitizeHtml(p.official.html) : '',
            officialNewsId: report?.id ?? 0,
            officialClassId: report?.classId ?? 0,
            createdAt: new Date(at),
          })
          .returning({ id: discoverPosts.id });
        const postId = row!.id;
        await tx.insert(discoverPostTopics).values(p.topics.map((t, sort) => ({ postId, topicId: topicId(t), sort })));
        for (const t of p.topics) {
          contentCount.set(topicId(t), (contentCount.get(topicId(t)) ?? 0) + 1);
          commentCount.set(topicId(t), (commentCount.get(topicId(t)) ?? 0) + (p.comments?.length ?? 0));
        }
        for (const [j, c] of (p.comments ?? []).entries()) {
          await tx.insert(comments).values({
            scope: 'quan',
            classId: topicId(p.topics[0]!),
            newsId: postId,
            userId: userId(c.by),
            text: c.text,
            likeNum: rng.int(0, 40),
            // Comments come in the hours after the post, never after the seed's "now".
            createdAt: new Date(Math.min(ANCHOR_MS - 60_000, at + (j + 1) * 40 * 60_000)),
          });
        }
      }
      for (const [id, n] of contentCount) {
        await tx
          .update(discoverTopics)
          .set({ contentCount: n, commentCount: commentCount.get(id) ?? 0 })
          .where(eq(discoverTopics.id, id));
      }
      await tx.insert(discoverHotWords).values(DISCOVER_HOT_WORDS.map((word, i) => ({ word, weight: 100 - i * 7 })));
    };
  });
}
