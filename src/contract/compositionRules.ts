/**
 * Composition (作文) limits and labels without zod, for browser code (the contribute, review and
 * interaction islands import these, never the schemas: ADR 001 budgets). composition.ts uses the same.
 */

import { PICTURES_MAX } from './uploadRules.ts';

export const ESSAY_TITLE_MAX = 40;
/** Essay text: up to 5000 code points (a long senior-school essay is ~1200 characters). */
export const ESSAY_TEXT_MAX = 5000;
/** Photos of handwritten pages (spec 2.6's grid of nine). */
export const ESSAY_MAX_PICTURES = PICTURES_MAX;
export const COMMENT_MAX = 300;
export const REVIEW_MAX = 1000;
export const STUDENT_NAME_MAX = 12;
export const SEARCH_MAX = 30;
/** Essays a page of the composition search carries; people and schools come with the first page only. */
export const SEARCH_ESSAYS_PAGE_SIZE = 20;

/** Spec 3 client state: the school select's default option. */
export const NO_SCHOOL = { text: '请选择学校', value: -1 } as const;

/** Spec 2.11 data type of a composition detail; also the `type` of its report (spec 7.5 Q&A variant). */
export const COMPOSITION_DATA_TYPE = 7;

/**
 * The class id of an essay's realtime room: `/sub` room `news://<COMPOSITION_ROOM_CLASS>:<essayId>` carries
 * its like and comment counts (op 1001); no news column uses this id.
 */
export const COMPOSITION_ROOM_CLASS = 7_000_007;

export const GRADE_LABELS = ['一年级', '二年级', '三年级', '四年级', '五年级', '六年级', '初一', '初二', '初三', '高一', '高二', '高三'] as const;

/** '初二' for 8; '' outside 1–12. */
export function gradeLabel(grade: number): string {
  return GRADE_LABELS[grade - 1] ?? '';
}

/** Rank list kinds (spec 2.11): type rank → 人气榜 (views and likes), type start → 高分榜 (teacher score). */
export const RANK_TITLES = { rank: '人气榜', start: '高分榜' } as const;
export type RankType = keyof typeof RANK_TITLES;

/** The title of /composition/RankList for its `type` query (anything else reads as 人气榜). */
export function rankTitle(type: string | null): string {
  return type === 'start' ? RANK_TITLES.start : RANK_TITLES.rank;
}
