/** 选择稿件: finds a published story of ours by a word of its title (newest first) and picks it in a list. */
import { useEffect, useId, useState } from 'react';
import { get } from '../../api.ts';
import { messageOf } from '../../ui.tsx';

export interface PickedStory {
  id: number;
  title: string;
  channel?: string;
}

export function StoryPicker({
  name,
  initial,
  label,
  onError,
}: {
  /** The form field the chosen story's id is sent as. */
  name: string;
  initial: PickedStory | null;
  label: string;
  onError: (m: string | null) => void;
}) {
  const [keyword, setKeyword] = useState('');
  const [found, setFound] = useState<PickedStory[]>([]);
  const [asked, setAsked] = useState('');
  const searchId = useId();

  useEffect(() => {
    // Only the answer to the latest search is drawn (an earlier, slower one is dropped).
    let current = true;
    get<{ items: PickedStory[] }>('/placement/stories', asked ? { keyword: asked } : {})
      .then((r) => current && setFound(r.items))
      .catch((err: unknown) => current && onError(messageOf(err)));
    return () => {
      current = false;
    };
  }, [asked, onError]);

  const options = initial && !found.some((s) => s.id === initial.id) ? [initial, ...found] : found;
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
        <select name={name} defaultValue={initial?.id ?? ''} key={options.map((s) => s.id).join(',')} required>
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
