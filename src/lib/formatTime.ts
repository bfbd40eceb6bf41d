/** Time labels in Beijing time (UTC+8, no daylight saving), as a Chinese news list shows them. */
import { beijingWallClock } from './beijingDay.ts';

function parts(date: Date) {
  const d = beijingWallClock(date);
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    y: d.getUTCFullYear(),
    md: `${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`,
    hm: `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`,
    day: Math.floor(d.getTime() / 86400000),
  };
}

/** `YYYY-MM-DD HH:mm` in Beijing time. */
export function formatBeijingTime(date: Date): string {
  const p = parts(date);
  return `${p.y}-${p.md} ${p.hm}`;
}

/** 刚刚, N分钟前, N小时前, 昨天 HH:mm, MM-DD (this year) or YYYY-MM-DD. */
export function formatRelativeTime(date: Date, now: Date): string {
  const diff = now.getTime() - date.getTime();
  if (diff < 60_000) return '刚刚';
  if (diff < 3600_000) return `${Math.floor(diff / 60_000)}分钟前`;
  const p = parts(date);
  const n = parts(now);
  if (diff < 86400_000 && p.day === n.day) return `${Math.floor(diff / 3600_000)}小时前`;
  if (n.day - p.day === 1) return `昨天 ${p.hm}`;
  if (p.y === n.y) return p.md;
  return `${p.y}-${p.md}`;
}
