/**
 * An approved expert's answer to one question (5–1000 characters), shared by 专家答题 and the question's own page:
 * a keyed write (useRuralWrite keeps the Idempotency-Key until it lands), the server's message on success.
 */
import { useState, type FormEvent } from 'react';
import type { Answer, answerQuestion } from '../../contract/rural.ts';
import { ANSWER_MAX_CHARS, ANSWER_MIN_CHARS } from '../../contract/ruralRules.ts';
import { FormAlert } from '../../features/form-alert/FormAlert.tsx';
import styles from './ExpertDesk.module.css';
import formStyles from './RuralForm.module.css';
import { useRuralWrite } from './useRuralWrite.ts';

export function AnswerForm({ questionId, label, onAnswered }: { questionId: number; label: string; onAnswered: (answer: Answer, message: string) => void }) {
  const [content, setContent] = useState('');
  const [error, setError] = useState('');
  const { busy, sendDraft } = useRuralWrite();

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    if (Array.from(content.trim()).length < ANSWER_MIN_CHARS) return setError(`回答至少 ${ANSWER_MIN_CHARS} 个字`);
    setError('');
    await sendDraft<typeof answerQuestion>(
      '/v1/yunong/answer',
      { questionId, content },
      {
        ok: (res) => {
          setContent('');
          onAnswered(res.data, res.message || '回答成功');
        },
        fail: setError,
        offline: '网络不给力，回答已保留，请再点一次提交',
      },
    );
  }

  return (
    <form onSubmit={submit} aria-label={label}>
      <label className={formStyles.field}>
        <span className={formStyles.hidden}>回答内容</span>
        <textarea
          value={content}
          rows={3}
          maxLength={ANSWER_MAX_CHARS}
          placeholder="写下你的专业建议（5–1000 字）"
          onChange={(e) => setContent(e.target.value)}
        />
      </label>
      <button className={styles.primary} type="submit" disabled={busy}>
        {busy ? '提交中…' : '提交回答'}
      </button>
      <FormAlert className={formStyles.error} message={error} />
    </form>
  );
}
