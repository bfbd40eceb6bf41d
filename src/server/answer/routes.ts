/**
 * The answering desks' endpoints: the console's (each with its permission, ADR 017) and the reader's
 * (the 问政 handling, the asker's rating, a department's public page). Rules live in politicsDesk.ts.
 */
import {
  AcceptBody,
  CalendarQuery,
  CalendarRemoveBody,
  CalendarSetBody,
  DeclineBody,
  DeskListQuery,
  ReasonBody,
  ReplyBody,
  StartBody,
  UnitListQuery,
  wenzhengDepartment,
  wenzhengHandling,
  wenzhengRate,
} from '../../contract/answerDesk.ts';
import { Id } from '../../contract/fields.ts';
import { z } from '../../contract/zod.ts';
import { optionalUser, requireUser } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { serviceContextOf } from '../http/rateLimit.ts';
import { registerEndpoint } from '../http/registerEndpoint.ts';
import type { ApiRegistry } from '../http/types.ts';
import { consoleEndpoint, type ConsoleContext, type ConsoleRegistry } from '../staff/console.ts';
import {
  acceptService,
  consoleDetailService,
  declineService,
  departmentPageService,
  deskQueueService,
  extendService,
  handlingService,
  rateService,
  replyService,
  requireUnit,
  returnService,
  startService,
  unitQueueService,
  unitsService,
  type DeskActor,
} from './politicsDesk.ts';
import { AdoptBody, LinkStoryBody, TipDeclineBody, TipListQuery } from '../../contract/tipDesk.ts';
import { adoptTipService, declineTipService, reportTipService, tipInboxService, tipOptionsService } from './tips/tipDesk.ts';
import { linkUnitStaffService } from './units.ts';
import {
  ComplaintAssignBody,
  ComplaintDeskQuery,
  ComplaintRefuseBody,
  ComplaintReplyBody,
  SellerQueueQuery,
  complaintActions,
  complaintSeller,
} from '../../contract/complaintDesk.ts';
import {
  assignComplaintService,
  complaintActionsService,
  complaintConsoleDetailService,
  complaintDeskQueueService,
  deskReplyService,
  refuseComplaintService,
  requireSeller,
  sellerPageService,
  sellerQueueService,
  sellerReplyService,
  sellersService,
} from './complaints/complaintDesk.ts';
import { QaAssignBody, QaListQuery, QaUnassignBody, wendaAssigned } from '../../contract/qaDesk.ts';
import { assignedToMeService, assignQuestionService, qaAnswerersService, qaQuestionsService, unassignQuestionService } from './qa/qaDesk.ts';
import { listWorkCalendarService, removeWorkCalendarService, setWorkCalendarService } from './workCalendar.ts';

function actorOf(ctx: ConsoleContext<unknown>): DeskActor {
  return { staffId: ctx.staff.id, name: ctx.staff.name, audit: (tx, entry) => ctx.audit(tx, entry) };
}

