/**
 * The form of a 话题, a 时间线专题 or a 专题 itself (ADR 035): title, intro, a cover uploaded on the desk, a topic's icon
 * (none: the cover), and a new 专题's first categories (one a line). Checked before sending by the contract's own
 * schemas, so each field's Chinese message stands beside it and the first field at fault takes the focus; what only the
 * server can refuse (a picture it did not store, a collection gone) stands under the form. A create carries one console
 * key per form, kept while the form is open: a retry after a lost answer makes nothing twice.
 */
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import {
  COLLECTION_INTRO_MAX,
  COLLECTION_TITLE_MAX,
  SPECIAL_CATEGORIES_MAX,
  SpecialCreateBody,
  SpecialEditBody,
  TopicCreateBody,
  TopicEditBody,
} from '../../../contract/topicDesk.ts';
import { post } from '../../api.ts';
import { FileButton, messageOf } from '../../ui.tsx';
import { newKey } from '../mall/download.ts';
import { uploadPicture } from '../publish/pictureUpload.ts';

export type CollectionKind = 'special' | 'topic' | 'timeline';

export const KIND_NAMES: Record<CollectionKind, string> = { special: '专题', topic: '话题', timeline: '时间线专题' };

/** What the form edits (an edit starts from the collection as it is). */
export interface CollectionValues {
  title: string;
  intro: string;
  cover: string;
  logo: string;
}

/** What the server answers a save: the collection's id and the reader's address. */
export interface SavedCollection {
  id?: number;
  classId?: number;
  title: string;
  readerPath: string;
  created?: boolean;
  changed?: boolean;
}

type Field = 'title' | 'intro' | 'cover' | 'logo' | 'categories';
const FIELDS: readonly Field[] = ['title', 'intro', 'cover', 'logo', 'categories'];

/** A thumbnail of a picture the desk uploaded (a seed picture elsewhere is shown as it is). */
const thumb = (picture: string) => (picture.startsWith('/media/newsroom/') ? `${picture}?w=320` : picture);

const PICTURE_TYPES = 'image/jpeg,image/png,image/gif,image/webp';

/**
 * `kind` null: a new collection, its kind chosen in the form; otherwise the collection `id` (a topic's id, a special
 * topic's class id) of that kind is edited.
 */
