/**
 * Limits and labels of the 互动 area without zod, for browser code (the photo, complaint and
 * cooperation form islands and the 我的 lists import these, never the schemas: ADR 001 budgets).
 * The contract (interact.ts) uses the same constants.
 */

import { PICTURES_MAX } from './uploadRules.ts';

/** A photo caption: 1–100 code points. */
export const PHOTO_CAPTION_MAX = 100;

/** The platforms a complaint may name (the filter chips show them in this order). */
export const COMPLAINT_PLATFORMS = ['抖音', '快手', '淘宝直播', '视频号', '小红书', '拼多多', '京东', '其他'] as const;
export type ComplaintPlatform = (typeof COMPLAINT_PLATFORMS)[number];

export const COMPLAINT_PROBLEMS = ['假冒伪劣', '货不对板', '虚假宣传', '拒绝退款', '发货延迟', '售后推诿', '价格欺诈', '其他'] as const;
export type ComplaintProblem = (typeof COMPLAINT_PROBLEMS)[number];

export const COMPLAINT_STATUSES = ['submitted', 'accepted', 'processing', 'replied', 'completed', 'refused'] as const;
export type ComplaintStatus = (typeof COMPLAINT_STATUSES)[number];

/** The status words readers see on the list and the timeline. */
export const COMPLAINT_STATUS_LABELS: Record<ComplaintStatus, string> = {
  submitted: '已提交',
  accepted: '已受理',
  processing: '处理中',
  replied: '已回复',
  completed: '已完结',
  refused: '不予受理',
};

export const COMPLAINT_SHOP_MAX = 40;
export const COMPLAINT_ORDER_MAX = 40;
export const COMPLAINT_CONTENT_MIN = 10;
export const COMPLAINT_CONTENT_MAX = 1000;
export const COMPLAINT_DEMAND_MAX = 200;
/** Evidence pictures per complaint (≤ 9). */
export const COMPLAINT_MAX_PICTURES = PICTURES_MAX;
/** The highest amount a complaint may state: 1,000,000 yuan. */
export const COMPLAINT_AMOUNT_MAX_YUAN = 1_000_000;
export const COMPLAINT_KEYWORD_MAX = 30;

export const COOPERATION_KINDS = { ad: '广告投放', event: '活动合作', content: '内容合作', other: '其他合作' } as const;
export type CooperationKind = keyof typeof COOPERATION_KINDS;
export const COOPERATION_NAME_MAX = 20;
export const COOPERATION_COMPANY_MAX = 50;
export const COOPERATION_NEED_MIN = 5;
export const COOPERATION_NEED_MAX = 500;

/** 张** / 李*: how a complainant's name is shown publicly (only the first character). */
export function maskName(name: string): string {
  const chars = [...name.trim()];
  if (chars.length === 0) return '匿名用户';
  return `${chars[0]}${'*'.repeat(Math.min(Math.max(chars.length - 1, 1), 3))}`;
}

/** Fen as yuan text: 12900 → '129.00'. */
export function formatYuan(fen: number): string {
  return (fen / 100).toFixed(2);
}
