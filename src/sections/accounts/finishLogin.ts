/** After any successful login: store the session (spec 3 keys) and return to the redirect target. */
import type { LoginData } from '../../contract/accounts.ts';
import { safeRedirectPath } from '../../lib/safeUrl.ts';
import { setSession } from '../../stores/session.ts';

export function storeLogin(data: LoginData): void {
  setSession({
    token: data.token,
    tokenType: data.tokenType,
    userId: data.userId,
    nickname: data.nickname,
    userPic: data.userPic,
    syPhone: data.syPhone,
    unionId: null,
  });
}

/** Only a same-origin path under the base path, else the home channel (security.md H62). */
export function finishLogin(data: LoginData, redirect: string | null): void {
  storeLogin(data);
  location.replace(safeRedirectPath(redirect));
}
