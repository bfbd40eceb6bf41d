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
  wenzhengSearch,
} from '../../contract/bangbang.ts';
import {
  baoliaoAdd,
  baoliaoDetail,
  baoliaoList,
  explainDetail,
  explainList,
  groupownetCommunity,
  groupownetHome,
  groupownetJoin,
  groupownetLeave,
  groupownetPost,
  groupownetPosts,
  groupownetSearch,
  groupownetUserInfo,
  groupownetUserlist,
  memberGetInfo,
  memberUserEdit,
  wendaAdd,
  wendaGetHotQuestionList,
  wendaGetMember,
  wendaGetMemberList,
  wendaGetNewAnswerList,
  wendaGetNewAnswerListByMemberId,
  wendaGetNewQuestionList,
  wendaGetNewQuestionListByMemberId,
  wendaGetRecommenderList,
  wendaIndex,
  wendaReply,
  wenzhengAdd,
  wenzhengGetMemberList,
  wenzhengGetProgress,
  wenzhengReply,
} from '../../contract/bangbangBoard.ts';
import { groupownetTopSearch, newsGetRelativeLists, wendaLawList } from '../../contract/bangbangLookups.ts';
import { optionalUser, requireUser } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { serviceContextOf } from '../http/rateLimit.ts';
import { registerEndpoint } from '../http/registerEndpoint.ts';
import type { ApiRegistry } from '../http/types.ts';
import {
  bangHomeService,
  bangSearchService,
  hotSearchService,
  questionsByOrderService,
  searchMembersService,
  searchPoliticsService,
  searchQuestionsService,
  servicesService,
} from './boardService.ts';
import {
  departmentsService,
  explainerService,
  explainersService,
  groupHomeService,
  groupMembersService,
  groupPostsService,
  groupService,
  groupsService,
  memberAnswersService,
  memberInfoService,
  memberListService,
  memberQuestionsService,
  memberService,
  politicsProgressService,
  recentAnswersService,
  recommendersService,
  tipService,
  tipsService,
  wendaIndexService,
} from './moreService.ts';
import { groupPostSearchService, lawyersService, relatedItemsService } from './lookupService.ts';
import { answerListService, politicsDetailService, politicsListService, questionDetailService } from './service.ts';
import {
  answerService,
  applyService,
  askService,
  groupPostService,
  joinService,
  politicsAddService,
  politicsReplyService,
  tipAddService,
} from './writeService.ts';

