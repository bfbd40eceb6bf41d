/**
 * Spec 5: inside the app an action that needs login shows the login prompt instead of going to
 * /LoginPage. The text asks the reader to log in to the provider's account first, and the app is
 * asked to open its own login; after it, the app hands the token back (listenToHost.ts).
 */
import { showToast } from '../stores/toast.ts';
import { postToHost } from './hostLink.ts';

/** Spec 5: the prompt asks the reader to log in to the provider's account first. */
export const APP_LOGIN_PROMPT_MESSAGE = '请先登录山城新闻账号';
export const APP_LOGIN_PROMPT_MS = 2_000;

/** Sends the app a login message with the current address to come back to. */
export function askHostLogin(): void {
  const redirect = typeof location === 'undefined' ? '' : `${location.pathname}${location.search}${location.hash}`;
  void postToHost({ type: 'login', redirect });
}

/** The in-app login prompt: the notice and the app's own login (for the login gate and the API client). */
export function appLoginPrompt(): void {
  showToast(APP_LOGIN_PROMPT_MESSAGE, { type: 'text', duration: APP_LOGIN_PROMPT_MS });
  askHostLogin();
}
