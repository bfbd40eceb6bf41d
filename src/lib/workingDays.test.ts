import { describe, expect, it } from 'vitest';
import { addWorkingDays, isBeijingWeekend, isWorkingDay, type WorkCalendar } from './workingDays.ts';

describe('addWorkingDays', () => {
  it.each([
    // Monday 10:00 Beijing (02:00 UTC) + 5 → next Monday 10:00
    ['2026-11-23T02:00:00Z', 5, '2026-11-30T02:00:00Z'],
    // Friday 10:00 + 1 → Monday
    ['2026-11-27T02:00:00Z', 1, '2026-11-30T02:00:00Z'],
    // Saturday + 5 → next Friday (the weekend day itself is not counted)
    ['2026-11-28T02:00:00Z', 5, '2026-12-04T02:00:00Z'],
    // Friday 23:30 Beijing is Friday 15:30 UTC: still Friday in Beijing → + 1 is Monday 23:30 Beijing
    ['2026-11-27T15:30:00Z', 1, '2026-11-30T15:30:00Z'],
    // Thursday + 10 (after the one extension) → two weeks later
    ['2026-11-26T02:00:00Z', 10, '2026-12-10T02:00:00Z'],
  ])('%s + %i working days is %s', (from, days, due) => {
    expect(addWorkingDays(new Date(from), days).toISOString()).toBe(new Date(due).toISOString());
  });
});

describe('isBeijingWeekend', () => {
  it.each([
    ['2026-11-28T02:00:00Z', true],
    ['2026-11-27T17:00:00Z', true], // Saturday 01:00 Beijing, still Friday in UTC
    ['2026-11-29T15:59:00Z', true], // Sunday 23:59 Beijing
    ['2026-11-29T16:00:00Z', false], // Monday 00:00 Beijing
  ])('%s → %s', (at, weekend) => {
    expect(isBeijingWeekend(new Date(at))).toBe(weekend);
  });
});

describe('with the year’s holidays and 调休', () => {
  // 国庆 as the desk would enter it: 10-01…10-07 off, Sunday 09-27 and Saturday 10-10 worked (an example year).
  const national: WorkCalendar = {
    holidays: new Set(['2026-10-01', '2026-10-02', '2026-10-05', '2026-10-06', '2026-10-07']),
    workdays: new Set(['2026-09-27', '2026-10-10']),
  };

  it.each([
    // Wednesday 30 Sep 10:00 + 5: 1–7 Oct are off, Sat 10 Oct is worked → Thu 8, Fri 9, Sat 10, Mon 12, Tue 13
    ['2026-09-30T02:00:00Z', 5, '2026-10-13T02:00:00Z'],
    // Friday 25 Sep + 1: Sunday 27 Sep is worked
    ['2026-09-25T02:00:00Z', 1, '2026-09-27T02:00:00Z'],
  ])('%s + %i working days is %s', (from, days, due) => {
    expect(addWorkingDays(new Date(from), days, national).toISOString()).toBe(new Date(due).toISOString());
  });

  it('a holiday is not a working day, a weekend day worked is, on Beijing’s calendar', () => {
    expect(isWorkingDay(new Date('2026-10-01T02:00:00Z'), national)).toBe(false);
    expect(isWorkingDay(new Date('2026-09-27T02:00:00Z'), national)).toBe(true);
    // 23:30 Beijing on 30 Sep is still 30 Sep (15:30 UTC): a working day; 00:30 on 1 Oct (16:30 UTC 30 Sep) is not.
    expect(isWorkingDay(new Date('2026-09-30T15:30:00Z'), national)).toBe(true);
    expect(isWorkingDay(new Date('2026-09-30T16:30:00Z'), national)).toBe(false);
  });
});
