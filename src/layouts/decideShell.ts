/** Which parts of the shell a page shows (spec 2.2 tab bar, 2.11 navigation bar rules). */
import type { HostKind } from '../bridge/detectHost.ts';
import type { RouteMeta } from '../routing/routes.ts';

export interface ShellInput {
  meta: RouteMeta | undefined;
  host: HostKind;
  appPromotion: boolean;
  title?: string | undefined;
  nav?: boolean | undefined;
  dark?: boolean | undefined;
  section?: string | undefined;
  path?: string | undefined;
  /** Pages outside the route table (404, 5xx) ask for the tab bar themselves, so the reader is never stranded. */
  tabbar?: boolean | undefined;
}

export interface ShellDecision {
  title: string;
  nav: boolean;
  tabbar: boolean;
  dark: boolean;
  activeTab: 'home' | 'plus' | 'services' | 'interact' | null;
}

export function decideShell(input: ShellInput): ShellDecision {
  const title = input.title ?? input.meta?.title ?? '';
  // The bar is hidden inside the publisher's app and in the messenger when app promotion is off.
  const hiddenByHost = input.host === 'app' || (input.host === 'messenger' && !input.appPromotion);
  const nav = !hiddenByHost && (input.nav ?? title !== '');
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
  return { title: shownTitle, nav, tabbar, dark: input.dark ?? input.meta?.nav === 'dark', activeTab };
}
