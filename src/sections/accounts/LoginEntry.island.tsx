/**
 * /LoginPage: the login entry (验证码登录, 密码登录, 微信登录 in the messenger) and the messenger return
 * (spec 4): a code in the address and no token → exchange it, check the binding, log in or bind a phone.
 */
import { useEffect, useState } from 'react';
import type { messengerAuthorize, thirdPartyLogin, tokenByCode, unionIdIsBind } from '../../contract/accounts.ts';
import { getByPath } from '../../client/getEndpoint.ts';
import { postByPath } from '../../client/postEndpoint.ts';
import { $session, setSession } from '../../stores/session.ts';
import { ConsentNotice, styles, toast, withRedirect } from './AccountFields.tsx';
import { finishLogin } from './finishLogin.ts';
import { keepOAuthState, takeOAuthState } from './pendingSteps.ts';
import { FormAlert } from '../../features/form-alert/FormAlert.tsx';

export function LoginEntry({ redirect, messenger }: { redirect: string; messenger: boolean }) {
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState('');

  useEffect(() => {
    void messengerReturn();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on hydration: the messenger's return is read from the URL the page opened with
  }, []);

  async function messengerReturn(): Promise<void> {
    const params = new URLSearchParams(location.search);
    const authCode = params.get('code');
    const state = params.get('state');
    if (!authCode || $session.get().token) return;
    // The code is single use: take it out of the address and history at once (security.md C24).
    params.delete('code');
    params.delete('state');
    history.replaceState(history.state, '', `${location.pathname}${params.size ? `?${params.toString()}` : ''}`);
    if (!state || state !== takeOAuthState()) return setNotice('请重新登陆');
    setBusy(true);
    try {
      const exchanged = await getByPath<typeof tokenByCode>('/member/v1/user/tokenByCode', { code: authCode, state });
      if (exchanged.statusCode === 422) return setNotice('获取微信code失败');
      if (exchanged.statusCode !== 200 || !exchanged.data.unionId) return setNotice('请重新登陆');
      const unionId = exchanged.data.unionId;
      setSession({ unionId, nickname: exchanged.data.nickname, userPic: exchanged.data.userPic });
      const bound = await postByPath<typeof unionIdIsBind>('/v1/user/unionIdIsBind', { unionId });
      if (bound.statusCode !== 200) return setNotice(bound.message);
      if (!bound.data.isBind) {
        location.replace(withRedirect('/BindPhone', redirect));
        return;
      }
      const login = await postByPath<typeof thirdPartyLogin>('/v1/user/thirdPartyLogin', { type: 'wechat', unionId });
      if (login.statusCode === 200) finishLogin(login.data, redirect);
      else setNotice(login.message);
    } catch {
      setNotice('请重新登陆');
    } finally {
      setBusy(false);
    }
  }

  async function startMessenger(): Promise<void> {
    const res = await getByPath<typeof messengerAuthorize>('/member/v1/user/authorizeUrl', { redirect });
    if (res.statusCode !== 200) return toast(res.message);
    keepOAuthState(res.data.state);
    location.assign(res.data.url);
  }

  return (
    <div className={styles.entry}>
      <div className={styles.logo} aria-hidden="true">
        山城
      </div>
      <p className={styles.tagline}>登录山城新闻，参与评论与互动</p>
      <FormAlert className={styles.notice} message={notice} />
      {busy && <p className={styles.muted}>正在登录…</p>}
      <a className={styles.primary} href={withRedirect('/MessageLogin', redirect)}>
        验证码登录
      </a>
      <a className={styles.secondary} href={withRedirect('/PasswordLogin', redirect)}>
        密码登录
      </a>
      {messenger && (
        <button type="button" className={styles.wechat} onClick={() => void startMessenger()}>
          微信登录
        </button>
      )}
      <p className={styles.links}>
        还没有账号？<a href={withRedirect('/RegisterPage', redirect)}>立即注册</a>
      </p>
      <ConsentNotice />
    </div>
  );
}
