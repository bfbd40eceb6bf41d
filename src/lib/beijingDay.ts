/**
 * Beijing time (UTC+8, no daylight saving): the one place that turns an instant into Beijing's calendar
 * day or wall clock. Daily caps, sign-ins, coupon days and the time labels of lists all turn over at
 * 00:00 Beijing (docs/conventions.md, "Dates").
 */
export const BEIJING_OFFSET_MS = 8 * 3600_000;

/** The instant shifted so that its UTC fields (getUTCFullYear, getUTCHours, …) read Beijing's wall clock. */
export function beijingWallClock(at: Date | number): Date {
  return new Date((typeof at === 'number' ? at : at.getTime()) + BEIJING_OFFSET_MS);
}

/** The Beijing calendar day of an instant, `YYYY-MM-DD`. */
export function beijingDay(at: Date | number): string {
  return beijingWallClock(at).toISOString().slice(0, 10);
}

/** The day before a `YYYY-MM-DD` day. */
export function previousDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

/**
 * Whether `day` is a calendar day written `YYYY-MM-DD` that exists, in the years 1900–2999: 2026-02-30 and
 * 2026-13-01 do not (a date typed into a console filter or a form is checked with this before it reaches a query).
 */
export function isCalendarDay(day: string): boolean {
  if (!/^(19|2\d)\d{2}-\d{2}-\d{2}$/.test(day)) return false;
  const d = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === day;
}

/** The instant a Beijing calendar day (`YYYY-MM-DD`) starts, `plusDays` later (1: the next day's start, an end bound). */
export function beijingDayStart(day: string, plusDays = 0): Date {
  return new Date(new Date(`${day}T00:00:00+08:00`).getTime() + plusDays * 86_400_000);
}
