/**
 * The contribute form (spec 2.8, 3): school (default 请选择学校, value −1), grade, an optional
 * teacher of that school, the student's name, title, text and/or up to nine photos of the handwritten
 * pages (the shared upload path). The draft (photos included) is kept in local storage until it is sent;
 * one Idempotency-Key per draft, so a retry after a lost answer writes the essay once. The server judges
 * everything again; its Chinese message is shown as it comes.
 */
import { messageForFailure } from '../../client/apiClient.ts';
import { useEffect, useId, useRef, useState } from 'react';
import type { contributeEssay, Essay } from '../../contract/composition.ts';
import { ESSAY_MAX_PICTURES, ESSAY_TEXT_MAX, ESSAY_TITLE_MAX, GRADE_LABELS, NO_SCHOOL, STUDENT_NAME_MAX } from '../../contract/compositionRules.ts';
import { postByPath } from '../../client/postEndpoint.ts';
import { storage } from '../../client/storage.ts';
import { checkPictureFile, uploadPicture } from '../../features/interaction/uploadPicture.ts';
import { requireLogin } from '../../features/login-gate/requireLogin.ts';
import { COMPOSITION_LINKS, essayHref } from './compositionLinks.ts';
import styles from './ContributeForm.module.css';
import { FormAlert } from '../../features/form-alert/FormAlert.tsx';
import { newIdempotencyKey } from '../../client/idempotencyKey.ts';
import { useSession } from '../../features/login-gate/useSession.ts';

interface Props {
  schools: { id: number; name: string }[];
  teachers: { id: number; name: string; schoolId: number }[];
}

interface Draft {
  schoolId: number;
  grade: string;
  teacherId: string;
  studentName: string;
  title: string;
  content: string;
  pictures: string[];
  key: string;
}

const DRAFT_KEY = 'compositionContributeDraft';
const EMPTY: Draft = { schoolId: NO_SCHOOL.value, grade: '', teacherId: '', studentName: '', title: '', content: '', pictures: [], key: '' };

/** The first problem of a draft in Chinese, or null (the server checks again). */
export function checkContribution(d: Draft): string | null {
  if (d.schoolId === NO_SCHOOL.value) return NO_SCHOOL.text;
  if (d.grade === '') return '请选择年级';
  if (d.studentName.trim() === '') return '请填写姓名';
  if (Array.from(d.studentName.trim()).length > STUDENT_NAME_MAX) return `姓名不能超过 ${STUDENT_NAME_MAX} 个字`;
  if (d.title.trim() === '') return '请填写标题';
  if (Array.from(d.title.trim()).length > ESSAY_TITLE_MAX) return `标题不能超过 ${ESSAY_TITLE_MAX} 个字`;
  if (Array.from(d.content.trim()).length > ESSAY_TEXT_MAX) return `正文不能超过 ${ESSAY_TEXT_MAX} 个字`;
  if (d.content.trim() === '' && d.pictures.length === 0) return '请填写正文或上传作文照片';
  return null;
}

