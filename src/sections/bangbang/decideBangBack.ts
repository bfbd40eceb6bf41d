/**
 * The back button of the bangbang pages (spec 2.7): from politicsDetail, QAList, QADetail, politicsIndex,
 * politicsCommit (no 'from') and Ask (no 'from'), back goes to /BangBang/index, except that it goes back in
 * history when the query has fromSearch, when the reader came from the bangbang home, or from the news
 * home. politicsCommit and Ask opened with a `from` (an article's 我要提问, …) go back in history. With no
 * history to go back to: /BangBang/index.
 */
import { BASE_PATH } from '../../lib/safeUrl.ts';

export type BangBack = { kind: 'history' } | { kind: 'go'; href: string };

export interface BangBackInput {
  /** The page's query string. */
  search: string;
  /** document.referrer ('' when none). */
  referrer: string;
  /** location.origin. */
  origin: string;
  /** history.length. */
  historyLength: number;
  /** politicsCommit and Ask: a `from` in the query means back in history. */
  fromGoesBack?: boolean;
}

export const BANG_HOME = `${BASE_PATH}/BangBang/index`;

function sameOriginPath(referrer: string, origin: string): string | null {
  try {
    const url = new URL(referrer);
    return url.origin === origin ? url.pathname : null;
  } catch {
    return null;
  }
}

export function decideBangBack(input: BangBackInput): BangBack {
  const canGoBack = input.historyLength > 1;
  const home: BangBack = { kind: 'go', href: BANG_HOME };
  const query = new URLSearchParams(input.search);
  if (query.has('fromSearch') || (input.fromGoesBack === true && query.has('from'))) return canGoBack ? { kind: 'history' } : home;
  const from = sameOriginPath(input.referrer, input.origin);
  const fromBangHome = from !== null && from.toLowerCase() === BANG_HOME.toLowerCase();
  const fromNewsHome = from !== null && (from === `${BASE_PATH}/` || from === BASE_PATH || from.startsWith(`${BASE_PATH}/home/`));
  if ((fromBangHome || fromNewsHome) && canGoBack) return { kind: 'history' };
  return home;
}
