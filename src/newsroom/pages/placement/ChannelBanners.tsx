/**
 * 频道轮播图: one channel's banners, in the carousel's order (ADR 034). Each opens a published story of ours or an https
 * link, may have first and last days, and is shown or hidden; the editor adds, edits, moves up or down (buttons, so
 * the keyboard does it; focus stays on the moved banner), hides or removes one, and can undo each change right after.
 */
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { get, post } from '../../api.ts';
import { messageOf, MoveButtons, movedOrder, useAction, useMoveFocus } from '../../ui.tsx';
import { newKey } from '../mall/download.ts';
import { uploadPicture } from '../publish/pictureUpload.ts';
import { UndoNotice, type Done } from '../sectionDesks/UndoNotice.tsx';
import { StoryPicker } from './StoryPicker.tsx';

interface DeskBanner {
  id: number;
  channelId: number;
  title: string;
  picture: string;
  newsId: number;
  newsTitle: string;
  link: string;
  startDay: string;
  endDay: string;
  enabled: boolean;
  live: boolean;
  window: '' | 'waiting' | 'ended';
}

interface BannerList {
  channelId: number;
  max: number;
  today: string;
  items: DeskBanner[];
}

type BannerFields = Pick<DeskBanner, 'title' | 'picture' | 'newsId' | 'link' | 'startDay' | 'endDay' | 'enabled'>;

const fieldsOf = (b: DeskBanner): BannerFields => ({
  title: b.title,
  picture: b.picture,
  newsId: b.newsId,
  link: b.link,
  startDay: b.startDay,
  endDay: b.endDay,
  enabled: b.enabled,
});

function stateOf(b: DeskBanner): string {
  if (!b.enabled) return '已隐藏';
  if (b.window === 'waiting') return `${b.startDay} 起显示`;
  if (b.window === 'ended') return '已过结束日期';
  return '读者可见';
}

