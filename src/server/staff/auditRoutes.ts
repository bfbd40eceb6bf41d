/** The admin's 操作记录 page: the audit trail searched by person, item and date (ADR 017). */
import { CalendarDayOf } from '../../contract/fields.ts';
import { z } from '../../contract/zod.ts';
import { beijingDayStart } from '../../lib/beijingDay.ts';
import { searchAudit } from '../audit/repo.ts';
import { consoleEndpoint, type ConsoleRegistry } from './console.ts';
import { findStaffByAccountRepo } from './repo.ts';

const PAGE_SIZE = 50;
const Day = CalendarDayOf('日期格式应为 2026-01-31');

export function registerAuditConsole(registry: ConsoleRegistry): void {
  const { deps } = registry;
  consoleEndpoint(registry, {
    method: 'GET',
    path: '/audit',
    summary: '操作记录：按人员、对象、日期查找',
    permission: 'audit.read',
    input: z.object({
      /** A person's account or id. */
      staff: z.string().trim().max(32, '人员账号过长').optional(),
      itemKind: z.string().trim().max(40, '对象类型过长').optional(),
      itemId: z.string().trim().max(40, '对象编号过长').optional(),
      from: Day.optional(),
      to: Day.optional(),
      beforeId: z.coerce.number().int().positive('翻页位置不正确').optional(),
    }),
    handler: async ({ input }) => {
      const who = input.staff || undefined;
      let staffId: number | undefined;
      if (who !== undefined) {
        // An unknown account matches no row (id 0 is never issued).
        staffId = /^\d+$/.test(who) ? Number(who) : ((await findStaffByAccountRepo(deps.database.db, who.toLowerCase()))?.id ?? 0);
      }
      const rows = await searchAudit(deps.database.db, {
        staffId,
        itemKind: input.itemKind || undefined,
        itemId: input.itemId || undefined,
        from: input.from ? beijingDayStart(input.from) : undefined,
        to: input.to ? beijingDayStart(input.to, 1) : undefined,
        beforeId: input.beforeId,
        limit: PAGE_SIZE + 1,
      });
      const page = rows.slice(0, PAGE_SIZE);
      return {
        rows: page.map((r) => ({
          id: r.id,
          at: r.at.toISOString(),
          staffId: r.staffId,
          staffName: r.staffName,
          action: r.action,
          itemKind: r.itemKind,
          itemId: r.itemId,
          before: r.before,
          after: r.after,
          reason: r.reason,
          ip: r.ip,
        })),
        nextBeforeId: rows.length > PAGE_SIZE ? page[page.length - 1]!.id : null,
      };
    },
  });
}
