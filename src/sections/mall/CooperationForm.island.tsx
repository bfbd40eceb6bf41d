/**
 * The mall's business cooperation form (ADR 012): company, contact, phone, what to cooperate on;
 * POST /v1/mall/cooperation (anonymous allowed). Chinese messages from the server are shown as they
 * come; a double tap sends once (the button is busy) and the server stores a repeat once.
 */
import { useState, type FormEvent } from 'react';
import { messageForFailure } from '../../client/apiClient.ts';
import { postByPath } from '../../client/postEndpoint.ts';
import type { mallCooperation } from '../../contract/mall.ts';
import styles from './Mall.module.css';
import { Field, PhoneField, useFields } from './MallFields.tsx';
import { FormAlert } from '../../features/form-alert/FormAlert.tsx';

const EMPTY = { company: '', contact: '', phone: '', content: '' };

export function CooperationForm() {
  const { fields, setFields, bind } = useFields(EMPTY);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  const [sent, setSent] = useState('');

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    if (Array.from(fields.content.trim()).length < 10) {
      setProblem('合作内容至少 10 个字');
      return;
    }
    setBusy(true);
    setProblem('');
    try {
      const res = await postByPath<typeof mallCooperation>('/v1/mall/cooperation', fields);
      if (res.statusCode === 200) {
        setSent(res.message);
        setFields(EMPTY);
      } else setProblem(res.message || '提交失败，请稍后再试');
    } catch (error) {
      // Spec 8 speaks for an HTTP 500; a refused input brings the server's own message.
      const message = messageForFailure(error, '网络不给力，请稍后再试');
      if (message) setProblem(message);
    } finally {
      setBusy(false);
    }
  }

  if (sent) {
    return (
      <div className={`${styles.section} ${styles.done}`} role="status">
        <p>{sent}</p>
        <button type="button" className={styles.secondary} onClick={() => setSent('')}>
          再写一条
        </button>
      </div>
    );
  }
  return (
    <form className={styles.section} onSubmit={(e) => void submit(e)} noValidate aria-label="商务合作留言">
      <Field label="公司名称" autoComplete="organization" maxLength={50} {...bind('company')} />
      <Field label="联系人" autoComplete="name" maxLength={20} {...bind('contact')} />
      <PhoneField label="手机号" {...bind('phone')} />
      <label className={styles.field}>
        合作内容
        <textarea maxLength={500} placeholder="想上架的商品、合作方式、预计数量等（10–500 字）" {...bind('content')} />
      </label>
      <FormAlert className={styles.error} message={problem} />
      <button type="submit" className={styles.primary} disabled={busy}>
        {busy ? '提交中…' : '提交'}
      </button>
    </form>
  );
}