export function ChannelBanners() {
  const [channels, setChannels] = useState<{ id: number; name: string }[] | null>(null);
  const [channelId, setChannelId] = useState(0);
  const [answer, setData] = useState<BannerList | null>(null);
  // What is drawn is always the chosen channel's list (never an answer for the one before).
  const data = answer?.channelId === channelId ? answer : null;
  const [done, setDone] = useState<Done | null>(null);
  const [round, setRound] = useState(0);
  const action = useAction();
  const { setError } = action;
  const keepFocus = useMoveFocus(data);
  const channelField = useId();

  useEffect(() => {
    get<{ channels: { id: number; name: string }[] }>('/placement/channels', {})
      .then((r) => {
        setChannels(r.channels);
        setChannelId((id) => id || (r.channels[0]?.id ?? 0));
      })
      .catch((err: unknown) => setError(messageOf(err)));
  }, [setError]);

  useEffect(() => {
    if (channelId === 0) return;
    // An answer for a channel the editor has left (a slow first load) must not be drawn under the new one.
    let current = true;
    get<BannerList>('/placement/banners', { channelId: String(channelId) })
      .then((d) => current && setData(d))
      .catch((err: unknown) => current && setError(messageOf(err)));
    return () => {
      current = false;
    };
  }, [channelId, round, setError]);

  const reload = useCallback(() => setRound((n) => n + 1), []);

  const order = (ids: number[], message: string, undoIds: number[] | null) =>
    void action.run(async () => {
      await post('/placement/banners/order', { channelId, ids });
      reload();
      setDone({ message, ...(undoIds ? { undo: () => order(undoIds, '已恢复原来的顺序', null) } : {}) });
    });

  const move = (b: DeskBanner, dir: 'up' | 'down') => {
    if (!data) return;
    const ids = data.items.map((x) => x.id);
    const moved = movedOrder(ids, b.id, dir);
    if (!moved) return;
    keepFocus(b.id, dir);
    order(moved.ids, `“${b.title}”已${dir === 'up' ? '上移' : '下移'}到第 ${moved.to + 1} 位`, ids);
  };

  const setEnabled = (b: DeskBanner, enabled: boolean) =>
    void action.run(async () => {
      await post('/placement/banners/enable', { id: b.id, enabled });
      reload();
      setDone({ message: `“${b.title}”${enabled ? '已显示' : '已隐藏，读者看不到它了'}`, undo: () => setEnabled(b, !enabled) });
    });

  const remove = (b: DeskBanner) =>
    void action.run(async () => {
      await post('/placement/banners/remove', { id: b.id });
      reload();
      setDone({ message: `“${b.title}”已删除`, undo: () => restore(b) });
    });

  const restore = (b: DeskBanner) =>
    void action.run(async () => {
      await post('/placement/banners/restore', { id: b.id });
      reload();
      setDone({ message: `“${b.title}”已恢复到原来的位置` });
    });

  const save = (fields: BannerFields, was: DeskBanner | null, onSaved: () => void) =>
    void action.run(async () => {
      const saved = await post<DeskBanner>('/placement/banners/save', { ...(was ? { id: was.id } : {}), channelId, key: newKey(), ...fields });
      reload();
      onSaved();
      setDone(
        was
          ? { message: `“${saved.title}”已保存`, undo: () => save(fieldsOf(was), saved, () => undefined) }
          : { message: `已新增“${saved.title}”，排在最后`, undo: () => remove(saved) },
      );
    });

  const channelName = channels?.find((c) => c.id === channelId)?.name ?? '';
  const live = data?.items.filter((b) => b.live).length ?? 0;
  return (
    <>
      <div className="nr-field">
        <label htmlFor={channelField}>频道</label>
        <select
          id={channelField}
          value={channelId || ''}
          onChange={(e) => {
            setData(null);
            setDone(null);
            setChannelId(Number(e.target.value));
          }}
        >
          {(channels ?? []).map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </div>
      <p className="nr-meta">
        读者频道页顶部的轮播图，按下面的顺序播放；只显示开启且在起止日期内的。
        {data && ` 当前 ${data.items.length} 张（至多 ${data.max} 张），读者今天看到 ${live} 张。`}
      </p>
      <UndoNotice error={action.error} done={done} busy={action.busy} />
      {data === null ? (
        <p role="status">加载中…</p>
      ) : data.items.length === 0 ? (
        <p className="nr-empty">这个频道还没有轮播图。</p>
      ) : (
        <ol className="nr-list nr-banners" aria-label={`${channelName}轮播图顺序`}>
          {data.items.map((b, i) => (
            <li key={b.id} className="nr-list__item nr-banner" aria-label={`第 ${i + 1} 张：${b.title}`}>
              <img className="nr-banner__thumb" src={b.picture.startsWith('/media/') ? `${b.picture}?w=320` : b.picture} alt="" width={150} height={72} />
              <div className="nr-banner__body">
                <p className="nr-item__title">
                  {i + 1}. {b.title} <span className={b.live ? 'nr-badge nr-badge--ok' : 'nr-badge'}>{stateOf(b)}</span>
                </p>
                <p className="nr-meta">
                  {b.newsId > 0 ? `打开稿件：${b.newsTitle || `编号 ${b.newsId}`}` : `打开链接：${b.link}`}
                  {b.startDay || b.endDay ? ` · ${b.startDay || '不限'} 至 ${b.endDay || '不限'}` : ' · 不限日期'}
                </p>
                <div className="nr-actions">
                  <MoveButtons id={b.id} name={b.title} index={i} count={data.items.length} busy={action.busy} onMove={(dir) => move(b, dir)} />
                  <button
                    className="nr-button"
                    type="button"
                    disabled={action.busy}
                    onClick={() => setEnabled(b, !b.enabled)}
                    aria-label={`${b.enabled ? '隐藏' : '显示'}：${b.title}`}
                  >
                    {b.enabled ? '隐藏' : '显示'}
                  </button>
                  <button
                    className="nr-button nr-button--danger"
                    type="button"
                    disabled={action.busy}
                    onClick={() => remove(b)}
                    aria-label={`删除：${b.title}`}
                  >
                    删除
                  </button>
                </div>
                <details className="nr-manage">
                  <summary>修改轮播图</summary>
                  <BannerForm
                    key={`${b.id}-${JSON.stringify(fieldsOf(b))}`}
                    label={`修改轮播图：${b.title}`}
                    initial={fieldsOf(b)}
                    storyTitle={b.newsTitle}
                    busy={action.busy}
                    submitLabel="保存"
                    onError={setError}
                    onSave={(fields, reset) => save(fields, b, reset)}
                  />
                </details>
              </div>
            </li>
          ))}
        </ol>
      )}
      {data && data.items.length < data.max && (
        <BannerForm
          key={`new-${channelId}-${round}`}
          label="新增轮播图"
          legend={`新增${channelName}轮播图`}
          initial={{ title: '', picture: '', newsId: 0, link: '', startDay: '', endDay: '', enabled: true }}
          storyTitle=""
          busy={action.busy}
          submitLabel="新增轮播图"
          onError={setError}
          onSave={(fields, reset) => save(fields, null, reset)}
        />
      )}
    </>
  );
}

function BannerForm({
  label,
  legend,
  initial,
  storyTitle,
  busy,
  submitLabel,
  onError,
  onSave,
}: {
  label: string;
  legend?: string;
  initial: BannerFields;
  storyTitle: string;
  busy: boolean;
  submitLabel: string;
  onError: (m: string | null) => void;
  onSave: (fields: BannerFields, reset: () => void) => void;
}) {
  const [picture, setPicture] = useState(initial.picture);
  const [target, setTarget] = useState<'story' | 'link'>(initial.link !== '' ? 'link' : 'story');
  const [uploading, setUploading] = useState(false);
  const file = useRef<HTMLInputElement>(null);
  const pictureHint = useId();

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (picture === '') return onError('请上传轮播图图片');
    const form = new FormData(e.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '').trim();
    onSave(
      {
        title: text('title'),
        picture,
        newsId: target === 'story' ? Number(text('newsId')) : 0,
        link: target === 'link' ? text('link') : '',
        startDay: text('startDay'),
        endDay: text('endDay'),
        enabled: form.get('enabled') === 'on',
      },
      () => setPicture(initial.picture),
    );
  };

  const fields = (
    <>
      <label className="nr-field nr-grid-form__wide">
        <span>标题（2–30 字）</span>
        <input name="title" defaultValue={initial.title} minLength={2} maxLength={30} required />
      </label>
      <div className="nr-field nr-grid-form__wide">
        <span id={pictureHint}>图片（横图，约 750×360）</span>
        <div className="nr-inline-form">
          {picture && (
            <img
              className="nr-banner__thumb"
              src={picture.startsWith('/media/') ? `${picture}?w=320` : picture}
              alt="已选的轮播图图片"
              width={150}
              height={72}
            />
          )}
          <button type="button" className="nr-button" disabled={uploading} onClick={() => file.current?.click()} aria-describedby={pictureHint}>
            {uploading ? '上传中…' : picture ? '更换图片' : '上传图片'}
          </button>
        </div>
        <input
          ref={file}
          type="file"
          hidden
          accept="image/jpeg,image/png,image/gif,image/webp"
          aria-label="选择轮播图图片"
          onChange={(e) => {
            const chosen = e.target.files?.[0];
            e.target.value = '';
            if (!chosen) return;
            setUploading(true);
            uploadPicture(chosen, '/placement/banners/picture')
              .then((p) => {
                setPicture(p.url);
                onError(null);
              })
              .catch((err: unknown) => onError(messageOf(err)))
              .finally(() => setUploading(false));
          }}
        />
      </div>
      <fieldset className="nr-scopes nr-grid-form__wide">
        <legend>点击后打开</legend>
        <label className="nr-check">
          <input type="radio" name="target" checked={target === 'story'} onChange={() => setTarget('story')} />
          本站稿件
        </label>
        <label className="nr-check">
          <input type="radio" name="target" checked={target === 'link'} onChange={() => setTarget('link')} />
          外部链接
        </label>
      </fieldset>
      {target === 'story' ? (
        <StoryPicker
          name="newsId"
          label="要打开的稿件"
          initial={initial.newsId > 0 ? { id: initial.newsId, title: storyTitle || `编号 ${initial.newsId}` } : null}
          onError={onError}
        />
      ) : (
        <label className="nr-field nr-grid-form__wide">
          <span>链接（https:// 开头）</span>
          <input name="link" type="url" defaultValue={initial.link} maxLength={300} required />
        </label>
      )}
      <label className="nr-field">
        <span>开始日期（可不填）</span>
        <input name="startDay" type="date" defaultValue={initial.startDay} />
      </label>
      <label className="nr-field">
        <span>结束日期（可不填）</span>
        <input name="endDay" type="date" defaultValue={initial.endDay} />
      </label>
      <label className="nr-check nr-grid-form__wide">
        <input name="enabled" type="checkbox" defaultChecked={initial.enabled} />
        开启（在起止日期内显示给读者）
      </label>
      <div className="nr-grid-form__wide">
        <button className="nr-button nr-button--primary" type="submit" disabled={busy || uploading}>
          {submitLabel}
        </button>
      </div>
    </>
  );
  return (
    <form onSubmit={submit} aria-label={label}>
      {legend ? (
        <fieldset className="nr-fieldset nr-grid-form nr-grid-form--two">
          <legend>{legend}</legend>
          {fields}
        </fieldset>
      ) : (
        <div className="nr-grid-form nr-grid-form--two">{fields}</div>
      )}
    </form>
  );
}
