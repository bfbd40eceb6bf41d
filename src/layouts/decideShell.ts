/** Which parts of the shell a page shows (spec 2.2 tab bar, 2.11 navigation bar and title rules). */
import type { HostKind } from '../bridge/detectHost.ts';
import type { RouteMeta } from '../routing/routes.ts';

export interface ShellInput {
  meta: RouteMeta | undefined;
  host: HostKind;
  appPromotion: boolean;
  /** A page outside the route table, or a list whose title is its column, names itself. */
  title?: string | undefined;
  nav?: boolean | undefined;
  dark?: boolean | undefined;
  section?: string | undefined;
  path?: string | undefined;
  /** Pages outside the route table (404, 5xx) ask for the tab bar themselves, so the reader is never stranded. */
  tabbar?: boolean | undefined;
  /** The page's query: `titleByQuery` and `fromPage=home&appTitle=…` (spec 2.11). */
  query?: URLSearchParams | undefined;
  /** Detail pages: whether the item has channel data (its channel, by classId). Undefined: not a detail page. */
  channel?: boolean | undefined;
  /** Live detail: whether a video is handed to the page (a source to play). */
  videoPassThrough?: boolean | undefined;
}

export interface ShellDecision {
  title: string;
  /** The bar is in the page (it may still be hidden on first load, see `navOnFirstLoad`). */
  nav: boolean;
  /**
   * Spec 2.11 "hidden on first load": false hides the bar when the page was opened directly (a shared
   * link, a typed address, a new tab), decided in the browser before the first paint (bootShell.ts).
   * True for the pages whose back button has a destination of its own even then (spec 2.7 bangbang rule).
   */
  navOnFirstLoad: boolean;
  /** The bar's right-hand text from the route (spec 2.11), href relative to the base path. */
  navRight: { text: string; href: string } | null;
  tabbar: boolean;
  /** The bar has a back arrow: not on the tab pages themselves (spec 2.2: a tab is a top level, nothing is behind it). */
  back: boolean;
  dark: boolean;
  activeTab: 'home' | 'plus' | 'services' | 'interact' | null;
}

/** An appTitle longer than this is cut (it comes from a link anyone can write). */
export const APP_TITLE_MAX = 30;

/**
 * Spec 2.7: on these pages back goes to /BangBang/index when there is nothing to go back to, so the bar
 * (and its back button) is useful on first load too.
 */
/** The pages the tab bar opens (spec 2.2), besides the home channels: top levels, with no back arrow. */
const TAB_PAGES = ['/syIframe/index', '/BangBang/index', '/interact', '/interact/index'];

const BACK_HOME_ON_FIRST_LOAD = [
  '/BangBang/politics/detail',
  '/BangBang/QA/list',
  '/BangBang/QA/detail',
  '/BangBang/politics/index',
  '/BangBang/politics/commit',
  '/BangBang/QA/ask',
  '/BangBang/serve/index',
];

/**
 * Spec 2.11 title rules, in order: `fromPage=home` uses the `appTitle` query; a route whose title depends
 * on the query (`titleByQuery`: AskSpecial, QAMoreList, RankList) takes it from there; a page that names
 * itself (a column list) next; else the route meta's title.
 */
export function decideTitle(meta: RouteMeta | undefined, query: URLSearchParams | undefined, own: string | undefined): string {
  const appTitle = query?.get('fromPage') === 'home' ? (query.get('appTitle') ?? '').trim() : '';
  if (appTitle !== '') return [...appTitle].slice(0, APP_TITLE_MAX).join('');
  const byQuery = meta?.titleByQuery;
  if (byQuery) {
    const value = query?.get(byQuery.param) ?? '';
    const title = Object.hasOwn(byQuery.titles, value) ? byQuery.titles[value] : undefined;
    if (title) return title;
  }
  return own ?? meta?.title ?? '';
}

/**
 * Spec 2.11: the bar is hidden with no channel data on a news-detail route (dataType 3), on a live-detail
 * route (dataType 1) with no channel data and no video pass-through, inside the publisher's app, and
 * inside the messenger when app promotion is off. (First load: see `navOnFirstLoad`.)
 */
export function hidesNav(input: Pick<ShellInput, 'meta' | 'host' | 'appPromotion' | 'channel' | 'videoPassThrough'>): boolean {
  if (input.host === 'app' || (input.host === 'messenger' && !input.appPromotion)) return true;
  const dataType = input.meta?.dataType;
  if (dataType === 3 && input.channel === false) return true;
  if (dataType === 1 && input.channel === false && input.videoPassThrough !== true) return true;
  return false;
}

export function decideShell(input: ShellInput): ShellDecision {
  const title = decideTitle(input.meta, input.query, input.title);
  const nav = !hidesNav(input) && (input.nav ?? title !== '');
  // Hidden inside the app webview or when the route's tabbarVisible meta is false (spec 2.2).
  const tabbar = input.host !== 'app' && (input.tabbar ?? input.meta?.tabbarVisible ?? false);
  const path = input.path ?? '';
  const activeTab =
    input.section === 'home' || input.section === 'shell' || path.startsWith('/Image/')
      ? 'home'
      : path.startsWith('/syIframe')
        ? 'plus'
        : path.startsWith('/BangBang')
          ? 'services'
          : path.startsWith('/interact')
            ? 'interact'
            : null;
  // Spec 2.11: the points-mall title is hidden outside the webview (the bar and its back button stay).
  const shownTitle = path.startsWith('/AccumulatedPoints') && input.host !== 'app' ? '' : title;
  return {
    title: shownTitle,
    nav,
    navOnFirstLoad: BACK_HOME_ON_FIRST_LOAD.includes(path),
    navRight: input.meta?.navRight ?? null,
    tabbar,
    back: !TAB_PAGES.includes(path),
    dark: input.dark ?? input.meta?.nav === 'dark',
    activeTab,
  };
}

export interface HomeWayInput {
  host: HostKind;
  shell: Pick<ShellDecision, 'nav' | 'navOnFirstLoad' | 'tabbar'>;
  /** The promo bar shows its menu (首页 is its first entry). */
  promoMenu: boolean;
}

/**
 * Spec 2.11 hides the back arrow on first load (a shared link, where back leads nowhere), not the way home: a
 * page that then shows no tab bar, no promo-bar menu and no bar of its own (one whose back has a destination
 * even then, navOnFirstLoad) gets a link to 首页 in the arrow's place, shown on first load only (the
 * `first-load` class, bootShell.ts). Inside the app, the app's own bar leads home.
 */
export function needsHomeWay(input: HomeWayInput): boolean {
  if (input.host === 'app') return false;
  if (input.shell.tabbar || input.promoMenu) return false;
  return !(input.shell.nav && input.shell.navOnFirstLoad);
}
