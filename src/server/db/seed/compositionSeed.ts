/**
 * Demo data of the composition section under its own seed-run name: 10 schools, 14 verified
 * teachers (accounts with phones 1371900 0001…, so a teacher can log in by SMS code in development and in
 * the e2e spec), 28 students, 64 essays across all twelve grades (some with photos of handwritten pages),
 * teacher reviews with scores, newspaper printings, comments and the section's news. Deterministic.
 * Pictures are drawn, never lettered: squared essay paper with pen strokes, school skylines, portraits.
 */
import { mkdir } from 'node:fs/promises';
import { writeSvgAsWebp } from './demoPictures.ts';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { users } from '../schema/accounts.ts';
import { compositionComments, compositionEssays, compositionNews, compositionSchools, compositionTeachers } from '../schema/composition.ts';
import { SEED_ANCHOR } from './buildDemoData.ts';
import { createRng, type Rng } from './createRng.ts';
import {
  COMMENT_TEXTS,
  COMPOSITION_NEWS,
  COMPOSITION_SCHOOLS,
  COMPOSITION_STUDENTS,
  COMPOSITION_TEACHERS,
  ENDING_POOL,
  ESSAY_OPENINGS,
  MIDDLE_POOL,
  REVIEW_CLOSE,
  REVIEW_PRAISE,
  REVIEW_SUGGEST,
} from './compositionData.ts';
import { seedOnce } from './seedOnce.ts';
import { beijingDay } from '../../../lib/beijingDay.ts';

export const COMPOSITION_SEED_NAME = 'composition';
const HOUR = 3600_000;
const ANCHOR_MS = Date.parse(SEED_ANCHOR);

/** The phone of the n-th demo teacher (0-based): 13719000001 … */
export function teacherPhone(index: number): string {
  return `1371900${String(index + 1).padStart(4, '0')}`;
}

// ── pictures (no text in them) ───────────────────────────────────────────────────────────────

