/** /PasswordLogin: phone and password; after 5 failures the server asks for the slide check (428). */
import { useState } from 'react';
import { normalisePhone } from '../../contract/accountRules.ts';
import type { passwordLogin, SlideResult } from '../../contract/accounts.ts';
import { postByPath } from '../../client/postEndpoint.ts';
import { SlideCheck } from '../../features/captcha/SlideCheck.tsx';
import { BASE_PATH } from '../../lib/safeUrl.ts';
import { ConsentNotice, PasswordField, PhoneField, styles, SubmitButton, toast, useSubmit, withRedirect } from './AccountFields.tsx';
import { countryFlag } from './countryFlag.ts';
import { finishLogin } from './finishLogin.ts';

export function PasswordLoginForm({ redirect }: { redirect: string }) {
  const [phoneText, setPhoneText] = useState('');
  const [password, setPassword] = useState('');
  const [needSlide, setNeedSlide] = useState(false);
  const [slide, setSlide] = useState<SlideResult | null>(null);
  const phone = normalisePhone(phoneText);
  const { busy, onSubmit } = useSubmit(async () => {
    if (!phone) return toast('请输入正确的手机号');
    const res = await postByPath<typeof passwordLogin>('/v1/user/login', { phone, password, ...(slide ?? {}) });
    setSlide(null);
    if (res.statusCode === 200) return finishLogin(res.data, redirect);
    if (res.statusCode === 428) setNeedSlide(true);
    toast(res.message);
  });
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <PhoneField value={phoneText} onChange={setPhoneText} country={countryFlag('password-login')} />
      <PasswordField name="password" label="密码" placeholder="请输入密码" autoComplete="current-password" value={password} onChange={setPassword} />
      {needSlide && !slide && <SlideCheck onPassed={setSlide} />}
      <SubmitButton busy={busy}>登录</SubmitButton>
      <ConsentNotice />
      <nav className={styles.links}>
        <a href={withRedirect('/MessageLogin', redirect)}>验证码登录</a>
        <a href={`${BASE_PATH}/FindPage`}>忘记密码</a>
        <a href={withRedirect('/RegisterPage', redirect)}>注册</a>
      </nav>
    </form>
  );
}
