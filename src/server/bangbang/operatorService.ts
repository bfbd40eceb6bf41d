/**
 * The operator's review of identity applications (身份认证; issue 16, ADR 015). Only a caller holding the
 * server's OPERATOR_TOKEN (header X-Operator-Token, compared in constant time) may list or decide; a
 * reader's login token grants nothing, and with no token configured every call is refused. Every call
 * spends a per-address budget first, so the token cannot be guessed by volume. A decision changes a
 * pending application only (a conditional update); the same decision sent again answers the row as it
 * is (safe to retry), another decision on a decided row is refused.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import type { Application } from '../../contract/bangbangOperator.ts';
import { OPERATOR_TOKEN_HEADER } from '../../contract/bangbangOperator.ts';
import { StatusCode } from '../../contract/envelope.ts';
import { formatBeijingTime } from '../../lib/formatTime.ts';
import type { Db } from '../db/client.ts';
import { ApiFailure } from '../http/envelope.ts';
import { clientIp, type RateRule } from '../http/rateLimit.ts';
import type { ServiceContext } from '../http/types.ts';
import { decideApplicationRepo, findApplicationRepo, listApplicationsRepo, type ApplicationRow } from './operator/repo.ts';

export const OPERATOR_MESSAGES = {
  forbidden: '无权操作',
  applicationMissing: '申请不存在',
  alreadyDecided: '该申请已处理，不能更改',
  approved: '已通过',
  rejected: '已设为不通过',
} as const;

/** Every operator call from one address: ≤ 60 a minute, ≤ 600 an hour (guessing a 32+ character token is hopeless at that pace). */
const OPERATOR_RULES: RateRule[] = [
  { max: 60, windowMs: 60_000 },
  { max: 600, windowMs: 3600_000 },
];

export type OperatorContext = ServiceContext;

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Throws 403 unless the request carries the configured operator token. */
export async function requireOperator(ctx: OperatorContext, c: Context): Promise<void> {
  await ctx.limiter.take([{ key: `operator:ip:${clientIp(c)}`, rules: OPERATOR_RULES }]);
  const expected = ctx.deps.config.operatorToken;
  const given = c.req.header(OPERATOR_TOKEN_HEADER) ?? '';
  // Digests first: equal lengths for timingSafeEqual, and no length leaks through timing.
  const match = expected !== undefined && given !== '' && timingSafeEqual(digest(given), digest(expected));
  if (!match) {
    ctx.deps.log.warn({ ip: clientIp(c), path: c.req.path }, 'operator call refused');
    throw new ApiFailure(StatusCode.forbidden, OPERATOR_MESSAGES.forbidden);
  }
}

function toApplication(row: ApplicationRow): Application {
  const m = row.member;
  const state = m.reviewState === 'approved' || m.reviewState === 'rejected' ? m.reviewState : 'pending';
  return {
    userId: m.userId,
    nickname: row.nickname ?? '',
    userType: m.userType,
    typeName: m.typeName,
    realName: m.realName,
    job: m.job,
    introduction: m.introduction,
    proofPicture: m.proofPicture,
    state,
    reason: m.reviewReason,
    createTime: formatBeijingTime(m.createdAt),
  };
}

export async function listApplicationsService(db: Db, state: Application['state'], page: number, pageSize: number): Promise<Application[]> {
  return (await listApplicationsRepo(db, state, page, pageSize)).map(toApplication);
}

export async function reviewApplicationService(
  ctx: OperatorContext,
  input: { userId: number; decision: 'approve' | 'reject'; reason: string },
): Promise<{ data: Application; message: string }> {
  const { database, log } = ctx.deps;
  const state = input.decision === 'approve' ? 'approved' : 'rejected';
  const message = state === 'approved' ? OPERATOR_MESSAGES.approved : OPERATOR_MESSAGES.rejected;
  const changed = await database.write((tx) => decideApplicationRepo(tx, input.userId, state, input.reason));
  const row = await findApplicationRepo(database.db, input.userId);
  if (!row) throw new ApiFailure(StatusCode.notFound, OPERATOR_MESSAGES.applicationMissing);
  if (!changed) {
    // A retry of the same decision answers the row; anything else on a decided row is refused.
    const same = row.member.reviewState === state && row.member.reviewReason === input.reason;
    if (!same) throw new ApiFailure(StatusCode.unprocessable, OPERATOR_MESSAGES.alreadyDecided);
  } else {
    log.info({ userId: input.userId, state }, 'bangbang application reviewed');
  }
  return { data: toApplication(row), message };
}
