/** /NewPasswordPage: the new password, with the ticket a checked code left in this tab (reset or change). */
import { useEffect, useState } from 'react';
import type { changePassword, resetPassword } from '../../contract/accounts.ts';
import { postByPath } from '../../client/postEndpoint.ts';
import { BASE_PATH, safeRedirectPath } from '../../lib/safeUrl.ts';
import { PasswordField, styles, SubmitButton, toast, useSubmit, withRedirect } from './AccountFields.tsx';
import { dropTicket, readTicket, type TicketKind } from './pendingSteps.ts';

export function NewPasswordForm({ redirect }: { redirect: string }) {
  const [ticket, setTicket] = useState<{ kind: TicketKind; ticket: string } | null | undefined>(undefined);
  const [password, setPassword] = useState('');
  const [password2, setPassword2] = useState('');
  // The ticket lives in this tab's storage: read after hydration, so the server render and the first client render agree.
  useEffect(() => setTicket(readTicket()), []);
  const { busy, onSubmit } = useSubmit(async () => {
    if (!ticket) return toast('验证已失效，请重新获取验证码');
    if (password !== password2) return toast('两次输入的密码不一致');
    const res =
      ticket.kind === 'reset'
        ? await postByPath<typeof resetPassword>('/v1/user/resetPassword', { ticket: ticket.ticket, password })
        : await postByPath<typeof changePassword>('/v1/user/changePassword', { ticket: ticket.ticket, password });
    toast(res.message);
    if (res.statusCode !== 200) return;
    dropTicket();
    const next = ticket.kind === 'reset' ? withRedirect('/PasswordLogin', redirect) : safeRedirectPath(redirect);
    setTimeout(() => location.replace(next), 1500);
  });
  if (ticket === null) {
    return (
      <div className={styles.form}>
        <p className={styles.notice}>请先验证手机号，再设置新密码</p>
        <a className={styles.primary} href={`${BASE_PATH}/FindPage`}>
          去验证手机号
        </a>
      </div>
    );
  }
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <PasswordField name="password" label="密码" placeholder="请设置 8–128 位密码" autoComplete="new-password" value={password} onChange={setPassword} />
      <PasswordField name="password2" label="确认密码" placeholder="请再次输入密码" autoComplete="new-password" value={password2} onChange={setPassword2} />
      <SubmitButton busy={busy}>确定</SubmitButton>
    </form>
  );
}
