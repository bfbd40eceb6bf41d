/**
 * The moderation desk's console API (docs/adr/018-one-review-model.md) under /newsroom/api/moderation: each endpoint
 * names its permission (src/server/staff/permissions.ts), the rules are desk.ts's. A scoped moderator works in
 * their areas only: the queue is filtered to them and a decision on an item outside them is refused (403).
 */
import { CalendarDayOf } from '../../contract/fields.ts';
import { z } from '../../contract/zod.ts';
import { beijingDayStart } from '../../lib/beijingDay.ts';
import { areasOf, type Permission, type StaffMember } from '../staff/permissions.ts';
import { consoleEndpoint, type ConsoleContext, type ConsoleRegistry } from '../staff/console.ts';
import { AREAS, SITE_WIDE, type Area } from './areas.ts';
import {
  decide,
  decideBatch,
  decidedSince,
  deleteWord,
  listQueue,
  listRejectReasons,
  listSettings,
  listWords,
  muteReader,
  putWord,
  setArticleComments,
  setEmergency,
  setRejectReasons,
  setReviewBeforePublish,
  TAB_LABELS,
  type DeskDeps,
  type Moderator,
} from './desk.ts';

const AreaId = z.enum(AREAS as [Area, ...Area[]], { message: '栏目不存在' });
const Kind = z.string().trim().min(1, '缺少内容类型').max(40, '内容类型不正确');
const ItemId = z.coerce.number({ message: '内容编号不正确' }).int('内容编号不正确').positive('内容编号不正确');
const Reason = z.string().trim().max(100, '理由最多 100 字').optional();
const Action = z.enum(['approve', 'reject', 'remove'], { message: '操作不正确' });
const Day = CalendarDayOf('日期格式应为 2026-01-31');

/** The acting moderator: their areas for `permission` (null when they hold it everywhere). */
function moderatorOf(staff: StaffMember, permission: Permission, ip: string): Moderator {
  const areas = areasOf(staff, permission);
  return { staffId: staff.id, name: staff.name, areas: areas.length === AREAS.length ? null : areas, ip };
}

/** The desk's dependencies for one call: its audit rows go through the console's trail. */
function deskOf(ctx: ConsoleContext<unknown>): DeskDeps {
  return {
    database: ctx.deps.database,
    audit: (tx, e) => ctx.audit(tx, { action: e.action, itemKind: e.itemKind, itemId: e.itemId, before: e.before, after: e.after, reason: e.reason }),
  };
}

