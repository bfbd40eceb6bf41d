/**
 * The back button of the bangbang detail pages (spec 2.7): from politicsDetail and QADetail, back goes
 * to /BangBang/index, except that it goes back in history when the query has fromSearch, when the reader
 * came from the bangbang home, or from the news home. With no history to go back to: /BangBang/index.
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
  if (new URLSearchParams(input.search).has('fromSearch')) return canGoBack ? { kind: 'history' } : home;
  const from = sameOriginPath(input.referrer, input.origin);
  const fromBangHome = from !== null && from.toLowerCase() === BANG_HOME.toLowerCase();
  const fromNewsHome = from !== null && (from === `${BASE_PATH}/` || from === BASE_PATH || from.startsWith(`${BASE_PATH}/home/`));
  if ((fromBangHome || fromNewsHome) && canGoBack) return { kind: 'history' };
  return home;
}
