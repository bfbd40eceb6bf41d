/**
 * Demo data of the 互动 area under its own seed-run name: 12 readers, 16 photos on the photo wall
 * and 23 live-commerce complaints across every platform and status, with their timelines, evidence
 * pictures and sellers' replies. Pictures are procedural scenes rasterised to JPEG (no text on them).
 * Deterministic: order of communityData.ts, times stepped back from the seed anchor, numbers from a fixed PRNG.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Database } from '../client.ts';
import { users } from '../schema/accounts.ts';
import { complaintEvents, complaints, readerPhotos } from '../schema/community.ts';
import { SEED_ANCHOR } from './buildDemoData.ts';
import { createRng } from './createRng.ts';
import { INTERACT_COMPLAINTS, INTERACT_PEOPLE, INTERACT_PHOTOS } from './communityData.ts';
import { sceneJpeg, type SceneKind } from './communityScenes.ts';
import { seedOnce } from './seedOnce.ts';

export const INTERACT_SEED_NAME = 'interact';
const HOUR = 3600_000;
const DAY = 24 * HOUR;
const ANCHOR_MS = Date.parse(SEED_ANCHOR);
const SHAPES = { wide: [800, 533], tall: [600, 800], square: [700, 700] } as const;
const EVIDENCE_SCENES: SceneKind[] = ['market', 'riverDay', 'fog', 'night'];

/** Writes every picture; returns photo sizes by index. */
async function writePictures(mediaDir: string): Promise<void> {
  const dir = join(mediaDir, 'interact');
  await mkdir(dir, { recursive: true });
  const rng = createRng(1515);
  for (const [i, p] of INTERACT_PHOTOS.entries()) {
    const [w, h] = SHAPES[p.shape];
    await writeFile(join(dir, `photo-${i + 1}.jpg`), await sceneJpeg(rng, p.scene, w, h));
  }
  for (const [i, c] of INTERACT_COMPLAINTS.entries()) {
    for (let j = 0; j < c.pictures; j++) {
      await writeFile(join(dir, `evidence-${i + 1}-${j + 1}.jpg`), await sceneJpeg(rng, EVIDENCE_SCENES[(i + j) % EVIDENCE_SCENES.length]!, 480, 480));
    }
  }
}

/** The timeline of a complaint in its final status: each step a little after the one before. */
function stepsOf(c: (typeof INTERACT_COMPLAINTS)[number], filedAt: number): { status: string; note: string; at: number }[] {
  const steps = [{ status: 'submitted', note: '投诉已提交，平台将在 3 个工作日内审核受理', at: filedAt }];
  if (c.status === 'refused') return [...steps, { status: 'refused', note: c.refuse ?? '', at: filedAt + 20 * HOUR }];
  if (c.status === 'submitted') return steps;
  steps.push({ status: 'accepted', note: '投诉已受理，已转交商家处理，商家需在 7 日内答复', at: filedAt + 18 * HOUR });
  if (c.status === 'accepted') return steps;
  steps.push({ status: 'processing', note: '商家已答复，平台正在跟进双方协商', at: filedAt + 2 * DAY + 3 * HOUR });
  if (c.status === 'processing') return steps;
  steps.push({ status: 'completed', note: '消费者确认问题已解决，投诉办结', at: filedAt + 5 * DAY });
  return steps;
}

export async function seedInteract(database: Database, options: { mediaDir: string }): Promise<{ seeded: boolean }> {
  return seedOnce(database, INTERACT_SEED_NAME, async () => {
    await writePictures(options.mediaDir);
    return async (tx) => {
      const rng = createRng(2215);
      const people = await tx
        .insert(users)
        .values(INTERACT_PEOPLE.map((nickname, i) => ({ nickname, createdAt: new Date(ANCHOR_MS - (400 - i * 7) * DAY) })))
        .returning({ id: users.id });
      const userId = (index: number): number => people[index]!.id;
      await tx.insert(readerPhotos).values(
        INTERACT_PHOTOS.map((p, i) => ({
          userId: userId(p.by),
          url: `/media/interact/photo-${i + 1}.jpg`,
          width: SHAPES[p.shape][0],
          height: SHAPES[p.shape][1],
          caption: p.caption,
          likeNum: p.likes,
          createdAt: new Date(ANCHOR_MS - (i * 7 + 2) * HOUR - rng.int(0, 50) * 60_000),
        })),
      );
      // Oldest first, so ids grow with time like real filings.
      const ordered = [...INTERACT_COMPLAINTS.entries()].sort((a, b) => b[1].daysAgo - a[1].daysAgo);
      for (const [i, c] of ordered) {
        const filedAt = ANCHOR_MS - c.daysAgo * DAY - rng.int(1, 10) * HOUR;
        const steps = stepsOf(c, filedAt);
        const last = steps[steps.length - 1]!;
        const [row] = await tx
          .insert(complaints)
          .values({
            userId: userId(c.by),
            platform: c.platform,
            shopName: c.shop,
            orderNo: c.orderNo,
            amountFen: Math.round(c.amount * 100),
            problemType: c.problem,
            content: c.content,
            demand: c.demand,
            pictures: Array.from({ length: c.pictures }, (_, j) => `/media/interact/evidence-${i + 1}-${j + 1}.jpg`),
            contactPhone: `1${rng.pick(['38', '39', '58', '77', '86'])}${String(rng.int(10_000_000, 99_999_999))}`,
            status: c.status,
            refuseReason: c.refuse ?? '',
            sellerReply: c.reply ?? '',
            sellerReplyAt: c.reply ? new Date(filedAt + 2 * DAY) : null,
            createdAt: new Date(filedAt),
            updatedAt: new Date(last.at),
          })
          .returning({ id: complaints.id });
        await tx.insert(complaintEvents).values(steps.map((s) => ({ complaintId: row!.id, status: s.status, note: s.note, createdAt: new Date(s.at) })));
      }
    };
  });
}
