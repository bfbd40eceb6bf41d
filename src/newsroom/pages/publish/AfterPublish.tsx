/**
 * What the desk does with a story once readers have it (ADR 025): corrections (更正), shown to readers at
 * the story's end with their date, and the breaking-news push (突发推送) to every reader on the site now.
 * Both keep the key of the send until it is answered, so a retry after a lost answer never adds twice.
 */
import { useEffect, useState } from 'react';
import { BREAKING_TEXT_MAX } from '../../../contract/breaking.ts';
import { CORRECTION_MAX, type ArticleView, type CorrectionView, type PushView } from '../../../contract/publish.ts';
import { get, post } from '../../api.ts';
import { formatTime, messageOf, Notice, useAction } from '../../ui.tsx';

export function Corrections({ view }: { view: ArticleView }) {
  const [list, setList] = useState<CorrectionView[] | null>(null);
  const [note, setNote] = useState('');
  const [key, setKey] = useState(() => crypto.randomUUID());
  const { busy, error, ok, run, setError, setOk } = useAction();
  useEffect(() => {
    get<CorrectionView[]>('/publish/corrections', { id: view.id })
      .then(setList)
      .catch((err: unknown) => setError(messageOf(err)));
  }, [view.id, setError]);
  if (!view.can.correct && (list === null || list.length === 0)) return null;
  const send = () =>
    run(async () => {
      setList(await post<CorrectionView[]>('/publish/correct', { id: view.id, key, note }));
      setNote('');
      setKey(crypto.randomUUID());
      setOk('更正已发布，读者在文末可见');
    });
  return (
    <section className="nr-after" aria-labelledby="nr-corrections-title">
      <h2 id="nr-corrections-title">更正</h2>
      {list && list.length > 0 && (
        <ol className="nr-after__list">
          {list.map((c) => (
            <li key={c.id}>
              <span className="nr-meta">
                {formatTime(c.correctedAt)} · {c.staffName}
              </span>
              <p>{c.note}</p>
            </li>
          ))}
        </ol>
      )}
      {view.can.correct && (
        <form
          className="nr-after__form"
          onSubmit={(e) => {
            e.preventDefault();
            void send();
          }}
        >
          <label className="nr-field">
            <span>更正说明（读者在文末看到“更正”、日期和这段说明）</span>
            <textarea value={note} rows={2} maxLength={CORRECTION_MAX} onChange={(e) => setNote(e.target.value)} required minLength={4} />
          </label>
          <button type="submit" className="nr-button nr-button--primary" disabled={busy || note.trim().length < 4}>
            发布更正
          </button>
        </form>
      )}
      <Notice error={error} ok={ok} />
    </section>
  );
}

export function BreakingPush({ view }: { view: ArticleView }) {
  const [text, setText] = useState('');
  const [key, setKey] = useState(() => crypto.randomUUID());
  const { busy, error, ok, run, setOk } = useAction();
  if (!view.can.push) return null;
  const send = () =>
    run(async () => {
      const pushed = await post<PushView>('/publish/push', { id: view.id, key, text });
      setKey(crypto.randomUUID());
      setOk(`已于 ${formatTime(pushed.pushedAt)} 向全站读者推送：${pushed.text}`);
    });
  return (
    <section className="nr-after" aria-labelledby="nr-push-title">
      <h2 id="nr-push-title">突发推送</h2>
      <form
        className="nr-after__form"
        onSubmit={(e) => {
          e.preventDefault();
          void send();
        }}
      >
        <label className="nr-field">
          <span>推送文字（不填则用标题；全站每 10 分钟最多推送一次）</span>
          <input
            value={text}
            maxLength={BREAKING_TEXT_MAX}
            placeholder={view.fields.title.slice(0, BREAKING_TEXT_MAX)}
            onChange={(e) => setText(e.target.value)}
          />
        </label>
        <button type="submit" className="nr-button nr-button--primary" disabled={busy}>
          推送给全站读者
        </button>
      </form>
      <Notice error={error} ok={ok} />
    </section>
  );
}
