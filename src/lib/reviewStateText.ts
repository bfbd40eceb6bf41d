/**
 * How a reader-written item's review state reads to its author (team rule: a pending or rejected item is
 * visible only to its author, marked 审核中 or with the reason): 审核中, 未通过：reason (未通过审核 without
 * one), '' once it is public. Shared by the 我的 lists (server) and the author's own-item page (browser).
 */
export function reviewStateText(state: string, reason: string): string {
  if (state === 'pending') return '审核中';
  if (state === 'rejected') return reason ? `未通过：${reason}` : '未通过审核';
  return '';
}
