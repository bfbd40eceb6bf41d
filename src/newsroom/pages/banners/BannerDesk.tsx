/**
 * The one banner list the two banner desks draw (ADR 031, ADR 034; the server's rules are src/server/bannerDesk): the
 * banners in the carousel's order, each shown with its state, moved up or down (buttons, so the keyboard does it; focus
 * stays on the moved banner), hidden or shown, removed, edited, and a form to add one; each change can be undone right
 * after. A desk loads the list and says what differs: its endpoints, its scope (a channel), its words, and how a story
 * is chosen.
 */
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import type { DeskBanner } from '../../../contract/bannerDesk.ts';
import { UPLOAD_ACCEPT } from '../../../contract/uploadRules.ts';
import { post } from '../../api.ts';
import { FileButton, messageOf, MoveButtons, movedOrder, useMoveFocus, type useAction } from '../../ui.tsx';
import { newKey } from '../mall/download.ts';
import { uploadPicture } from '../publish/pictureUpload.ts';
import { UndoNotice, type Done } from '../sectionDesks/UndoNotice.tsx';

export interface DeskBannerList {
  max: number;
  today: string;
  items: DeskBanner[];
}

export type BannerFields = Pick<DeskBanner, 'title' | 'picture' | 'newsId' | 'link' | 'startDay' | 'endDay' | 'enabled'>;

/** What a desk's banner list says in its own words. */
export interface BannerDeskWords {
  /** The paragraph above the list (the counts follow it). */
  intro: string;
  empty: string;
  listLabel: string;
  newLegend: string;
  titleLabel: string;
  storyChoice: string;
  linkChoice: string;
  linkLabel: string;
}

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

/** A thumbnail of a picture the desk uploaded (an older seed picture elsewhere is shown as it is). */
const thumb = (picture: string) => (picture.startsWith('/media/') ? `${picture}?w=320` : picture);

