import { describe, expect, it } from 'vitest';
import { beijingDay, beijingDayStart, beijingWallClock, isCalendarDay, previousDay } from './beijingDay.ts';

describe('Beijing days', () => {
  it('turn over at 00:00 Beijing, which is 16:00 UTC the day before', () => {
    expect(beijingDay(new Date('2026-11-19T15:59:59Z'))).toBe('2026-11-19');
    expect(beijingDay(new Date('2026-11-19T16:00:00Z'))).toBe('2026-11-20');
    expect(beijingDay(Date.parse('2026-12-31T16:00:00Z'))).toBe('2027-01-01');
  });

  it('read the wall clock through the UTC fields', () => {
    const d = beijingWallClock(new Date('2026-11-20T02:05:00Z'));
    expect([d.getUTCHours(), d.getUTCMinutes(), d.getUTCDate()]).toEqual([10, 5, 20]);
  });

  it('step back one day across months and years', () => {
    expect(previousDay('2026-03-01')).toBe('2026-02-28');
    expect(previousDay('2027-01-01')).toBe('2026-12-31');
  });

  it('know a day that exists from one that does not', () => {
    for (const day of ['2026-11-27', '2028-02-29', '1900-01-01', '2999-12-31']) expect(isCalendarDay(day), day).toBe(true);
    for (const day of [
      '2026-02-29',
      '2026-02-31',
      '2026-13-01',
      '2026-00-10',
      '2026-11-00',
      '0000-01-01',
      '3000-01-01',
      '2026-1-5',
      ' 2026-11-27',
      '2026-11-27T00:00',
    ])
      expect(isCalendarDay(day), day).toBe(false);
  });

  it('start at 00:00 Beijing, and the next day starts 24 hours later', () => {
    expect(beijingDayStart('2026-11-27').toISOString()).toBe('2026-11-26T16:00:00.000Z');
    expect(beijingDayStart('2026-12-31', 1).toISOString()).toBe('2026-12-31T16:00:00.000Z');
  });
});
