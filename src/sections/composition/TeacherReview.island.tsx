/**
 * TeacherReview (spec 2.8): a verified teacher sees the essays assigned to them (waiting first)
 * and reviews one — a score of 0–100 and a comment. Only teachers, only their own essays: the server
 * refuses everyone else (the island shows its Chinese answer). `?id=` opens that essay's form.
 */
import { useId, useState } from 'react';
import type { assignedEssays, compositionRole, Essay, EssaySummary, reviewEssay, Role } from '../../contract/composition.ts';
import { REVIEW_MAX } from '../../contract/compositionRules.ts';
import { getByPath } from '../../client/getEndpoint.ts';
import { postByPath } from '../../client/postEndpoint.ts';
import { showToast } from '../../stores/toast.ts';
import { essayHref } from './compositionLinks.ts';
import { useReaderLoad, type GateState } from '../../features/login-gate/useReaderLoad.ts';
import { gateNoteClass, isGate, ReaderGate } from './ReaderGate.tsx';
import rows from './EssayRows.module.css';
import styles from './TeacherReview.module.css';
import { FormAlert } from '../../features/form-alert/FormAlert.tsx';

type Assigned = { kind: 'notTeacher' } | { kind: 'ok'; role: Role; essays: EssaySummary[] };

async function loadAssigned(): Promise<Assigned | GateState> {
  const role = await getByPath<typeof compositionRole>('/v1/composition/role');
  if (role.statusCode !== 200 || !role.data) return { kind: 'error', message: role.message };
  if (role.data.role !== 'teacher') return { kind: 'notTeacher' };
  const essays = await getByPath<typeof assignedEssays>('/v1/composition/assigned');
  if (essays.statusCode !== 200 || !essays.data) return { kind: 'error', message: essays.message };
  return { kind: 'ok', role: role.data, essays: essays.data };
}

export function TeacherReview({ openId }: { openId: number | null }) {
  const { state, setState, retry } = useReaderLoad(loadAssigned);
  const [open, setOpen] = useState<number | null>(openId);

  if (isGate(state)) return <ReaderGate state={state} loginHint="老师登录后可点评学生指定给你的作文" onRetry={retry} />;
  if (state.kind === 'notTeacher') return <p className={gateNoteClass}>只有认证老师可以点评。老师认证请联系作文专区编辑。</p>;
  const waiting = state.essays.filter((e) => e.score === null).length;
  const onReviewed = (essay: Essay) => {
    setState({ ...state, essays: state.essays.map((e) => (e.id === essay.id ? { ...e, score: essay.score } : e)) });
    setOpen(null);
  };
  return (
    <div>
      <p className={styles.head}>
        {state.role.teacher?.name}老师，你有 <strong>{waiting}</strong> 篇作文待点评
      </p>
      {state.essays.length === 0 && <p className={gateNoteClass}>还没有学生指定你点评</p>}
      <ul className={`${rows.list} ${styles.list}`}>
        {state.essays.map((e) => (
          <li key={e.id} data-essay-id={e.id}>
            <a href={essayHref(e.id)}>{e.title}</a>
            <p className={`${rows.meta} ${styles.meta}`}>
              {e.studentName} · {e.gradeLabel} · {e.createTime}
              {e.score !== null ? <span className={styles.score}>已点评 {e.score} 分</span> : <span className={styles.waiting}>待点评</span>}
            </p>
            {open === e.id ? (
              <ReviewForm essay={e} onDone={onReviewed} onCancel={() => setOpen(null)} />
            ) : (
              <button type="button" className={styles.openBtn} onClick={() => setOpen(e.id)}>
                {e.score === null ? `点评《${e.title}》` : `修改对《${e.title}》的点评`}
              </button>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

function ReviewForm({ essay, onDone, onCancel }: { essay: EssaySummary; onDone: (e: Essay) => void; onCancel: () => void }) {
  const [score, setScore] = useState(essay.score === null ? '' : String(essay.score));
  const [text, setText] = useState('');
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const ids = { score: useId(), text: useId() };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const n = Number(score);
    if (score.trim() === '' || !Number.isInteger(n) || n < 0 || n > 100) return setProblem('评分须为 0–100 的整数');
    if (Array.from(text.trim()).length < 5) return setProblem('评语至少 5 个字');
    setBusy(true);
    try {
      const res = await postByPath<typeof reviewEssay>('/v1/composition/review', { id: essay.id, score: n, content: text.trim() });
      if (res.statusCode === 200 && res.data) {
        showToast(res.message, { type: 'text', duration: 2000 });
        onDone(res.data);
      } else setProblem(res.message);
    } catch {
      setProblem('提交失败，请重试');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
      <label htmlFor={ids.score}>评分（0–100）</label>
      <input id={ids.score} inputMode="numeric" value={score} onChange={(e) => setScore(e.target.value.replace(/[^\d]/g, '').slice(0, 3))} />
      <label htmlFor={ids.text}>评语</label>
      <textarea id={ids.text} rows={5} maxLength={REVIEW_MAX} value={text} placeholder="写下你对这篇作文的点评" onChange={(e) => setText(e.target.value)} />
      <FormAlert className={styles.problem} message={problem} />
      <div className={styles.buttons}>
        <button type="button" onClick={onCancel}>
          取消
        </button>
        <button type="submit" className={styles.primary} disabled={busy}>
          {busy ? '提交中…' : '提交点评'}
        </button>
      </div>
    </form>
  );
}