export function registerBangbangRoutes(registry: ApiRegistry): void {
  const { db } = registry.deps.database;

  registerEndpoint(registry, wenzhengGetDetail, async ({ query, c }) => ok(await politicsDetailService(db, optionalUser(c), query.id)));

  registerEndpoint(registry, wendaGetAnswerDetail, async ({ query, c }) => ok(await questionDetailService(db, optionalUser(c), query.id)));

  registerEndpoint(registry, wendaGetAnswerListById, async ({ query, c }) =>
    ok(await answerListService(db, optionalUser(c), query.id, query.page, query.pageSize)),
  );

  registerEndpoint(registry, wenzhengGetNewList, async ({ query }) => {
    const list = await politicsListService(db, 'new', query.page, query.pageSize, query.step);
    return ok(list);
  });

  registerEndpoint(registry, wenzhengGetHotList, async ({ query }) => {
    const list = await politicsListService(db, 'hot', query.page, query.pageSize, query.step);
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

  registerEndpoint(registry, wenzhengSearch, async ({ query }) => ok(await searchPoliticsService(db, query.keyword, query.page, query.pageSize)));

  registerEndpoint(registry, memberTopSearch, async ({ query }) => ok(await searchMembersService(db, query.keyword, query.page, query.pageSize)));

  registerMoreBangbangRoutes(registry);

  // The lookups of spec 7.6: lawyers, the community home's post search, related items.
  registerEndpoint(registry, wendaLawList, async ({ query }) => ok(await lawyersService(db, query.page, query.pageSize)));
  registerEndpoint(registry, groupownetTopSearch, async ({ query }) => ok(await groupPostSearchService(db, query.keyword, query.page, query.pageSize)));
  registerEndpoint(registry, newsGetRelativeLists, async ({ query, c }) =>
    ok(await relatedItemsService(db, optionalUser(c), query.type, query.id, query.pageSize)),
  );
}

/** The rest of the board (ADR 010): Q&A home and lists, members, departments, groups, tips, explainers, writes. */
function registerMoreBangbangRoutes(registry: ApiRegistry): void {
  const { db } = registry.deps.database;
  const ctx = serviceContextOf(registry);
  registerEndpoint(registry, wendaIndex, async () => ok(await wendaIndexService(db)));
  registerEndpoint(registry, wendaGetHotQuestionList, async ({ query }) => ok(await questionsByOrderService(db, 'hot', query.page, query.pageSize)));
  registerEndpoint(registry, wendaGetNewQuestionList, async ({ query }) => ok(await questionsByOrderService(db, 'new', query.page, query.pageSize)));
  registerEndpoint(registry, wendaGetNewAnswerList, async ({ query }) => ok(await recentAnswersService(db, null, query.page, query.pageSize)));
  registerEndpoint(registry, wendaGetRecommenderList, async () => ok(await recommendersService(db)));
  registerEndpoint(registry, wendaGetMemberList, async ({ query }) => ok(await memberListService(db, query.type, query.page, query.pageSize)));
  registerEndpoint(registry, wendaGetMember, async ({ query }) => ok(await memberService(db, query.id)));
  registerEndpoint(registry, wendaGetNewAnswerListByMemberId, async ({ query, c }) =>
    ok(await memberAnswersService(db, optionalUser(c), query.id, query.page, query.pageSize)),
  );
  registerEndpoint(registry, wendaGetNewQuestionListByMemberId, async ({ query }) =>
    ok(await memberQuestionsService(db, query.id, query.page, query.pageSize)),
  );
  registerEndpoint(registry, wenzhengGetMemberList, async () => ok(await departmentsService(db)));
  registerEndpoint(registry, wenzhengGetProgress, async ({ query, c }) => ok(await politicsProgressService(db, optionalUser(c), query.id)));

  registerEndpoint(registry, groupownetHome, async ({ c }) => ok(await groupHomeService(db, optionalUser(c))));
  registerEndpoint(registry, groupownetCommunity, async ({ query, c }) => ok(await groupsService(db, optionalUser(c), query.page, query.pageSize)));
  registerEndpoint(registry, groupownetSearch, async ({ query, c }) => ok(await groupsService(db, optionalUser(c), query.page, query.pageSize, query.keyword)));
  registerEndpoint(registry, groupownetUserInfo, async ({ query, c }) => ok(await groupService(db, optionalUser(c), query.id)));
  registerEndpoint(registry, groupownetUserlist, async ({ query }) => ok(await groupMembersService(db, query.id, query.page, query.pageSize)));
  registerEndpoint(registry, groupownetPosts, async ({ query, c }) => ok(await groupPostsService(db, optionalUser(c), query.id, query.page, query.pageSize)));
  registerEndpoint(registry, groupownetPost, async ({ body, c }) => {
    const { data, message } = await groupPostService(ctx, c, requireUser(c), body);
    return ok(data, message);
  });
  registerEndpoint(registry, groupownetJoin, async ({ body, c }) => {
    const { data, message } = await joinService(ctx, requireUser(c), body.id, true);
    return ok(data, message);
  });
  registerEndpoint(registry, groupownetLeave, async ({ body, c }) => {
    const { data, message } = await joinService(ctx, requireUser(c), body.id, false);
    return ok(data, message);
  });

  registerEndpoint(registry, baoliaoList, async ({ query, c }) => ok(await tipsService(db, optionalUser(c), query.page, query.pageSize)));
  registerEndpoint(registry, baoliaoDetail, async ({ query, c }) => ok(await tipService(db, optionalUser(c), query.id)));
  registerEndpoint(registry, baoliaoAdd, async ({ body, c }) => {
    const { data, message } = await tipAddService(ctx, c, requireUser(c), body);
    return ok(data, message);
  });

  registerEndpoint(registry, explainList, async ({ query }) => ok(await explainersService(db, query.page, query.pageSize)));
  registerEndpoint(registry, explainDetail, async ({ query }) => ok(await explainerService(db, query.id)));

  registerEndpoint(registry, memberGetInfo, async ({ c }) => ok(await memberInfoService(db, requireUser(c))));
  registerEndpoint(registry, memberUserEdit, async ({ body, c }) => {
    const { data, message } = await applyService(ctx, requireUser(c), body);
    return ok(data, message);
  });

  registerEndpoint(registry, wendaAdd, async ({ body, c }) => {
    const { data, message } = await askService(ctx, c, requireUser(c), body);
    return ok(data, message);
  });
  registerEndpoint(registry, wendaReply, async ({ body, c }) => {
    const { data, message } = await answerService(ctx, c, requireUser(c), body);
    return ok(data, message);
  });
  registerEndpoint(registry, wenzhengAdd, async ({ body, c }) => {
    const { data, message } = await politicsAddService(ctx, c, requireUser(c), body);
    return ok(data, message);
  });
  registerEndpoint(registry, wenzhengReply, async ({ body, c }) => {
    const { data, message } = await politicsReplyService(ctx, requireUser(c), body);
    return ok(data, message);
  });
  // Identity applications are reviewed in the newsroom console (src/server/staff/identityRoutes.ts, ADR 017).
}
