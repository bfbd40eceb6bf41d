/**
 * 写稿: the story's fields, its body on TipTap, a live preview at 375 px, and the workflow (ADR 025).
 * The draft saves itself every few seconds while the body changes and soon after any field changes; every
 * change is also kept in this browser (draftBackup.ts) until the server has it, and reopening the story
 * offers what the server never got.
 */
import type { JSONContent } from '@tiptap/react';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import {
  checkReady,
  KIND_BODY_LABELS,
  KIND_LABELS,
  STORY_KINDS,
  SHOW_TYPE_LABELS,
  SHOW_TYPES,
  STAGE_LABELS,
  STATE_LABELS,
  type ArticleFields,
  type ArticleVersion,
  type ArticleView,
  type PublishOptions,
  type StoryKind,
} from '../../../contract/publish.ts';
import { UPLOAD_ACCEPT } from '../../../contract/uploadRules.ts';
import { ConsoleError, get, post } from '../../api.ts';
import type { PageProps } from '../../nav.ts';
import { BASE } from '../../router.ts';
import { FileButton, formatTime, messageOf, Notice } from '../../ui.tsx';
import { BreakingPush, Corrections } from './AfterPublish.tsx';
import { CoverPicker } from './CoverPicker.tsx';
import { LinkFields, LiveFields, PhotoSet, VideoFields, VrFields } from './KindFields.tsx';
import { LiveDesk } from './LiveDesk.tsx';
import { dropBackup, readBackup, writeBackup, type DraftBackup } from './draftBackup.ts';
import { uploadPicture } from './pictureUpload.ts';
import { Preview } from './Preview.tsx';
import { RichEditor } from './RichEditor.tsx';
import './publish.css';

/** The body saves itself this often while it changes; a field change saves after FIELD_SAVE_MS. */
const AUTOSAVE_MS = 3_000;
const FIELD_SAVE_MS = 600;

function idFromUrl(): number | null {
  const n = Number(new URLSearchParams(window.location.search).get('id'));
  return Number.isInteger(n) && n > 0 ? n : null;
}

/** The kind a new story is made as (?kind=photos from the list's 新建 menu); 图文 by default. */
function kindFromUrl(): StoryKind {
  const k = new URLSearchParams(window.location.search).get('kind');
  return STORY_KINDS.find((s) => s === k) ?? 'article';
}

export function ArticleEditorPage({ me }: PageProps) {
  const [id, setId] = useState<number | null>(idFromUrl);
  const [error, setError] = useState<string | null>(null);

  // No id: a new story, made once for this page (a retried create answers the same story).
  useEffect(() => {
    if (id !== null) return;
    const key = crypto.randomUUID();
    post<ArticleView>('/publish/create', { key, kind: kindFromUrl() })
      .then((v) => {
        window.history.replaceState(null, '', `${BASE}/articles/edit?id=${v.id}`);
        setId(v.id);
      })
      .catch((err: unknown) => setError(messageOf(err)));
  }, [id]);

  if (id === null)
    return (
      <>
        <h1>写稿：{KIND_LABELS[kindFromUrl()]}</h1>
        <Notice error={error} />
        {!error && <p role="status">正在新建稿件…</p>}
      </>
    );
  return <Editor key={id} id={id} meName={me.name} />;
}

type SaveStatus = { kind: 'idle' | 'saving' | 'saved' | 'offline' | 'failed'; at?: string };