/** The console's 问政 desk (answer.desk) and department desk (answer.reply). */
export function registerAnswerConsole(registry: ConsoleRegistry): void {
  const { deps } = registry;
  const { db } = deps.database;

  consoleEndpoint(registry, {
    method: 'GET',
    path: '/answer/desk/questions',
    summary: '问政受理台：待受理（最早在前）、办理中（超期在前）、已回复、不予受理',
    permission: 'answer.desk',
    input: DeskListQuery,
    handler: async ({ input }) => deskQueueService(db, input.queue, input.page),
  });
  consoleEndpoint(registry, {
    method: 'GET',
    path: '/answer/desk/question',
    summary: '问政详情与办理进度（受理台）',
    permission: 'answer.desk',
    input: z.object({ id: Id }),
    handler: async ({ input }) => consoleDetailService(db, input.id, null),
  });
  consoleEndpoint(registry, {
    method: 'GET',
    path: '/answer/units',
    summary: '问政部门及其数据与人员',
    permission: 'answer.desk',
    input: z.object({}),
    handler: async () => unitsService(db),
  });
  consoleEndpoint(registry, {
    method: 'GET',
    path: '/answer/calendar',
    summary: '节假日安排：某年的放假日与调休上班日（问政 5 个工作日的办理期限按它计算）',
    permission: 'answer.desk',
    input: CalendarQuery,
    handler: async ({ input }) => listWorkCalendarService(db, input.year),
  });
  consoleEndpoint(registry, {
    method: 'POST',
    path: '/answer/calendar/set',
    summary: '设置一天为放假（工作日）或调休上班（周末）',
    permission: 'answer.desk',
    input: CalendarSetBody,
    handler: async (ctx) => setWorkCalendarService(deps, actorOf(ctx), ctx.input),
  });
  consoleEndpoint(registry, {
    method: 'POST',
    path: '/answer/calendar/remove',
    summary: '取消一天的放假或调休安排',
    permission: 'answer.desk',
    input: CalendarRemoveBody,
    handler: async (ctx) => removeWorkCalendarService(deps, actorOf(ctx), ctx.input),
  });
  consoleEndpoint(registry, {
    method: 'POST',
    path: '/answer/desk/accept',
    summary: '受理问政并转交部门（提问人所选或另一个）',
    permission: 'answer.desk',
    invalidates: 'readers',
    input: AcceptBody,
    handler: async (ctx) => acceptService(deps, actorOf(ctx), ctx.input),
  });
  consoleEndpoint(registry, {
    method: 'POST',
    path: '/answer/desk/decline',
    summary: '不予受理（写明提问人看到的原因）',
    permission: 'answer.desk',
    invalidates: 'readers',
    input: DeclineBody,
    handler: async (ctx) => declineService(deps, actorOf(ctx), ctx.input),
  });
  consoleEndpoint(registry, {
    method: 'POST',
    path: '/answer/units/link',
    summary: '把部门角色的人员关联到一个部门',
    permission: 'answer.units',
    input: z.object({ staffId: Id, unitId: Id }),
    handler: async (ctx) => linkUnitStaffService(deps, actorOf(ctx), ctx.input),
  });

  consoleEndpoint(registry, {
    method: 'GET',
    path: '/answer/unit/questions',
    summary: '本部门的问政：办理中（超期在前）或已回复，附本部门数据',
    permission: 'answer.reply',
    input: UnitListQuery,
    handler: async ({ staff, input }) => unitQueueService(db, staff.id, input.queue, input.page),
  });
  consoleEndpoint(registry, {
    method: 'GET',
    path: '/answer/unit/question',
    summary: '本部门的一个问政与办理进度（其他部门的问政无权查看）',
    permission: 'answer.reply',
    input: z.object({ id: Id }),
    handler: async ({ staff, input }) => consoleDetailService(db, input.id, (await requireUnit(db, staff.id)).id),
  });
  consoleEndpoint(registry, {
    method: 'POST',
    path: '/answer/unit/start',
    summary: '签收问政，开始办理',
    permission: 'answer.reply',
    invalidates: 'readers',
    input: StartBody,
    handler: async (ctx) => startService(deps, actorOf(ctx), ctx.input),
  });
  consoleEndpoint(registry, {
    method: 'POST',
    path: '/answer/unit/extend',
    summary: '申请延期（每个问政一次，写明原因）',
    permission: 'answer.reply',
    invalidates: 'readers',
    input: ReasonBody,
    handler: async (ctx) => extendService(deps, actorOf(ctx), ctx.input),
  });
  consoleEndpoint(registry, {
    method: 'POST',
    path: '/answer/unit/return',
    summary: '退回受理台（每个部门一次，写明原因）',
    permission: 'answer.reply',
    invalidates: 'readers',
    input: ReasonBody,
    handler: async (ctx) => returnService(deps, actorOf(ctx), ctx.input),
  });
  consoleEndpoint(registry, {
    method: 'POST',
    path: '/answer/unit/reply',
    summary: '部门官方回复（文字、图片、相关报道）',
    permission: 'answer.reply',
    invalidates: 'readers',
    input: ReplyBody,
    handler: async (ctx) => replyService(deps, actorOf(ctx), ctx.input),
  });
}

