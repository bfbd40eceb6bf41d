import { describe, expect, it } from 'vitest';
import { formatBeijingTime, formatRelativeTime } from './formatTime.ts';

const now = new Date('2026-11-20T10:00:00+08:00');

describe('formatRelativeTime', () => {
  it.each([
    ['2026-11-20T09:59:30+08:00', '刚刚'],
    ['2026-11-20T09:35:00+08:00', '25分钟前'],
    ['2026-11-20T07:00:00+08:00', '3小时前'],
    ['2026-11-19T23:30:00+08:00', '昨天 23:30'],
    ['2026-11-02T08:05:00+08:00', '11-02'],
    ['2025-12-31T08:05:00+08:00', '2025-12-31'],
  ])('%s → %s', (iso, label) => {
    expect(formatRelativeTime(new Date(iso), now)).toBe(label);
  });
});

describe('formatBeijingTime', () => {
  it('shows the instant in UTC+8', () => {
    expect(formatBeijingTime(new Date('2026-11-19T16:30:00Z'))).toBe('2026-11-20 00:30');
  });
});
