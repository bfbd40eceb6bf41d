/** The bangbang board's read endpoints (spec 7.6). Rules live in service.ts; this file binds contracts. */
import { wendaGetAnswerDetail, wendaGetAnswerListById, wenzhengGetDetail } from '../../contract/bangbang.ts';
import { optionalUser } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { registerEndpoint } from '../http/registerEndpoint.ts';
import type { ApiRegistry } from '../http/types.ts';
import { answerListService, politicsDetailService, questionDetailService } from './service.ts';

export function registerBangbangRoutes(registry: ApiRegistry): void {
  const { db } = registry.deps.database;

  registerEndpoint(registry, wenzhengGetDetail, async ({ query, c }) => ok(await politicsDetailService(db, optionalUser(c), query.id)));

  registerEndpoint(registry, wendaGetAnswerDetail, async ({ query, c }) => ok(await questionDetailService(db, optionalUser(c), query.id)));

  registerEndpoint(registry, wendaGetAnswerListById, async ({ query, c }) =>
    ok(await answerListService(db, optionalUser(c), query.id, query.page, query.pageSize)),
  );
}
