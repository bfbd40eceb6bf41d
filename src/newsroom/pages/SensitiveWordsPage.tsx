/**
 * 敏感词 (docs/adr/018-one-review-model.md): the words admins keep, each 送审 (hold: the item goes to 待审) or 拦截
 * (block: refused at once with a clear message). Matching sees through full-width letters, spaces, symbols and case,
 * so one spelling of a word is enough. The list can hold thousands: it is searched here and shown 200 at a time.
 */
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { get, post } from '../api.ts';
import type { Word } from '../moderation.ts';
import type { PageProps } from '../nav.ts';
import { messageOf, Notice, useAction } from '../ui.tsx';

const ACTION_NAMES: Record<Word['action'], string> = { hold: '送审', block: '拦截' };
const SHOWN = 200;

export function SensitiveWordsPage(_props: PageProps) {
  const [words, setWords] = useState<Word[] | null>(null);
  const [query, setQuery] = useState('');
  const [ok, setOk] = useState<string | null>(null);
  const action = useAction();
  const { setError } = action;

  useEffect(() => {
    get<Word[]>('/moderation/words')
      .then(setWords)
      .catch((err: unknown) => setError(messageOf(err)));
  }, [setError]);

  const found = useMemo(() => {
    const q = query.trim().toLowerCase();
    return (words ?? []).filter((w) => q === '' || w.word.toLowerCase().includes(q));
  }, [words, query]);

  const add = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const formEl = e.currentTarget;
    const form = new FormData(formEl);
    const word = String(form.get('word') ?? '').trim();
    const act = String(form.get('action')) as Word['action'];
    void action.run(async () => {
      setWords(await post<Word[]>('/moderation/words', { word, action: act }));
      setOk(`已添加“${word}”（${ACTION_NAMES[act]}）`);
      formEl.reset();
    });
  };

  const change = (w: Word, act: Word['action']) =>
    void action.run(async () => {
      setWords(await post<Word[]>('/moderation/words', { word: w.word, action: act }));
      setOk(`“${w.word}”改为${ACTION_NAMES[act]}`);
    });

  const remove = (w: Word) =>
    void action.run(async () => {
      setWords(await post<Word[]>('/moderation/words/delete', { id: w.id }));
      setOk(`已删除“${w.word}”`);
    });

  return (
    <>
      <h1>敏感词</h1>
      <p className="nr-hint">
        送审：含有该词的内容进入审核台“敏感词”队列，词会被标出；拦截：含有该词的内容不能发表，读者会看到提示。全角、大小写、夹在字间的空格和符号都能识别。
      </p>
      <Notice error={action.error} ok={ok} />
      <section className="nr-panel" aria-labelledby="nr-add-word">
        <h2 id="nr-add-word">添加敏感词</h2>
        <form className="nr-grid-form" onSubmit={add}>
          <label className="nr-field">
            <span>词语</span>
            <input name="word" required maxLength={20} />
          </label>
          <label className="nr-field">
            <span>处理方式</span>
            <select name="action" defaultValue="hold">
              <option value="hold">送审</option>
              <option value="block">拦截</option>
            </select>
          </label>
          <button className="nr-button nr-button--primary" type="submit" disabled={action.busy}>
            添加
          </button>
        </form>
      </section>
      <section aria-labelledby="nr-word-list">
        <h2 id="nr-word-list">词表（{words?.length ?? 0}）</h2>
        <label className="nr-field nr-field--search">
          <span>查找</span>
          <input type="search" value={query} onChange={(e) => setQuery(e.target.value)} />
        </label>
        {words === null ? (
          <p role="status">加载中…</p>
        ) : found.length === 0 ? (
          <p>没有敏感词。</p>
        ) : (
          <>
            <ul className="nr-list">
              {found.slice(0, SHOWN).map((w) => (
                <li key={w.id} className="nr-list__item">
                  <span>
                    <strong>{w.word}</strong>
                    <span className={`nr-badge${w.action === 'block' ? ' nr-badge--warn' : ''}`}>{ACTION_NAMES[w.action]}</span>
                  </span>
                  <span className="nr-actions">
                    <button className="nr-button" type="button" disabled={action.busy} onClick={() => change(w, w.action === 'hold' ? 'block' : 'hold')}>
                      改为{w.action === 'hold' ? '拦截' : '送审'}
                      <span className="nr-visually-hidden">：{w.word}</span>
                    </button>
                    <button className="nr-button" type="button" disabled={action.busy} onClick={() => remove(w)}>
                      删除<span className="nr-visually-hidden">敏感词 {w.word}</span>
                    </button>
                  </span>
                </li>
              ))}
            </ul>
            {found.length > SHOWN && <p className="nr-hint">另有 {found.length - SHOWN} 个词，请用“查找”缩小范围。</p>}
          </>
        )}
      </section>
    </>
  );
}