export function ContributeForm({ schools, teachers }: Props) {
  const session = useSession();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState<'' | 'upload' | 'send'>('');
  const [done, setDone] = useState<{ essay: Essay; message: string } | null>(null);
  const loaded = useRef(false);
  // The server renders for nobody in particular: the login note waits for the browser's session.
  const [mounted, setMounted] = useState(false);
  const ids = { school: useId(), grade: useId(), teacher: useId(), name: useId(), title: useId(), content: useId(), photos: useId() };

  useEffect(() => {
    try {
      const saved = JSON.parse(storage.getItem(DRAFT_KEY) ?? 'null') as Partial<Draft> | null;
      if (saved) setDraft({ ...EMPTY, ...saved, pictures: Array.isArray(saved.pictures) ? saved.pictures.slice(0, ESSAY_MAX_PICTURES) : [] });
    } catch {
      // A broken draft is dropped.
    }
    loaded.current = true;
    setMounted(true);
  }, []);

  const update = (patch: Partial<Draft>) => {
    setProblem('');
    setDraft((old) => {
      // Any change of the text makes a new essay: a new key.
      const next = { ...old, ...patch, key: '' };
      if (loaded.current) storage.setItem(DRAFT_KEY, JSON.stringify(next));
      return next;
    });
  };

  const ownTeachers = teachers.filter((t) => t.schoolId === draft.schoolId);

  const onFiles = async (files: FileList | null) => {
    if (!files || files.length === 0) return;
    if (!requireLogin()) return;
    const room = ESSAY_MAX_PICTURES - draft.pictures.length;
    if (room <= 0) return setProblem(`图片最多 ${ESSAY_MAX_PICTURES} 张`);
    setBusy('upload');
    const added: string[] = [];
    try {
      for (const file of Array.from(files).slice(0, room)) {
        const bad = checkPictureFile(file);
        if (bad) {
          setProblem(bad);
          continue;
        }
        const res = await uploadPicture(file, file.name);
        if (res.statusCode === 200 && res.data) added.push(res.data.url);
        else if (res.statusCode !== 301 && res.statusCode !== 302) setProblem(res.message);
      }
      if (files.length > room) setProblem(`图片最多 ${ESSAY_MAX_PICTURES} 张，多出的没有上传`);
    } catch (error) {
      // Spec 8 speaks for an HTTP 500; a refused picture brings the server's own message.
      const message = messageForFailure(error, '图片上传失败，请重试');
      if (message) setProblem(message);
    } finally {
      if (added.length > 0) update({ pictures: [...draft.pictures, ...added] });
      setBusy('');
    }
  };

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!requireLogin()) return;
    const bad = checkContribution(draft);
    if (bad) return setProblem(bad);
    const key = draft.key || newIdempotencyKey();
    const keyed = { ...draft, key };
    setDraft(keyed);
    storage.setItem(DRAFT_KEY, JSON.stringify(keyed));
    setBusy('send');
    try {
      const res = await postByPath<typeof contributeEssay>(
        '/v1/composition/contribute',
        {
          schoolId: draft.schoolId,
          grade: Number(draft.grade),
          teacherId: draft.teacherId === '' ? 0 : Number(draft.teacherId),
          studentName: draft.studentName.trim(),
          title: draft.title.trim(),
          content: draft.content.trim(),
          // /v1 POSTs are form-encoded (spec 7): the photos go as one comma-separated field.
          pictures: draft.pictures.join(','),
        },
        { idempotencyKey: key },
      );
      if (res.statusCode === 200 && res.data) {
        storage.removeItem(DRAFT_KEY);
        setDone({ essay: res.data, message: res.message });
        setDraft(EMPTY);
      } else if (res.statusCode !== 301 && res.statusCode !== 302) setProblem(res.message);
    } catch (error) {
      // Spec 8 speaks for an HTTP 500; a refused input brings the server's own message.
      const message = messageForFailure(error, '提交失败，请重试（内容已保留）');
      if (message) setProblem(message);
    } finally {
      setBusy('');
    }
  };

  if (done) {
    return (
      <section className={styles.done} role="status">
        <h2>{done.message}</h2>
        <p>
          《{done.essay.title}》{done.essay.reviewState === 'pending' ? '正在审核，' : '已发布，'}可以在个人中心查看审核状态和老师点评。
        </p>
        <p className={styles.links}>
          <a href={COMPOSITION_LINKS.userCenter}>查看我的作文</a>
          {done.essay.reviewState === 'approved' && <a href={essayHref(done.essay.id)}>查看作文</a>}
          <button type="button" onClick={() => setDone(null)}>
            再投一篇
          </button>
        </p>
      </section>
    );
  }

  return (
    <form className={styles.form} onSubmit={(e) => void onSubmit(e)} noValidate>
      {mounted && !session.token && <p className={styles.note}>投稿需要先登录，填写的内容会自动保存。</p>}
      <label htmlFor={ids.school}>学校</label>
      <select id={ids.school} value={draft.schoolId} onChange={(e) => update({ schoolId: Number(e.target.value), teacherId: '' })}>
        <option value={NO_SCHOOL.value}>{NO_SCHOOL.text}</option>
        {schools.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name}
          </option>
        ))}
      </select>
      <label htmlFor={ids.grade}>年级</label>
      <select id={ids.grade} value={draft.grade} onChange={(e) => update({ grade: e.target.value })}>
        <option value="">请选择年级</option>
        {GRADE_LABELS.map((g, i) => (
          <option key={g} value={i + 1}>
            {g}
          </option>
        ))}
      </select>
      <label htmlFor={ids.teacher}>指导老师（选填）</label>
      <select id={ids.teacher} value={draft.teacherId} onChange={(e) => update({ teacherId: e.target.value })} disabled={draft.schoolId === NO_SCHOOL.value}>
        <option value="">{draft.schoolId === NO_SCHOOL.value ? '请先选择学校' : ownTeachers.length === 0 ? '本校暂无入驻老师' : '不指定老师'}</option>
        {ownTeachers.map((t) => (
          <option key={t.id} value={t.id}>
            {t.name}老师
          </option>
        ))}
      </select>
      <label htmlFor={ids.name}>姓名</label>
      <input
        id={ids.name}
        value={draft.studentName}
        maxLength={STUDENT_NAME_MAX * 2}
        autoComplete="name"
        placeholder="作者姓名，将随作文展示"
        onChange={(e) => update({ studentName: e.target.value })}
      />
      <label htmlFor={ids.title}>标题</label>
      <input id={ids.title} value={draft.title} maxLength={ESSAY_TITLE_MAX * 2} placeholder="作文标题" onChange={(e) => update({ title: e.target.value })} />
      <label htmlFor={ids.content}>正文（可只上传照片）</label>
      <textarea id={ids.content} value={draft.content} rows={10} placeholder="写下你的作文，每段换行" onChange={(e) => update({ content: e.target.value })} />
      <p className={styles.count}>
        {Array.from(draft.content.trim()).length} / {ESSAY_TEXT_MAX}
      </p>
      <span className={styles.label} id={`${ids.photos}-l`}>
        作文照片（最多 {ESSAY_MAX_PICTURES} 张）
      </span>
      <ul className={styles.photos} aria-labelledby={`${ids.photos}-l`}>
        {draft.pictures.map((url, i) => (
          <li key={url}>
            <img src={url} alt={`第 ${i + 1} 张照片`} width="96" height="96" />
            <button type="button" aria-label={`删除第 ${i + 1} 张照片`} onClick={() => update({ pictures: draft.pictures.filter((p) => p !== url) })}>
              ×
            </button>
          </li>
        ))}
        {draft.pictures.length < ESSAY_MAX_PICTURES && (
          <li>
            <label className={styles.add}>
              <input
                type="file"
                accept="image/jpeg,image/png,image/gif,image/webp"
                multiple
                className="visually-hidden"
                aria-label="添加作文照片"
                disabled={busy !== ''}
                onChange={(e) => void onFiles(e.target.files).then(() => (e.target.value = ''))}
              />
              {busy === 'upload' ? '上传中…' : '+ 照片'}
            </label>
          </li>
        )}
      </ul>
      <FormAlert className={styles.problem} message={problem} />
      <button type="submit" className={styles.submit} disabled={busy !== ''}>
        {busy === 'send' ? '提交中…' : '提交投稿'}
      </button>
    </form>
  );
}
