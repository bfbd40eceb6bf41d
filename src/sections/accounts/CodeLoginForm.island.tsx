/** /MessageLogin: log in (or sign up) with the phone and an SMS code (spec 2.5). */
import type { codeLogin } from '../../contract/accounts.ts';
import { postByPath } from '../../client/postEndpoint.ts';
import { ConsentNotice, PhoneCodeFields, styles, SubmitButton, toast, usePhoneCode, withRedirect } from './AccountFields.tsx';
import { countryFlag } from './countryFlag.ts';
import { finishLogin } from './finishLogin.ts';

export function CodeLoginForm({ redirect }: { redirect: string }) {
  const { busy, onSubmit, fields } = usePhoneCode(async (phone, code) => {
    const res = await postByPath<typeof codeLogin>('/v1/user/code_login', { phone, code });
    return res.statusCode === 200 ? finishLogin(res.data, redirect) : toast(res.message);
  });
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <PhoneCodeFields fields={fields} purpose="login" country={countryFlag('code-login')} />
      <SubmitButton busy={busy}>登录</SubmitButton>
      <ConsentNotice>未注册的手机号验证后将自动注册，登录即表示您已阅读并同意</ConsentNotice>
      <nav className={styles.links}>
        <a href={withRedirect('/PasswordLogin', redirect)}>密码登录</a>
        <a href={withRedirect('/RegisterPage', redirect)}>注册</a>
      </nav>
    </form>
  );
}
