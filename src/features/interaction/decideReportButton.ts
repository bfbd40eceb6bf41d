/** The report popup's button (spec 4, 5): 取消 with no reason chosen, 提交 with one or more. */
export const CHOOSE_REASON = '请选择举报内容';
export const REPORTED = '举报成功';

export function decideReportButton(chosen: readonly string[]): '取消' | '提交' {
  return chosen.length === 0 ? '取消' : '提交';
}

/** Toggles a reason, keeping the order of the server's list. */
export function toggleReason(all: readonly string[], chosen: readonly string[], reason: string): string[] {
  const next = new Set(chosen);
  if (next.has(reason)) next.delete(reason);
  else next.add(reason);
  return all.filter((r) => next.has(r));
}