/** The newsroom's 爆料 inbox (线索, answer.tips): adopt and give to a reporter, link the story, or not use. */
/** 问答指派 (qa.assign): an open 问答 question given to an approved answerer or reporter, given to another, or taken back. */
export function registerQaConsole(registry: ConsoleRegistry): void {
  const { deps } = registry;
  const { db } = deps.database;
  consoleEndpoint(registry, {
    method: 'GET',
    path: '/qa/questions',
    summary: '问答指派：待回答的问题（最新在前）、已指派的问题',
    permission: 'qa.assign',
    input: QaListQuery,
    handler: async ({ input }) => qaQuestionsService(db, input.queue, input.page),
  });
  consoleEndpoint(registry, {
    method: 'GET',
    path: '/qa/answerers',
    summary: '可指派的答人与记者（已认证，记者在前）',
    permission: 'qa.assign',
    input: z.object({}),
    handler: async () => qaAnswerersService(db),
  });
  consoleEndpoint(registry, {
    method: 'POST',
    path: '/qa/assign',
    summary: '把待回答的问答问题指派给答人或记者（或改派）',
    permission: 'qa.assign',
    input: QaAssignBody,
    handler: async (ctx) => assignQuestionService(deps, actorOf(ctx), ctx.input),
  });
  consoleEndpoint(registry, {
    method: 'POST',
    path: '/qa/unassign',
    summary: '撤回问答问题的指派',
    permission: 'qa.assign',
    input: QaUnassignBody,
    handler: async (ctx) => unassignQuestionService(deps, actorOf(ctx), ctx.input),
  });
}

export function registerTipConsole(registry: ConsoleRegistry): void {
  const { deps } = registry;
  const { db } = deps.database;
  consoleEndpoint(registry, {
    method: 'GET',
    path: '/tips/inbox',
    summary: '爆料线索：待处理（最新在前）、已采纳、已报道、未采用',
    permission: 'answer.tips',
    input: TipListQuery,
    handler: async ({ input }) => tipInboxService(db, input.queue, input.page),
  });
  consoleEndpoint(registry, {
    method: 'GET',
    path: '/tips/options',
    summary: '可指派的记者与最近发布的稿件',
    permission: 'answer.tips',
    input: z.object({}),
    handler: async () => tipOptionsService(db),
  });
  consoleEndpoint(registry, {
    method: 'POST',
    path: '/tips/adopt',
    summary: '采纳爆料并指派记者（爆料人获得一次积分奖励）',
    permission: 'answer.tips',
    input: AdoptBody,
    handler: async (ctx) => adoptTipService(deps, actorOf(ctx), ctx.input),
  });
  consoleEndpoint(registry, {
    method: 'POST',
    path: '/tips/report',
    summary: '已采纳的爆料关联已发布的报道',
    permission: 'answer.tips',
    input: LinkStoryBody,
    handler: async (ctx) => reportTipService(deps, actorOf(ctx), ctx.input),
  });
  consoleEndpoint(registry, {
    method: 'POST',
    path: '/tips/decline',
    summary: '爆料未采用（写明爆料人看到的原因）',
    permission: 'answer.tips',
    input: TipDeclineBody,
    handler: async (ctx) => declineTipService(deps, actorOf(ctx), ctx.input),
  });
}

/**
 * The live-commerce complaint desk (complaints.desk: send to a seller, keep and reply, refuse) and the
 * sellers' desk (complaints.reply: a seller's own complaints only).
 */
