/**
 * Demo data of the rural section, under its own seed-run name so a database seeded before the
 * section existed gets it on its next start: rural columns and 44 news items (6 videos) under channel 10,
 * the tab configuration, 8 tagged experts, 23 questions with their answers, 33 farmer posts with likes and
 * comments, 30 days of prices for 17 products in 3 markets, and 6 credit villages with masked households
 * and their deeds. Deterministic: a fixed PRNG, times stepping back from the seed anchor.
 */
import { copyFile, mkdir } from 'node:fs/promises';
import { LANDSCAPE_VIDEOS, type DemoVideo } from './demoVideos.ts';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from '../client.ts';
import { users } from '../schema/accounts.ts';
import { columns, news } from '../schema/core.ts';
import {
  ruralAnswers,
  ruralCreditDeeds,
  ruralCreditLevels,
  ruralExperts,
  ruralHouseholds,
  ruralMarkets,
  ruralPostComments,
  ruralPostLikes,
  ruralPosts,
  ruralPrices,
  ruralProducts,
  ruralQuestions,
  ruralTabs,
  ruralVillages,
} from '../schema/rural.ts';
import { SEED_ANCHOR } from './buildDemoData.ts';
import { createRng } from './createRng.ts';
import {
  CREDIT_DEEDS,
  CREDIT_GIVEN,
  CREDIT_LEVELS,
  CREDIT_SURNAMES,
  FARMER_COMMENTS,
  FARMER_POSTS,
  GENERAL_TABS,
  RURAL_COLUMNS,
  RURAL_EXPERTS,
  RURAL_MARKETS,
  RURAL_NEWS,
  RURAL_PARAGRAPHS,
  RURAL_PEOPLE,
  RURAL_PRODUCTS,
  RURAL_QUESTIONS,
  RURAL_VILLAGES,
  SUB_TABS,
} from './ruralData.ts';
import { ruralAvatar, ruralPicture } from './ruralPictures.ts';
import { writeSvgAsWebp } from './demoPictures.ts';
import { seedOnce } from './seedOnce.ts';
import { beijingDay } from '../../../lib/beijingDay.ts';

export const RURAL_SEED_NAME = 'rural';
/** The channel of 裕农朋友圈 (channelsData.ts). */
export const RURAL_CHANNEL_ID = 10;
const HOUR = 3600_000;
const DAY = 24 * HOUR;
const ANCHOR_MS = Date.parse(SEED_ANCHOR);
const DEMO_VIDEO_DIR = fileURLToPath(new URL('./media/', import.meta.url));

/** The demo video of the i-th rural news item. */
export function ruralVideo(i: number): DemoVideo {
  return LANDSCAPE_VIDEOS[i % LANDSCAPE_VIDEOS.length]!;
}
export const PRICE_DAYS = 30;
const HOUSEHOLDS_PER_VILLAGE = 24;

/** Relative media path (a .webp file) → the SVG drawing it is rasterised from, for every rural picture. */
export function ruralImages(): Map<string, string> {
  const images = new Map<string, string>();
  RURAL_NEWS.forEach((_, i) => images.set(`rural/news-${i + 1}.webp`, ruralPicture(`rural-news-${i}`, 640, 400)));
  FARMER_POSTS.forEach(([, , , count], i) => {
    for (let j = 0; j < count; j++) images.set(`rural/post-${i + 1}-${j + 1}.webp`, ruralPicture(`rural-post-${i}-${j}`, j % 2 === 0 ? 600 : 480, 480));
  });
  RURAL_QUESTIONS.forEach(([, , , , , count], i) => {
    for (let j = 0; j < count; j++) images.set(`rural/question-${i + 1}-${j + 1}.webp`, ruralPicture(`rural-q-${i}-${j}`, 600, 600));
  });
  RURAL_EXPERTS.forEach((_, i) => images.set(`rural/expert-${i + 1}.webp`, ruralAvatar(`rural-expert-${i}`)));
  RURAL_PEOPLE.forEach((_, i) => images.set(`rural/farmer-${i + 1}.webp`, ruralAvatar(`rural-farmer-${i}`)));
  return images;
}

/** Newsrooms publish between 07:00 and 23:00 Beijing time: a night-time moment moves back to the evening before. */
function daytime(ms: number): number {
  const hour = new Date(ms + 8 * HOUR).getUTCHours();
  return hour < 7 ? ms - (hour + 2) * HOUR : ms;
}

function maskedName(surname: string, given: string): string {
  return `${surname}*${given}`;
}

