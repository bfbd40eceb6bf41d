/** /ChangeCheckPage: a logged-in reader proves the bound phone before changing the password. */
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import type { checkCode } from '../../contract/accounts.ts';
import { postByPath } from '../../client/postEndpoint.ts';
import { BASE_PATH } from '../../lib/safeUrl.ts';
import { $session } from '../../stores/session.ts';
import { CODE_RE, CodeBoxes, SendCode, styles, SubmitButton, toast, useSubmit, withRedirect } from './AccountFields.tsx';
import { keepTicket } from './pendingSteps.ts';

export function ChangeCheckForm() {
  const session = useStore($session);
  const [code, setCode] = useState('');
  const myPhone = session.syPhone;
  const { busy, onSubmit } = useSubmit(async () => {
    if (!CODE_RE.test(code)) return toast('请输入 6 位验证码');
    const res = await postByPath<typeof checkCode>('/v1/common/valisendMsg', { code, type: 'change' });
    if (res.statusCode !== 200) return toast(res.message);
    keepTicket('change', res.data.ticket);
    location.assign(`${BASE_PATH}/NewPasswordPage`);
  });
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <p className={styles.muted}>{myPhone ? `验证码将发送至 ${myPhone}` : '请先登录'}</p>
      <SendCode phone={null} purpose="change" disabled={!myPhone} />
      <CodeBoxes value={code} onChange={setCode} />
      <SubmitButton busy={busy}>下一步</SubmitButton>
      {!myPhone && <a href={withRedirect('/LoginPage', `${BASE_PATH}/ChangeCheckPage`)}>去登录</a>}
    </form>
  );
}
