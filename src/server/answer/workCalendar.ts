/**
 * 节假日安排: the working-day calendar's exceptions (table work_calendar), which the 问政 desk enters each year from
 * the State Council's schedule — a weekday off ('holiday'), a weekend day worked ('workday', 调休). A 问政's due time
 * (5 working days, src/lib/workingDays.ts) counts with them. A due time already set stays as it was: the desk sees a
 * changed schedule on the questions it accepts after the change.
 */
import { CALENDAR_KIND_TEXT, type CalendarDay, type CalendarKind } from '../../contract/answerDesk.ts';
import { beijingDay } from '../../lib/beijingDay.ts';
import { isBeijingWeekend, type WorkCalendar } from '../../lib/workingDays.ts';
import { StatusCode } from '../../contract/envelope.ts';
import type { Db } from '../db/client.ts';
import { ApiFailure } from '../http/envelope.ts';
import type { AppDeps } from '../http/types.ts';
import type { DeskActor } from './politicsDesk.ts';
import { deleteWorkDayRepo, lockWorkDayRepo, upsertWorkDayRepo, workCalendarRepo } from './repo.ts';

const WEEKDAYS = ['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六'];
/** How far ahead a due time is looked for: two extensions of 5 working days never reach past a long holiday plus this. */
const LOOKAHEAD_DAYS = 120;

const noon = (day: string) => new Date(`${day}T12:00:00+08:00`);

/** The exceptions from `from`'s Beijing day on, far enough for any due time counted from it. */
export async function workCalendarFrom(db: Db, from: Date): Promise<WorkCalendar> {
  const first = beijingDay(from);
  const last = beijingDay(from.getTime() + LOOKAHEAD_DAYS * 86_400_000);
  const rows = await workCalendarRepo(db, first, last);
  return {
    holidays: new Set(rows.filter((r) => r.kind === 'holiday').map((r) => r.day)),
    workdays: new Set(rows.filter((r) => r.kind === 'workday').map((r) => r.day)),
  };
}

/** One year's exceptions, in date order, for the console. */
export async function listWorkCalendarService(db: Db, year: number): Promise<{ items: CalendarDay[] }> {
  const rows = await workCalendarRepo(db, `${year}-01-01`, `${year}-12-31`);
  return {
    items: rows.map((r) => ({ ...r, kind: r.kind as CalendarKind, weekday: WEEKDAYS[noon(r.day).getUTCDay()] ?? '' })),
  };
}

const fail = (message: string, code: number = StatusCode.unprocessable) => new ApiFailure(code, message);

/** Sets a day's exception (again with other values: changed; with the same: nothing written). */
export async function setWorkCalendarService(
  deps: AppDeps,
  actor: DeskActor,
  input: { day: string; kind: CalendarKind; note: string },
): Promise<{ items: CalendarDay[] }> {
  const weekend = isBeijingWeekend(noon(input.day));
  if (input.kind === 'holiday' && weekend) throw fail('周末本就不上班，无需设为放假');
  if (input.kind === 'workday' && !weekend) throw fail('工作日本就上班，无需设为调休上班');
  await deps.database.write(async (tx) => {
    const before = await lockWorkDayRepo(tx, input.day);
    if (before && before.kind === input.kind && before.note === input.note) return;
    await upsertWorkDayRepo(tx, { ...input, staffId: actor.staffId });
    await actor.audit(tx, {
      action: 'answer.calendar.set',
      itemKind: 'work_day',
      itemId: input.day,
      before: before ?? null,
      after: { kind: input.kind, note: input.note },
      reason: `${input.day} ${CALENDAR_KIND_TEXT[input.kind]}`,
    });
  });
  return listWorkCalendarService(deps.database.db, Number(input.day.slice(0, 4)));
}

/** Takes a day's exception away (the day is an ordinary weekday or weekend day again). */
export async function removeWorkCalendarService(deps: AppDeps, actor: DeskActor, input: { day: string }): Promise<{ items: CalendarDay[] }> {
  await deps.database.write(async (tx) => {
    const gone = await deleteWorkDayRepo(tx, input.day);
    if (!gone) throw fail('这一天没有特殊安排', StatusCode.notFound);
    await actor.audit(tx, { action: 'answer.calendar.remove', itemKind: 'work_day', itemId: input.day, before: gone, after: null });
  });
  return listWorkCalendarService(deps.database.db, Number(input.day.slice(0, 4)));
}