export function registerComplaintConsole(registry: ConsoleRegistry): void {
  const { deps } = registry;
  const { db } = deps.database;
  consoleEndpoint(registry, {
    method: 'GET',
    path: '/complaints/desk/list',
    summary: '投诉受理台：待受理（最早在前）、处理中、已回复、已完结、不予受理',
    permission: 'complaints.desk',
    input: ComplaintDeskQuery,
    handler: async ({ input }) => complaintDeskQueueService(db, input.queue, input.page),
  });
  consoleEndpoint(registry, {
    method: 'GET',
    path: '/complaints/desk/complaint',
    summary: '投诉详情与处理记录（受理台）',
    permission: 'complaints.desk',
    input: z.object({ id: Id }),
    handler: async ({ input }) => complaintConsoleDetailService(db, input.id, null),
  });
  consoleEndpoint(registry, {
    method: 'GET',
    path: '/complaints/sellers',
    summary: '商家及其投诉数据与人员',
    permission: 'complaints.desk',
    input: z.object({}),
    handler: async () => sellersService(db),
  });
  consoleEndpoint(registry, {
    method: 'POST',
    path: '/complaints/desk/assign',
    summary: '受理投诉：转交所投诉的商家，或由平台客服处理',
    permission: 'complaints.desk',
    invalidates: 'readers',
    input: ComplaintAssignBody,
    handler: async (ctx) => assignComplaintService(deps, actorOf(ctx), ctx.input),
  });
  consoleEndpoint(registry, {
    method: 'POST',
    path: '/complaints/desk/refuse',
    summary: '不予受理（写明投诉人看到的原因）',
    permission: 'complaints.desk',
    invalidates: 'readers',
    input: ComplaintRefuseBody,
    handler: async (ctx) => refuseComplaintService(deps, actorOf(ctx), ctx.input),
  });
  consoleEndpoint(registry, {
    method: 'POST',
    path: '/complaints/desk/reply',
    summary: '平台客服回复由受理台处理的投诉',
    permission: 'complaints.desk',
    invalidates: 'readers',
    input: ComplaintReplyBody,
    handler: async (ctx) => deskReplyService(deps, actorOf(ctx), ctx.input),
  });
  consoleEndpoint(registry, {
    method: 'GET',
    path: '/complaints/seller/list',
    summary: '本店的投诉：处理中、已回复、已完结，附本店数据',
    permission: 'complaints.reply',
    input: SellerQueueQuery,
    handler: async ({ staff, input }) => sellerQueueService(db, staff.id, input.queue, input.page),
  });
  consoleEndpoint(registry, {
    method: 'GET',
    path: '/complaints/seller/complaint',
    summary: '本店的一个投诉与处理记录（其他商家的投诉无权查看）',
    permission: 'complaints.reply',
    input: z.object({ id: Id }),
    handler: async ({ staff, input }) => complaintConsoleDetailService(db, input.id, (await requireSeller(db, staff.id)).id),
  });
  consoleEndpoint(registry, {
    method: 'POST',
    path: '/complaints/seller/reply',
    summary: '商家回复投诉（投诉人在投诉页看到）',
    permission: 'complaints.reply',
    invalidates: 'readers',
    input: ComplaintReplyBody,
    handler: async (ctx) => sellerReplyService(deps, actorOf(ctx), ctx.input),
  });
}

/** The reader's side: a 问政's handling, the asker's rating, a department's page. */
export function registerAnswerRoutes(registry: ApiRegistry): void {
  const { db } = registry.deps.database;
  const ctx = serviceContextOf(registry);
  registerEndpoint(registry, wenzhengHandling, async ({ query, c }) => ok(await handlingService(db, optionalUser(c), query.id)));
  registerEndpoint(registry, wenzhengRate, async ({ body, c }) => {
    const { data, message } = await rateService(ctx.deps, ctx.limiter, requireUser(c), body);
    return ok(data, message);
  });
  registerEndpoint(registry, wendaAssigned, async ({ query, c }) => ok(await assignedToMeService(db, requireUser(c).userId, query.page)));
  registerEndpoint(registry, wenzhengDepartment, async ({ query }) => ok(await departmentPageService(db, query.id)));
  registerEndpoint(registry, complaintActions, async ({ query, c }) => ok(await complaintActionsService(db, optionalUser(c), query.id)));
  registerEndpoint(registry, complaintSeller, async ({ query }) => ok(await sellerPageService(db, query.id)));
}
