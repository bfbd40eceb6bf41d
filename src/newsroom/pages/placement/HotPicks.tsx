/**
 * 热榜置顶: published stories the editor pins at chosen positions of the reader's hot list until an end time (Beijing
 * time); the other places keep the measured order (most read first). Unpinning can be undone right after (ADR 034).
 */
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { get, post } from '../../api.ts';
import { formatTime, messageOf, useAction } from '../../ui.tsx';
import { newKey } from '../mall/download.ts';
import { UndoNotice, type Done } from '../sectionDesks/UndoNotice.tsx';
import { StoryPicker } from './StoryPicker.tsx';

interface Pick {
  id: number;
  newsId: number;
  title: string;
  position: number;
  endsAt: string;
}

interface PickList {
  max: number;
  lastPosition: number;
  items: Pick[];
}

/** `YYYY-MM-DDTHH:mm` on Beijing's wall clock, `hours` from now (the end field's default). */
function beijingInput(hours: number): string {
  return new Date(Date.now() + hours * 3_600_000 + 8 * 3_600_000).toISOString().slice(0, 16);
}

export function HotPicks() {
  const [data, setData] = useState<PickList | null>(null);
  const [done, setDone] = useState<Done | null>(null);
  const [round, setRound] = useState(0);
  const action = useAction();
  const { setError } = action;

  useEffect(() => {
    get<PickList>('/placement/hot', {})
      .then(setData)
      .catch((err: unknown) => setError(messageOf(err)));
  }, [round, setError]);

  const reload = useCallback(() => setRound((n) => n + 1), []);

  const pin = (fields: { newsId: number; position: number; endsAt: string }, onDone: () => void) =>
    void action.run(async () => {
      const made = await post<Pick>('/placement/hot/pin', { key: newKey(), ...fields });
      reload();
      onDone();
      setDone({ message: `“${made.title}”已置顶在热榜第 ${made.position} 位`, undo: () => unpin(made) });
    });

  const unpin = (p: Pick) =>
    void action.run(async () => {
      await post('/placement/hot/unpin', { id: p.id });
      reload();
      const undo =
        p.endsAt > new Date().toISOString() ? { undo: () => pin({ newsId: p.newsId, position: p.position, endsAt: p.endsAt }, () => undefined) } : {};
      setDone({ message: `“${p.title}”已取消置顶`, ...undo });
    });

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const ends = String(form.get('endsAt') ?? '');
    if (ends === '') return setError('请填写置顶结束时间');
    const target = e.currentTarget;
    pin({ newsId: Number(form.get('newsId')), position: Number(form.get('position')), endsAt: `${ends}:00+08:00` }, () => target.reset());
  };

  return (
    <>
      <p className="nr-meta">
        读者“热榜”（/hotNews）中置顶的稿件排在选定的位置，其余按阅读量排。
        {data && ` 当前置顶 ${data.items.length} 条（至多 ${data.max} 条，位置 1–${data.lastPosition}）。`}
      </p>
      <UndoNotice error={action.error} done={done} busy={action.busy} />
      {data === null ? (
        <p role="status">加载中…</p>
      ) : data.items.length === 0 ? (
        <p className="nr-empty">热榜没有置顶的稿件，全部按阅读量排。</p>
      ) : (
        <ol className="nr-list" aria-label="热榜置顶">
          {data.items.map((p) => (
            <li key={p.id} className="nr-list__item">
              <p className="nr-item__title">
                第 {p.position} 位：{p.title}
              </p>
              <p className="nr-meta">置顶到 {formatTime(p.endsAt)}</p>
              <div className="nr-actions">
                <button className="nr-button" type="button" disabled={action.busy} onClick={() => unpin(p)} aria-label={`取消置顶：${p.title}`}>
                  取消置顶
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}
      {data && data.items.length < data.max && (
        <form onSubmit={submit} aria-label="热榜置顶稿件">
          <fieldset className="nr-fieldset nr-grid-form nr-grid-form--two">
            <legend>置顶一篇稿件</legend>
            <StoryPicker name="newsId" label="要置顶的稿件" initial={null} onError={setError} pinnableOnly />
            <label className="nr-field">
              <span>位置（1 为第一条）</span>
              <input name="position" type="number" min={1} max={data.lastPosition} defaultValue={1} required />
            </label>
            <label className="nr-field">
              <span>置顶到（北京时间）</span>
              <input name="endsAt" type="datetime-local" defaultValue={beijingInput(24)} required />
            </label>
            <div className="nr-grid-form__wide">
              <button className="nr-button nr-button--primary" type="submit" disabled={action.busy}>
                置顶
              </button>
            </div>
          </fieldset>
        </form>
      )}
    </>
  );
}
