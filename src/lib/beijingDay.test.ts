import { describe, expect, it } from 'vitest';
import { beijingDay, beijingWallClock, previousDay } from './beijingDay.ts';

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
});
