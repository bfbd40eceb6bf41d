/** 登录: account and password, then the six-digit code from the authenticator app (ADR 017). */
import { useRef, useState, type FormEvent } from 'react';
import { post, type Me } from './api.ts';
import { Notice, useAction } from './ui.tsx';

export function SignIn({ onSignedIn }: { onSignedIn: (me: Me) => void }) {
  const [challenge, setChallenge] = useState<string | null>(null);
  const action = useAction();
  const codeRef = useRef<HTMLInputElement>(null);

  const submitPassword = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    void action.run(async () => {
      const res = await post<{ challenge: string }>('/signin/password', {
        account: String(form.get('account') ?? ''),
        password: String(form.get('password') ?? ''),
      });
      setChallenge(res.challenge);
      queueMicrotask(() => codeRef.current?.focus());
    });
  };

  const submitCode = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    void action.run(async () => {
      onSignedIn(await post<Me>('/signin/code', { challenge, code: String(form.get('code') ?? '').trim() }));
    });
  };

  return (
    <main className="nr-signin" id="main">
      <h1 className="nr-signin__title">山城新闻 编辑部</h1>
      {challenge === null ? (
        <form className="nr-form" onSubmit={submitPassword} aria-label="登录第一步">
          <label className="nr-field">
            <span>账号</span>
            <input name="account" autoComplete="username" required autoCapitalize="none" spellCheck={false} />
          </label>
          <label className="nr-field">
            <span>密码</span>
            <input name="password" type="password" autoComplete="current-password" required />
          </label>
          <Notice error={action.error} />
          <button className="nr-button nr-button--primary" type="submit" disabled={action.busy}>
            下一步
          </button>
        </form>
      ) : (
        <form className="nr-form" onSubmit={submitCode} aria-label="登录第二步">
          <p className="nr-hint">请打开身份验证器，输入“山城新闻编辑部”显示的 6 位动态验证码。</p>
          <label className="nr-field">
            <span>动态验证码</span>
            <input ref={codeRef} name="code" inputMode="numeric" autoComplete="one-time-code" pattern="\d{6}" maxLength={6} required />
          </label>
          <Notice error={action.error} />
          <button className="nr-button nr-button--primary" type="submit" disabled={action.busy}>
            登录
          </button>
          <button
            className="nr-button"
            type="button"
            onClick={() => {
              setChallenge(null);
              action.setError(null);
            }}
          >
            重新输入账号
          </button>
        </form>
      )}
    </main>
  );
}