export async function seedRural(database: Database, options: { mediaDir: string }): Promise<{ seeded: boolean }> {
  return seedOnce(database, RURAL_SEED_NAME, async () => {
    await mkdir(join(options.mediaDir, 'rural'), { recursive: true });
    // Raster like every other demo picture, drawn once and then copied from the picture cache.
    for (const [rel, svg] of ruralImages()) await writeSvgAsWebp(svg, join(options.mediaDir, rel));
    // The committed demo videos (generated scenes), each card showing its file's real length.
    for (const v of LANDSCAPE_VIDEOS) await copyFile(join(DEMO_VIDEO_DIR, v.file), join(options.mediaDir, 'rural', v.file));
    return async (tx) => {
      const rng = createRng(2020);

      // Columns and news under channel 10.
      await tx.insert(columns).values(RURAL_COLUMNS.map(([id, name], i) => ({ id, channelId: RURAL_CHANNEL_ID, name, sort: i + 1 })));
      const newsRows = RURAL_NEWS.map(([col, region, title, intro], i) => {
        const [classId, , group] = RURAL_COLUMNS[col]!;
        const video = group === 'video';
        const extra = RURAL_PARAGRAPHS[(i * 3) % RURAL_PARAGRAPHS.length]!;
        return {
          classId,
          channelId: RURAL_CHANNEL_ID,
          dataType: video ? 8 : 3,
          title,
          intro,
          imageUrls: [`/media/rural/news-${i + 1}.webp`],
          isVideo: video,
          videoUrl: video ? `/media/rural/${ruralVideo(i).file}` : '',
          videoTime: video ? `00:${String(ruralVideo(i).seconds).padStart(2, '0')}` : '',
          pv: rng.int(300, 26000),
          likeNum: rng.int(5, 400),
          publishTime: new Date(daytime(ANCHOR_MS - (i * 9 + 2) * HOUR - rng.int(0, 40) * 60_000)),
          content: `<p>${intro}</p><p>${extra}</p>`,
          source: region ? `${region}融媒体中心` : '山城新闻·裕农',
          region,
          writer: rng.pick(['周雨', '陈静', '李想', '谭露', '罗斌']),
        };
      });
      await tx.insert(news).values(newsRows);

      // Tabs.
      await tx.insert(ruralTabs).values(GENERAL_TABS.map(([name, columnId], i) => ({ page: 'general', name, columnId, sort: i + 1 })));
      for (const [i, [parent, children]] of SUB_TABS.entries()) {
        const [row] = await tx
          .insert(ruralTabs)
          .values({ page: 'sub', name: parent, columnId: 0, sort: i + 1 })
          .returning({ id: ruralTabs.id });
        await tx.insert(ruralTabs).values(children.map(([name, columnId], k) => ({ page: 'sub', parentId: row!.id, name, columnId, sort: k + 1 })));
      }

      // People, experts, questions and answers.
      const people = await tx
        .insert(users)
        .values(
          RURAL_PEOPLE.map((nickname, i) => ({ nickname, userPic: `/media/rural/farmer-${i + 1}.webp`, createdAt: new Date(ANCHOR_MS - (400 - i) * DAY) })),
        )
        .returning({ id: users.id });
      const userId = (i: number): number => people[i]!.id;
      const experts = await tx
        .insert(ruralExperts)
        .values(
          RURAL_EXPERTS.map((e, i) => ({
            name: e.name,
            title: e.title,
            org: e.org,
            tags: e.tags.join(','),
            avatar: `/media/rural/expert-${i + 1}.webp`,
            sort: i + 1,
          })),
        )
        .returning({ id: ruralExperts.id });
      // Questions and answers, then posts with likes and comments: one insert per table (seed time matters).
      const questionTimes = RURAL_QUESTIONS.map((_, i) => ANCHOR_MS - (i * 13 + 3) * HOUR - rng.int(0, 50) * 60_000);
      const questions = await tx
        .insert(ruralQuestions)
        .values(
          RURAL_QUESTIONS.map(([person, tag, district, content, answers, pictures], i) => ({
            userId: userId(person),
            content,
            tag,
            district,
            pictures: Array.from({ length: pictures }, (_, j) => `/media/rural/question-${i + 1}-${j + 1}.webp`),
            answerCount: answers.length,
            pv: rng.int(80, 3000),
            createdAt: new Date(questionTimes[i]!),
          })),
        )
        .returning({ id: ruralQuestions.id });
      await tx.insert(ruralAnswers).values(
        RURAL_QUESTIONS.flatMap(([, , , , answers], i) =>
          answers.map(([expert, text], k) => ({
            questionId: questions[i]!.id,
            expertId: experts[expert]!.id,
            content: text,
            likeNum: rng.int(0, 90),
            createdAt: new Date(Math.min(ANCHOR_MS - 60_000, questionTimes[i]! + (k + 1) * rng.int(2, 9) * HOUR)),
          })),
        ),
      );

      const plans = FARMER_POSTS.map(([person], i) => ({
        at: ANCHOR_MS - (i * 7 + 1) * HOUR - rng.int(0, 50) * 60_000,
        likers: rng.shuffle(RURAL_PEOPLE.map((_, k) => k).filter((k) => k !== person)).slice(0, rng.int(0, 12)),
        said: rng.shuffle(FARMER_COMMENTS.filter(([by]) => by !== person)).slice(0, rng.int(0, 4)),
      }));
      const posts = await tx
        .insert(ruralPosts)
        .values(
          FARMER_POSTS.map(([person, district, text, pictures, video], i) => ({
            userId: userId(person),
            content: text,
            district,
            pictures: Array.from({ length: pictures }, (_, j) => `/media/rural/post-${i + 1}-${j + 1}.webp`),
            video: video ? `/media/rural/${ruralVideo(i).file}` : '',
            likeNum: plans[i]!.likers.length,
            commentCount: plans[i]!.said.length,
            createdAt: new Date(plans[i]!.at),
          })),
        )
        .returning({ id: ruralPosts.id });
      const likeRows = plans.flatMap((p, i) => p.likers.map((k) => ({ postId: posts[i]!.id, userId: userId(k), createdAt: new Date(p.at + HOUR) })));
      if (likeRows.length > 0) await tx.insert(ruralPostLikes).values(likeRows);
      const commentRows = plans.flatMap((p, i) =>
        p.said.map(([by, t], k) => ({
          postId: posts[i]!.id,
          userId: userId(by),
          text: t,
          createdAt: new Date(Math.min(ANCHOR_MS - 60_000, p.at + (k + 1) * 35 * 60_000)),
        })),
      );
      if (commentRows.length > 0) await tx.insert(ruralPostComments).values(commentRows);

      // Markets, products, prices: a random walk per product and market, a month up to the anchor's day.
      const markets = await tx
        .insert(ruralMarkets)
        .values(RURAL_MARKETS.map(([name, district], i) => ({ name, district, sort: i + 1 })))
        .returning({ id: ruralMarkets.id });
      const products = await tx
        .insert(ruralProducts)
        .values(RURAL_PRODUCTS.map(([name, category], i) => ({ name, category, unit: '元/斤', sort: i + 1 })))
        .returning({ id: ruralProducts.id });
      const priceRows: (typeof ruralPrices.$inferInsert)[] = [];
      markets.forEach((m, mi) => {
        const factor = [1, 1.06, 0.95][mi] ?? 1;
        products.forEach((p, pi) => {
          const [, , base, vol] = RURAL_PRODUCTS[pi]!;
          let level = 1 + (rng.next() - 0.5) * vol;
          for (let d = PRICE_DAYS - 1; d >= 0; d--) {
            level = Math.min(1 + vol * 2, Math.max(1 - vol * 2, level + (rng.next() - 0.5) * vol * 0.8));
            priceRows.push({
              productId: p.id,
              marketId: m.id,
              day: beijingDay(new Date(ANCHOR_MS - d * DAY)),
              priceFen: Math.max(1, Math.round(base * factor * level * 100)),
            });
          }
        });
      });
      for (let i = 0; i < priceRows.length; i += 300) await tx.insert(ruralPrices).values(priceRows.slice(i, i + 300));

      // Credit: levels, villages, masked households and their deeds.
      await tx
        .insert(ruralCreditLevels)
        .values(CREDIT_LEVELS.map(([rating, minPoints, title, benefits]) => ({ rating, minPoints, title, benefits: [...benefits] })));
      const villages = await tx
        .insert(ruralVillages)
        .values(RURAL_VILLAGES.map(([name, district, town, households, intro], vi) => ({ name, district, town, households, intro, sort: vi + 1 })))
        .returning({ id: ruralVillages.id });
      const homes = villages.flatMap((village) => {
        const strength = rng.int(0, 8);
        return Array.from({ length: HOUSEHOLDS_PER_VILLAGE }, () => {
          const deeds = Array.from({ length: rng.int(1, 3) }, () => {
            const kind = rng.chance(0.08) ? CREDIT_DEEDS[CREDIT_DEEDS.length - 1]! : CREDIT_DEEDS[rng.int(0, CREDIT_DEEDS.length - 2)]!;
            return { kind: kind[0], points: kind[1], description: rng.pick(kind[2]), day: beijingDay(new Date(ANCHOR_MS - rng.int(0, 80) * DAY)) };
          });
          const points = Math.min(100, Math.max(40, rng.int(50, 84) + strength + deeds.reduce((sum, d) => sum + d.points, 0)));
          return { villageId: village.id, maskedName: maskedName(rng.pick(CREDIT_SURNAMES), rng.pick(CREDIT_GIVEN)), points, deeds };
        });
      });
      const households = await tx
        .insert(ruralHouseholds)
        .values(homes.map(({ villageId, maskedName: masked, points }) => ({ villageId, maskedName: masked, points })))
        .returning({ id: ruralHouseholds.id });
      await tx
        .insert(ruralCreditDeeds)
        .values(homes.flatMap((h, i) => h.deeds.map((d) => ({ ...d, applied: d.points, householdId: households[i]!.id, villageId: h.villageId }))));
    };
  });
}
