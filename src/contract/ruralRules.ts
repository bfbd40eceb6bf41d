/**
 * Rural section (裕农) limits without zod, for browser code: the islands import these
 * and the contract's types, never the schemas (ADR 001 budgets). The contract (rural.ts) uses the same.
 */

import { PICTURES_MAX } from './uploadRules.ts';

/** A question or a post: plain text, trimmed, in code points. */
export const QUESTION_MIN_CHARS = 5;
export const QUESTION_MAX_CHARS = 500;
export const POST_MAX_CHARS = 1000;
export const COMMENT_MAX_CHARS = 300;
/** Pictures per farmer post (the three-column grid). */
export const POST_MAX_PICTURES = PICTURES_MAX;
/** Search keyword of 乡村帮帮. */
export const KEYWORD_MAX_CHARS = 30;
/** Comments shown under a post in the feed. */
export const POST_COMMENTS_SHOWN = 3;
/** Days of prices in a product's trend line. */
export const PRICE_TREND_DAYS = 30;

/** The fields a farmer can ask about; experts are tagged with the same words. */
export const RURAL_QUESTION_TAGS = ['种植', '养殖', '病虫害', '果树', '农机', '政策补贴', '电商销售', '土壤肥料'] as const;
export type RuralQuestionTag = (typeof RURAL_QUESTION_TAGS)[number];

/** Groups of rural news columns: 乡村 (policy and revitalisation), 资讯 (planting, weather, subsidies), 视频. */
export const RURAL_GROUPS = ['rural', 'information', 'video'] as const;
export type RuralGroup = (typeof RURAL_GROUPS)[number];

/** An expert's answer: plain text, in code points. */
export const ANSWER_MIN_CHARS = 5;
export const ANSWER_MAX_CHARS = 1000;
/** An expert application: the fields chosen (1–3 of RURAL_QUESTION_TAGS), name, title and organisation. */
export const EXPERT_TAGS_MAX = 3;
export const EXPERT_NAME_MAX_CHARS = 10;
export const EXPERT_TITLE_MAX_CHARS = 20;
export const EXPERT_ORG_MAX_CHARS = 40;
/** Questions in the expert's own list (their fields' unanswered first). */
export const EXPERT_QUEUE_SIZE = 30;

/**
 * Compound surnames (复姓) a masked household name may start with: 欧阳*华 keeps the whole surname, as 王*华 does.
 * Any other two characters before the * would publish part of the given name, so only these are taken.
 */
export const COMPOUND_SURNAME =
  /^(?:欧阳|司马|上官|诸葛|东方|皇甫|尉迟|公孙|慕容|长孙|宇文|司徒|夏侯|令狐|轩辕|端木|独孤|南宫|西门|百里|呼延|万俟|申屠|澹台|太史|闻人|赫连|钟离|宗政|濮阳|公冶|拓跋|司空|第五|淳于|单于|左丘|东郭|仲孙|巫马|公羊|谷梁)$/u;

/** A household's masked name: a surname (one character or a 复姓 above), *, the given name's last character. */
export function isMaskedName(name: string): boolean {
  const match = /^(\p{Script=Han}{1,2})\*\p{Script=Han}$/u.exec(name);
  if (!match) return false;
  const surname = match[1]!;
  return [...surname].length === 1 || COMPOUND_SURNAME.test(surname);
}

/** The kinds of credit deed the 信用村 pages show (a negative one is a deduction: 违规扣分). */
export const RURAL_DEED_KINDS = ['孝老爱亲', '环境整治', '按时还贷', '志愿服务', '移风易俗', '产业带动', '违规扣分'] as const;
