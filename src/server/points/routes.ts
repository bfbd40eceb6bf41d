/** Points endpoints (ADR 012): summary, sign-in, ledger, read and share earnings, the rules. */
import { StatusCode } from '../../contract/envelope.ts';
import { pointsLedger, pointsRead, pointsRules, pointsShare, pointsSignin, pointsSummary, type EarnResult, type PointsRules } from '../../contract/mall.ts';
import { formatBeijingTime } from '../../lib/formatTime.ts';
import { newsExistsRepo } from '../detail/repo.ts';
import type { Database } from '../db/client.ts';
import { requireUser, type AuthUser } from '../http/auth.ts';
import { ApiFailure, ok } from '../http/envelope.ts';
import { perMinuteAndDay, rateLimiterOf } from '../http/rateLimit.ts';
import { registerEndpoint } from '../http/registerEndpoint.ts';
import type { ApiRegistry } from '../http/types.ts';
import { earnedOnDayRepo, findSigninRepo, listLedgerRepo, readAccountRepo } from './repo.ts';
import { beijingDay, previousDay } from '../../lib/beijingDay.ts';
import { awardPoints, loadSettings, signIn, type AwardInput } from './service.ts';
import { decideLevel, decideSigninPoints, EARN_REASONS, REASON_TEXT, type PointsSettings } from './settings.ts';

export const POINTS_MESSAGES = {
  signed: '签到成功',
  alreadySigned: '今天已经签到过了',
  noUser: '用户不存在',
  newsMissing: '新闻不存在或已下线',
  awarded: '积分已到账',
  notAwarded: '今日该项积分已领完或已领取过',
} as const;

/** Sign-in, read and share calls: ≤ 60 / min and ≤ 600 / day per reader (a reader reads fast, a script faster). */
const EARN_RULES = perMinuteAndDay(60, 600);

export function expiryText(settings: PointsSettings): string {
  if (settings.expiryYears === 0) return '';
  const later = settings.expiryYears === 1 ? '次年' : `第 ${settings.expiryYears} 年`;
  return `每个自然年度（北京时间）获得的积分，有效期至${later}12月31日24时；到期未使用的积分自动清零。兑换时优先使用较早获得的积分。`;
}

export function buildRules(settings: PointsSettings): PointsRules {
  return {
    earn: EARN_REASONS.map((reason) => ({
      reason,
      text: REASON_TEXT[reason] ?? reason,
      points: settings.earn[reason].points,
      dailyCap: settings.earn[reason].dailyCap,
    })),
    signinStreakBonus: settings.signinStreakBonus,
    signinStreakMaxBonus: settings.signinStreakMaxBonus,
    levels: settings.levelThresholds.map((growth, i) => ({ level: i + 1, growth })),
    expiry: expiryText(settings),
  };
}

async function earn(database: Database, user: AuthUser, reason: AwardInput['reason'], ref: string): Promise<{ data: EarnResult; message: string }> {
  const result = await database.write((tx) => awardPoints(tx, { userId: user.userId, reason, ref }));
  if (result.awarded) {
    const a = result.account;
    return {
      data: { awarded: 1, points: result.points, credit: a.credit, integRal: a.integral, creditLevel: a.creditLevel },
      message: POINTS_MESSAGES.awarded,
    };
  }
  if (result.why === 'noUser') throw new ApiFailure(StatusCode.notFound, POINTS_MESSAGES.noUser);
  const account = await readAccountRepo(database.db, user.userId);
  return {
    data: { awarded: 0, points: 0, credit: account?.credit ?? 0, integRal: account?.integral ?? 0, creditLevel: account?.creditLevel ?? 1 },
    message: POINTS_MESSAGES.notAwarded,
  };
}

export function registerPointsRoutes(registry: ApiRegistry): void {
  const { database } = registry.deps;
  const { db } = database;
  const limiter = rateLimiterOf(registry);
  const limit = (user: AuthUser) => limiter.take([{ key: `points:user:${user.userId}`, rules: EARN_RULES }]);

  registerEndpoint(registry, pointsSummary, async ({ c }) => {
    const user = requireUser(c);
    const account = await readAccountRepo(db, user.userId);
    if (!account) throw new ApiFailure(StatusCode.notFound, POINTS_MESSAGES.noUser);
    const settings = await loadSettings(db);
    const today = beijingDay(new Date());
    const [signedToday, signedYesterday, todayEarned] = await Promise.all([
      findSigninRepo(db, user.userId, today),
      findSigninRepo(db, user.userId, previousDay(today)),
      earnedOnDayRepo(db, user.userId, today),
    ]);
    const streak = signedToday?.streak ?? signedYesterday?.streak ?? 0;
    const level = decideLevel(account.integral, settings.levelThresholds);
    const next = settings.levelThresholds[level];
    return ok({
      credit: account.credit,
      integRal: account.integral,
      creditLevel: account.creditLevel,
      nextLevelGrowth: next === undefined ? 0 : Math.max(0, next - account.integral),
      signedToday: signedToday ? 1 : 0,
      streak,
      nextSigninPoints: decideSigninPoints(settings, streak + 1),
      todayEarned,
    });
  });

  registerEndpoint(registry, pointsSignin, async ({ c }) => {
    const user = requireUser(c);
    // A second sign-in of the day answers at once, without spending the rate limit.
    const today = await findSigninRepo(db, user.userId, beijingDay(new Date()));
    if (!today) await limit(user);
    const result = await signIn(database, user.userId);
    if (!result) throw new ApiFailure(StatusCode.notFound, POINTS_MESSAGES.noUser);
    const a = result.account;
    return ok(
      {
        signed: result.signed ? 1 : 0,
        streak: result.streak,
        points: result.signed ? result.points : 0,
        credit: a.credit,
        integRal: a.integral,
        creditLevel: a.creditLevel,
      },
      result.signed ? POINTS_MESSAGES.signed : POINTS_MESSAGES.alreadySigned,
    );
  });

  registerEndpoint(registry, pointsLedger, async ({ query, c }) => {
    const user = requireUser(c);
    const rows = await listLedgerRepo(db, user.userId, query.page, query.pageSize);
    return ok(
      rows.map((r) => ({
        id: r.id,
        amount: r.amount,
        reason: r.reason,
        reasonText: REASON_TEXT[r.reason] ?? '积分变动',
        balance: r.balanceAfter,
        createTime: formatBeijingTime(r.createdAt),
      })),
    );
  });

  for (const [endpoint, reason] of [
    [pointsRead, 'read'],
    [pointsShare, 'share'],
  ] as const) {
    registerEndpoint(registry, endpoint, async ({ body, c }) => {
      const user = requireUser(c);
      const item = await newsExistsRepo(db, body.classId, body.newsId);
      if (!item) throw new ApiFailure(StatusCode.notFound, POINTS_MESSAGES.newsMissing);
      await limit(user);
      const { data, message } = await earn(database, user, reason, `${item.classId}:${item.id}`);
      return ok(data, message);
    });
  }

  registerEndpoint(registry, pointsRules, async () => {
    return ok(buildRules(await loadSettings(db)));
  });
}
