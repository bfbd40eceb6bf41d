/**
 * 向专家提问: the ask form of 乡村帮帮. Login first (the login gate); the field is one of the
 * experts' tags; a draft keeps its Idempotency-Key until it lands, so a retry after a network error
 * writes one question. The answer says whether the question is public or 审核中 and links to it. Sent with no
 * answer at all (offline), the question waits in the outbox (ADR 032) and goes out when the network returns.
 */
import { useState, type FormEvent } from 'react';
import type { askQuestion, Question } from '../../contract/rural.ts';
import { QUESTION_MAX_CHARS, QUESTION_MIN_CHARS, RURAL_QUESTION_TAGS, type RuralQuestionTag } from '../../contract/ruralRules.ts';
import { requireLogin } from '../../features/login-gate/requireLogin.ts';
import { BASE_PATH } from '../../lib/safeUrl.ts';
import styles from './AskForm.module.css';
import { DistrictField } from './RuralFields.tsx';
import formStyles from './RuralForm.module.css';
import { useRuralWrite } from './useRuralWrite.ts';
import { FormAlert } from '../../features/form-alert/FormAlert.tsx';
import { useSession } from '../../features/login-gate/useSession.ts';
import { useOutbox } from '../../features/outbox/useOutbox.ts';
import { OutboxNotes } from '../../features/outbox/OutboxNotes.tsx';

export function AskForm() {
  const session = useSession();
  const [content, setContent] = useState('');
  const [tag, setTag] = useState('');
  const [district, setDistrict] = useState('');
  const { busy, sendDraft, settled } = useRuralWrite();
  const [error, setError] = useState('');
  const [done, setDone] = useState<{ question: Question; message: string } | null>(null);
  const outbox = useOutbox('rural:ask', {
    onSent: (_entry, answer) => {
      settled();
      setDone({ question: answer.data as Question, message: answer.message || '提问成功' });
      setContent('');
    },
    onRefused: (_entry, message) => message && setError(message),
  });

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy || outbox.waiting || !requireLogin()) return;
    if (Array.from(content.trim()).length < QUESTION_MIN_CHARS) return setError(`问题至少 ${QUESTION_MIN_CHARS} 个字`);
    if (tag === '') return setError('请选择问题领域');
    setError('');
    const body = { content, tag: tag as RuralQuestionTag, district };
    await sendDraft<typeof askQuestion>('/v1/yunong/ask', body, {
      ok: (res) => {
        setDone({ question: res.data, message: res.message || '提问成功' });
        setContent('');
      },
      fail: setError,
      offline: '网络不给力，问题已保留，请再点一次提交',
      keep: (id) => outbox.queue({ id, kind: 'question', label: `提问「${content.trim()}」`, path: '/v1/yunong/ask', body }),
    });
  }

  return (
    <section className={styles.ask} aria-labelledby="ask-title">
      <h2 id="ask-title">向专家提问</h2>
      {done && (
        <p className={styles.done} role="status">
          {done.message}
          {done.question.reviewState === 'pending' ? '（审核中）' : ''}{' '}
          <a href={`${BASE_PATH}/yu-nong/country-bangbang?id=${done.question.id}`}>查看我的问题 ›</a>
        </p>
      )}
      <form onSubmit={submit}>
        <label className={formStyles.field}>
          <span className={formStyles.hidden}>问题内容</span>
          <textarea
            name="content"
            value={content}
            rows={3}
            maxLength={QUESTION_MAX_CHARS}
            onChange={(e) => setContent(e.target.value)}
            placeholder={session.token ? '描述一下作物、牲畜的情况，专家会尽快回答' : '登录后向农技专家提问'}
          />
        </label>
        <fieldset className={styles.tags}>
          <legend>问题领域</legend>
          {RURAL_QUESTION_TAGS.map((t) => (
            <label key={t} className={`tap-inline ${tag === t ? styles.on : ''}`}>
              <input type="radio" name="tag" value={t} checked={tag === t} onChange={() => setTag(t)} />
              {t}
            </label>
          ))}
        </fieldset>
        <div className={styles.row}>
          <DistrictField name="district" value={district} onChange={setDistrict} example="巫溪" />
          <button type="submit" disabled={busy || outbox.waiting}>
            {busy ? '提交中…' : '提交问题'}
          </button>
        </div>
        <FormAlert className={formStyles.error} message={error} />
        <OutboxNotes items={outbox.items} onRetry={outbox.retry} onDiscard={outbox.discard} />
      </form>
    </section>
  );
}
