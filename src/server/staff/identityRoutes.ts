/**
 * Identity applications (身份认证, spec 2.7) reviewed in the console by people holding `identity.review`
 * (ADR 017; this replaces ADR 015's shared operator token). A refusal needs a reason the applicant reads
 * on /BangBang/applyfor; every decision appends an audit row in the same transaction.
 */
import { ApplicationState, ReviewBody } from '../../contract/bangbangOperator.ts';
import { BoardPageSize } from '../../contract/bangbang.ts';
import { Page } from '../../contract/fields.ts';
import { z } from '../../contract/zod.ts';
import { listApplicationsService, reviewApplicationService } from '../bangbang/operatorService.ts';
import { consoleEndpoint, type ConsoleRegistry } from './console.ts';

export function registerIdentityConsole(registry: ConsoleRegistry): void {
  const { deps } = registry;
  consoleEndpoint(registry, {
    method: 'GET',
    path: '/identity/applications',
    summary: '身份认证申请（默认审核中，最早的在前）',
    permission: 'identity.review',
    input: z.object({ state: ApplicationState.optional().default('pending'), page: Page, pageSize: BoardPageSize }),
    handler: async ({ input }) => listApplicationsService(deps.database.db, input.state, input.page, input.pageSize),
  });

  consoleEndpoint(registry, {
    method: 'POST',
    path: '/identity/review',
    summary: '审核身份认证：通过，或不通过并写明原因',
    permission: 'identity.review',
    input: ReviewBody,
    handler: async ({ input, audit }) => {
      const reviewed = await reviewApplicationService({ deps }, input, (tx, before, after) =>
        audit(tx, {
          action: input.decision === 'approve' ? 'identity.approve' : 'identity.reject',
          itemKind: 'bangMember',
          itemId: input.userId,
          before,
          after,
          reason: input.reason,
        }),
      );
      return reviewed.data;
    },
  });
}
