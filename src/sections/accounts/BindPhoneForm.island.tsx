/** /BindPhone: a messenger reader binds a phone (SMS code) and is logged in (spec 4). */
import type { bind3rdParty } from '../../contract/accounts.ts';
import { postByPath } from '../../client/postEndpoint.ts';
import { $session } from '../../stores/session.ts';
import { ConsentNotice, PhoneCodeFields, styles, SubmitButton, toast, usePhoneCode } from './AccountFields.tsx';
import { countryFlag } from './countryFlag.ts';
import { finishLogin } from './finishLogin.ts';

export function BindPhoneForm({ redirect }: { redirect: string }) {
  const { busy, onSubmit, fields } = usePhoneCode(async (phone, code) => {
    const unionId = $session.get().unionId;
    if (!unionId) return toast('请重新登陆');
    const res = await postByPath<typeof bind3rdParty>('/v1/user/bind3rdParty', { unionId, phone, code });
    return res.statusCode === 200 ? finishLogin(res.data, redirect) : toast(res.message);
  });
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <p className={styles.muted}>为保障账号安全，请绑定手机号后继续使用评论、提问等功能</p>
      <PhoneCodeFields fields={fields} purpose="bind" country={countryFlag('bind')} />
      <SubmitButton busy={busy}>绑定并登录</SubmitButton>
      <ConsentNotice>绑定即表示您已阅读并同意</ConsentNotice>
    </form>
  );
}
