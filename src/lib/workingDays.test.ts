import { describe, expect, it } from 'vitest';
import { addWorkingDays, isBeijingWeekend } from './workingDays.ts';

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
