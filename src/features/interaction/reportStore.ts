/**
 * The report popup's request (ADR 011): whoever wants a report — the 举报 button under a detail, or a comment's
 * 举报 (spec 7.4) — calls `openReport(...)`. It checks login first (spec 5), puts the request in
 * `$reportRequest` and wakes the popup island (`client:afterload="report"`), which hydrates on that request and
 * opens with the reasons. The popup must be on the page (ReportPopup.astro, `trigger={false}` for a popup without
 * its own 举报 button).
 *
 *   openReport({ kind: 'article', ref: { classId, newsId } })                    // a news item
 *   openReport({ kind: 'article', ref: { classId: 2, newsId: 7, from: 'bang' } }) // a bangbang item
 *   openReport({ kind: 'custom', label: '举报评论', submit: (content) => reportComment(platform, commentId, content) })
 *
 * `submit` gets the chosen reasons joined by commas (the `content` of every report call) and returns the API
 * envelope; 200 → 举报成功 and the popup closes, anything else shows the server's message (spec 8).
 */
import { atom } from 'nanostores';
import { requestHydration } from '../../client/directives/requestHydration.ts';
import type { Envelope } from '../../contract/envelope.ts';
import { requireLogin } from '../login-gate/requireLogin.ts';
import type { ArticleRef } from './commentLinks.ts';

export type ReportTarget = { kind: 'article'; ref: ArticleRef } | { kind: 'custom'; submit: (content: string) => Promise<Envelope<unknown>> };

export interface ReportRequest {
  target: ReportTarget;
  /** Grows with every request, so the same target asked twice opens twice. */
  seq: number;
}

export const REPORT_ISLAND = 'report';

export const $reportRequest = atom<ReportRequest | null>(null);
let seq = 0;

/** Opens the report popup for `target` after the login gate; returns false when the reader must log in first. */
export function openReport(target: ReportTarget, gate: () => boolean = requireLogin): boolean {
  if (!gate()) return false;
  seq += 1;
  $reportRequest.set({ target, seq });
  requestHydration(REPORT_ISLAND);
  return true;
}