function Editor({ id, meName }: { id: number; meName: string }) {
  const [view, setView] = useState<ArticleView | null>(null);
  const [options, setOptions] = useState<PublishOptions | null>(null);
  const [fields, setFields] = useState<ArticleFields | null>(null);
  const [doc, setDoc] = useState<JSONContent | null>(null);
  const [initialHtml, setInitialHtml] = useState('');
  const [editorKey, setEditorKey] = useState(0);
  const [backup, setBackup] = useState<DraftBackup | null>(null);
  const [status, setStatus] = useState<SaveStatus>({ kind: 'idle' });
  const [error, setError] = useState<string | null>(null);
  const [ok, setOk] = useState<string | null>(null);

  const latest = useRef<{ fields: ArticleFields; content: string } | null>(null);
  const saved = useRef('');
  const revision = useRef(0);
  const inFlight = useRef<Promise<boolean> | null>(null);
  const pending = useRef<{ snap: string; saveId: string } | null>(null);
  const blocked = useRef(false);
  const fieldTimer = useRef<number | undefined>(undefined);

  useEffect(() => {
    Promise.all([get<ArticleView>('/publish/article', { id }), get<PublishOptions>('/publish/options')])
      .then(([v, o]) => {
        setView(v);
        setOptions(o);
        setFields(v.fields);
        setInitialHtml(v.content);
        revision.current = v.revision;
        latest.current = { fields: v.fields, content: v.content };
        saved.current = JSON.stringify(latest.current);
        const b = readBackup(id);
        if (b && JSON.stringify({ fields: b.fields, content: b.content }) !== saved.current) setBackup(b);
        else if (b) dropBackup(id);
      })
      .catch((err: unknown) => setError(messageOf(err)));
  }, [id]);

  /** Sends what is on the page; true when the server has exactly it. */
  const save = useCallback(
    async (autosave: boolean): Promise<boolean> => {
      if (inFlight.current) await inFlight.current;
      const now = latest.current;
      if (!now || blocked.current) return false;
      const snap = JSON.stringify(now);
      if (autosave && snap === saved.current) return true;
      const saveId = pending.current?.snap === snap ? pending.current.saveId : crypto.randomUUID();
      pending.current = { snap, saveId };
      setStatus({ kind: 'saving' });
      const run = (async () => {
        try {
          const v = await post<ArticleView>('/publish/save', { id, saveId, revision: revision.current, fields: now.fields, content: now.content, autosave });
          revision.current = v.revision;
          saved.current = snap;
          pending.current = null;
          setView(v);
          if (JSON.stringify(latest.current) === snap) dropBackup(id);
          setStatus({ kind: 'saved', at: v.updatedAt });
          return true;
        } catch (err) {
          if (err instanceof ConsoleError && err.statusCode === 0) setStatus({ kind: 'offline' });
          else {
            // A refusal (validation, another person's save) stops the autosave until the page is reloaded.
            blocked.current = err instanceof ConsoleError && /已被他人修改/.test(err.message);
            setStatus({ kind: 'failed' });
            setError(messageOf(err));
          }
          return false;
        }
      })();
      inFlight.current = run;
      try {
        return await run;
      } finally {
        inFlight.current = null;
      }
    },
    [id],
  );

  useEffect(() => {
    const timer = window.setInterval(() => void save(true), AUTOSAVE_MS);
    const online = () => void save(true);
    window.addEventListener('online', online);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('online', online);
    };
  }, [save]);

  const remember = (next: { fields: ArticleFields; content: string }) => {
    latest.current = next;
    writeBackup(id, { ...next, revision: revision.current, savedAt: new Date().toISOString() });
  };

  const setField = <K extends keyof ArticleFields>(key: K, value: ArticleFields[K]) => {
    if (!fields || !latest.current) return;
    // A column belongs to one channel: a new channel clears it.
    const next = key === 'channelId' ? { ...fields, channelId: value as number, classId: 0 } : { ...fields, [key]: value };
    setFields(next);
    remember({ fields: next, content: latest.current.content });
    window.clearTimeout(fieldTimer.current);
    fieldTimer.current = window.setTimeout(() => void save(true), FIELD_SAVE_MS);
  };

  const onBody = useCallback(
    (html: string, json: JSONContent) => {
      setDoc(json);
      if (!latest.current) return;
      const next = { fields: latest.current.fields, content: html };
      latest.current = next;
      writeBackup(id, { ...next, revision: revision.current, savedAt: new Date().toISOString() });
    },
    [id],
  );

  const restore = () => {
    if (!backup) return;
    setFields(backup.fields);
    setInitialHtml(backup.content);
    setEditorKey((k) => k + 1);
    latest.current = { fields: backup.fields, content: backup.content };
    setBackup(null);
    void save(true);
  };
  const discard = () => {
    dropBackup(id);
    setBackup(null);
  };

  const act = async (path: string, body: Record<string, unknown>, done: string) => {
    setError(null);
    setOk(null);
    if (view?.can.edit && !(await save(false))) return;
    try {
      const v = await post<ArticleView>(path, { id, ...body });
      setView(v);
      setOk(done);
    } catch (err) {
      setError(messageOf(err));
    }
  };

  if (error && !view) return <Notice error={error} />;
  if (!view || !fields || !options) return <p role="status">加载中…</p>;

  const editable = view.can.edit;
  const problems = checkReady(fields, latest.current?.content ?? '');
  const columnsOfChannel = options.columns.filter((c) => c.channelId === fields.channelId);
  const stage = view.state === 'review' ? `（待${STAGE_LABELS[view.reviewStage - 1] ?? ''}）` : '';
  const kind = fields.kind;
  const bodyLabel = KIND_BODY_LABELS[kind];
  // A photo set's card shows its own pictures (the reader row's imageUrls are the set).
  const previewFields = kind === 'photos' ? { ...fields, covers: fields.pictures.map((p) => p.url) } : fields;

  return (
    <div className="nr-write">
      <div className="nr-write__head">
        <h1>{view.fields.title || `新${KIND_LABELS[kind]}稿件`}</h1>
        <p className="nr-meta">
          <span className="nr-badge nr-badge--kind">{KIND_LABELS[kind]}</span>{' '}
          <span className="nr-badge">
            {STATE_LABELS[view.state]}
            {stage}
          </span>{' '}
          作者 {view.authorName} · <SaveLine status={status} />
          {view.reviewers.length > 0 && ` · 已审：${view.reviewers.map((r, i) => `${STAGE_LABELS[i]} ${r.name}`).join('，')}`}
        </p>
        {view.note && <p className="nr-notice">意见：{view.note}</p>}
        {backup && (
          <div className="nr-notice nr-notice--warn" role="alert">
            本机有 {formatTime(backup.savedAt)} 未保存到服务器的修改。
            <button type="button" className="nr-button" onClick={restore}>
              恢复本机修改
            </button>
            <button type="button" className="nr-button nr-button--quiet" onClick={discard}>
              丢弃
            </button>
          </div>
        )}
        <Notice error={error} ok={ok} />
        <Workflow view={view} problems={problems} onAct={act} onSave={() => void save(false).then((done) => done && setOk('已保存，并留存为一个版本'))} />
        {view.readerUrl && (
          <p>
            <a href={view.readerUrl} target="_blank" rel="noopener noreferrer">
              在读者页面查看
            </a>
          </p>
        )}
        {view.newsId !== null && <Corrections key={`c${view.id}`} view={view} />}
        <BreakingPush view={view} />
        <LiveDesk key={`l${view.id}`} view={view} onView={setView} />
      </div>
      <div className="nr-write__columns">
        <div className="nr-write__form">
          <fieldset className="nr-fieldset" disabled={!editable}>
            <legend className="nr-visually-hidden">稿件信息</legend>
            <Field label="标题" hint={`${fields.title.length}/60`}>
              <input value={fields.title} maxLength={60} onChange={(e) => setField('title', e.target.value)} required />
            </Field>
            <Field label="摘要">
              <textarea value={fields.smallText} maxLength={200} rows={2} onChange={(e) => setField('smallText', e.target.value)} />
            </Field>
          </fieldset>
          {kind === 'link' && <LinkFields editable={editable} linkUrl={fields.linkUrl} onChange={(v) => setField('linkUrl', v)} />}
          {kind === 'photos' && <PhotoSet pictures={fields.pictures} editable={editable} onChange={(v) => setField('pictures', v)} />}
          {kind === 'video' && <VideoFields editable={editable} videoUrl={fields.videoUrl} videoTime={fields.videoTime} onChange={(k, v) => setField(k, v)} />}
          {kind === 'live' && (
            <LiveFields
              editable={editable}
              sources={fields.liveSources}
              start={fields.liveStart}
              onSources={(v) => setField('liveSources', v)}
              onStart={(v) => setField('liveStart', v)}
            />
          )}
          {kind === 'vr' && <VrFields editable={editable} picture={fields.vrPicture} onChange={(v) => setField('vrPicture', v)} />}
          {bodyLabel !== null && kind !== 'article' && <h2 className="nr-write__sub">{bodyLabel}</h2>}
          {bodyLabel !== null && (
            <RichEditor key={editorKey} initialHtml={initialHtml} editable={editable} onChange={onBody} onLoad={setDoc} onError={setError} />
          )}
          <fieldset className="nr-fieldset nr-grid-form" disabled={!editable}>
            <legend>发布位置与卡片</legend>
            <Field label="频道">
              <select value={fields.channelId} onChange={(e) => setField('channelId', Number(e.target.value))}>
                <option value={0}>请选择频道</option>
                {options.channels.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </select>
            </Field>
            <Field label="栏目">
              <select value={fields.classId} onChange={(e) => setField('classId', Number(e.target.value))}>
                <option value={0}>请选择栏目</option>
                {columnsOfChannel.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </select>
            </Field>
            <Field label="卡片样式">
              <select value={fields.showType} onChange={(e) => setField('showType', Number(e.target.value) as ArticleFields['showType'])}>
                {SHOW_TYPES.map((s) => (
                  <option key={s} value={s}>
                    {SHOW_TYPE_LABELS[s]}
                  </option>
                ))}
              </select>
            </Field>
            <Field label="角标" hint="最多 4 字，如 独家">
              <input value={fields.label} maxLength={4} onChange={(e) => setField('label', e.target.value)} />
            </Field>
            {kind !== 'photos' && (
              <div className="nr-grid-form__wide">
                <CoverPicker
                  covers={fields.covers}
                  count={fields.showType === 1 ? 3 : 1}
                  shape={fields.showType === 2 ? 'big' : 'card'}
                  onChange={(c) => setField('covers', c)}
                />
              </div>
            )}
            <Check label="置顶" checked={fields.isTop} onChange={(v) => setField('isTop', v)} />
            <Field label="置顶标题">
              <input value={fields.topTitle} maxLength={30} onChange={(e) => setField('topTitle', e.target.value)} disabled={!fields.isTop} />
            </Field>
          </fieldset>
          <fieldset className="nr-fieldset nr-grid-form" disabled={!editable}>
            <legend>来源与署名</legend>
            <Field label="来源">
              <input value={fields.befrom} maxLength={30} onChange={(e) => setField('befrom', e.target.value)} />
            </Field>
            <SourcePicture value={fields.befromPic} onChange={(v) => setField('befromPic', v)} onError={setError} />
            <Field label="作者">
              <input value={fields.writer} maxLength={30} onChange={(e) => setField('writer', e.target.value)} />
            </Field>
            <Field label="责任编辑">
              <input value={fields.execEditor} maxLength={30} onChange={(e) => setField('execEditor', e.target.value)} placeholder={meName} />
            </Field>
            <Field label="终审编辑">
              <input value={fields.finalEditor} maxLength={30} onChange={(e) => setField('finalEditor', e.target.value)} />
            </Field>
            <Check label="原创" checked={fields.titleType === 1} onChange={(v) => setField('titleType', v ? 1 : 0)} />
            <Check label="转载" checked={fields.isSyn} onChange={(v) => setField('isSyn', v)} />
          </fieldset>
          <fieldset className="nr-fieldset nr-grid-form" disabled={!editable}>
            <legend>标签、山城号、地区与话题</legend>
            <Tags value={fields.keyboard} onChange={(v) => setField('keyboard', v)} />
            <Field label="山城号">
              <select value={fields.publisherClassId} onChange={(e) => setField('publisherClassId', Number(e.target.value))}>
                <option value={0}>不发布到山城号</option>
                {options.accounts.map((a) => (
                  <option key={a.classId} value={a.classId}>
                    {a.name}
                  </option>
                ))}
              </select>
            </Field>
            <Field label="地区">
              <input value={fields.region} maxLength={20} onChange={(e) => setField('region', e.target.value)} placeholder="如 渝中区" />
            </Field>
            <Field label="话题">
              <select value={fields.topicId} onChange={(e) => setField('topicId', Number(e.target.value))}>
                <option value={0}>不关联话题</option>
                {options.topics.map((t) => (
                  <option key={t.id} value={t.id}>
                    {t.title}
                  </option>
                ))}
              </select>
            </Field>
            <div className="nr-grid-form__wide">
              <Field label="免责声明">
                <textarea value={fields.disclaimer} maxLength={200} rows={2} onChange={(e) => setField('disclaimer', e.target.value)} />
              </Field>
            </div>
          </fieldset>
          <fieldset className="nr-fieldset nr-grid-form" disabled={!editable}>
            <legend>互动与展示</legend>
            <Check label="允许评论" checked={fields.allowPl} onChange={(v) => setField('allowPl', v)} />
            <Check label="隐藏评论区" checked={fields.hideComments} onChange={(v) => setField('hideComments', v)} />
            <Check label="隐藏点赞" checked={fields.hideLike} onChange={(v) => setField('hideLike', v)} />
            <Check label="隐藏相关新闻" checked={fields.hideRelated} onChange={(v) => setField('hideRelated', v)} />
            <Check label="不显示广告" checked={fields.hideAds} onChange={(v) => setField('hideAds', v)} />
          </fieldset>
          <Versions id={id} revision={view.revision} />
        </div>
        <Preview fields={previewFields} doc={bodyLabel !== null ? doc : null} authorName={view.authorName} />
      </div>
    </div>
  );
}

function SaveLine({ status }: { status: SaveStatus }) {
  const text =
    status.kind === 'saving'
      ? '保存中…'
      : status.kind === 'saved'
        ? `已自动保存 ${status.at ? formatTime(status.at) : ''}`
        : status.kind === 'offline'
          ? '网络断开：修改已存在本机，恢复后自动保存'
          : status.kind === 'failed'
            ? '未保存'
            : '自动保存已开启';
  return (
    <span role="status" aria-live="polite">
      {text}
    </span>
  );
}

function Field({ label, hint, children }: { label: string; hint?: string; children: ReactNode }) {
  return (
    <label className="nr-field">
      <span>
        {label}
        {hint && <span className="nr-hint"> {hint}</span>}
      </span>
      {children}
    </label>
  );
}

function Check({ label, checked, onChange }: { label: string; checked: boolean; onChange: (v: boolean) => void }) {
  return (
    <label className="nr-check">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      {label}
    </label>
  );
}

/** Tags (keyboard): typed and added with Enter — never while an input method is composing. */
function Tags({ value, onChange }: { value: string[]; onChange: (v: string[]) => void }) {
  const [draft, setDraft] = useState('');
  const add = () => {
    const t = draft.trim();
    if (t && !value.includes(t) && value.length < 5) onChange([...value, t]);
    setDraft('');
  };
  return (
    <div className="nr-field nr-grid-form__wide">
      <label htmlFor="nr-tag-input">标签（最多 5 个，回车添加）</label>
      <div className="nr-tags">
        {value.map((t) => (
          <button key={t} type="button" className="nr-tag" onClick={() => onChange(value.filter((x) => x !== t))} aria-label={`删除标签 ${t}`}>
            {t} ×
          </button>
        ))}
        <input
          id="nr-tag-input"
          value={draft}
          maxLength={10}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            // Enter that confirms a 拼音 candidate is not ours (keyCode 229 for older engines).
            if (e.key !== 'Enter' || e.nativeEvent.isComposing || e.keyCode === 229) return;
            e.preventDefault();
            add();
          }}
          onBlur={add}
        />
      </div>
    </div>
  );
}

