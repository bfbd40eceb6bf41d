/**
 * The login gate (spec 5): actions that need login (like, comment, reply, publish, answer, report) call
 * `requireLogin()` first. An anonymous reader goes to `/LoginPage?mastLogin=true&redirect=<current
 * address>`; inside the app webview the app's login prompt is shown instead. Returns true when the
 * action may go ahead.
 *
 * `requireBoundPhone()` also sends a messenger user without a phone to /BindPhone (spec 4; the CAC
 * real-name rule for commenting, asking, answering and reporting).
 */
import { APP_LOGIN_PROMPT_MESSAGE, APP_LOGIN_PROMPT_MS, buildLoginUrl } from '../../client/browserUi.ts';
import { askHostLogin } from '../../bridge/appLoginPrompt.ts';
import { isAppWebview } from '../../bridge/detectHost.ts';
import { BASE_PATH } from '../../lib/safeUrl.ts';
import { $session, isLoggedIn } from '../../stores/session.ts';
import { showToast } from '../../stores/toast.ts';

export interface GateDeps {
  loggedIn: () => boolean;
  phoneBound: () => boolean;
  inApp: () => boolean;
  currentAddress: () => string;
  go: (url: string) => void;
  prompt: (message: string) => void;
}

const browserDeps: GateDeps = {
  loggedIn: () => isLoggedIn(),
  phoneBound: () => $session.get().syPhone !== '',
  inApp: () => isAppWebview(),
  currentAddress: () => `${location.pathname}${location.search}${location.hash}`,
  go: (url) => location.assign(url),
  // Inside the app: the notice, and the app is asked to open its own login (src/bridge).
  prompt: (message) => {
    showToast(message, { type: 'text', duration: APP_LOGIN_PROMPT_MS });
    askHostLogin();
  },
};

export function requireLogin(deps: GateDeps = browserDeps): boolean {
  if (deps.loggedIn()) return true;
  if (deps.inApp()) deps.prompt(APP_LOGIN_PROMPT_MESSAGE);
  else deps.go(buildLoginUrl(deps.currentAddress()));
  return false;
}

export function requireBoundPhone(deps: GateDeps = browserDeps): boolean {
  if (!requireLogin(deps)) return false;
  if (deps.phoneBound()) return true;
  deps.go(`${BASE_PATH}/BindPhone?redirect=${encodeURIComponent(deps.currentAddress())}`);
  return false;
}