export function BannerDesk({
  endpoints,
  scope,
  data,
  reload,
  round,
  action,
  words,
  storyField,
}: {
  /** The desk's banner endpoints under the console API: `/rural/banners`, `/placement/banners`. */
  endpoints: '/rural/banners' | '/placement/banners';
  /** What an order and a save send besides (the channel), `{}` for none. */
  scope: Record<string, number>;
  data: DeskBannerList | null;
  reload: () => void;
  /** Counts the desk's reloads: the add form starts afresh after each. */
  round: number;
  action: ReturnType<typeof useAction>;
  words: BannerDeskWords;
  /** The field that chooses the story a banner opens (named `newsId`). */
  storyField: (initial: BannerFields, storyTitle: string, onError: (m: string | null) => void) => ReactNode;
}) {
  const [done, setDone] = useState<Done | null>(null);
  const keepFocus = useMoveFocus(data);
  const { setError } = action;

  const order = (ids: number[], message: string, undoIds: number[] | null) =>
    void action.run(async () => {
      await post(`${endpoints}/order`, { ...scope, ids });
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
      await post(`${endpoints}/enable`, { id: b.id, enabled });
      reload();
      setDone({ message: `“${b.title}”${enabled ? '已显示' : '已隐藏，读者看不到它了'}`, undo: () => setEnabled(b, !enabled) });
    });

  const remove = (b: DeskBanner) =>
    void action.run(async () => {
      await post(`${endpoints}/remove`, { id: b.id });
      reload();
      setDone({ message: `“${b.title}”已删除`, undo: () => restore(b) });
    });

  const restore = (b: DeskBanner) =>
    void action.run(async () => {
      await post(`${endpoints}/restore`, { id: b.id });
      reload();
      setDone({ message: `“${b.title}”已恢复到原来的位置` });
    });

  const save = (fields: BannerFields, was: DeskBanner | null, onSaved: () => void) =>
    void action.run(async () => {
      const saved = await post<DeskBanner>(`${endpoints}/save`, { ...(was ? { id: was.id } : {}), ...scope, key: newKey(), ...fields });
      reload();
      onSaved();
      setDone(
        was
          ? { message: `“${saved.title}”已保存`, undo: () => save(fieldsOf(was), saved, () => undefined) }
          : { message: `已新增“${saved.title}”，排在最后`, undo: () => remove(saved) },
      );
    });

  const form = { words, uploadPath: `${endpoints}/picture`, storyField, busy: action.busy, onError: setError };
  const live = data?.items.filter((b) => b.live).length ?? 0;
  return (
    <>
      <p className="nr-meta">
        {words.intro}
        {data && ` 当前 ${data.items.length} 张（至多 ${data.max} 张），读者今天看到 ${live} 张。`}
      </p>
      <UndoNotice error={action.error} done={done} busy={action.busy} />
      {data === null ? (
        <p role="status">加载中…</p>
      ) : data.items.length === 0 ? (
        <p className="nr-empty">{words.empty}</p>
      ) : (
        <ol className="nr-list nr-banners" aria-label={words.listLabel}>
          {data.items.map((b, i) => (
            <li key={b.id} className="nr-list__item nr-banner" aria-label={`第 ${i + 1} 张：${b.title}`}>
              <img className="nr-banner__thumb" src={thumb(b.picture)} alt="" width={150} height={72} />
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
                    {...form}
                    label={`修改轮播图：${b.title}`}
                    initial={fieldsOf(b)}
                    storyTitle={b.newsTitle}
                    submitLabel="保存"
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
          key={`new-${round}`}
          {...form}
          label="新增轮播图"
          legend={words.newLegend}
          initial={{ title: '', picture: '', newsId: 0, link: '', startDay: '', endDay: '', enabled: true }}
          storyTitle=""
          submitLabel="新增轮播图"
          onSave={(fields, reset) => save(fields, null, reset)}
        />
      )}
    </>
  );
}

function BannerForm({
  words,
  uploadPath,
  storyField,
  label,
  legend,
  initial,
  storyTitle,
  busy,
  submitLabel,
  onError,
  onSave,
}: {
  words: BannerDeskWords;
  uploadPath: string;
  storyField: (initial: BannerFields, storyTitle: string, onError: (m: string | null) => void) => ReactNode;
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
  const pictureHint = useId();

  const choose = (chosen: File) => {
    setUploading(true);
    uploadPicture(chosen, uploadPath)
      .then((p) => {
        setPicture(p.url);
        onError(null);
      })
      .catch((err: unknown) => onError(messageOf(err)))
      .finally(() => setUploading(false));
  };

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
        <span>{words.titleLabel}</span>
        <input name="title" defaultValue={initial.title} minLength={2} maxLength={30} required />
      </label>
      <div className="nr-field nr-grid-form__wide">
        <span id={pictureHint}>图片（横图，约 750×360）</span>
        <div className="nr-inline-form">
          {picture && <img className="nr-banner__thumb" src={thumb(picture)} alt="已选的轮播图图片" width={150} height={72} />}
          <FileButton label="选择轮播图图片" accept={UPLOAD_ACCEPT} disabled={uploading} describedBy={pictureHint} onFiles={([chosen]) => choose(chosen!)}>
            {uploading ? '上传中…' : picture ? '更换图片' : '上传图片'}
          </FileButton>
        </div>
      </div>
      <fieldset className="nr-scopes nr-grid-form__wide">
        <legend>点击后打开</legend>
        <label className="nr-check">
          <input type="radio" name="target" checked={target === 'story'} onChange={() => setTarget('story')} />
          {words.storyChoice}
        </label>
        <label className="nr-check">
          <input type="radio" name="target" checked={target === 'link'} onChange={() => setTarget('link')} />
          {words.linkChoice}
        </label>
      </fieldset>
      {target === 'story' ? (
        storyField(initial, storyTitle, onError)
      ) : (
        <label className="nr-field nr-grid-form__wide">
          <span>{words.linkLabel}</span>
          <input name="link" defaultValue={initial.link} maxLength={300} required />
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