function SourcePicture({ value, onChange, onError }: { value: string; onChange: (v: string) => void; onError: (m: string) => void }) {
  return (
    <div className="nr-field">
      <span>来源图标</span>
      <div className="nr-inline-form">
        {value && <img src={`${value}?w=96`} alt="来源图标" width={32} height={32} />}
        <FileButton
          label="选择来源图标"
          accept={UPLOAD_ACCEPT}
          onFiles={([file]) =>
            uploadPicture(file!)
              .then((p) => onChange(p.url))
              .catch((err: unknown) => onError(err instanceof Error ? err.message : '图片上传失败'))
          }
        >
          {value ? '更换来源图标' : '上传来源图标'}
        </FileButton>
        {value && (
          <button type="button" className="nr-button nr-button--quiet" onClick={() => onChange('')}>
            移除来源图标
          </button>
        )}
      </div>
    </div>
  );
}

function Workflow({
  view,
  problems,
  onAct,
  onSave,
}: {
  view: ArticleView;
  problems: string[];
  onAct: (path: string, body: Record<string, unknown>, done: string) => Promise<void>;
  onSave: () => void;
}) {
  const [note, setNote] = useState('');
  const [at, setAt] = useState('');
  const c = view.can;
  const stage = STAGE_LABELS[view.reviewStage - 1] ?? '审核';
  const atIso = at ? new Date(`${at}:00+08:00`).toISOString() : '';
  return (
    <div className="nr-workflow">
      <div className="nr-actions">
        {c.edit && (
          <button type="button" className="nr-button" onClick={onSave}>
            保存版本
          </button>
        )}
        {c.submit && (
          <button
            type="button"
            className="nr-button nr-button--primary"
            disabled={problems.length > 0}
            onClick={() => void onAct('/publish/submit', {}, '已提交审核')}
          >
            提交审核
          </button>
        )}
        {c.review && (
          <button
            type="button"
            className="nr-button nr-button--primary"
            onClick={() => void onAct('/publish/review', { decision: 'approve', note }, `${stage}已通过`)}
          >
            {stage}通过
          </button>
        )}
        {(c.review || (view.state === 'approved' && c.publish)) && (
          <button type="button" className="nr-button" onClick={() => void onAct('/publish/review', { decision: 'return', note }, '已退回作者修改')}>
            退回修改
          </button>
        )}
        {c.publish && (
          <button
            type="button"
            className="nr-button nr-button--primary"
            onClick={() => void onAct('/publish/publish', {}, view.state === 'published' ? '已更新发布' : '已发布')}
          >
            {view.state === 'published' ? '更新发布' : '签发'}
          </button>
        )}
        {c.breaking && (
          <button type="button" className="nr-button nr-button--primary" onClick={() => void onAct('/publish/publish', {}, '已作为突发稿件直接发布')}>
            突发：跳过审核直接发布
          </button>
        )}
        {(c.publish || c.breaking) && view.state !== 'published' && (
          <span className="nr-inline-form">
            <label className="nr-field nr-field--inline">
              <span>定时发布（北京时间）</span>
              <input type="datetime-local" value={at} onChange={(e) => setAt(e.target.value)} />
            </label>
            <button type="button" className="nr-button" disabled={!atIso} onClick={() => void onAct('/publish/publish', { at: atIso }, '已设定时发布')}>
              定时发布
            </button>
          </span>
        )}
        {c.withdraw && (
          <button type="button" className="nr-button" onClick={() => void onAct('/publish/withdraw', { note }, '已撤稿，读者已看不到这篇稿件')}>
            撤稿
          </button>
        )}
      </div>
      {(c.review || c.withdraw || (view.state === 'approved' && c.publish)) && (
        <label className="nr-field">
          <span>审核意见 / 撤稿原因</span>
          <input value={note} maxLength={200} onChange={(e) => setNote(e.target.value)} />
        </label>
      )}
      {c.submit && problems.length > 0 && <p className="nr-hint">提交前还需：{problems.join('；')}</p>}
    </div>
  );
}

