/**
 * The small pieces every account form shares (spec 2.5): the phone field with its 中国+86 prefix, a
 * password field, the six code boxes, the slide check with 获取验证码, the consent line, and the submit
 * helper. Contract imports are types only: the forms never ship zod; the server validates.
 */
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { CODE_LENGTH, normalisePhone, PASSWORD_MAX } from '../../contract/accountRules.ts';
import type { CodePurpose, sendCode, SlideResult } from '../../contract/accounts.ts';
import { messageForFailure } from '../../client/apiClient.ts';
import { postByPath } from '../../client/postEndpoint.ts';
import { SlideCheck } from '../../features/captcha/SlideCheck.tsx';
import { BASE_PATH } from '../../lib/safeUrl.ts';
import { showToast } from '../../stores/toast.ts';
import styles from './AccountForm.module.css';

export { styles };

export function toast(message: string): void {
  showToast(message, { type: 'text', duration: 2000 });
}

/** An account page's URL carrying the page to return to after login. */
export function withRedirect(path: string, redirect: string): string {
  return `${BASE_PATH}${path}?redirect=${encodeURIComponent(redirect)}`;
}

export const CODE_RE = /^\d{6}$/;

/** A call that got no response (network, time-out); spec 8 has no text for it. */
const NO_RESPONSE_MESSAGE = '网络不给力，请稍后再试';

/** Spec 8's catalogue speaks for a failure with a response (HTTP 500); ours only for none. */
export function toastFailure(error: unknown): void {
  const message = messageForFailure(error, NO_RESPONSE_MESSAGE);
  if (message) toast(message);
}

/** busy + a submit handler that ignores double taps and turns a network failure into a toast. */
export function useSubmit(run: () => Promise<void>): { busy: boolean; onSubmit: (e: FormEvent) => void } {
  const [busy, setBusy] = useState(false);
  return {
    busy,
    onSubmit: (e) => {
      e.preventDefault();
      if (busy) return;
      setBusy(true);
      run()
        .catch(toastFailure)
        .finally(() => setBusy(false));
    },
  };
}

interface PasswordFieldProps {
  name: string;
  label: string;
  placeholder: string;
  autoComplete: 'current-password' | 'new-password';
  value: string;
  onChange: (v: string) => void;
}

export function PasswordField({ name, label, placeholder, autoComplete, value, onChange }: PasswordFieldProps) {
  return (
    <label className={styles.field}>
      <input
        className={styles.input}
        type="password"
        name={name}
        autoComplete={autoComplete}
        placeholder={placeholder}
        maxLength={PASSWORD_MAX}
        value={value}
        aria-label={label}
        onChange={(e) => onChange(e.target.value)}
      />
    </label>
  );
}

/** The phone input; 中国+86 only with the country flag (spec 5, countryFlag.ts). */
export function PhoneField({ value, onChange, country = false }: { value: string; onChange: (v: string) => void; country?: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  // A number typed before the island hydrated is in the DOM but not in state: keep it.
  useEffect(() => {
    const typed = input.current?.value ?? '';
    if (typed !== '' && typed !== value) onChange(typed);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on hydration: a later value is the reader's own typing
  }, []);
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
        aria-label="手机号"
        onChange={(e) => onChange(e.target.value)}
      />
    </label>
  );
}

/** Six single-character boxes (spec 5, 9); typing or pasting fills forward. */
export function CodeBoxes({ value, onChange }: { value: string; onChange: (v: string) => void }) {
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

interface PhoneCode {
  phoneText: string;
  setPhoneText: (v: string) => void;
  /** The normalised phone, null while it is not a valid one. */
  phone: string | null;
  code: string;
  setCode: (v: string) => void;
}

/** A form's phone and SMS code, and its submit: the phone, then the code, are checked before `send` runs. */
export function usePhoneCode(send: (phone: string, code: string) => Promise<void>): { busy: boolean; onSubmit: (e: FormEvent) => void; fields: PhoneCode } {
  const [phoneText, setPhoneText] = useState('');
  const [code, setCode] = useState('');
  const phone = normalisePhone(phoneText);
  const { busy, onSubmit } = useSubmit(async () => {
    if (!phone) return toast('请输入正确的手机号');
    if (!CODE_RE.test(code)) return toast('请输入 6 位验证码');
    return send(phone, code);
  });
  return { busy, onSubmit, fields: { phoneText, setPhoneText, phone, code, setCode } };
}

/** The phone, 获取验证码 for it and the code boxes (usePhoneCode holds their state). */
export function PhoneCodeFields({ fields, purpose, country }: { fields: PhoneCode; purpose: CodePurpose; country: boolean }) {
  return (
    <>
      <PhoneField value={fields.phoneText} onChange={fields.setPhoneText} country={country} />
      <SendCode phone={fields.phone} purpose={purpose} />
      <CodeBoxes value={fields.code} onChange={fields.setCode} />
    </>
  );
}

/** The slide check, then 获取验证码 with a 60 s countdown; a new slide for every send (single use). */
export function SendCode({ phone, purpose, disabled }: { phone: string | null; purpose: CodePurpose; disabled?: boolean }) {
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
      const res = await postByPath<typeof sendCode>('/v1/common/webSendMsg1', { ...slide, type: purpose, ...(phone && purpose !== 'change' ? { phone } : {}) });
      toast(res.message);
      if (res.statusCode === 200) setLeft(res.data.resendAfter);
    } catch (error) {
      toastFailure(error);
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

const AGREEMENT = `${BASE_PATH}/UserAgreement`;
const PRIVACY = `${BASE_PATH}/PrivacyPolicy`;

/** The two documents, as links that open in this tab (the form keeps nothing worth losing before consent). */
function Documents() {
  return (
    <>
      <a href={AGREEMENT}>《用户协议》</a>和<a href={PRIVACY}>《隐私政策》</a>
    </>
  );
}

/** A consent checkbox (registration: PIPL art. 14, separate and unticked by default). */
/** The form's primary submit button: its label, or 请稍候… while the request runs. */
export function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <button type="submit" className={styles.primary} disabled={busy}>
      {busy ? '请稍候…' : children}
    </button>
  );
}

export function ConsentCheck({ checked, onChange }: { checked: boolean; onChange: (v: boolean) => void }) {
  return (
    <label className={styles.consent}>
      <input type="checkbox" name="agree" checked={checked} onChange={(e) => onChange(e.target.checked)} aria-label="我已阅读并同意用户协议和隐私政策" />
      <span>
        我已阅读并同意
        <Documents />
      </span>
    </label>
  );
}

/** The notice under a login form: logging in is under the same documents. */
export function ConsentNotice({ children }: { children?: ReactNode }) {
  return (
    <p className={styles.consent}>
      <span>
        {children ?? '登录即表示您已阅读并同意'}
        <Documents />
      </span>
    </p>
  );
}
