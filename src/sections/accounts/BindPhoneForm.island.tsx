/** /BindPhone: a messenger reader binds a phone (SMS code) and is logged in (spec 4). */
import { useState } from 'react';
import { normalisePhone } from '../../contract/accountLimits.ts';
import type { bind3rdParty } from '../../contract/accounts.ts';
import { postByPath } from '../../client/postEndpoint.ts';
import { $session } from '../../stores/session.ts';
import { CODE_RE, CodeBoxes, ConsentNotice, PhoneField, SendCode, styles, toast, useSubmit } from './AccountFields.tsx';
import { countryFlag } from './countryFlag.ts';
import { finishLogin } from './finishLogin.ts';

export function BindPhoneForm({ redirect }: { redirect: string }) {
  const [phoneText, setPhoneText] = useState('');
  const [code, setCode] = useState('');
  const phone = normalisePhone(phoneText);
  const { busy, onSubmit } = useSubmit(async () => {
    if (!phone) return toast('请输入正确的手机号');
    if (!CODE_RE.test(code)) return toast('请输入 6 位验证码');
    const unionId = $session.get().unionId;
    if (!unionId) return toast('请重新登陆');
    const res = await postByPath<typeof bind3rdParty>('/v1/user/bind3rdParty', { unionId, phone, code });
    return res.statusCode === 200 ? finishLogin(res.data, redirect) : toast(res.message);
  });
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <p className={styles.muted}>为保障账号安全，请绑定手机号后继续使用评论、提问等功能</p>
      <PhoneField value={phoneText} onChange={setPhoneText} country={countryFlag('bind')} />
      <SendCode phone={phone} purpose="bind" />
      <CodeBoxes value={code} onChange={setCode} />
      <button type="submit" className={styles.primary} disabled={busy}>
        {busy ? '请稍候…' : '绑定并登录'}
      </button>
      <ConsentNotice>绑定即表示您已阅读并同意</ConsentNotice>
    </form>
  );
}
