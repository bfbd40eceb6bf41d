/**
 * Spec 2.11 keep-alive rule for the rural home: "the rural home page is removed from the
 * cache when the user moves to a lower-ranked cached page". In this multi-page app the cache is the
 * saved scroll position (src/layouts/startShell.ts, `scroll:<path>` in tab storage). Ranks of the
 * kept-alive pages: 1 the kept-alive pages the tab bar leads to (home channels, 帮帮, 山城+), 2 the
 * rural home, 3 anything opened from it. Leaving the rural home for a rank-1 page drops its position,
 * so the next visit starts at the top; opening a story (rank 3) keeps it, so 返回 lands where the
 * reader was.
 */

/** Paths (without the base path) of the rural home: its own page and its place in the home tabs. */
export const RURAL_HOME_PATHS = ['/yu-nong/home', '/home/yu-nong'] as const;

/** The tab bar's kept-alive pages (all `keepAlive: true` in routes.ts; ruralKeepAlive.test.ts checks it). */
export const TAB_ROOT_PATHS = ['/BangBang/index', '/syIframe/index'] as const;

export function keepAliveRank(path: string): number {
  if ((RURAL_HOME_PATHS as readonly string[]).includes(path)) return 2;
  if (path.startsWith('/home/') || (TAB_ROOT_PATHS as readonly string[]).includes(path)) return 1;
  return 3;
}

/** True when moving from the rural home to `targetPath` drops the rural home's kept position. */
export function dropsRuralHomePosition(targetPath: string): boolean {
  return keepAliveRank(targetPath) < keepAliveRank('/yu-nong/home');
}
