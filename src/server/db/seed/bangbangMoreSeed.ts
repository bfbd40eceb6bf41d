/**
 * Demo data of the rest of the board (ADR 010), its own seed run ('bangbang-more'): department
 * accounts for 问政 (each with a demo phone, so the official reply can be tried), more 问政 across
 * statuses (waiting, taken on, replied) and the 已受理 step on some waiting ones, community groups with
 * members and posts, readers' tips and the 帮你解读 column. Pictures are generated scenes (no text).
 * Deterministic: the order of bangbangMoreData.ts and a fixed PRNG.
 */
import { mkdir } from 'node:fs/promises';
import { writeSvgAsWebp } from './demoPictures.ts';
import { join } from 'node:path';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { sanitizeHtml } from '../../../features/richtext/sanitizeHtml.server.ts';
import type { Database } from '../client.ts';
import { users } from '../schema/accounts.ts';
import { bangExplainers, bangGroupMembers, bangGroupPosts, bangGroups, bangMembers, bangPolitics, bangTips } from '../schema/bangbang.ts';
import { DEPARTMENT_PHONE_PREFIX, EXPLAINERS, GROUPS, MORE_POLITICS, TIPS } from './bangbangMoreData.ts';
import { SEED_ANCHOR } from './buildDemoData.ts';
import { createRng, hashString } from './createRng.ts';
import { seedOnce } from './seedOnce.ts';

export const MORE_SEED_NAME = 'bangbang-more';
const HOUR = 3600_000;
const ANCHOR_MS = Date.parse(SEED_ANCHOR);

const SKIES: readonly (readonly [string, string, string])[] = [
  ['#9fd3f5', '#f6e7c1', '#4f7f52'],
  ['#f7b267', '#f79d65', '#5b4a3f'],
  ['#a8c5e6', '#e3eef9', '#3e6b8a'],
  ['#c9e4ca', '#f2f7e8', '#55828b'],
  ['#ffcfd2', '#fde4cf', '#7b6d8d'],
  ['#b8c0ff', '#e7c6ff', '#3d405b'],
];

