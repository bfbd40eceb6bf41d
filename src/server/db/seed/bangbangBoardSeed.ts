/**
 * Demo data of the whole board (ADR 010), its own seed run ('bangbang-board') so a database seeded
 * before it gets it on its next start: members with their tags (on the issue-5 answerers and new
 * users), more questions (pictures as generated SVGs under media/bangbang, some closed, two waiting),
 * the service grid and the hot searches. Deterministic: order of bangbangBoardData.ts, a fixed PRNG.
 */
import { and, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { users } from '../schema/accounts.ts';
import { bangAnswers, bangHotSearches, bangMembers, bangQuestions, bangServices } from '../schema/bangbang.ts';
import { BOARD_HOT_SEARCHES, BOARD_MEMBERS, BOARD_QUESTIONS, BOARD_SERVICES } from './bangbangBoardData.ts';
import { SEED_ANCHOR } from './buildDemoData.ts';
import { createRng } from './createRng.ts';
import { PictureSet, writePictures as drawPictures } from './demoPictures.ts';
import { sceneForCaption } from './sceneSvg.ts';
import { seedOnce } from './seedOnce.ts';

export const BOARD_SEED_NAME = 'bangbang-board';
const HOUR = 3600_000;
const ANCHOR_MS = Date.parse(SEED_ANCHOR);

/** The demo picture `k` of board question `i` (served at /media/bangbang/...). */
export function boardPicturePath(i: number, k: number): string {
  return `bangbang/q-${i + 1}-${k + 1}.webp`;
}

async function writePictures(mediaDir: string): Promise<void> {
  const set = new PictureSet();
  for (const [i, q] of BOARD_QUESTIONS.entries()) {
    for (const [k, caption] of (q.pictures ?? []).entries()) {
      set.add('bangbang', `q-${i + 1}-${k + 1}`, { kind: sceneForCaption(caption, i + k), width: 750, height: 750 });
    }
  }
  await drawPictures(mediaDir, set);
}

export async function seedBangbangBoard(database: Database, options: { mediaDir: string }): Promise<{ seeded: boolean }> {
  return seedOnce(database, BOARD_SEED_NAME, async () => {
    await writePictures(options.mediaDir);
    return async (tx) => {
      const rng = createRng(1616);
      const askerNames = [...new Set(BOARD_QUESTIONS.map((q) => q.asker))];
      const knownNames = [...askerNames, ...BOARD_MEMBERS.filter((m) => m.existing).map((m) => m.nickname)];
      // Demo people have no phone: nobody logs in as them. The oldest row of a nickname is the demo one.
      const known = await tx
        .select({ id: users.id, nickname: users.nickname })
        .from(users)
        .where(and(inArray(users.nickname, knownNames), isNull(users.phone)))
        .orderBy(users.id);
      const idOf = new Map<string, number>();
      for (const row of known) if (!idOf.has(row.nickname)) idOf.set(row.nickname, row.id);

      const fresh = BOARD_MEMBERS.filter((m) => !idOf.has(m.nickname));
      if (fresh.length > 0) {
        const created = await tx
          .insert(users)
          .values(fresh.map((m, i) => ({ nickname: m.nickname, createdAt: new Date(ANCHOR_MS - (300 - i) * 24 * HOUR) })))
          .returning({ id: users.id, nickname: users.nickname });
        for (const row of created) idOf.set(row.nickname, row.id);
      }
      const id = (nickname: string): number => {
        const found = idOf.get(nickname);
        if (found === undefined) throw new Error(`bangbang board seed: no user ${nickname}`);
        return found;
      };

      await tx.insert(bangMembers).values(
        BOARD_MEMBERS.map((m, i) => ({
          userId: id(m.nickname),
          userType: m.userType,
          typeName: m.typeName,
          realName: m.realName,
          job: m.job,
          introduction: m.introduction,
          isJump: m.isJump,
          recommended: m.recommended,
          sort: i + 1,
          createdAt: new Date(ANCHOR_MS - (200 - i) * 24 * HOUR),
        })),
      );

      for (const [i, q] of BOARD_QUESTIONS.entries()) {
        const askedAt = ANCHOR_MS - (i * 13 + 2) * HOUR;
        const [row] = await tx
          .insert(bangQuestions)
          .values({
            userId: id(q.asker),
            title: q.title,
            content: q.content,
            pictures: (q.pictures ?? []).map((_, k) => `/media/${boardPicturePath(i, k)}`),
            region: q.region,
            replyClosed: q.closed ?? false,
            likeNum: rng.int(2, 150),
            pv: rng.int(200, 8000),
            answerCount: q.answers.length,
            createdAt: new Date(askedAt),
          })
          .returning({ id: bangQuestions.id });
        if (q.answers.length > 0) {
          await tx.insert(bangAnswers).values(
            q.answers.map((a, j) => ({
              questionId: row!.id,
              userId: id(a.by),
              content: a.text,
              likeNum: rng.int(0, 80),
              // Answers come within the hours after the question, in the order written, and never after the
              // seed's "now": a late question's answers are held a minute apart before it, the last one nearest.
              createdAt: new Date(Math.min(askedAt + (j + 1) * 2 * HOUR, ANCHOR_MS - (q.answers.length - j) * 60_000)),
            })),
          );
        }
      }

      let sort = 0;
      await tx.insert(bangServices).values(
        BOARD_SERVICES.flatMap((group) =>
          group.items.map((item) => ({
            category: group.category,
            name: item.name,
            brief: item.brief,
            url: item.url,
            icon: item.icon,
            onHome: item.home ?? false,
            sort: ++sort,
          })),
        ),
      );
      await tx.insert(bangHotSearches).values(BOARD_HOT_SEARCHES.map((word, i) => ({ word, sort: i + 1 })));
    };
  });
}
