/**
 * Working days on Beijing's calendar: Monday to Friday, except the holidays the State Council sets each year, and
 * plus the weekend days worked in their place (调休). A 问政 must be answered within 5 of them (docs/security.md
 * "Answering desks"); the exceptions are the desk's 节假日安排 (table work_calendar). Weekdays and days come from
 * src/lib/beijingDay.ts, the one place that adds UTC+8.
 */
import { beijingDay, beijingWallClock } from './beijingDay.ts';

const DAY_MS = 24 * 3600_000;

/** The calendar's exceptions by Beijing day (YYYY-MM-DD): holidays on weekdays, weekend days worked. */
export interface WorkCalendar {
  holidays: ReadonlySet<string>;
  workdays: ReadonlySet<string>;
}

export const PLAIN_WEEKS: WorkCalendar = { holidays: new Set(), workdays: new Set() };

/** Whether the Beijing calendar day of `at` is Saturday or Sunday. */
export function isBeijingWeekend(at: Date | number): boolean {
  const weekday = beijingWallClock(at).getUTCDay();
  return weekday === 0 || weekday === 6;
}

/** Whether the Beijing calendar day of `at` is a working day: a weekday that is no holiday, or a weekend day worked. */
export function isWorkingDay(at: Date | number, calendar: WorkCalendar = PLAIN_WEEKS): boolean {
  const day = beijingDay(at);
  if (calendar.workdays.has(day)) return true;
  return !isBeijingWeekend(at) && !calendar.holidays.has(day);
}

/** The instant `days` working days after `from`, at the same time of day (weekends and holidays are not counted). */
export function addWorkingDays(from: Date, days: number, calendar: WorkCalendar = PLAIN_WEEKS): Date {
  let at = from.getTime();
  let counted = 0;
  while (counted < days) {
    at += DAY_MS;
    if (isWorkingDay(at, calendar)) counted += 1;
  }
  return new Date(at);
}
