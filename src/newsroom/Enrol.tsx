/**
 * 开通账号: the one-time link an admin sent (its token in the address's fragment, never sent to a server
 * log). The QR code is shown once; the person sets a password and proves the scan with a first code.
 */
import { useState, type FormEvent } from 'react';
import { post } from './api.ts';
import { navigate } from './router.ts';
import { Notice, useAction } from './ui.tsx';

interface Started {
  account: string;
  name: string;
  role: string;
  secret: string;
  qr: string;
}

export function Enrol() {
  const token = window.location.hash.slice(1);
  const [started, setStarted] = useState<Started | null>(null);
  const [done, setDone] = useState(false);
  const action = useAction();

  const start = () =>
    void action.run(async () => {
      setStarted(await post<Started>('/enrol/start', { token }));
    });

  const finish = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const password = String(form.get('password') ?? '');
    if (password !== String(form.get('confirm') ?? '')) {
      action.setError('两次输入的密码不一致');
      return;
    }
    void action.run(async () => {
      await post('/enrol/finish', { token, password, code: String(form.get('code') ?? '').trim() });
      window.history.replaceState(null, '', '/newsroom/enrol');
      setDone(true);
    });
  };

  return (
    <main className="nr-signin" id="main">
      <h1 className="nr-signin__title">开通编辑部账号</h1>
      {done ? (
        <div className="nr-form">
          <Notice ok="开通成功，请用新密码和动态验证码登录。" />
          <button className="nr-button nr-button--primary" type="button" onClick={() => navigate('')}>
            去登录
          </button>
        </div>
      ) : started === null ? (
        <div className="nr-form">
          <p className="nr-hint">二维码只显示一次。请先在手机上准备好身份验证器（如 Google Authenticator、Microsoft Authenticator），再点击下面的按钮。</p>
          <Notice error={token ? action.error : '链接无效或已过期，请联系管理员重新发送'} />
          <button className="nr-button nr-button--primary" type="button" onClick={start} disabled={action.busy || !token}>
            显示二维码
          </button>
        </div>
      ) : (
        <form className="nr-form" onSubmit={finish} aria-label="开通账号">
          <p>
            {started.name}（{started.role}），账号 <strong>{started.account}</strong>
          </p>
          <img className="nr-qr" src={started.qr} width={200} height={200} alt="动态验证码二维码：用身份验证器扫描" />
          <p className="nr-hint">
            无法扫描时，在身份验证器中手动输入密钥：<code className="nr-secret">{started.secret}</code>
          </p>
          <label className="nr-field">
            <span>设置密码（至少 12 位）</span>
            <input name="password" type="password" autoComplete="new-password" minLength={12} required />
          </label>
          <label className="nr-field">
            <span>再次输入密码</span>
            <input name="confirm" type="password" autoComplete="new-password" minLength={12} required />
          </label>
          <label className="nr-field">
            <span>身份验证器显示的 6 位动态验证码</span>
            <input name="code" inputMode="numeric" autoComplete="one-time-code" pattern="\d{6}" maxLength={6} required />
          </label>
          <Notice error={action.error} />
          <button className="nr-button nr-button--primary" type="submit" disabled={action.busy}>
            完成开通
          </button>
        </form>
      )}
    </main>
  );
}
