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
