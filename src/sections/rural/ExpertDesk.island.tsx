/**
 * 专家答题: the reader's own expert desk in the rural section. Who reads comes only from the session (the page is
 * the same for everyone), so the island asks the API: a reader who is not an expert applies (name, title,
 * organisation, 1–3 fields) and reads 审核中 or the editors' reason; an approved expert sees the unanswered
 * questions of their fields first (the longest waiting first) with an answer form each, then the others.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { getByPath } from '../../client/getEndpoint.ts';
import type { applyExpert, ExpertQuestion, getExpertQuestions, getMyExpert, MyExpert } from '../../contract/rural.ts';
import { EXPERT_NAME_MAX_CHARS, EXPERT_ORG_MAX_CHARS, EXPERT_TAGS_MAX, EXPERT_TITLE_MAX_CHARS, RURAL_QUESTION_TAGS } from '../../contract/ruralRules.ts';
import { FormAlert } from '../../features/form-alert/FormAlert.tsx';
import { requireLogin } from '../../features/login-gate/requireLogin.ts';
import { useSession } from '../../features/login-gate/useSession.ts';
import { BASE_PATH } from '../../lib/safeUrl.ts';
import { AnswerForm } from './AnswerForm.tsx';
import { ownAnswerState } from './ownAnswerState.ts';
import askStyles from './AskForm.module.css';
import styles from './ExpertDesk.module.css';
import formStyles from './RuralForm.module.css';
import { useRuralWrite } from './useRuralWrite.ts';

const questionHref = (id: number) => `${BASE_PATH}/yu-nong/country-bangbang?id=${id}`;

export function ExpertDesk() {
  const session = useSession();
  const [mine, setMine] = useState<MyExpert | null>(null);
  const [failed, setFailed] = useState('');

  useEffect(() => {
    if (!session.token) return;
    let current = true;
    getByPath<typeof getMyExpert>('/v1/yunong/expert/me')
      .then((res) => {
        if (!current) return;
        if (res.statusCode === 200) setMine(res.data);
        else setFailed(res.message);
      })
      .catch(() => current && setFailed('网络不给力，请稍后刷新重试'));
    return () => {
      current = false;
    };
  }, [session.token]);

  if (!session.token) {
    return (
      <section className={styles.panel} aria-labelledby="expert-login">
        <h2 id="expert-login">农技专家答题</h2>
        <p>农技专家登录后在这里回答农友的问题；还不是专家的农友可以申请认证，由裕农栏目编辑审核。</p>
        <button className={styles.primary} type="button" onClick={() => requireLogin()}>
          登录
        </button>
      </section>
    );
  }
  if (failed) return <FormAlert className={formStyles.error} message={failed} />;
  if (mine === null) return <p role="status">加载中…</p>;
  if (mine.state === 'approved' && mine.expert) return <ExpertQuestions expert={mine.expert} />;
  return <ApplyForm mine={mine} onApplied={setMine} />;
}

function ApplyForm({ mine, onApplied }: { mine: MyExpert; onApplied: (m: MyExpert) => void }) {
  const [name, setName] = useState(mine.expert?.name ?? '');
  const [title, setTitle] = useState(mine.expert?.title ?? '');
  const [org, setOrg] = useState(mine.expert?.org ?? '');
  const [tags, setTags] = useState<string[]>(mine.expert?.tags ?? []);
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  const { busy, sendDraft } = useRuralWrite();

  const toggle = (t: string) => setTags((now) => (now.includes(t) ? now.filter((x) => x !== t) : [...now, t]));

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    if (tags.length === 0) return setError('请至少选择一个擅长领域');
    if (tags.length > EXPERT_TAGS_MAX) return setError(`擅长领域最多选 ${EXPERT_TAGS_MAX} 个`);
    setError('');
    await sendDraft<typeof applyExpert>(
      '/v1/yunong/expert/apply',
      // Spec 7: /v1 writes are form-encoded, one scalar a field: the fields go as one comma-separated string.
      { name, title, org, tags: tags.join(',') },
      {
        ok: (res) => {
          setDone(res.message);
          onApplied(res.data);
        },
        fail: setError,
        offline: '网络不给力，申请已保留，请再点一次提交',
      },
    );
  }

  return (
    <section className={styles.panel} aria-labelledby="expert-apply">
      <h2 id="expert-apply">申请成为农技专家</h2>
      {mine.state === 'pending' && (
        <p className={styles.note} role="status">
          {done || '你的专家认证申请正在审核中，裕农栏目编辑审核通过后即可回答问题。'}
        </p>
      )}
      {mine.state === 'rejected' && (
        <p className={styles.refused} role="status">
          你的申请未通过：{mine.rejectReason}。修改后可以再次提交。
        </p>
      )}
      {mine.state === 'revoked' && (
        <p className={styles.refused} role="status">
          你的农技专家认证已被裕农栏目编辑撤销：{mine.rejectReason}。撤销期间不能回答问题；如有新的资质，可以修改后重新申请。
        </p>
      )}
      {mine.state !== 'pending' && <p>通过认证后，你的名字和擅长领域会显示在乡村帮帮，农友提的这些领域的问题会优先交给你回答。</p>}
      <form onSubmit={submit} aria-label="专家认证申请">
        <label className={styles.line}>
          <span>真实姓名</span>
          <input className={formStyles.input} value={name} maxLength={EXPERT_NAME_MAX_CHARS} required onChange={(e) => setName(e.target.value)} />
        </label>
        <label className={styles.line}>
          <span>职称</span>
          <input
            className={formStyles.input}
            value={title}
            maxLength={EXPERT_TITLE_MAX_CHARS}
            required
            placeholder="如：高级农艺师"
            onChange={(e) => setTitle(e.target.value)}
          />
        </label>
        <label className={styles.line}>
          <span>工作单位</span>
          <input
            className={formStyles.input}
            value={org}
            maxLength={EXPERT_ORG_MAX_CHARS}
            required
            placeholder="如：巫溪县农业技术推广中心"
            onChange={(e) => setOrg(e.target.value)}
          />
        </label>
        <fieldset className={askStyles.tags}>
          <legend>擅长领域（最多 {EXPERT_TAGS_MAX} 个）</legend>
          {RURAL_QUESTION_TAGS.map((t) => (
            <label key={t} className={`tap-inline ${tags.includes(t) ? askStyles.on : ''}`}>
              <input type="checkbox" name="tags" value={t} checked={tags.includes(t)} onChange={() => toggle(t)} />
              {t}
            </label>
          ))}
        </fieldset>
        <button className={styles.primary} type="submit" disabled={busy}>
          {busy ? '提交中…' : mine.state === 'pending' ? '更新申请' : '提交申请'}
        </button>
        <FormAlert className={formStyles.error} message={error} />
      </form>
    </section>
  );
}

function ExpertQuestions({ expert }: { expert: NonNullable<MyExpert['expert']> }) {
  const [questions, setQuestions] = useState<ExpertQuestion[] | null>(null);
  const [failed, setFailed] = useState('');

  useEffect(() => {
    let current = true;
    getByPath<typeof getExpertQuestions>('/v1/yunong/expert/questions')
      .then((res) => {
        if (!current) return;
        if (res.statusCode === 200) setQuestions(res.data);
        else setFailed(res.message);
      })
      .catch(() => current && setFailed('网络不给力，请稍后刷新重试'));
    return () => {
      current = false;
    };
  }, []);

  const waiting = questions?.filter((q) => q.mine && q.answers.length === 0 && !q.answeredByMe) ?? [];
  const others = questions?.filter((q) => !waiting.includes(q)) ?? [];
  return (
    <>
      <section className={styles.panel} aria-labelledby="expert-me">
        <h2 id="expert-me">
          {expert.name} · {expert.title}
        </h2>
        <p className={styles.note}>
          {expert.org} · 擅长：{expert.tags.join('、')}
        </p>
      </section>
      {failed && <FormAlert className={formStyles.error} message={failed} />}
      {questions === null && !failed && <p role="status">加载中…</p>}
      {questions && (
        <>
          <section aria-labelledby="expert-waiting">
            <h2 id="expert-waiting" className={styles.heading}>
              本领域待回答（{waiting.length}）
            </h2>
            {waiting.length === 0 && <p className={styles.empty}>你擅长的领域暂时没有待回答的问题</p>}
            {waiting.map((q) => (
              <QuestionToAnswer key={q.id} question={q} expertId={expert.id} />
            ))}
          </section>
          <section aria-labelledby="expert-others">
            <h2 id="expert-others" className={styles.heading}>
              其他问题
            </h2>
            {others.map((q) => (
              <QuestionToAnswer key={q.id} question={q} expertId={expert.id} />
            ))}
          </section>
        </>
      )}
    </>
  );
}

function QuestionToAnswer({ question: q, expertId }: { question: ExpertQuestion; expertId: number }) {
  const own = q.answers.find((a) => a.expert.id === expertId);
  const [done, setDone] = useState('');
  const canAnswer = q.mine && !q.answeredByMe && done === '';

  return (
    <article className={styles.question} aria-labelledby={`q-${q.id}`}>
      <p className={styles.meta}>
        <span>{q.nickname}</span>
        {q.district && <span>{q.district}</span>}
        <span>{q.createTime.slice(5)}</span>
        <span className={styles.tag}>{q.tag}</span>
      </p>
      <p id={`q-${q.id}`} className={styles.ask}>
        {q.content}
      </p>
      <p className={styles.meta}>
        <span>{q.answerCount} 个专家回答</span>
        {q.answeredByMe && <span className={own?.reviewState === 'rejected' ? styles.refused : undefined}>{ownAnswerState(own)}</span>}
        <a href={questionHref(q.id)}>查看问题 ›</a>
      </p>
      {done && (
        <p className={styles.note} role="status">
          {done} <a href={questionHref(q.id)}>查看我的回答 ›</a>
        </p>
      )}
      {canAnswer && <AnswerForm questionId={q.id} label={`回答：${q.content.slice(0, 20)}`} onAnswered={(_a, message) => setDone(message)} />}
    </article>
  );
}
