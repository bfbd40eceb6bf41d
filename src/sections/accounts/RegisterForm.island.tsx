/** /RegisterPage: phone, SMS code, password twice and consent to the two documents (the server refuses without it). */
import { useState } from 'react';
import type { register } from '../../contract/accounts.ts';
import { postByPath } from '../../client/postEndpoint.ts';
import { ConsentCheck, PasswordField, PhoneCodeFields, styles, SubmitButton, toast, usePhoneCode, withRedirect } from './AccountFields.tsx';
import { countryFlag } from './countryFlag.ts';
import { finishLogin } from './finishLogin.ts';

export function RegisterForm({ redirect }: { redirect: string }) {
  const [password, setPassword] = useState('');
  const [password2, setPassword2] = useState('');
  const [agree, setAgree] = useState(false);
  const { busy, onSubmit, fields } = usePhoneCode(async (phone, code) => {
    if (password !== password2) return toast('两次输入的密码不一致');
    if (!agree) return toast('请阅读并同意《用户协议》和《隐私政策》');
    const res = await postByPath<typeof register>('/v1/user/register', { phone, code, password, agree: '1' });
    return res.statusCode === 200 ? finishLogin(res.data, redirect) : toast(res.message);
  });
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <PhoneCodeFields fields={fields} purpose="register" country={countryFlag('register')} />
      <PasswordField name="password" label="密码" placeholder="请设置 8–128 位密码" autoComplete="new-password" value={password} onChange={setPassword} />
      <PasswordField name="password2" label="确认密码" placeholder="请再次输入密码" autoComplete="new-password" value={password2} onChange={setPassword2} />
      <ConsentCheck checked={agree} onChange={setAgree} />
      <SubmitButton busy={busy}>注册并登录</SubmitButton>
      <nav className={styles.links}>
        <a href={withRedirect('/PasswordLogin', redirect)}>已有账号，去登录</a>
      </nav>
    </form>
  );
}