/** A photo-like page of squared essay paper covered with pen strokes (a child's handwriting, unreadable). */
export function handwritingSvg(rng: Rng, tilt: number): string {
  const cols = 14;
  const rows = 18;
  const cell = 38;
  const x0 = 34;
  const y0 = 60;
  const ink = rng.pick(['#1f2a5a', '#222222', '#123a6b']);
  let grid = '';
  for (let r = 0; r <= rows; r++) grid += `M${x0} ${y0 + r * cell}h${cols * cell}`;
  for (let c = 0; c <= cols; c++) grid += `M${x0 + c * cell} ${y0}v${rows * cell}`;
  let strokes = '';
  const filledRows = rng.int(12, rows);
  for (let r = 0; r < filledRows; r++) {
    const start = r === 0 || rng.chance(0.2) ? 2 : 0;
    const end = r === filledRows - 1 ? rng.int(4, cols) : cols - (rng.chance(0.15) ? rng.int(1, 6) : 0);
    for (let c = start; c < end; c++) {
      const cx = x0 + c * cell + 8;
      const cy = y0 + r * cell + 8;
      const n = rng.int(2, 4);
      for (let k = 0; k < n; k++) {
        const ax = cx + rng.int(0, 20);
        const ay = cy + rng.int(0, 20);
        strokes += `M${ax} ${ay}q${rng.int(-6, 10)} ${rng.int(-6, 10)} ${rng.int(-4, 16)} ${rng.int(-4, 16)}`;
      }
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="800" viewBox="0 0 600 800"><rect width="600" height="800" fill="#d9d2c3"/><g transform="rotate(${tilt} 300 400)"><rect x="14" y="24" width="572" height="752" fill="#fbf7ea"/><path d="${grid}" stroke="#9cc6a0" stroke-width="1" fill="none"/><path d="${strokes}" stroke="${ink}" stroke-width="2.2" stroke-linecap="round" fill="none"/></g></svg>`;
}

/** A school: sky, hills and a row of teaching buildings with windows. */
export function schoolSvg(rng: Rng): string {
  const sky = rng.pick([
    ['#8ec5fc', '#e0f0ff'],
    ['#f6d365', '#fda085'],
    ['#a1c4fd', '#c2e9fb'],
    ['#84fab0', '#8fd3f4'],
  ] as const);
  let buildings = '';
  let x = 20;
  while (x < 560) {
    const w = rng.int(70, 130);
    const h = rng.int(90, 200);
    const y = 330 - h;
    buildings += `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${rng.pick(['#f3ede2', '#e8ddd0', '#d9c7b0', '#c94f3d'])}"/>`;
    for (let wy = y + 14; wy < 310; wy += 26)
      for (let wx = x + 10; wx < x + w - 16; wx += 22) buildings += `<rect x="${wx}" y="${wy}" width="12" height="14" fill="#6b8fb3"/>`;
    x += w + rng.int(8, 24);
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="400" viewBox="0 0 600 400"><defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky[0]}"/><stop offset="1" stop-color="${sky[1]}"/></linearGradient></defs><rect width="600" height="400" fill="url(#s)"/><path d="M0 250Q120 150 240 230T480 200T600 220V400H0Z" fill="#6fa36b"/>${buildings}<rect y="330" width="600" height="70" fill="#b5533c"/><path d="M0 360H600" stroke="#fff" stroke-width="3" stroke-dasharray="20 14"/></svg>`;
}

/** A teacher's portrait: head and shoulders on a soft background. */
export function portraitSvg(rng: Rng): string {
  const bg = rng.pick(['#dbe8f5', '#f5e6da', '#e3f1e0', '#efe3f3']);
  const shirt = rng.pick(['#36506e', '#7a3b3b', '#3f6b4f', '#5a4a7a', '#2f2f2f']);
  const hair = rng.pick(['#1d1d1d', '#2e2118', '#3b3b3b']);
  const long = rng.chance(0.5);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" viewBox="0 0 200 200"><rect width="200" height="200" fill="${bg}"/><path d="M30 200C36 150 64 132 100 132S164 150 170 200Z" fill="${shirt}"/>${long ? `<path d="M58 92C56 40 144 40 142 92L146 140H54Z" fill="${hair}"/>` : ''}<circle cx="100" cy="86" r="38" fill="#f1c9a5"/><path d="M62 80C62 46 138 46 138 80C124 64 84 62 62 80Z" fill="${hair}"/></svg>`;
}

// ── essays ───────────────────────────────────────────────────────────────────────────────────

/** Opening + two to four middle paragraphs of the theme (younger pupils write fewer) + an ending. */
function composeEssay(rng: Rng, index: number, grade: number): string {
  const o = ESSAY_OPENINGS[index]!;
  const middles = rng.shuffle(MIDDLE_POOL[o.theme]).slice(0, grade <= 3 ? 2 : grade <= 6 ? 3 : 4);
  return [o.opening, ...middles, rng.pick(ENDING_POOL[o.theme])].join('\n');
}

export async function seedComposition(database: Database, options: { mediaDir: string }): Promise<{ seeded: boolean }> {
  return seedOnce(database, COMPOSITION_SEED_NAME, async () => {
    const rng = createRng(1919);
    const dir = join(options.mediaDir, 'composition');
    await mkdir(dir, { recursive: true });
    const images = new Map<string, string>();
    COMPOSITION_SCHOOLS.forEach((_, i) => images.set(`school-${i + 1}.webp`, schoolSvg(rng)));
    COMPOSITION_TEACHERS.forEach((_, i) => images.set(`teacher-${i + 1}.webp`, portraitSvg(rng)));
    // Which essays carry photos of their handwritten pages, and how many.
    const photoCount = ESSAY_OPENINGS.map((_, i) => (i % 4 === 1 ? 1 + (i % 3) : 0));
    photoCount.forEach((n, i) => {
      for (let j = 0; j < n; j++) images.set(`essay-${i + 1}-${j + 1}.webp`, handwritingSvg(rng, rng.int(-3, 3)));
    });
    // Raster like every demo picture, drawn once and then copied from the picture cache.
    for (const [name, svg] of images) await writeSvgAsWebp(svg, join(dir, name));
    return async (tx) => {
      const schools = await tx
        .insert(compositionSchools)
        .values(COMPOSITION_SCHOOLS.map((s, i) => ({ ...s, cover: `/media/composition/school-${i + 1}.webp`, sort: i })))
        .returning({ id: compositionSchools.id });
      const schoolId = (i: number) => schools[i]!.id;
      const teacherUsers = await tx
        .insert(users)
        .values(
          COMPOSITION_TEACHERS.map((t, i) => ({ nickname: `${t.name}老师`, phone: teacherPhone(i), createdAt: new Date(ANCHOR_MS - (400 - i) * 24 * HOUR) })),
        )
        .onConflictDoNothing()
        .returning({ id: users.id, phone: users.phone });
      const teachers = await tx
        .insert(compositionTeachers)
        .values(
          COMPOSITION_TEACHERS.map((t, i) => ({
            userId: teacherUsers.find((u) => u.phone === teacherPhone(i))?.id ?? 0,
            schoolId: schoolId(t.school),
            name: t.name,
            title: t.title,
            intro: t.intro,
            avatar: `/media/composition/teacher-${i + 1}.webp`,
            sort: i,
          })),
        )
        .returning({ id: compositionTeachers.id, schoolId: compositionTeachers.schoolId });
      const studentUsers = await tx
        .insert(users)
        .values(COMPOSITION_STUDENTS.map((s, i) => ({ nickname: s.nickname, createdAt: new Date(ANCHOR_MS - (300 - i * 3) * 24 * HOUR) })))
        .returning({ id: users.id });
      const readers = await tx
        .insert(users)
        .values(
          ['语文课代表', '山城老读者', '渝北家长', '江边的风', '读书的猫', '小学语文老师'].map((nickname, i) => ({
            nickname,
            createdAt: new Date(ANCHOR_MS - (200 - i) * 24 * HOUR),
          })),
        )
        .returning({ id: users.id });
      const commenters = [...studentUsers, ...readers].map((u) => u.id);

      // 山城晚报 is a daily: the anchor day's paper is number 412, and each day before it one number less.
      const issueOf = (day: string): number => 412 - Math.round((Date.parse(beijingDay(new Date(ANCHOR_MS))) - Date.parse(day)) / (24 * HOUR));
      let olderTurn = 0;
      let anyTurn = 0;
      for (const [i, o] of ESSAY_OPENINGS.entries()) {
        // Argument essays come from the older students; the rest from anyone, spread over the grades.
        const pool = COMPOSITION_STUDENTS.map((s, k) => ({ s, k })).filter(({ s }) => (o.theme === 'argument' ? s.grade >= 8 : true));
        const turn = o.theme === 'argument' ? olderTurn++ : anyTurn++;
        const { s: student, k } = pool[(turn * 11) % pool.length]!;
        const ownTeachers = teachers.filter((t) => t.schoolId === schoolId(student.school));
        const teacher = rng.chance(0.82) ? rng.pick(ownTeachers) : null;
        const reviewDrawn = teacher !== null && rng.chance(0.78);
        const at = ANCHOR_MS - (i * 9 + rng.int(1, 8)) * HOUR;
        const printDrawn = reviewDrawn && rng.chance(0.35);
        const drawnScore = reviewDrawn ? rng.int(printDrawn ? 88 : 72, 98) : null;
        const drawnReview = reviewDrawn ? [rng.pick(REVIEW_PRAISE), rng.pick(REVIEW_SUGGEST), rng.pick(REVIEW_CLOSE)].filter((s) => s !== '').join('') : '';
        const printAt = printDrawn ? at + rng.int(3, 9) * 24 * HOUR : 0;
        const reviewAt = reviewDrawn ? at + rng.int(2, 40) * HOUR : 0;
        // Nothing is reviewed or printed after the demo data's now (the anchor): an essay whose review would come
        // later still waits for it, and one printed later is not printed yet (no same-day print of a morning essay).
        const reviewed = reviewDrawn && reviewAt <= ANCHOR_MS;
        const printed = printDrawn && reviewed && printAt <= ANCHOR_MS;
        const score = reviewed ? drawnScore : null;
        const review = reviewed ? drawnReview : '';
        const printDay = printed ? beijingDay(new Date(printAt)) : '';
        // An editor's pick besides the high scores; drawn as before (not for a drawn score of 90 or more), so the
        // numbers after it stay as they were, and no essay is picked for a score it was not given.
        const picked = (drawnScore ?? 0) >= 90 ? false : rng.chance(0.12);
        const [row] = await tx
          .insert(compositionEssays)
          .values({
            userId: studentUsers[k]!.id,
            studentName: student.name,
            schoolId: schoolId(student.school),
            grade: student.grade,
            teacherId: teacher?.id ?? null,
            title: o.title,
            content: composeEssay(rng, i, student.grade),
            pictures: Array.from({ length: photoCount[i]! }, (_, j) => `/media/composition/essay-${i + 1}-${j + 1}.webp`),
            score,
            reviewText: review,
            reviewedAt: reviewed ? new Date(reviewAt) : null,
            isRecommend: (score ?? 0) >= 90 || picked,
            newspaperEdition: printed ? `《山城晚报》第${issueOf(printDay)}期 作文版` : '',
            newspaperDate: printDay,
            pv: rng.int(120, 6800),
            likeNum: rng.int(3, 420),
            createdAt: new Date(at),
          })
          .returning({ id: compositionEssays.id });
        const n = rng.int(0, 4);
        const texts = rng.shuffle(COMMENT_TEXTS).slice(0, n);
        for (const [j, text] of texts.entries()) {
          await tx.insert(compositionComments).values({
            essayId: row!.id,
            userId: commenters[(i * 3 + j * 5) % commenters.length]!,
            content: text,
            // Every few hours after the essay, in the order written; a late essay's comments are held a few
            // minutes apart before the demo's now, the last one nearest.
            createdAt: new Date(Math.min(at + (j + 1) * 3 * HOUR, ANCHOR_MS - (texts.length - j) * 7 * 60_000)),
          });
        }
        if (n > 0) await tx.update(compositionEssays).set({ commentCount: n }).where(eq(compositionEssays.id, row!.id));
      }
      await tx.insert(compositionNews).values(
        COMPOSITION_NEWS.map((n, i) => ({
          title: n.title,
          summary: n.summary,
          body: n.body,
          cover: i % 3 === 0 ? `/media/composition/school-${(i % COMPOSITION_SCHOOLS.length) + 1}.webp` : '',
          createdAt: new Date(ANCHOR_MS - (i * 52 + 5) * HOUR),
        })),
      );
    };
  });
}