export function registerModerationConsole(registry: ConsoleRegistry): void {
  const { deps } = registry;

  consoleEndpoint(registry, {
    method: 'GET',
    path: '/moderation/queue',
    summary: '审核队列：待审、被举报、敏感词、巡查、已处理（按栏目、日期、词筛选，翻页）',
    permission: 'moderation.view',
    area: (input) => input.area,
    input: z.object({
      tab: z.enum(Object.keys(TAB_LABELS) as [keyof typeof TAB_LABELS], { message: '队列不存在' }).default('pending'),
      area: AreaId.optional(),
      from: Day.optional(),
      to: Day.optional(),
      word: z.string().trim().max(20, '筛选词最多 20 字').optional(),
      afterAt: z.string().datetime({ message: '翻页位置不正确' }).optional(),
      afterId: z.coerce.number().int().positive('翻页位置不正确').optional(),
    }),
    handler: async ({ staff, input, ip }) => {
      const page = await listQueue(deps.database.db, moderatorOf(staff, 'moderation.view', ip), {
        tab: input.tab,
        area: input.area,
        from: input.from ? beijingDayStart(input.from) : undefined,
        to: input.to ? beijingDayStart(input.to, 1) : undefined,
        word: input.word || undefined,
        after: input.afterAt && input.afterId ? { at: input.afterAt, id: input.afterId } : undefined,
      });
      return { ...page, reasons: await listRejectReasons(deps.database.db) };
    },
  });

  consoleEndpoint(registry, {
    method: 'GET',
    path: '/moderation/changes',
    summary: '其他审核员刚处理的内容（审核台每隔几秒询问一次，把它们移出队列）',
    permission: 'moderation.view',
    input: z.object({ since: z.string().datetime({ message: '时间格式不正确' }).optional() }),
    handler: async ({ staff, input, ip }) => decidedSince(deps.database.db, moderatorOf(staff, 'moderation.view', ip), input.since),
  });

  consoleEndpoint(registry, {
    method: 'POST',
    path: '/moderation/decide',
    summary: '审核决定：通过、拒绝（写明理由）、删除已发布内容（写明理由）',
    permission: 'moderation.decide',
    input: z.object({ kind: Kind, itemId: ItemId, action: Action, reason: Reason }),
    handler: async (ctx) => decide(deskOf(ctx), moderatorOf(ctx.staff, 'moderation.decide', ctx.ip), ctx.input),
  });

  consoleEndpoint(registry, {
    method: 'POST',
    path: '/moderation/decide-batch',
    summary: '批量审核：对选中的内容一起通过或拒绝',
    permission: 'moderation.decide',
    input: z.object({
      items: z.array(z.object({ kind: Kind, itemId: ItemId }), { message: '请先选择要处理的内容' }).max(100, '一次最多处理 100 条'),
      action: Action,
      reason: Reason,
    }),
    handler: async (ctx) => decideBatch(deskOf(ctx), moderatorOf(ctx.staff, 'moderation.decide', ctx.ip), ctx.input),
  });

  consoleEndpoint(registry, {
    method: 'POST',
    path: '/moderation/ban',
    summary: '封禁读者：1、7、30 天或永久，写明理由',
    permission: 'moderation.ban',
    input: z.object({
      userId: z.coerce.number().int().positive('读者不存在'),
      days: z.union([z.literal(1), z.literal(7), z.literal(30), z.literal('forever')], { message: '禁言天数只能是 1、7、30 天或永久' }),
      reason: z.string().trim().min(1, '请填写或选择理由').max(100, '理由最多 100 字'),
    }),
    handler: async (ctx) => {
      const { until } = await muteReader(deskOf(ctx), moderatorOf(ctx.staff, 'moderation.ban', ctx.ip), {
        userId: ctx.input.userId,
        days: ctx.input.days === 'forever' ? null : ctx.input.days,
        reason: ctx.input.reason,
      });
      return { until: until?.toISOString() ?? null };
    },
  });

  consoleEndpoint(registry, {
    method: 'GET',
    path: '/moderation/settings',
    summary: '审核设置：各栏目先审后发与应急处置状态，拒绝理由列表',
    permission: 'moderation.view',
    input: z.object({}),
    handler: async () => ({ areas: await listSettings(deps.database.db), reasons: await listRejectReasons(deps.database.db) }),
  });

  consoleEndpoint(registry, {
    method: 'POST',
    path: '/moderation/settings',
    summary: '设置一个栏目是否先审后发',
    permission: 'moderation.settings',
    input: z.object({ area: AreaId, reviewBeforePublish: z.boolean({ message: '请选择是否先审后发' }) }),
    handler: async (ctx) => {
      await setReviewBeforePublish(deskOf(ctx), moderatorOf(ctx.staff, 'moderation.settings', ctx.ip), ctx.input.area, ctx.input.reviewBeforePublish);
      return listSettings(deps.database.db);
    },
  });

  consoleEndpoint(registry, {
    method: 'POST',
    path: '/moderation/reasons',
    summary: '编辑拒绝理由列表',
    permission: 'moderation.settings',
    input: z.object({ reasons: z.array(z.string().max(100, '理由最多 100 字')).max(50, '理由最多 50 条') }),
    handler: async (ctx) => ({ reasons: await setRejectReasons(deskOf(ctx), moderatorOf(ctx.staff, 'moderation.settings', ctx.ip), ctx.input.reasons) }),
  });

  consoleEndpoint(registry, {
    method: 'POST',
    path: '/moderation/article-comments',
    summary: '一篇稿件的关闭评论开关',
    permission: 'moderation.settings',
    input: z.object({ newsId: ItemId, open: z.boolean({ message: '请选择开启或关闭' }) }),
    handler: async (ctx) => {
      await setArticleComments(deskOf(ctx), moderatorOf(ctx.staff, 'moderation.settings', ctx.ip), ctx.input);
      return { newsId: ctx.input.newsId, open: ctx.input.open };
    },
  });

  consoleEndpoint(registry, {
    method: 'POST',
    path: '/moderation/emergency',
    summary: '应急处置：全站或一个栏目一键关闭评论和发布，并告知读者原因',
    permission: 'moderation.emergency',
    input: z.object({
      area: z.union([AreaId, z.literal(SITE_WIDE)], { message: '栏目不存在' }),
      closed: z.boolean({ message: '请选择关闭或恢复' }),
      message: z.string().max(100, '原因最多 100 字').default(''),
    }),
    handler: async (ctx) => {
      await setEmergency(deskOf(ctx), moderatorOf(ctx.staff, 'moderation.emergency', ctx.ip), ctx.input.area, {
        closed: ctx.input.closed,
        message: ctx.input.message,
      });
      return listSettings(deps.database.db);
    },
  });

  consoleEndpoint(registry, {
    method: 'GET',
    path: '/moderation/words',
    summary: '敏感词列表（拦截或送审）',
    permission: 'moderation.words',
    input: z.object({}),
    handler: async () => listWords(deps.database.db),
  });

  consoleEndpoint(registry, {
    method: 'POST',
    path: '/moderation/words',
    summary: '添加敏感词或改变其处理方式',
    permission: 'moderation.words',
    input: z.object({
      word: z.string().trim().min(1, '敏感词不能为空，也不能只有符号').max(20, '敏感词最多 20 字'),
      action: z.enum(['hold', 'block'], { message: '请选择拦截或送审' }),
    }),
    handler: async (ctx) => {
      await putWord(deskOf(ctx), moderatorOf(ctx.staff, 'moderation.words', ctx.ip), ctx.input);
      return listWords(deps.database.db);
    },
  });

  consoleEndpoint(registry, {
    method: 'POST',
    path: '/moderation/words/delete',
    summary: '删除敏感词',
    permission: 'moderation.words',
    input: z.object({ id: ItemId }),
    handler: async (ctx) => {
      await deleteWord(deskOf(ctx), moderatorOf(ctx.staff, 'moderation.words', ctx.ip), ctx.input.id);
      return listWords(deps.database.db);
    },
  });
}
