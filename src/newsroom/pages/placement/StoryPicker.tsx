/** 选择稿件: finds a published story of ours by a word of its title (newest first) and picks it in a list. */
import { useEffect, useId, useRef, useState } from 'react';
import { get } from '../../api.ts';
import { messageOf } from '../../ui.tsx';

export interface PickedStory {
  id: number;
  title: string;
  channel?: string;
  /** Whether the hot list may pin it (the server says no for a district's or an account's entry card). */
  pinnable?: boolean;
}

export function StoryPicker({
  name,
  initial,
  label,
  onError,
  pinnableOnly = false,
}: {
  /** The form field the chosen story's id is sent as. */
  name: string;
  initial: PickedStory | null;
  label: string;
  onError: (m: string | null) => void;
  /** Offer only stories the hot list may pin (ADR 034: entry cards are not articles). */
  pinnableOnly?: boolean;
}) {
  const [keyword, setKeyword] = useState('');
  const [found, setFound] = useState<PickedStory[]>([]);
  const [asked, setAsked] = useState('');
  const [chosen, setChosen] = useState(initial ? String(initial.id) : '');
  const searchId = useId();
  const select = useRef<HTMLSelectElement>(null);
  const first = initial ? String(initial.id) : '';

  // The form's reset (after a pin) puts the choice back as well.
  useEffect(() => {
    const form = select.current?.form;
    const back = () => setChosen(first);
    form?.addEventListener('reset', back);
    return () => form?.removeEventListener('reset', back);
  }, [first]);

  useEffect(() => {
    // Only the answer to the latest search is drawn (an earlier, slower one is dropped).
    let current = true;
    get<{ items: PickedStory[] }>('/placement/stories', asked ? { keyword: asked } : {})
      .then((r) => current && setFound(pinnableOnly ? r.items.filter((s) => s.pinnable !== false) : r.items))
      .catch((err: unknown) => current && onError(messageOf(err)));
    return () => {
      current = false;
    };
  }, [asked, onError, pinnableOnly]);

  const options = initial && !found.some((s) => s.id === initial.id) ? [initial, ...found] : found;
  // A choice stays chosen while a new search's list still has it (picked while the answer was on its way).
  const shown = options.some((s) => String(s.id) === chosen) ? chosen : '';
  return (
    <>
      <div className="nr-field nr-grid-form__wide">
        <label htmlFor={searchId}>按标题搜索已发布的稿件</label>
        <div className="nr-inline-form">
          <input
            id={searchId}
            type="search"
            value={keyword}
            maxLength={30}
            onChange={(e) => setKeyword(e.target.value)}
            onKeyDown={(e) => {
              if (e.key !== 'Enter') return;
              e.preventDefault();
              setAsked(keyword.trim());
            }}
          />
          <button className="nr-button" type="button" onClick={() => setAsked(keyword.trim())} aria-label={`搜索稿件：${label}`}>
            搜索
          </button>
        </div>
      </div>
      <label className="nr-field nr-grid-form__wide">
        <span>{label}</span>
        <select ref={select} name={name} value={shown} onChange={(e) => setChosen(e.target.value)} required>
          <option value="">{found.length === 0 && asked ? '没有找到已发布的稿件' : '请选择稿件'}</option>
          {options.map((s) => (
            <option key={s.id} value={s.id}>
              {s.title}
              {s.channel ? `（${s.channel}）` : ''}
            </option>
          ))}
        </select>
      </label>
    </>
  );
}
