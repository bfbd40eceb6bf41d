/**
 * Working days on Beijing's calendar (Monday to Friday): a 问政 must be answered within 5 of them
 * (docs/security.md "Answering desks"). Weekdays come from src/lib/beijingDay.ts, the one place that
 * adds UTC+8.
 */
import { beijingWallClock } from './beijingDay.ts';

const DAY_MS = 24 * 3600_000;

/** Whether the Beijing calendar day of `at` is Saturday or Sunday. */
export function isBeijingWeekend(at: Date | number): boolean {
  const weekday = beijingWallClock(at).getUTCDay();
  return weekday === 0 || weekday === 6;
}

/** The instant `days` working days after `from`, at the same time of day (weekend days are not counted). */
export function addWorkingDays(from: Date, days: number): Date {
  let at = from.getTime();
  let counted = 0;
  while (counted < days) {
    at += DAY_MS;
    if (!isBeijingWeekend(at)) counted += 1;
  }
  return new Date(at);
}
