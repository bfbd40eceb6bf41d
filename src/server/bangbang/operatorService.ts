/**
 * The review of identity applications (身份认证; spec 2.7), called by the newsroom console's
 * identity desk (src/server/staff/identityRoutes.ts: a signed-in person holding `identity.review`, ADR 017,
 * which replaced ADR 015's operator token). A decision changes a
 * pending application only (a conditional update); the same decision sent again answers the row as it
 * is (safe to retry), another decision on a decided row is refused.
 */
import type { Application } from '../../contract/bangbangOperator.ts';
import { StatusCode } from '../../contract/envelope.ts';
import { formatBeijingTime } from '../../lib/formatTime.ts';
import type { Db, Tx } from '../db/client.ts';
import { ApiFailure } from '../http/envelope.ts';
import type { AppDeps } from '../http/types.ts';
import { decideApplicationRepo, findApplicationRepo, listApplicationsRepo, type ApplicationRow } from './operator/repo.ts';

export const OPERATOR_MESSAGES = {
  applicationMissing: '申请不存在',
  alreadyDecided: '该申请已处理，不能更改',
  approved: '已通过',
  rejected: '已设为不通过',
} as const;

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
  ctx: { deps: AppDeps },
  input: { userId: number; decision: 'approve' | 'reject'; reason: string },
  record?: (tx: Tx, before: unknown, after: unknown) => Promise<void>,
): Promise<{ data: Application; message: string }> {
  const { database, log } = ctx.deps;
  const state = input.decision === 'approve' ? 'approved' : 'rejected';
  const message = state === 'approved' ? OPERATOR_MESSAGES.approved : OPERATOR_MESSAGES.rejected;
  const changed = await database.write(async (tx) => {
    const done = await decideApplicationRepo(tx, input.userId, state, input.reason);
    // The decision and its audit row land together (ADR 017).
    if (done && record) await record(tx, { state: 'pending' }, { state, reason: input.reason });
    return done;
  });
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
