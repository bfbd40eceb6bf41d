/**
 * 作文栏目: the submitted essays in their context (student, school, grade, the opening, the
 * verified teacher's score and review), picked for the newspaper list and for 推荐, or kept out of the
 * rankings with a reason the author reads; and the section's teachers, verified or withdrawn with a
 * reason the teacher reads. Every change can be undone right after (the opposite change).
 */
import { useEffect, useState, type FormEvent } from 'react';
import { get, post } from '../../api.ts';
import type { PageProps } from '../../nav.ts';
import { messageOf, ReasonForm, Tabs, useAction } from '../../ui.tsx';
import { UndoNotice, type Done } from './UndoNotice.tsx';

interface DeskEssay {
  id: number;
  title: string;
  studentName: string;
  gradeLabel: string;
  schoolName: string;
  teacherName: string;
  excerpt: string;
  reviewState: 'pending' | 'approved' | 'rejected';
  reviewStateText: string;
  score: number | null;
  reviewText: string;
  reviewTime: string;
  recommend: boolean;
  newspaperEdition: string;
  newspaperDate: string;
  rankExcludedReason: string;
  like: number;
  pv: number;
  createTime: string;
}

interface DeskTeacher {
  id: number;
  name: string;
  title: string;
  schoolName: string;
  verified: boolean;
  verifyReason: string;
}

const FILTERS = [
  { id: 'all', label: '全部' },
  { id: 'pending', label: '审核中' },
  { id: 'recommend', label: '已推荐' },
  { id: 'newspaper', label: '已上报' },
  { id: 'excluded', label: '已排除排行' },
] as const;

export function CompositionDeskPage(_props: PageProps) {
  const [tab, setTab] = useState<'essays' | 'teachers'>('essays');
  return (
    <>
      <h1>作文栏目</h1>
      <Tabs
        label="作文栏目"
        tabs={[
          { id: 'essays', label: '投稿与选稿' },
          { id: 'teachers', label: '老师认证' },
        ]}
        current={tab}
        onChoose={setTab}
        panel={`nr-panel-${tab}`}
      />
      {tab === 'essays' ? (
        <section id="nr-panel-essays" role="tabpanel" aria-labelledby="nr-tab-essays">
          <Essays />
        </section>
      ) : (
        <section id="nr-panel-teachers" role="tabpanel" aria-labelledby="nr-tab-teachers">
          <Teachers />
        </section>
      )}
    </>
  );
}