/** A landscape scene (sky, sun, hills, a river): a real-looking picture with no text in it. */
export function sceneSvg(seed: string, width: number, height: number): string {
  const rng = createRng(hashString(seed));
  const [top, bottom, hill] = SKIES[rng.int(0, SKIES.length - 1)]!;
  const sunX = rng.int(Math.round(width * 0.15), Math.round(width * 0.85));
  const sunY = rng.int(Math.round(height * 0.12), Math.round(height * 0.35));
  const ridge = (base: number, amp: number) => {
    const points: string[] = [`0,${height}`];
    for (let x = 0; x <= width; x += Math.round(width / 8)) points.push(`${x},${Math.round(base + (rng.next() - 0.5) * amp)}`);
    points.push(`${width},${height}`);
    return points.join(' ');
  };
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#s)"/>
<circle cx="${sunX}" cy="${sunY}" r="${Math.round(height * 0.08)}" fill="#fff6d5" opacity="0.9"/>
<polygon points="${ridge(height * 0.55, height * 0.25)}" fill="${hill}" opacity="0.55"/>
<polygon points="${ridge(height * 0.7, height * 0.18)}" fill="${hill}" opacity="0.8"/>
<rect y="${Math.round(height * 0.86)}" width="${width}" height="${Math.round(height * 0.14)}" fill="#6fa8c9" opacity="0.7"/>
</svg>`;
}

const picturePath = (kind: string, i: number, k: number) => `bangbang/${kind}-${i + 1}-${k + 1}.webp`;

async function writePictures(mediaDir: string): Promise<void> {
  await mkdir(join(mediaDir, 'bangbang'), { recursive: true });
  const files: Array<[string, string]> = [];
  for (const [i] of GROUPS.entries()) files.push([picturePath('group', i, 0), sceneSvg(`group-${i}`, 600, 400)]);
  for (const [i, g] of GROUPS.entries()) {
    for (const [j, p] of g.posts.entries()) {
      for (let k = 0; k < (p.pictures ?? 0); k++) files.push([picturePath(`gp${i + 1}`, j, k), sceneSvg(`gp-${i}-${j}-${k}`, 600, 600)]);
    }
  }
  for (const [i, t] of TIPS.entries()) for (let k = 0; k < (t.pictures ?? 0); k++) files.push([picturePath('tip', i, k), sceneSvg(`tip-${i}-${k}`, 750, 500)]);
  for (const [i] of EXPLAINERS.entries()) files.push([picturePath('explain', i, 0), sceneSvg(`explain-${i}`, 600, 400)]);
  // Raster like every demo picture, drawn once and then copied from the picture cache.
  for (const [rel, svg] of files) await writeSvgAsWebp(svg, join(mediaDir, rel));
}

export async function seedBangbangMore(database: Database, options: { mediaDir: string }): Promise<{ seeded: boolean }> {
  return seedOnce(database, MORE_SEED_NAME, async () => {
    await writePictures(options.mediaDir);
    return async (tx) => {
      const rng = createRng(1617);
      const pic = (kind: string, i: number, n: number) => Array.from({ length: n }, (_, k) => `/media/${picturePath(kind, i, k)}`);

      // Residents who write posts and tips: the demo readers (no phone), oldest first.
      const people = (await tx.select({ id: users.id }).from(users).where(isNull(users.phone)).orderBy(asc(users.id)).limit(40)).map((r) => r.id);
      if (people.length < 8) throw new Error('bangbang more seed: the demo readers are missing');
      const person = (k: number) => people[k % people.length]!;

      // More 问政 first, so every department below has an account.
      for (const [i, p] of MORE_POLITICS.entries()) {
        const askedAt = ANCHOR_MS - (i * 17 + 3) * HOUR;
        const repliedAt = p.reply ? new Date(Math.min(askedAt + 40 * HOUR, ANCHOR_MS - HOUR)) : null;
        await tx.insert(bangPolitics).values({
          userId: person(i * 3 + 1),
          title: p.title,
          content: p.content,
          department: p.department,
          status: p.reply ? 1 : 0,
          replyHtml: p.reply ? sanitizeHtml(p.reply) : '',
          repliedAt,
          acceptedAt: p.acceptedAfter ? new Date(Math.min(askedAt + p.acceptedAfter * HOUR, ANCHOR_MS - 2 * HOUR)) : repliedAt,
          likeNum: rng.int(3, 120),
          pv: rng.int(300, 6000),
          createdAt: new Date(askedAt),
        });
      }
      // Every other waiting item of the older board has been taken on by its department.
      const waiting = await tx
        .select({ id: bangPolitics.id, createdAt: bangPolitics.createdAt })
        .from(bangPolitics)
        .where(and(eq(bangPolitics.status, 0), isNull(bangPolitics.acceptedAt)))
        .orderBy(asc(bangPolitics.id));
      for (const [k, row] of waiting.entries()) {
        if (k % 2 === 1) continue;
        await tx
          .update(bangPolitics)
          .set({ acceptedAt: new Date(Math.min(row.createdAt.getTime() + 18 * HOUR, ANCHOR_MS - HOUR)) })
          .where(eq(bangPolitics.id, row.id));
      }
      await tx
        .update(bangPolitics)
        .set({ acceptedAt: sql`coalesce(${bangPolitics.acceptedAt}, ${bangPolitics.repliedAt})` })
        .where(eq(bangPolitics.status, 1));

      // One account per department, in name order (stable phones: 1990000 + 4 digits).
      const departments = [...new Set((await tx.select({ d: bangPolitics.department }).from(bangPolitics)).map((r) => r.d))].sort((a, b) =>
        a.localeCompare(b, 'zh-Hans-CN'),
      );
      const created = await tx
        .insert(users)
        .values(
          departments.map((d, i) => ({
            nickname: d,
            phone: `${DEPARTMENT_PHONE_PREFIX}${String(i + 1).padStart(4, '0')}`,
            createdAt: new Date(ANCHOR_MS - 400 * 24 * HOUR),
          })),
        )
        .onConflictDoNothing()
        .returning({ id: users.id, nickname: users.nickname });
      if (created.length > 0) {
        await tx.insert(bangMembers).values(
          created.map((u, i) => ({
            userId: u.id,
            userType: 4,
            typeName: '官方',
            realName: '',
            job: `${u.nickname} 问政回复账号`,
            introduction: `负责回复网友向${u.nickname}提出的问政。`,
            department: u.nickname,
            isJump: false,
            sort: 100 + i,
          })),
        );
      }

      for (const [i, g] of GROUPS.entries()) {
        const size = 5 + (i % 4) * 2;
        const memberIds = Array.from({ length: size }, (_, k) => person(i * 5 + k));
        const uniqueIds = [...new Set(memberIds)];
        const [group] = await tx
          .insert(bangGroups)
          .values({
            name: g.name,
            intro: g.intro,
            area: g.area,
            cover: pic('group', i, 1)[0]!,
            recommended: g.recommended,
            sort: i + 1,
            memberCount: uniqueIds.length,
            postCount: g.posts.length,
            createdAt: new Date(ANCHOR_MS - (90 + i * 7) * 24 * HOUR),
          })
          .returning({ id: bangGroups.id });
        await tx.insert(bangGroupMembers).values(
          uniqueIds.map((userId, k) => ({
            groupId: group!.id,
            userId,
            role: k === 0 ? 'owner' : k === 1 ? 'admin' : 'member',
            joinedAt: new Date(ANCHOR_MS - (80 - k * 3 + i) * 24 * HOUR),
          })),
        );
        await tx.insert(bangGroupPosts).values(
          g.posts.map((p, j) => ({
            groupId: group!.id,
            userId: uniqueIds[j % uniqueIds.length]!,
            content: p.text,
            pictures: pic(`gp${i + 1}`, j, p.pictures ?? 0),
            likeNum: rng.int(0, 90),
            // Group posts and tips have no comments yet (no rows are seeded), so none are counted.
            recommended: p.pick ?? false,
            createdAt: new Date(ANCHOR_MS - (i * 11 + j * 5 + 1) * HOUR),
          })),
        );
      }

      await tx.insert(bangTips).values(
        TIPS.map((t, i) => ({
          userId: person(i * 2 + 3),
          content: t.text,
          place: t.place,
          pictures: pic('tip', i, t.pictures ?? 0),
          handling: t.handling,
          likeNum: rng.int(0, 200),
          createdAt: new Date(ANCHOR_MS - (i * 7 + 1) * HOUR),
        })),
      );

      await tx.insert(bangExplainers).values(
        EXPLAINERS.map((e, i) => ({
          title: e.title,
          summary: e.summary,
          author: e.author,
          paragraphs: [...e.paragraphs],
          cover: pic('explain', i, 1)[0]!,
          pv: rng.int(800, 30000),
          createdAt: new Date(ANCHOR_MS - (i * 31 + 6) * HOUR),
        })),
      );
    };
  });
}