function plainText(html: string): string {
  return new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
}

/** 历史版本: pick two and read them side by side. */
function Versions({ id, revision }: { id: number; revision: number }) {
  const [open, setOpen] = useState(false);
  const [versions, setVersions] = useState<ArticleVersion[] | null>(null);
  const [pair, setPair] = useState<[number, number] | null>(null);
  useEffect(() => {
    if (!open) return;
    get<ArticleVersion[]>('/publish/versions', { id })
      .then((v) => {
        setVersions(v);
        if (v.length >= 2) setPair([v[1]!.version, v[0]!.version]);
      })
      .catch(() => setVersions([]));
  }, [open, id, revision]);
  const pick = (n: number) => versions?.find((v) => v.version === n);
  return (
    <details className="nr-versions" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>历史版本</summary>
      {versions === null ? (
        <p role="status">加载中…</p>
      ) : versions.length < 2 ? (
        <p>保存版本或提交审核后，可在这里对比版本。</p>
      ) : (
        <>
          <div className="nr-inline-form">
            {[0, 1].map((side) => (
              <label key={side} className="nr-field nr-field--inline">
                <span>{side === 0 ? '左侧版本' : '右侧版本'}</span>
                <select
                  value={pair?.[side] ?? ''}
                  onChange={(e) => setPair((p) => (side === 0 ? [Number(e.target.value), p?.[1] ?? 0] : [p?.[0] ?? 0, Number(e.target.value)]))}
                >
                  {versions.map((v) => (
                    <option key={v.version} value={v.version}>
                      第 {v.version} 版 · {v.savedByName} · {formatTime(v.savedAt)}
                    </option>
                  ))}
                </select>
              </label>
            ))}
          </div>
          <div className="nr-compare">
            {pair?.map((n, i) => {
              const v = pick(n);
              return (
                <div key={i}>
                  <strong>{v?.title}</strong>
                  <p>{v ? plainText(v.content) : ''}</p>
                </div>
              );
            })}
          </div>
        </>
      )}
    </details>
  );
}