function Essays() {
  const [filter, setFilter] = useState<(typeof FILTERS)[number]['id']>('all');
  const [keyword, setKeyword] = useState('');
  const [items, setItems] = useState<DeskEssay[] | null>(null);
  const [round, setRound] = useState(0);
  const [done, setDone] = useState<Done | null>(null);
  const action = useAction();
  const { setError } = action;

  useEffect(() => {
    get<{ items: DeskEssay[] }>('/composition/essays', { filter, keyword, page: 1 })
      .then((d) => setItems(d.items))
      .catch((err: unknown) => setError(messageOf(err)));
  }, [filter, keyword, round, setError]);

  /** Runs one change, then offers its opposite. */
  const change = (path: string, body: Record<string, unknown>, message: string, undo?: { path: string; body: Record<string, unknown>; message: string }) =>
    void action.run(async () => {
      await post(path, body);
      setRound((n) => n + 1);
      setDone({ message, ...(undo ? { undo: () => change(undo.path, undo.body, undo.message) } : {}) });
    });

  const search = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setKeyword(String(new FormData(e.currentTarget).get('keyword') ?? '').trim());
  };

  return (
    <>
      <form className="nr-inline-form" onSubmit={search} role="search" aria-label="搜索作文">
        <label className="nr-field">
          <span>筛选</span>
          <select value={filter} onChange={(e) => setFilter(e.currentTarget.value as typeof filter)}>
            {FILTERS.map((f) => (
              <option key={f.id} value={f.id}>
                {f.label}
              </option>
            ))}
          </select>
        </label>
        <label className="nr-field nr-field--search">
          <span>标题、作者或学校</span>
          <input name="keyword" type="search" maxLength={30} defaultValue={keyword} />
        </label>
        <button className="nr-button" type="submit">
          搜索
        </button>
      </form>
      <UndoNotice error={action.error} done={done} busy={action.busy} />
      {items === null ? (
        <p role="status">加载中…</p>
      ) : items.length === 0 ? (
        <p className="nr-empty">没有符合条件的作文。</p>
      ) : (
        <ul className="nr-list">
          {items.map((e) => (
            <li key={e.id} className="nr-list__item nr-list__item--column">
              <EssayRow essay={e} busy={action.busy} change={change} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

type Change = (path: string, body: Record<string, unknown>, message: string, undo?: { path: string; body: Record<string, unknown>; message: string }) => void;

function EssayRow({ essay: e, busy, change }: { essay: DeskEssay; busy: boolean; change: Change }) {
  const published = e.reviewState === 'approved';
  const onPaper = (ev: FormEvent<HTMLFormElement>) => {
    ev.preventDefault();
    const f = new FormData(ev.currentTarget);
    const edition = String(f.get('edition') ?? '').trim();
    const date = String(f.get('date') ?? '');
    change('/composition/essays/newspaper', { id: e.id, edition, date }, `《${e.title}》已选入报纸刊登：${date} ${edition}`, {
      path: '/composition/essays/newspaper',
      body: { id: e.id, edition: e.newspaperEdition, date: e.newspaperDate },
      message: `《${e.title}》已恢复原来的刊登信息`,
    });
  };
  const exclude = (reason: string) => {
    change('/composition/essays/rank', { id: e.id, excluded: true, reason }, `《${e.title}》已排除出排行榜`, {
      path: '/composition/essays/rank',
      body: { id: e.id, excluded: false },
      message: `《${e.title}》已恢复进入排行榜`,
    });
  };
  return (
    <article aria-labelledby={`essay-${e.id}`}>
      <h2 id={`essay-${e.id}`} className="nr-item__title">
        {e.title}
        <span className="nr-badge">{e.reviewStateText}</span>
        {e.recommend && <span className="nr-badge">推荐</span>}
        {e.newspaperEdition && (
          <span className="nr-badge">
            已上报 {e.newspaperDate} {e.newspaperEdition}
          </span>
        )}
        {e.rankExcludedReason && <span className="nr-badge nr-badge--warn">不进排行</span>}
      </h2>
      <p className="nr-meta">
        {e.studentName} · {e.schoolName} {e.gradeLabel} · 投稿于 {e.createTime} · 阅读 {e.pv} · 赞 {e.like}
      </p>
      <p>{e.excerpt}</p>
      {e.score !== null ? (
        <p className="nr-meta">
          {e.teacherName} 老师点评（{e.score} 分，{e.reviewTime}）：{e.reviewText}
        </p>
      ) : e.teacherName ? (
        <p className="nr-meta">等待 {e.teacherName} 老师点评</p>
      ) : null}
      {e.rankExcludedReason && <p className="nr-meta">排除出排行的原因（作者可见）：{e.rankExcludedReason}</p>}
      <div className="nr-actions nr-item__actions">
        {e.recommend ? (
          <button
            className="nr-button"
            type="button"
            disabled={busy}
            onClick={() =>
              change('/composition/essays/recommend', { id: e.id, recommend: false }, `《${e.title}》已移出推荐`, {
                path: '/composition/essays/recommend',
                body: { id: e.id, recommend: true },
                message: `《${e.title}》已选入推荐`,
              })
            }
            aria-label={`移出推荐：${e.title}`}
          >
            移出推荐
          </button>
        ) : (
          published && (
            <button
              className="nr-button"
              type="button"
              disabled={busy}
              onClick={() =>
                change('/composition/essays/recommend', { id: e.id, recommend: true }, `《${e.title}》已选入推荐`, {
                  path: '/composition/essays/recommend',
                  body: { id: e.id, recommend: false },
                  message: `《${e.title}》已移出推荐`,
                })
              }
              aria-label={`选入推荐：${e.title}`}
            >
              选入推荐
            </button>
          )
        )}
        {e.newspaperEdition && (
          <button
            className="nr-button"
            type="button"
            disabled={busy}
            onClick={() =>
              change('/composition/essays/newspaper', { id: e.id, edition: '', date: '' }, `《${e.title}》已撤下报纸刊登`, {
                path: '/composition/essays/newspaper',
                body: { id: e.id, edition: e.newspaperEdition, date: e.newspaperDate },
                message: `《${e.title}》已恢复报纸刊登`,
              })
            }
            aria-label={`撤下报纸刊登：${e.title}`}
          >
            撤下刊登
          </button>
        )}
        {e.rankExcludedReason && (
          <button
            className="nr-button"
            type="button"
            disabled={busy}
            onClick={() =>
              change('/composition/essays/rank', { id: e.id, excluded: false }, `《${e.title}》已恢复进入排行榜`, {
                path: '/composition/essays/rank',
                body: { id: e.id, excluded: true, reason: e.rankExcludedReason },
                message: `《${e.title}》已排除出排行榜`,
              })
            }
            aria-label={`恢复进入排行榜：${e.title}`}
          >
            恢复排行
          </button>
        )}
      </div>
      {published && (
        <details className="nr-details">
          <summary>选入报纸刊登…</summary>
          <form className="nr-inline-form" onSubmit={onPaper} aria-label={`选入报纸刊登：${e.title}`}>
            <label className="nr-field">
              <span>刊登日期</span>
              <input name="date" type="date" required defaultValue={e.newspaperDate} />
            </label>
            <label className="nr-field">
              <span>版面</span>
              <input name="edition" required maxLength={20} defaultValue={e.newspaperEdition} placeholder="如 第 12 版 · 校园" />
            </label>
            <button className="nr-button nr-button--primary" type="submit" disabled={busy}>
              选入报纸
            </button>
          </form>
        </details>
      )}
      {!e.rankExcludedReason && (
        <details className="nr-details">
          <summary>排除出排行榜…</summary>
          <ReasonForm
            name={`排除出排行榜：${e.title}`}
            label="原因（作者可见）"
            button="排除出排行"
            tone="danger"
            field="wide"
            maxLength={100}
            placeholder="如 经核实与已发表作品雷同"
            busy={busy}
            onSubmit={exclude}
          />
        </details>
      )}
    </article>
  );
}

function Teachers() {
  const [items, setItems] = useState<DeskTeacher[] | null>(null);
  const [round, setRound] = useState(0);
  const [done, setDone] = useState<Done | null>(null);
  const action = useAction();
  const { setError } = action;

  useEffect(() => {
    get<{ items: DeskTeacher[] }>('/composition/teachers')
      .then((d) => setItems(d.items))
      .catch((err: unknown) => setError(messageOf(err)));
  }, [round, setError]);

  const decide = (t: DeskTeacher, verified: boolean, reason: string, undoReason: string) =>
    void action.run(async () => {
      await post('/composition/teachers/verify', { id: t.id, verified, reason });
      setRound((n) => n + 1);
      setDone({
        message: `${t.name} 老师${verified ? '已认证' : '已撤销认证'}`,
        undo: () => decide(t, !verified, undoReason, reason),
      });
    });

  const submit = (t: DeskTeacher) => (reason: string) => decide(t, !t.verified, reason, t.verifyReason || (t.verified ? '身份核实无误' : '认证信息待核实'));

  return (
    <>
      <UndoNotice error={action.error} done={done} busy={action.busy} />
      {items === null ? (
        <p role="status">加载中…</p>
      ) : items.length === 0 ? (
        <p className="nr-empty">还没有老师。</p>
      ) : (
        <ul className="nr-list">
          {items.map((t) => (
            <li key={t.id} className="nr-list__item nr-list__item--column">
              <h2 className="nr-item__title" id={`teacher-${t.id}`}>
                {t.name}
                <span className={t.verified ? 'nr-badge' : 'nr-badge nr-badge--warn'}>{t.verified ? '已认证' : '未认证'}</span>
              </h2>
              <p className="nr-meta">
                {t.schoolName} · {t.title || '教师'}
                {t.verifyReason ? ` · 上次处理原因：${t.verifyReason}` : ''}
              </p>
              <ReasonForm
                name={`${t.verified ? '撤销认证' : '认证'}：${t.name}`}
                label="原因（老师可见）"
                button={t.verified ? '撤销认证' : '认证老师'}
                tone={t.verified ? 'danger' : 'primary'}
                field="wide"
                maxLength={100}
                placeholder={t.verified ? '如 已调离该校' : '如 教师资格证与在职证明核实无误'}
                busy={action.busy}
                onSubmit={submit(t)}
              />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
