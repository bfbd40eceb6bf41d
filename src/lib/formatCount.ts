/** Large counts as a Chinese reader expects them: 9999, 1.2万, 350万. */
export function formatCount(n: number): string {
  if (n < 10000) return String(n);
  const wan = n / 10000;
  return `${wan >= 100 ? Math.round(wan) : Math.round(wan * 10) / 10}万`;
}

/** The comment-count badge (spec 5): blank at 0, the number from 1 to 99, 99+ above 99. */
export function formatBadge(n: number): string {
  if (n <= 0) return '';
  return n > 99 ? '99+' : String(n);
}
