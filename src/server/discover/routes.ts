/** Discover endpoints (spec 7.2). Rules live in service.ts; this file binds contracts. */
import {
  getHotTopicList,
  getHotWord,
  getListByKeyWord,
  getQuanDetail,
  getQuanInfo,
  getThemeInfo,
  getTopicListByKeyboard,
  publishPost,
  themeRecentList,
} from '../../contract/discover.ts';
import { optionalUser, requireUser } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { serviceContextOf } from '../http/rateLimit.ts';
import { registerEndpoint } from '../http/registerEndpoint.ts';
import type { ApiRegistry } from '../http/types.ts';
import { hotTopicsService, hotWordsService, postDetailService, postsService, publishService, themeInfoService, topicsByKeyboardService } from './service.ts';

export function registerDiscoverRoutes(registry: ApiRegistry): void {
  const { db } = registry.deps.database;
  const ctx = serviceContextOf(registry);

  registerEndpoint(registry, getHotTopicList, async ({ query }) => {
    return ok(await hotTopicsService(db, query.page, query.pageSize));
  });

  registerEndpoint(registry, getQuanInfo, async ({ query, c }) => ok(await postsService(db, optionalUser(c), { page: query.page, pageSize: query.pageSize })));

  registerEndpoint(registry, getQuanDetail, async ({ query, c }) => ok(await postDetailService(db, optionalUser(c), query.newsId)));

  registerEndpoint(registry, getThemeInfo, async ({ query }) => ok(await themeInfoService(db, query.themeId)));

  registerEndpoint(registry, themeRecentList, async ({ query, c }) =>
    ok(await postsService(db, optionalUser(c), { topicId: query.themeId, page: query.page, pageSize: query.pageSize })),
  );

  registerEndpoint(registry, getHotWord, async () => {
    return ok(await hotWordsService(db));
  });

  registerEndpoint(registry, getListByKeyWord, async ({ query, c }) =>
    ok(await postsService(db, optionalUser(c), { keyword: query.keyword, page: query.page, pageSize: query.pageSize })),
  );

  registerEndpoint(registry, getTopicListByKeyboard, async ({ query }) => ok(await topicsByKeyboardService(db, query.keyboard, query.page, query.pageSize)));

  registerEndpoint(registry, publishPost, async ({ body, c }) => {
    const { post, message } = await publishService(ctx, c, requireUser(c), body);
    return ok(post, message);
  });
}
