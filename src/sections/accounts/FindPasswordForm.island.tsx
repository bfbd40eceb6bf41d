/** /FindPage: prove the phone with an SMS code; the one-time ticket carries the reader to /NewPasswordPage. */
import { useState } from 'react';
import { normalisePhone } from '../../contract/accountLimits.ts';
import type { checkCode } from '../../contract/accounts.ts';
import { postByPath } from '../../client/postEndpoint.ts';
import { BASE_PATH } from '../../lib/safeUrl.ts';
import { CODE_RE, CodeBoxes, PhoneField, SendCode, styles, toast, useSubmit } from './AccountFields.tsx';
import { countryFlag } from './countryFlag.ts';
import { keepTicket } from './pendingSteps.ts';

export function FindPasswordForm() {
  const [phoneText, setPhoneText] = useState('');
  const [code, setCode] = useState('');
  const phone = normalisePhone(phoneText);
  const { busy, onSubmit } = useSubmit(async () => {
    if (!phone) return toast('请输入正确的手机号');
    if (!CODE_RE.test(code)) return toast('请输入 6 位验证码');
    const res = await postByPath<typeof checkCode>('/v1/common/valisendMsg', { code, type: 'reset', phone });
    if (res.statusCode !== 200) return toast(res.message);
    keepTicket('reset', res.data.ticket);
    location.assign(`${BASE_PATH}/NewPasswordPage`);
  });
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <PhoneField value={phoneText} onChange={setPhoneText} country={countryFlag('find')} />
      <SendCode phone={phone} purpose="reset" />
      <CodeBoxes value={code} onChange={setCode} />
      <button type="submit" className={styles.primary} disabled={busy}>
        {busy ? '请稍候…' : '下一步'}
      </button>
    </form>
  );
}
