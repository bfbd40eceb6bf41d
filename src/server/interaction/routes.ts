/** Likes, comments and reports (spec 7.3–7.5). Rules live in service.ts; this file binds contracts. */
import {
  addPraise,
  bangbangCommentList,
  bangDoReport,
  bvCommentDel,
  bvCommentList,
  bvCommentPublish,
  bvCommentSingleList,
  commentDelete,
  commentDoReport,
  commentGetList,
  commentGetListByParentId,
  commentStore,
  likeDo,
  likeState,
  newsDoReport,
  reportContent,
} from '../../contract/interaction.ts';
import { optionalUser, requireUser } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { serviceContextOf } from '../http/rateLimit.ts';
import { registerEndpoint } from '../http/registerEndpoint.ts';
import type { ApiRegistry } from '../http/types.ts';
import {
  deleteCommentService,
  likeService,
  likeStateService,
  listCommentsService,
  listRepliesService,
  MESSAGES,
  reportOptionsService,
  reportService,
  storeCommentService,
} from './service.ts';

export function registerInteractionRoutes(registry: ApiRegistry): void {
  const { deps } = registry;
  const { db } = deps.database;
  const ctx = serviceContextOf(registry);

  for (const endpoint of [likeDo, addPraise]) {
    registerEndpoint(registry, endpoint, async ({ body, c }) => {
      const { data, message } = await likeService(ctx, requireUser(c), body);
      return ok(data, message);
    });
  }

  registerEndpoint(registry, likeState, async ({ query, c }) => ok(await likeStateService(db, optionalUser(c), query.classId, query.newsId)));

  // Each comment call also answers under /api/bv/comment (spec 7.4), with the same rules.
  for (const endpoint of [commentGetList, bvCommentList]) {
    registerEndpoint(registry, endpoint, async ({ query, c }) => ok(await listCommentsService(db, optionalUser(c), query.target, query)));
  }

  // Spec 7.4: the comments of a bangbang item also answer under the bangbang API.
  registerEndpoint(registry, bangbangCommentList, async ({ query, c }) => ok(await listCommentsService(db, optionalUser(c), query.target, query)));

  for (const endpoint of [commentGetListByParentId, bvCommentSingleList]) {
    registerEndpoint(registry, endpoint, async ({ query, c }) => ok(await listRepliesService(db, optionalUser(c), query.target, query.plId, query)));
  }

  for (const endpoint of [commentStore, bvCommentPublish]) {
    registerEndpoint(registry, endpoint, async ({ body, c }) => {
      const { data, message } = await storeCommentService(ctx, c, requireUser(c), body);
      return ok(data, message);
    });
  }

  for (const endpoint of [commentDelete, bvCommentDel]) {
    registerEndpoint(registry, endpoint, async ({ body, c }) => ok(await deleteCommentService(ctx, requireUser(c), body.plId, body.bang), MESSAGES.deleted));
  }

  registerEndpoint(registry, reportContent, async () => {
    return ok(await reportOptionsService(db));
  });

  registerEndpoint(registry, newsDoReport, async ({ body, c }) =>
    ok(
      await reportService(ctx, requireUser(c), {
        kind: 'news',
        classId: body.classId,
        newsId: body.newsId,
        commentId: 0,
        platformId: 0,
        content: body.content,
      }),
      MESSAGES.reported,
    ),
  );

  registerEndpoint(registry, bangDoReport, async ({ body, c }) =>
    ok(
      await reportService(ctx, requireUser(c), {
        kind: body.classid === 2 ? 'bang_qa' : body.classid === 4 ? 'bang_tip' : 'bang_politics',
        classId: body.classid,
        newsId: body.id,
        commentId: 0,
        platformId: 0,
        content: body.content,
      }),
      MESSAGES.reported,
    ),
  );

  registerEndpoint(registry, commentDoReport, async ({ body, c }) =>
    ok(
      await reportService(ctx, requireUser(c), {
        kind: 'comment',
        classId: body.classId,
        newsId: body.newsId,
        commentId: body.commentId,
        platformId: body.platformId,
        content: body.content,
      }),
      MESSAGES.reported,
    ),
  );
}
