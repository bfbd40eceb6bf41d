/** /ChangeCheckPage: a logged-in reader proves the bound phone before changing the password. */
import { useState } from 'react';
import type { checkCode } from '../../contract/accounts.ts';
import { postByPath } from '../../client/postEndpoint.ts';
import { BASE_PATH } from '../../lib/safeUrl.ts';
import { CODE_RE, CodeBoxes, SendCode, styles, SubmitButton, toast, useSubmit, withRedirect } from './AccountFields.tsx';
import { keepTicket } from './pendingSteps.ts';
import { useSession } from '../../features/login-gate/useSession.ts';

export function ChangeCheckForm() {
  const session = useSession();
  const [code, setCode] = useState('');
  const myPhone = session.syPhone;
  const { busy, onSubmit } = useSubmit(async () => {
    if (!CODE_RE.test(code)) return toast('请输入 6 位验证码');
    const res = await postByPath<typeof checkCode>('/v1/common/valisendMsg', { code, type: 'change' });
    if (res.statusCode !== 200) return toast(res.message);
    keepTicket('change', res.data.ticket);
    location.assign(`${BASE_PATH}/NewPasswordPage`);
  });
  // Without a session (or without a bound phone) there is nothing to send a code to: say what comes first.
  if (!myPhone) {
    const back = `${BASE_PATH}/ChangeCheckPage`;
    const [notice, action, href] = session.token
      ? ['请先绑定手机号，再修改密码', '去绑定手机号', withRedirect('/BindPhone', back)]
      : ['请先登录，再修改密码', '去登录', withRedirect('/LoginPage', back)];
    return (
      <div className={styles.form}>
        <p className={styles.notice}>{notice}</p>
        <a className={styles.primary} href={href}>
          {action}
        </a>
      </div>
    );
  }
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <p className={styles.muted}>验证码将发送至 {myPhone}</p>
      <SendCode phone={null} purpose="change" />
      <CodeBoxes value={code} onChange={setCode} />
      <SubmitButton busy={busy}>下一步</SubmitButton>
    </form>
  );
}
