/** The bangbang board's read endpoints (spec 7.6). Rules live in service.ts; this file binds contracts. */
import {
  bangHome,
  bangHotSearch,
  bangSearch,
  memberTopSearch,
  serviceGetService,
  wendaGetAnswerDetail,
  wendaGetAnswerListById,
  wendaSearch,
  wenzhengGetDetail,
  wenzhengGetHotList,
  wenzhengGetNewList,
} from '../../contract/bangbang.ts';
import { optionalUser } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { registerEndpoint } from '../http/registerEndpoint.ts';
import type { ApiRegistry } from '../http/types.ts';
import { bangHomeService, bangSearchService, hotSearchService, searchMembersService, searchQuestionsService, servicesService } from './boardService.ts';
import { answerListService, politicsDetailService, politicsListService, questionDetailService } from './service.ts';


export function registerBangbangRoutes(registry: ApiRegistry): void {
  const { db } = registry.deps.database;

  registerEndpoint(registry, wenzhengGetDetail, async ({ query, c }) => ok(await politicsDetailService(db, optionalUser(c), query.id)));

  registerEndpoint(registry, wendaGetAnswerDetail, async ({ query, c }) => ok(await questionDetailService(db, optionalUser(c), query.id)));

  registerEndpoint(registry, wendaGetAnswerListById, async ({ query, c }) =>
    ok(await answerListService(db, optionalUser(c), query.id, query.page, query.pageSize)),
  );

  registerEndpoint(registry, wenzhengGetNewList, async ({ query }) => {
    const list = await politicsListService(db, 'new', query.page, query.pageSize);
    return ok(list);
  });

  registerEndpoint(registry, wenzhengGetHotList, async ({ query }) => {
    const list = await politicsListService(db, 'hot', query.page, query.pageSize);
    return ok(list);
  });

  registerEndpoint(registry, bangHome, async () => {
    const home = await bangHomeService(db);
    return ok(home);
  });

  registerEndpoint(registry, bangHotSearch, async () => {
    const words = await hotSearchService(db);
    return ok(words);
  });

  registerEndpoint(registry, serviceGetService, async () => {
    const groups = await servicesService(db);
    return ok(groups);
  });

  registerEndpoint(registry, bangSearch, async ({ query }) => ok(await bangSearchService(db, query.keyword, query.pageSize)));

  registerEndpoint(registry, wendaSearch, async ({ query }) => ok(await searchQuestionsService(db, query.keyword, query.page, query.pageSize)));

  registerEndpoint(registry, memberTopSearch, async ({ query }) => ok(await searchMembersService(db, query.keyword, query.page, query.pageSize)));
}
