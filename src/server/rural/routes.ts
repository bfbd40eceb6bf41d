/** Rural endpoints. Rules live in service.ts; this file binds contracts. */
import * as endpoint from '../../contract/rural.ts';
import { optionalUser, requireUser } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { serviceContextOf } from '../http/rateLimit.ts';
import { registerEndpoint } from '../http/registerEndpoint.ts';
import type { ApiRegistry } from '../http/types.ts';
import {
  answerService,
  applyExpertService,
  askService,
  expertQuestionsService,
  myExpertService,
  columnsService,
  commentService,
  creditService,
  deedsService,
  expertsService,
  homeService,
  likeService,
  newsService,
  postsService,
  pricesService,
  publishService,
  questionService,
  questionsService,
  tabsService,
  villageService,
  RURAL_MESSAGES,
} from './service.ts';

export function registerRuralRoutes(registry: ApiRegistry): void {
  const { db } = registry.deps.database;
  const ctx = serviceContextOf(registry);

  registerEndpoint(registry, endpoint.getRuralHome, async () => {
    return ok(await homeService(db));
  });
  registerEndpoint(registry, endpoint.getRuralColumns, async () => ok(await columnsService(db)));
  registerEndpoint(registry, endpoint.getRuralNews, async ({ query }) => {
    return ok(await newsService(db, query));
  });
  registerEndpoint(registry, endpoint.getRuralTabs, async ({ query }) => ok(await tabsService(db, query.page)));
  registerEndpoint(registry, endpoint.getExperts, async () => ok(await expertsService(db)));
  registerEndpoint(registry, endpoint.getQuestions, async ({ query, c }) => ok(await questionsService(db, optionalUser(c), query)));
  registerEndpoint(registry, endpoint.getQuestion, async ({ query, c }) => ok(await questionService(db, optionalUser(c), query.id)));
  registerEndpoint(registry, endpoint.askQuestion, async ({ body, c }) => {
    const { question, message } = await askService(ctx, c, requireUser(c), body);
    return ok(question, message);
  });
  registerEndpoint(registry, endpoint.getFarmerPosts, async ({ query, c }) => ok(await postsService(db, optionalUser(c), query.page, query.pageSize)));
  registerEndpoint(registry, endpoint.publishFarmerPost, async ({ body, c }) => {
    const { post, message } = await publishService(ctx, c, requireUser(c), body);
    return ok(post, message);
  });
  registerEndpoint(registry, endpoint.likeFarmerPost, async ({ body, c }) => {
    const result = await likeService(ctx, requireUser(c), body.postId, body.like);
    return ok(result, result.liked ? RURAL_MESSAGES.liked : RURAL_MESSAGES.unliked);
  });
  registerEndpoint(registry, endpoint.commentFarmerPost, async ({ body, c }) => {
    const { comment, message } = await commentService(ctx, c, requireUser(c), body);
    return ok(comment, message);
  });
  registerEndpoint(registry, endpoint.getMyExpert, async ({ c }) => ok(await myExpertService(db, requireUser(c))));
  registerEndpoint(registry, endpoint.applyExpert, async ({ body, c }) => {
    const { mine, message } = await applyExpertService(ctx, requireUser(c), body);
    return ok(mine, message);
  });
  registerEndpoint(registry, endpoint.getExpertQuestions, async ({ c }) => ok(await expertQuestionsService(db, requireUser(c))));
  registerEndpoint(registry, endpoint.answerQuestion, async ({ body, c }) => {
    const { answer, message } = await answerService(ctx, c, requireUser(c), body);
    return ok(answer, message);
  });
  registerEndpoint(registry, endpoint.getPrices, async ({ query }) => {
    return ok(await pricesService(db, query));
  });
  registerEndpoint(registry, endpoint.getCredit, async () => ok(await creditService(db)));
  registerEndpoint(registry, endpoint.getVillage, async ({ query }) => ok(await villageService(db, query.id)));
  registerEndpoint(registry, endpoint.getDeeds, async ({ query }) => ok(await deedsService(db, query)));
}
