/**
 * The open-the-app promo bar (spec 2.11): shown only when the route's ShowPromoBar is on and the reader
 * is neither in the app webview nor in a mini-program; an Open button, a menu for dataType 0, 3 or 4,
 * and fixed for dataType 2 or 21 (the full-screen picture and cool-video pages). The global config's
 * app-promotion switch (`appPromotion`) turns promotion off as a whole.
 */
import type { HostKind } from '../../bridge/detectHost.ts';

export interface PromoBarInput {
  showPromoBar: boolean;
  /** The route's content data type; pages without one (home, lists) count as 0. */
  dataType: number | undefined;
  host: HostKind;
  appPromotion: boolean;
}

export interface PromoBarDecision {
  show: boolean;
  menu: boolean;
  fixed: boolean;
}

const MENU_TYPES: readonly number[] = [0, 3, 4];
const FIXED_TYPES: readonly number[] = [2, 21];

export function decidePromoBar(input: PromoBarInput): PromoBarDecision {
  const show = input.showPromoBar && input.appPromotion && input.host !== 'app' && input.host !== 'miniprogram';
  const dataType = input.dataType ?? 0;
  return { show, menu: show && MENU_TYPES.includes(dataType), fixed: show && FIXED_TYPES.includes(dataType) };
}

/** The app-promotion guide under articles (spec 2.11): outside the app, while promotion is on. */
export function showsAppGuide(host: HostKind, appPromotion: boolean): boolean {
  return appPromotion && host !== 'app' && host !== 'miniprogram';
}
