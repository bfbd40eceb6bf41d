/**
 * The API client's UI hooks in the browser (spec 5, 8): the toast store, the app webview check
 * and the login redirect. Every hook is a no-op without a window, so server rendering through
 * the same client never shows or navigates anything.
 */
import { showToast } from '../stores/toast.ts';
import type { ApiToastOptions, ApiUi } from './apiClient.ts';
import { APP_LOGIN_PROMPT_MESSAGE, APP_LOGIN_PROMPT_MS, askHostLogin } from '../bridge/appLoginPrompt.ts';
import { isAppWebview } from '../bridge/detectHost.ts';
import { BASE_PATH } from '../lib/safeUrl.ts';

export const LOGIN_PAGE_PATH = `${BASE_PATH}/LoginPage`;
export { APP_LOGIN_PROMPT_MESSAGE, APP_LOGIN_PROMPT_MS };

/** Spec 5: `/LoginPage` with mastLogin=true and redirect set to the current address. */
export function buildLoginUrl(currentAddress: string): string {
  return `${LOGIN_PAGE_PATH}?mastLogin=true&redirect=${encodeURIComponent(currentAddress)}`;
}

export interface BrowserLocation {
  pathname: string;
  search: string;
  hash: string;
  assign(url: string): void;
}

export interface BrowserUiDeps {
  /** The page location, or null on the server. */
  location: () => BrowserLocation | null;
  toast: (message: string, opts: ApiToastOptions) => void;
  isInApp: () => boolean;
  /** Inside the app: asks the host app to open its own login (src/bridge). */
  askHostLogin?: () => void;
}

export function createBrowserUi(deps: BrowserUiDeps): ApiUi {
  return {
    toast: (message, opts) => deps.toast(message, opts),
    isInApp: () => deps.isInApp(),
    appLoginPrompt: () => {
      deps.toast(APP_LOGIN_PROMPT_MESSAGE, { type: 'text', duration: APP_LOGIN_PROMPT_MS });
      deps.askHostLogin?.();
    },
    goLogin: () => {
      const loc = deps.location();
      if (!loc) return;
      // Already on the login page (an expired call made there): redirecting would loop.
      if (loc.pathname.toLowerCase().startsWith(LOGIN_PAGE_PATH.toLowerCase())) return;
      // A same-origin path, not the full href, so the login page can never redirect off-site.
      loc.assign(buildLoginUrl(`${loc.pathname}${loc.search}${loc.hash}`));
    },
  };
}

const hasWindow = (): boolean => typeof window !== 'undefined';

export const browserUi: ApiUi = createBrowserUi({
  location: () => (hasWindow() && typeof location !== 'undefined' ? location : null),
  toast: (message, opts) => {
    if (hasWindow()) showToast(message, opts);
  },
  isInApp: () => hasWindow() && isAppWebview(),
  askHostLogin: () => {
    if (hasWindow()) askHostLogin();
  },
});
