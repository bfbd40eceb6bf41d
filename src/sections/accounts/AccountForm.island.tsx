/**
 * The account forms of spec 2.5 in one island (they share the phone field, the slide check, the code
 * boxes and the send button): code login, password login, register, find password, change-password
 * check, new password, bind phone, and the login entry with the messenger return.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  bind3rdParty,
  checkCode,
  codeLogin,
  messengerAuthorize,
  normalisePhone,
  passwordLogin,
  register,
  resetPassword,
  changePassword,
  sendCode,
  thirdPartyLogin,
  tokenByCode,
  unionIdIsBind,
  type CodePurpose,
  type SlideResult,
} from '../../contract/accounts.ts';
import { messageForFailure } from '../../client/apiClient.ts';
import { getEndpoint } from '../../client/getEndpoint.ts';
import { postEndpoint } from '../../client/postEndpoint.ts';
import { SlideCheck } from '../../features/captcha/SlideCheck.tsx';
import { BASE_PATH as BASE, safeRedirectPath } from '../../lib/safeUrl.ts';
import { $session, setSession } from '../../stores/session.ts';
import { showToast } from '../../stores/toast.ts';
import { countryFlag } from './countryFlag.ts';
import { finishLogin } from './finishLogin.ts';
import { dropTicket, keepOAuthState, keepTicket, readTicket, takeOAuthState } from './pendingSteps.ts';
import styles from './AccountForm.module.css';

export type AccountMode = 'entry' | 'code-login' | 'password-login' | 'register' | 'find' | 'change-check' | 'new-password' | 'bind';

interface Props {
  mode: AccountMode;
  /** Already reduced to a safe same-origin path by the page. */
  redirect: string;
  messenger: boolean;
}

const CODE_LENGTH = 6;
/** A call that got no response (network, time-out); spec 8 has no text for it. */
const NO_RESPONSE_MESSAGE = '网络不给力，请稍后再试';

function toast(message: string): void {
  showToast(message, { type: 'text', duration: 2000 });
}

function withRedirect(path: string, redirect: string): string {
  return `${BASE}${path}?redirect=${encodeURIComponent(redirect)}`;
}

interface PasswordFieldProps {
  name: string;
  label: string;
  placeholder: string;
  autoComplete: 'current-password' | 'new-password';
  value: string;
  onChange: (v: string) => void;
}

/** A password input; 128 is the contract's PASSWORD_MAX (a value import would bring zod into this island). */
function PasswordField({ name, label, placeholder, autoComplete, value, onChange }: PasswordFieldProps) {
  return (
    <label className={styles.field}>
      <input
        className={styles.input}
        type="password"
        name={name}
        autoComplete={autoComplete}
        placeholder={placeholder}
        maxLength={128}
        value={value}
        aria-label={label}
        onChange={(e) => onChange(e.target.value)}
      />
    </label>
  );
}

