/** Endpoints of the 互动 area, the complaint platform, the cooperation form and the 我的 lists. Rules live in service.ts. */
import {
  complaintCreate,
  complaintDetail,
  complaintList,
  cooperationContact,
  myComments,
  myComplaints,
  myQuestions,
  myTips,
  photoList,
  photoPublish,
} from '../../contract/interact.ts';
import { complaintConfirm, complaintFollowUp } from '../../contract/complaintDesk.ts';
import { confirmComplaintService, followUpService } from '../answer/complaints/complaintDesk.ts';
import { optionalUser, requireUser } from '../http/auth.ts';
import { callKey } from '../http/idempotentInsert.ts';
import { ok } from '../http/envelope.ts';
import { perAddress, rateLimitIp, serviceContextOf } from '../http/rateLimit.ts';
import { registerEndpoint } from '../http/registerEndpoint.ts';
import type { ApiRegistry } from '../http/types.ts';
import {
  complaintDetailService,
  complaintsService,
  cooperationIpRules,
  cooperationService,
  fileComplaintService,
  myCommentsService,
  myComplaintsService,
  myQuestionsService,
  myTipsService,
  photosService,
  publishPhotoService,
  sharedRun,
} from './service.ts';

export function registerInteractRoutes(registry: ApiRegistry): void {
  const { db } = registry.deps.database;
  const ctx = serviceContextOf(registry);

  registerEndpoint(registry, photoList, async ({ query, c }) => ok(await photosService(db, optionalUser(c), query.page, query.pageSize)));

  registerEndpoint(registry, photoPublish, async ({ body, c }) => {
    const user = requireUser(c);
    const key = callKey(c);
    const { photo, message } = await sharedRun(`photo:${user.userId}`, key, () => publishPhotoService(ctx, user, key, body));
    return ok(photo, message);
  });

  registerEndpoint(registry, complaintList, async ({ query, c }) => ok(await complaintsService(db, optionalUser(c), query)));

  registerEndpoint(registry, complaintDetail, async ({ query, c }) => ok(await complaintDetailService(db, optionalUser(c), query.id)));

  registerEndpoint(registry, complaintCreate, async ({ body, c }) => {
    const user = requireUser(c);
    const key = callKey(c);
    const { complaint, message } = await sharedRun(`complaint:${user.userId}`, key, () => fileComplaintService(ctx, user, key, body));
    return ok(complaint, message);
  });

  // The complainant's answer to a reply (src/server/answer/complaints/complaintDesk.ts): 确认已解决, or 再次追问 once.
  registerEndpoint(registry, complaintConfirm, async ({ body, c }) => {
    const user = requireUser(c);
    const { message } = await confirmComplaintService(ctx.deps, ctx.limiter, user, body.id);
    return ok(await complaintDetailService(db, user, body.id), message);
  });

  registerEndpoint(registry, complaintFollowUp, async ({ body, c }) => {
    const user = requireUser(c);
    const key = callKey(c);
    const { message } = await sharedRun(`complaint-follow-up:${user.userId}`, key, () => followUpService(ctx, user, key, body));
    return ok(await complaintDetailService(db, user, body.id), message);
  });

  registerEndpoint(registry, cooperationContact, async ({ body, c }) => {
    const ip = rateLimitIp(c, registry.deps.config.production);
    const key = callKey(c);
    const { message, ...data } = await sharedRun('cooperation', key, () =>
      cooperationService(ctx, ip, perAddress(ip, `cooperation:ip:${ip}`, cooperationIpRules()), key, body),
    );
    return ok(data, message);
  });

  registerEndpoint(registry, myComments, async ({ query, c }) => ok(await myCommentsService(db, requireUser(c), query.page)));
  registerEndpoint(registry, myQuestions, async ({ query, c }) => ok(await myQuestionsService(db, requireUser(c), query.page)));
  registerEndpoint(registry, myTips, async ({ query, c }) => ok(await myTipsService(db, requireUser(c), query.page)));
  registerEndpoint(registry, myComplaints, async ({ query, c }) => ok(await myComplaintsService(db, requireUser(c), query.page)));
}
