/** Composition endpoints (spec 2.8). Rules live in service.ts; this file binds contracts. */
import {
  assignedEssays,
  compositionRole,
  contributeEssay,
  essayDetail,
  likeEssay,
  listComments,
  listEssays,
  listInfo,
  listReviews,
  listSchools,
  listTeachers,
  myComposition,
  rankEssays,
  reportEssay,
  reviewEssay,
  schoolDetail,
  searchComposition,
  storeComment,
  studentDetail,
  teacherDetail,
} from '../../contract/composition.ts';
import { optionalUser, requireUser } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { serviceContextOf } from '../http/rateLimit.ts';
import { registerEndpoint } from '../http/registerEndpoint.ts';
import type { ApiRegistry } from '../http/types.ts';
import { listInfoRepo, schoolsRepo, teachersRepo } from './repo.ts';
import {
  assignedService,
  commentsService,
  contributeService,
  essayDetailService,
  likeService,
  listEssaysService,
  mineService,
  reportService,
  reviewService,
  reviewsService,
  roleService,
  schoolService,
  searchService,
  storeCommentService,
  studentService,
  teacherService,
} from './service.ts';

const idOrNull = (v: number | string | undefined): number | null => {
  const n = Number(v ?? 0);
  return n > 0 ? n : null;
};

export function registerCompositionRoutes(registry: ApiRegistry): void {
  const { db } = registry.deps.database;
  const ctx = serviceContextOf(registry);

  registerEndpoint(registry, listEssays, async ({ query }) => {
    return ok(await listEssaysService(db, { ...query, order: 'new' }));
  });

  registerEndpoint(registry, rankEssays, async ({ query }) => {
    return ok(await listEssaysService(db, { order: query.type === 'start' ? 'score' : 'rank', page: query.page, pageSize: query.pageSize }));
  });

  registerEndpoint(registry, essayDetail, async ({ query, c }) => ok(await essayDetailService(db, optionalUser(c), query.id)));

  registerEndpoint(registry, listSchools, async () => {
    return ok(await schoolsRepo(db));
  });

  registerEndpoint(registry, schoolDetail, async ({ query }) => ok(await schoolService(db, query.id)));

  registerEndpoint(registry, listTeachers, async ({ query }) => {
    return ok(await teachersRepo(db, { schoolId: query.schoolId }));
  });

  registerEndpoint(registry, teacherDetail, async ({ query }) => ok(await teacherService(db, query.id)));

  registerEndpoint(registry, studentDetail, async ({ query }) => ok(await studentService(db, query.id)));

  registerEndpoint(registry, listReviews, async ({ query }) => ok(await reviewsService(db, query)));

  registerEndpoint(registry, listInfo, async ({ query }) => {
    return ok(await listInfoRepo(db, query.page, query.pageSize));
  });

  registerEndpoint(registry, searchComposition, async ({ query }) => ok(await searchService(db, query.keyword, query.page)));

  registerEndpoint(registry, myComposition, async ({ c }) => {
    return ok(await mineService(db, requireUser(c)));
  });

  registerEndpoint(registry, compositionRole, async ({ c }) => {
    return ok(await roleService(db, requireUser(c)));
  });

  registerEndpoint(registry, assignedEssays, async ({ c }) => {
    return ok(await assignedService(db, requireUser(c)));
  });

  registerEndpoint(registry, contributeEssay, async ({ body, c }) => {
    const { essay, message } = await contributeService(ctx, c, requireUser(c), body);
    return ok(essay, message);
  });

  registerEndpoint(registry, reviewEssay, async ({ body, c }) => {
    const essay = await reviewService(ctx, requireUser(c), body);
    return ok(essay, '点评成功');
  });

  registerEndpoint(registry, likeEssay, async ({ body, c }) => {
    const { data, message } = await likeService(ctx, requireUser(c), body.id);
    return ok(data, message);
  });

  registerEndpoint(registry, listComments, async ({ query, c }) => ok(await commentsService(db, optionalUser(c), query)));

  registerEndpoint(registry, storeComment, async ({ body, c }) => {
    const { comment, message } = await storeCommentService(ctx, c, requireUser(c), { id: body.id, content: body.content, replayId: idOrNull(body.replayId) });
    return ok(comment, message);
  });

  registerEndpoint(registry, reportEssay, async ({ body, c }) => {
    await reportService(ctx, requireUser(c), { id: body.id, isTitle: body.isTitle, replayId: idOrNull(body.replayId), content: body.content });
    return ok(null, '举报成功');
  });
}
