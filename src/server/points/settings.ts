/**
 * Points settings (ADR 012): how much each way of earning pays, its daily cap, the growth thresholds
 * of the levels and the expiry rule. Defaults here; a row of `points_settings` with the same name
 * overrides one (operations change amounts without a deploy). The rules page shows what is in force.
 */
import { z } from 'zod';

/** Ways of earning; each is paid at most once per its key (see service.ts `earnKey`). */
export const EARN_REASONS = ['signin', 'read', 'comment', 'share', 'question', 'answer', 'tip', 'post', 'profile'] as const;
export type EarnReason = (typeof EARN_REASONS)[number];

const Rule = z.object({ points: z.number().int().min(1).max(10_000), dailyCap: z.number().int().min(0).max(1000) });
export type EarnRule = z.infer<typeof Rule>;

export const PointsSettings = z.object({
  earn: z.object(Object.fromEntries(EARN_REASONS.map((r) => [r, Rule])) as Record<EarnReason, typeof Rule>),
  /** Sign-in pays `earn.signin.points` plus this bonus per consecutive day after the first, up to `signinStreakMaxBonus`. */
  signinStreakBonus: z.number().int().min(0).max(100),
  signinStreakMaxBonus: z.number().int().min(0).max(1000),
  /** Growth needed for level 1, 2, 3 …: ascending, the first is 0. */
  levelThresholds: z.array(z.number().int().min(0)).min(1),
  /**
   * Points earned in a calendar year (Beijing) and not spent by the end of the following year expire
   * then: 0 turns expiry off.
   */
  expiryYears: z.number().int().min(0).max(10),
});
export type PointsSettings = z.infer<typeof PointsSettings>;

export const DEFAULT_POINTS_SETTINGS: PointsSettings = {
  earn: {
    signin: { points: 5, dailyCap: 1 },
    read: { points: 2, dailyCap: 10 },
    comment: { points: 5, dailyCap: 1 },
    share: { points: 3, dailyCap: 5 },
    question: { points: 10, dailyCap: 3 },
    answer: { points: 10, dailyCap: 5 },
    tip: { points: 20, dailyCap: 3 },
    post: { points: 10, dailyCap: 3 },
    profile: { points: 30, dailyCap: 1 },
  },
  signinStreakBonus: 1,
  signinStreakMaxBonus: 5,
  levelThresholds: [0, 100, 300, 800, 2000, 5000, 10_000, 20_000],
  expiryYears: 1,
};

/** The reader words of each reason, as the ledger and the rules page show them. */
export const REASON_TEXT: Record<string, string> = {
  signin: '每日签到',
  read: '阅读文章',
  comment: '每日首次评论',
  share: '分享内容',
  question: '提问通过审核',
  answer: '回答通过审核',
  tip: '爆料线索被采用',
  post: '发帖通过审核',
  profile: '完善个人资料',
  exchange: '积分兑换',
  refund: '兑换退回',
  expire: '积分过期',
  grant: '活动奖励',
};

/** Merges stored rows over the defaults; when the result is malformed the defaults stay in force. */
export function decideSettings(stored: Map<string, unknown>): PointsSettings {
  const merged: Record<string, unknown> = { ...DEFAULT_POINTS_SETTINGS, earn: { ...DEFAULT_POINTS_SETTINGS.earn } };
  for (const [name, value] of stored) {
    if (name.startsWith('earn.')) (merged.earn as Record<string, unknown>)[name.slice(5)] = value;
    else merged[name] = value;
  }
  const parsed = PointsSettings.safeParse(merged);
  return parsed.success ? parsed.data : DEFAULT_POINTS_SETTINGS;
}

/** Level from growth: the number of thresholds reached (level 1 at 0). */
export function decideLevel(growth: number, thresholds: readonly number[]): number {
  let level = 1;
  thresholds.forEach((t, i) => {
    if (growth >= t) level = i + 1;
  });
  return level;
}

/** Sign-in points on the n-th consecutive day. */
export function decideSigninPoints(settings: PointsSettings, streak: number): number {
  return settings.earn.signin.points + Math.min(settings.signinStreakMaxBonus, settings.signinStreakBonus * Math.max(0, streak - 1));
}