/** The phone input; 中国+86 only with the country flag (spec 5, countryFlag.ts). */
function PhoneField({ value, onChange, readOnly, country = false }: { value: string; onChange: (v: string) => void; readOnly?: boolean; country?: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  // A number typed before the island hydrated is in the DOM but not in state: keep it.
  useEffect(() => {
    const typed = input.current?.value ?? '';
    if (typed !== '' && typed !== value) onChange(typed);
  }, []); // once, on hydration
  return (
    <label className={styles.field}>
      {country && <span className={styles.prefix}>中国+86</span>}
      <input
        ref={input}
        className={styles.input}
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        name="phone"
        placeholder="请输入手机号"
        maxLength={20}
        value={value}
        readOnly={readOnly}
        aria-label="手机号"
        onChange={(e) => onChange(e.target.value)}
      />
    </label>
  );
}

/** Six single-character boxes (spec 5, 9); typing or pasting fills forward. */
function CodeBoxes({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const boxes = useRef<Array<HTMLInputElement | null>>([]);
  function put(index: number, typed: string): void {
    const digits = typed.replace(/\D/g, '');
    if (digits === '') {
      onChange(value.slice(0, index));
      return;
    }
    const next = (value.slice(0, index) + digits).slice(0, CODE_LENGTH);
    onChange(next);
    boxes.current[Math.min(next.length, CODE_LENGTH - 1)]?.focus();
  }
  return (
    <div className={styles.codeBoxes} role="group" aria-label="验证码">
      {Array.from({ length: CODE_LENGTH }, (_, i) => (
        <input
          key={i}
          ref={(el) => {
            boxes.current[i] = el;
          }}
          className={styles.codeBox}
          inputMode="numeric"
          autoComplete={i === 0 ? 'one-time-code' : 'off'}
          aria-label={`验证码第 ${i + 1} 位`}
          maxLength={i === 0 ? CODE_LENGTH : 1}
          value={value[i] ?? ''}
          onChange={(e) => put(i, e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Backspace' && !value[i] && i > 0) {
              onChange(value.slice(0, i - 1));
              boxes.current[i - 1]?.focus();
            }
          }}
        />
      ))}
    </div>
  );
}

/** The slide check, then 获取验证码 with a 60 s countdown; a new slide for every send (single use). */
function SendCode({ phone, purpose, disabled }: { phone: string | null; purpose: CodePurpose; disabled?: boolean }) {
  const [slide, setSlide] = useState<SlideResult | null>(null);
  const [slideKey, setSlideKey] = useState(0);
  const [left, setLeft] = useState(0);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft(left - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);

  async function send(): Promise<void> {
    if (!slide) return toast('请先完成滑动验证');
    if (purpose !== 'change' && !phone) return toast('请输入正确的手机号');
    setBusy(true);
    try {
      const res = await postEndpoint(sendCode, { ...slide, type: purpose, ...(phone && purpose !== 'change' ? { phone } : {}) });
      toast(res.message);
      if (res.statusCode === 200) setLeft(res.data.resendAfter);
    } catch (error) {
      // Spec 8's catalogue speaks for a failure with a response (HTTP 500); ours only for none.
      const message = messageForFailure(error, NO_RESPONSE_MESSAGE);
      if (message) toast(message);
    } finally {
      setBusy(false);
      setSlide(null);
      setSlideKey((k) => k + 1);
    }
  }

  return (
    <>
      {left <= 0 && <SlideCheck key={slideKey} resetKey={slideKey} onPassed={setSlide} />}
      <button type="button" className={styles.sendButton} disabled={disabled || busy || left > 0 || !slide} onClick={() => void send()}>
        {left > 0 ? `${left} 秒后重新获取` : '获取验证码'}
      </button>
    </>
  );
}

export function AccountForm({ mode, redirect, messenger }: Props) {
  const [phoneText, setPhoneText] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [password2, setPassword2] = useState('');
  const [busy, setBusy] = useState(false);
  const [needSlide, setNeedSlide] = useState(false);
  const [loginSlide, setLoginSlide] = useState<SlideResult | null>(null);
  const [notice, setNotice] = useState('');
  const [myPhone, setMyPhone] = useState('');
  const phone = normalisePhone(phoneText);
  const ticket = mode === 'new-password' ? readTicket() : null;

  useEffect(() => {
    if (mode === 'change-check') setMyPhone($session.get().syPhone);
    if (mode === 'entry') void messengerReturn();
  }, []);

  /** Spec 4 auth code flow: a code in the address and no token → exchange, check binding, log in or bind. */
  async function messengerReturn(): Promise<void> {
    const params = new URLSearchParams(location.search);
    const authCode = params.get('code');
    const state = params.get('state');
    if (!authCode || $session.get().token) return;
    // The code is single use: take it out of the address and history at once (security.md C24).
    params.delete('code');
    params.delete('state');
    history.replaceState(history.state, '', `${location.pathname}${params.size ? `?${params.toString()}` : ''}`);
    if (!state || state !== takeOAuthState()) return setNotice('请重新登陆');
    setBusy(true);
    try {
      const exchanged = await getEndpoint(tokenByCode, { code: authCode, state });
      if (exchanged.statusCode === 422) return setNotice('获取微信code失败');
      if (exchanged.statusCode !== 200 || !exchanged.data.unionId) return setNotice('请重新登陆');
      const unionId = exchanged.data.unionId;
      setSession({ unionId, nickname: exchanged.data.nickname, userPic: exchanged.data.userPic });
      const bound = await postEndpoint(unionIdIsBind, { unionId });
      if (bound.statusCode !== 200) return setNotice(bound.message);
      if (!bound.data.isBind) {
        location.replace(withRedirect('/BindPhone', redirect));
        return;
      }
      const login = await postEndpoint(thirdPartyLogin, { type: 'wechat', unionId });
      if (login.statusCode === 200) finishLogin(login.data, redirect);
      else setNotice(login.message);
    } catch {
      setNotice('请重新登陆');
    } finally {
      setBusy(false);
    }
  }

  async function startMessenger(): Promise<void> {
    const res = await getEndpoint(messengerAuthorize, { redirect });
    if (res.statusCode !== 200) return toast(res.message);
    keepOAuthState(res.data.state);
    location.assign(res.data.url);
  }

  async function submit(e: FormEvent): Promise<void> {
    e.preventDefault();
    if (busy) return;
    const needsPhone = mode !== 'change-check' && mode !== 'new-password';
    if (needsPhone && !phone) return toast('请输入正确的手机号');
    if ((mode === 'code-login' || mode === 'register' || mode === 'find' || mode === 'change-check' || mode === 'bind') && !/^\d{6}$/.test(code)) {
      return toast('请输入 6 位验证码');
    }
    if ((mode === 'register' || mode === 'new-password') && password !== password2) return toast('两次输入的密码不一致');
    setBusy(true);
    try {
      switch (mode) {
        case 'code-login': {
          const res = await postEndpoint(codeLogin, { phone: phone!, code });
          return res.statusCode === 200 ? finishLogin(res.data, redirect) : toast(res.message);
        }
        case 'password-login': {
          const res = await postEndpoint(passwordLogin, { phone: phone!, password, ...(loginSlide ?? {}) });
          setLoginSlide(null);
          if (res.statusCode === 200) return finishLogin(res.data, redirect);
          if (res.statusCode === 428) setNeedSlide(true);
          return toast(res.message);
        }
        case 'register': {
          const res = await postEndpoint(register, { phone: phone!, code, password });
          return res.statusCode === 200 ? finishLogin(res.data, redirect) : toast(res.message);
        }
        case 'find':
        case 'change-check': {
          const type = mode === 'find' ? 'reset' : 'change';
          const res = await postEndpoint(checkCode, { code, type, ...(type === 'reset' ? { phone: phone! } : {}) });
          if (res.statusCode !== 200) return toast(res.message);
          keepTicket(type, res.data.ticket);
          location.assign(`${BASE}/NewPasswordPage`);
          return;
        }
        case 'new-password': {
          if (!ticket) return toast('验证已失效，请重新获取验证码');
          const res = ticket.kind === 'reset' ? await postEndpoint(resetPassword, { ticket: ticket.ticket, password }) : await postEndpoint(changePassword, { ticket: ticket.ticket, password });
          toast(res.message);
          if (res.statusCode !== 200) return;
          dropTicket();
          if (ticket.kind === 'reset') setTimeout(() => location.replace(withRedirect('/PasswordLogin', redirect)), 1500);
          else setTimeout(() => location.replace(safeRedirectPath(redirect)), 1500);
          return;
        }
        case 'bind': {
          const unionId = $session.get().unionId;
          if (!unionId) return toast('请重新登陆');
          const res = await postEndpoint(bind3rdParty, { unionId, phone: phone!, code });
          return res.statusCode === 200 ? finishLogin(res.data, redirect) : toast(res.message);
        }
        default:
          return;
      }
    } catch (error) {
      // Spec 8's catalogue speaks for a failure with a response (HTTP 500); ours only for none.
      const message = messageForFailure(error, NO_RESPONSE_MESSAGE);
      if (message) toast(message);
    } finally {
      setBusy(false);
    }
  }

  if (mode === 'entry') {
    return (
      <div className={styles.entry}>
        <div className={styles.logo} aria-hidden="true">
          山城
        </div>
        <p className={styles.tagline}>登录山城新闻，参与评论与互动</p>
        {notice && (
          <p className={styles.notice} role="alert">
            {notice}
          </p>
        )}
        {busy && <p className={styles.muted}>正在登录…</p>}
        <a className={styles.primary} href={withRedirect('/MessageLogin', redirect)}>
          验证码登录
        </a>
        <a className={styles.secondary} href={withRedirect('/PasswordLogin', redirect)}>
          密码登录
        </a>
        {messenger && (
          <button type="button" className={styles.wechat} onClick={() => void startMessenger()}>
            微信登录
          </button>
        )}
        <p className={styles.links}>
          还没有账号？<a href={withRedirect('/RegisterPage', redirect)}>立即注册</a>
        </p>
      </div>
    );
  }

  if (mode === 'new-password' && !ticket) {
    return (
      <div className={styles.form}>
        <p className={styles.notice}>请先验证手机号，再设置新密码</p>
        <a className={styles.primary} href={`${BASE}/FindPage`}>
          去验证手机号
        </a>
      </div>
    );
  }

  const purpose: CodePurpose | null =
    mode === 'code-login' ? 'login' : mode === 'register' ? 'register' : mode === 'find' ? 'reset' : mode === 'change-check' ? 'change' : mode === 'bind' ? 'bind' : null;
  const showPhone = mode !== 'new-password' && mode !== 'change-check';
  const showCode = purpose !== null;
  const showPassword = mode === 'password-login' || mode === 'register' || mode === 'new-password';
  const confirm = mode === 'register' || mode === 'new-password';
  const submitText: Record<AccountMode, string> = {
    entry: '',
    'code-login': '登录',
    'password-login': '登录',
    register: '注册并登录',
    find: '下一步',
    'change-check': '下一步',
    'new-password': '确定',
    bind: '绑定并登录',
  };

  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
      {mode === 'bind' && <p className={styles.muted}>为保障账号安全，请绑定手机号后继续使用评论、提问等功能</p>}
      {mode === 'change-check' && (
        <p className={styles.muted}>{myPhone ? `验证码将发送至 ${myPhone}` : '请先登录'}</p>
      )}
      {showPhone && <PhoneField value={phoneText} onChange={setPhoneText} country={countryFlag(mode)} />}
      {showCode && purpose && (
        <>
          <SendCode phone={phone} purpose={purpose} disabled={mode === 'change-check' && !myPhone} />
          <CodeBoxes value={code} onChange={setCode} />
        </>
      )}
      {showPassword && (
        <PasswordField
          name="password"
          label="密码"
          placeholder={mode === 'password-login' ? '请输入密码' : '请设置 8–128 位密码'}
          autoComplete={mode === 'password-login' ? 'current-password' : 'new-password'}
          value={password}
          onChange={setPassword}
        />
      )}
      {confirm && (
        <PasswordField name="password2" label="确认密码" placeholder="请再次输入密码" autoComplete="new-password" value={password2} onChange={setPassword2} />
      )}
      {mode === 'password-login' && needSlide && !loginSlide && <SlideCheck onPassed={setLoginSlide} />}
      <button type="submit" className={styles.primary} disabled={busy}>
        {busy ? '请稍候…' : submitText[mode]}
      </button>
      <nav className={styles.links}>
        {mode === 'code-login' && <a href={withRedirect('/PasswordLogin', redirect)}>密码登录</a>}
        {mode === 'password-login' && (
          <>
            <a href={withRedirect('/MessageLogin', redirect)}>验证码登录</a>
            <a href={`${BASE}/FindPage`}>忘记密码</a>
          </>
        )}
        {(mode === 'code-login' || mode === 'password-login') && <a href={withRedirect('/RegisterPage', redirect)}>注册</a>}
        {mode === 'register' && <a href={withRedirect('/PasswordLogin', redirect)}>已有账号，去登录</a>}
      </nav>
      {mode === 'change-check' && myPhone === '' && <a href={withRedirect('/LoginPage', `${BASE}/ChangeCheckPage`)}>去登录</a>}
    </form>
  );
}