export function CollectionForm({
  kind: fixedKind,
  id,
  initial,
  label,
  submitLabel,
  onSaved,
}: {
  kind: CollectionKind | null;
  id?: number;
  initial: CollectionValues;
  label: string;
  submitLabel: string;
  onSaved: (saved: SavedCollection, kind: CollectionKind) => void;
}) {
  const [kind, setKind] = useState<CollectionKind>(fixedKind ?? 'special');
  const [cover, setCover] = useState(initial.cover);
  const [logo, setLogo] = useState(initial.logo);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [uploading, setUploading] = useState<'cover' | 'logo' | null>(null);
  // One key per form while it is open: a retried create answers the collection the first one made.
  const [key] = useState(newKey);
  const form = useRef<HTMLFormElement>(null);
  const ids = useId();
  const idOf = (field: Field) => `${ids}-${field}`;
  const errorId = (field: Field) => `${ids}-${field}-error`;
  const creating = fixedKind === null;
  const isTopic = kind !== 'special';

  const upload = (which: 'cover' | 'logo', files: File[]) => {
    const file = files[0];
    if (!file) return;
    setUploading(which);
    uploadPicture(file, '/topics/picture')
      .then((p) => {
        (which === 'cover' ? setCover : setLogo)(p.url);
        setErrors((e) => ({ ...e, [which]: undefined }));
      })
      .catch((err: unknown) => setErrors((e) => ({ ...e, [which]: messageOf(err) })))
      .finally(() => setUploading(null));
  };

  const bodyOf = (data: FormData) => {
    const text = (name: string) => String(data.get(name) ?? '');
    const common = { title: text('title'), intro: text('intro'), cover };
    const categories = text('categories')
      .split('\n')
      .map((c) => c.trim())
      .filter((c) => c !== '');
    if (kind === 'special')
      return creating
        ? { path: '/topics/specials/create', schema: SpecialCreateBody, body: { key, ...common, categories } }
        : { path: '/topics/specials/edit', schema: SpecialEditBody, body: { classId: id, ...common } };
    const topic = { ...common, logo, timeline: kind === 'timeline' };
    return creating
      ? { path: '/topics/create', schema: TopicCreateBody, body: { key, ...topic } }
      : { path: '/topics/edit', schema: TopicEditBody, body: { id, ...topic } };
  };

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setFailure(null);
    const { path, schema, body } = bodyOf(new FormData(e.currentTarget));
    const checked = schema.safeParse(body);
    if (!checked.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of checked.error.issues) {
        const field = FIELDS.find((f) => f === issue.path[0]);
        if (field && !found[field]) found[field] = issue.message;
        else if (!field) setFailure(issue.message);
      }
      setErrors(found);
      const first = FIELDS.find((f) => found[f]);
      if (first) form.current?.querySelector<HTMLElement>(`#${CSS.escape(idOf(first))}`)?.focus();
      return;
    }
    setErrors({});
    setBusy(true);
    post<SavedCollection>(path, body)
      .then((saved) => onSaved(saved, kind))
      .catch((err: unknown) => setFailure(messageOf(err)))
      .finally(() => setBusy(false));
  };

  const described = (field: Field, hint?: string) => ({
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': [hint, errors[field] ? errorId(field) : undefined].filter(Boolean).join(' ') || undefined,
  });
  const fieldError = (field: Field): ReactNode =>
    errors[field] ? (
      <span id={errorId(field)} className="nr-field-error">
        {errors[field]}
      </span>
    ) : null;

  const picture = (which: 'cover' | 'logo', name: string, hint: string, value: string) => (
    <div className="nr-field nr-grid-form__wide">
      <span id={`${idOf(which)}-label`}>{name}</span>
      <span id={`${idOf(which)}-hint`} className="nr-hint">
        {hint}
      </span>
      <div className="nr-inline-form">
        {value && <img className={which === 'cover' ? 'nr-banner__thumb' : 'nr-collection-icon'} src={thumb(value)} alt={`已选的${name}`} />}
        <FileButton
          label={`选择${name}`}
          accept={PICTURE_TYPES}
          disabled={uploading !== null}
          buttonProps={{ id: idOf(which), ...described(which, `${idOf(which)}-label ${idOf(which)}-hint`) }}
          onFiles={(files) => upload(which, files)}
        >
          {uploading === which ? '上传中…' : value ? `更换${name}` : `上传${name}`}
        </FileButton>
        {which === 'logo' && value && (
          <button type="button" className="nr-button" onClick={() => setLogo('')}>
            不用图标（用封面）
          </button>
        )}
      </div>
      {fieldError(which)}
    </div>
  );

  return (
    <form
      ref={form}
      onSubmit={submit}
      // A field's message goes once the editor changes that field.
      onInput={(e) => {
        const field = FIELDS.find((f) => f === (e.target as HTMLInputElement).name);
        if (field && errors[field]) setErrors((was) => ({ ...was, [field]: undefined }));
      }}
      aria-label={label}
      noValidate
    >
      <div className="nr-grid-form nr-grid-form--two">
        {creating && (
          <fieldset className="nr-scopes nr-grid-form__wide">
            <legend>类型</legend>
            {(['special', 'topic', 'timeline'] as const).map((k) => (
              <label key={k} className="nr-check">
                <input type="radio" name="kind" value={k} checked={kind === k} onChange={() => setKind(k)} />
                {KIND_NAMES[k]}
              </label>
            ))}
            <span className="nr-hint nr-meta">
              {kind === 'special'
                ? '专题：封面、导语和栏目，稿件放在栏目里，读者在专题页按栏目看。'
                : kind === 'topic'
                  ? '话题：稿件按编辑排的顺序显示，列在话题合集（/timeTopic/home）里。'
                  : '时间线专题：稿件按发布时间由早到晚排成时间线，列在话题合集里。'}
            </span>
          </fieldset>
        )}
        <div className="nr-field nr-grid-form__wide">
          <label htmlFor={idOf('title')}>标题</label>
          <input id={idOf('title')} name="title" defaultValue={initial.title} maxLength={COLLECTION_TITLE_MAX} autoComplete="off" {...described('title')} />
          {fieldError('title')}
        </div>
        <div className="nr-field nr-grid-form__wide">
          <label htmlFor={idOf('intro')}>{isTopic ? '简介（可不填）' : '导语（可不填）'}</label>
          <textarea id={idOf('intro')} name="intro" rows={3} defaultValue={initial.intro} maxLength={COLLECTION_INTRO_MAX} {...described('intro')} />
          {fieldError('intro')}
        </div>
        {picture('cover', '封面图片', isTopic ? '横图，约 750×320：话题页顶部' : '横图，约 750×320：专题页顶部', cover)}
        {isTopic && picture('logo', '图标', '方图，约 120×120：话题合集里的小图；可不传，用封面', logo)}
        {creating && kind === 'special' && (
          <div className="nr-field nr-grid-form__wide">
            <label htmlFor={idOf('categories')}>栏目</label>
            <span id={`${idOf('categories')}-hint`} className="nr-hint">
              每行一个栏目名称（2–12 个字），至少 1 个、至多 {SPECIAL_CATEGORIES_MAX} 个；稿件放在栏目里，以后还可以增删改
            </span>
            <textarea id={idOf('categories')} name="categories" rows={3} {...described('categories', `${idOf('categories')}-hint`)} />
            {fieldError('categories')}
          </div>
        )}
        <div className="nr-grid-form__wide nr-actions">
          <button className="nr-button nr-button--primary" type="submit" disabled={busy || uploading !== null}>
            {busy ? '保存中…' : submitLabel}
          </button>
        </div>
        {failure && (
          <p className="nr-notice nr-notice--error nr-grid-form__wide" role="alert">
            {failure}
          </p>
        )}
      </div>
    </form>
  );
}
