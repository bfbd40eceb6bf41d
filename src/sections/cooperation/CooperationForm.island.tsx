/**
 * The contact form of /business-cooperation/home: name, company, phone, need (and the kind of
 * cooperation). No login needed; the server stores it once per Idempotency-Key and limits sends per
 * address. A clear confirmation replaces the form when it is stored.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { messageForFailure } from '../../client/apiClient.ts';
import { normalisePhone } from '../../contract/accountRules.ts';
import type { cooperationContact } from '../../contract/interact.ts';
import {
  COOPERATION_COMPANY_MAX,
  COOPERATION_KINDS,
  COOPERATION_NAME_MAX,
  COOPERATION_NEED_MAX,
  COOPERATION_NEED_MIN,
  type CooperationKind,
} from '../../contract/communityRules.ts';
import { postByPath } from '../../client/postEndpoint.ts';
import styles from '../community/InteractForm.module.css';
import { FormAlert } from '../../features/form-alert/FormAlert.tsx';
import { newIdempotencyKey } from '../../client/idempotencyKey.ts';

type Field = 'name' | 'company' | 'phone' | 'need';
const chars = (s: string) => [...s.trim()].length;

export function checkCooperation(v: Record<Field, string>): Partial<Record<Field, string>> {
  const e: Partial<Record<Field, string>> = {};
  if (chars(v.name) === 0) e.name = '请填写联系人';
  else if (chars(v.name) > COOPERATION_NAME_MAX) e.name = `联系人不能超过 ${COOPERATION_NAME_MAX} 个字`;
  if (chars(v.company) === 0) e.company = '请填写公司或机构名称';
  else if (chars(v.company) > COOPERATION_COMPANY_MAX) e.company = `公司或机构不能超过 ${COOPERATION_COMPANY_MAX} 个字`;
  if (normalisePhone(v.phone) === null) e.phone = '请输入正确的手机号';
  if (chars(v.need) < COOPERATION_NEED_MIN) e.need = `请至少写 ${COOPERATION_NEED_MIN} 个字，说说您的合作需求`;
  else if (chars(v.need) > COOPERATION_NEED_MAX) e.need = `合作需求不能超过 ${COOPERATION_NEED_MAX} 个字`;
  return e;
}

export function CooperationForm() {
  const [values, setValues] = useState<Record<Field, string>>({ name: '', company: '', phone: '', need: '' });
  const [kind, setKind] = useState<CooperationKind>('ad');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [serverError, setServerError] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState('');
  const [key, setKey] = useState(newIdempotencyKey);

  const set = (field: Field) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setKey(newIdempotencyKey());
  };

  async function submit(e: FormEvent): Promise<void> {
    e.preventDefault();
    if (busy) return;
    const found = checkCooperation(values);
    setErrors(found);
    setServerError('');
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const res = await postByPath<typeof cooperationContact>('/api/cooperation/contact', { ...values, kind }, { idempotencyKey: key });
      if (res.statusCode === 200) setDone(res.message);
      else setServerError(res.message);
    } catch (error) {
      // Spec 8 speaks for an HTTP 500; a refused input brings the server's own message.
      const message = messageForFailure(error, '网络不给力，请稍后再试');
      if (message) setServerError(message);
    } finally {
      setBusy(false);
    }
  }

  if (done) {
    return (
      <div className={styles.done} role="status">
        <p className={styles.doneTitle}>已收到您的合作需求</p>
        <p>{done}</p>
      </div>
    );
  }

  const field = (name: Field, label: string, input: ReactNode) => (
    <label className={styles.field}>
      <span className={`${styles.label} ${styles.required}`}>{label}</span>
      {input}
      {errors[name] && (
        <span className={styles.error} id={`co-${name}-error`} role="alert">
          {errors[name]}
        </span>
      )}
    </label>
  );
  const described = (name: Field) => (errors[name] ? { 'aria-invalid': true as const, 'aria-describedby': `co-${name}-error` } : {});

  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate aria-label="商务合作留言">
      <fieldset className={styles.field}>
        <legend className={styles.label}>合作类型</legend>
        <div className={styles.chips}>
          {(Object.keys(COOPERATION_KINDS) as CooperationKind[]).map((k) => (
            <label key={k} className={styles.chip}>
              <input type="radio" name="kind" value={k} checked={kind === k} onChange={() => setKind(k)} />
              {COOPERATION_KINDS[k]}
            </label>
          ))}
        </div>
      </fieldset>
      {field(
        'name',
        '联系人',
        <input
          className={styles.input}
          name="name"
          autoComplete="name"
          maxLength={COOPERATION_NAME_MAX}
          value={values.name}
          onChange={(e) => set('name')(e.target.value)}
          {...described('name')}
        />,
      )}
      {field(
        'company',
        '公司或机构',
        <input
          className={styles.input}
          name="company"
          autoComplete="organization"
          maxLength={COOPERATION_COMPANY_MAX}
          value={values.company}
          onChange={(e) => set('company')(e.target.value)}
          {...described('company')}
        />,
      )}
      {field(
        'phone',
        '手机号',
        <input
          className={styles.input}
          name="phone"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          maxLength={20}
          value={values.phone}
          onChange={(e) => set('phone')(e.target.value)}
          {...described('phone')}
        />,
      )}
      {field(
        'need',
        '合作需求',
        <textarea
          className={styles.textarea}
          name="need"
          maxLength={COOPERATION_NEED_MAX * 2}
          placeholder="想做什么样的合作、预算与时间、目标人群"
          value={values.need}
          onChange={(e) => set('need')(e.target.value)}
          {...described('need')}
        />,
      )}
      <FormAlert className={styles.error} message={serverError} />
      <button type="submit" className={styles.submit} disabled={busy}>
        {busy ? '正在提交…' : '提交合作需求'}
      </button>
      <p className={styles.hint}>您的联系方式仅用于商务对接，不会公开或用于其他用途。</p>
    </form>
  );
}
