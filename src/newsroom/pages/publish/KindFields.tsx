/**
 * The parts of the editor form that belong to one kind of story (ADR 025 "Kinds"): the address of an external
 * link, the pictures and captions of a photo set, the address and length of a video, a live's sources and start, a
 * VR story's panorama.
 */
import { useRef, useState } from 'react';
import { beijingWallClock, BEIJING_OFFSET_MS } from '../../../lib/beijingDay.ts';
import {
  CAPTION_MAX,
  LIVE_SOURCE_NAME_MAX,
  LIVE_SOURCES_MAX,
  PHOTOS_MAX,
  panoramaProblem,
  VR_MIN_RATIO,
  type ArticleFields,
} from '../../../contract/publish.ts';
import { FileButton, messageOf, Notice } from '../../ui.tsx';
import { ConsoleError, upload } from '../../api.ts';
import { UPLOAD_ACCEPT, VIDEO_MAX_BYTES } from '../../../contract/uploadRules.ts';
import type { UploadedVideo } from '../../../contract/upload.ts';
import { uploadPicture } from './pictureUpload.ts';

type Photo = ArticleFields['pictures'][number];
type LiveSource = ArticleFields['liveSources'][number];

/** An instant as the `datetime-local` field shows it, in Beijing time; '' stays ''. */
function beijingInput(iso: string): string {
  return iso === '' ? '' : beijingWallClock(new Date(iso)).toISOString().slice(0, 16);
}
/** What a `datetime-local` field holds, read as Beijing time, as an instant. */
function fromBeijingInput(local: string): string {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(local)) return '';
  const at = Date.parse(`${local}:00Z`) - BEIJING_OFFSET_MS;
  return Number.isNaN(at) ? '' : new Date(at).toISOString();
}

/** 直播: the sources in the order readers' picker lists them (moved with buttons, as a photo set's pictures), and the start. */
export function LiveFields({
  sources,
  start,
  editable,
  onSources,
  onStart,
}: {
  sources: LiveSource[];
  start: string;
  editable: boolean;
  onSources: (v: LiveSource[]) => void;
  onStart: (v: string) => void;
}) {
  const move = (i: number, by: -1 | 1) => {
    const next = [...sources];
    const [s] = next.splice(i, 1);
    if (!s) return;
    next.splice(i + by, 0, s);
    onSources(next);
  };
  const change = (i: number, key: keyof LiveSource, v: string) => onSources(sources.map((s, k) => (k === i ? { ...s, [key]: v } : s)));
  return (
    <fieldset className="nr-fieldset" disabled={!editable}>
      <legend>直播</legend>
      <label className="nr-field">
        <span>
          开始时间（北京时间）<span className="nr-hint"> 未开始时读者页面显示“直播将于 … 开始”</span>
        </span>
        <input type="datetime-local" value={beijingInput(start)} onChange={(e) => onStart(fromBeijingInput(e.target.value))} />
      </label>
      <h3 className="nr-write__sub">直播源（{sources.length} 个，读者按这个顺序选择，第一个默认播放）</h3>
      {sources.length === 0 ? (
        <p className="nr-hint">还没有直播源。直播至少需要 1 个直播源，最多 {LIVE_SOURCES_MAX} 个。</p>
      ) : (
        <ol className="nr-live-sources">
          {sources.map((s, i) => (
            <li key={i} className="nr-live-sources__item">
              <label className="nr-field">
                <span>第 {i + 1} 个直播源的名称</span>
                <input value={s.name} maxLength={LIVE_SOURCE_NAME_MAX} placeholder="如 主会场" onChange={(e) => change(i, 'name', e.target.value)} />
              </label>
              <label className="nr-field">
                <span>第 {i + 1} 个直播源的地址</span>
                <input type="url" inputMode="url" value={s.url} maxLength={1000} placeholder="https://" onChange={(e) => change(i, 'url', e.target.value)} />
              </label>
              <div className="nr-photos__moves">
                <button type="button" className="nr-button" disabled={i === 0} onClick={() => move(i, -1)} aria-label={`第 ${i + 1} 个直播源上移`}>
                  上移
                </button>
                <button
                  type="button"
                  className="nr-button"
                  disabled={i === sources.length - 1}
                  onClick={() => move(i, 1)}
                  aria-label={`第 ${i + 1} 个直播源下移`}
                >
                  下移
                </button>
                <button
                  type="button"
                  className="nr-button nr-button--danger"
                  onClick={() => onSources(sources.filter((_, k) => k !== i))}
                  aria-label={`删除第 ${i + 1} 个直播源`}
                >
                  删除
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}
      <p className="nr-inline-form">
        <button
          type="button"
          className="nr-button"
          disabled={sources.length >= LIVE_SOURCES_MAX}
          onClick={() => onSources([...sources, { name: '', url: '' }])}
        >
          添加直播源
        </button>
      </p>
    </fieldset>
  );
}

export function LinkFields({ linkUrl, editable, onChange }: { linkUrl: string; editable: boolean; onChange: (v: string) => void }) {
  return (
    <fieldset className="nr-fieldset" disabled={!editable}>
      <legend>外链</legend>
      <label className="nr-field">
        <span>
          外链地址<span className="nr-hint"> 以 http:// 或 https:// 开头，读者点开卡片即打开这个网址</span>
        </span>
        <input type="url" inputMode="url" value={linkUrl} maxLength={1000} placeholder="https://" onChange={(e) => onChange(e.target.value)} />
      </label>
    </fieldset>
  );
}

/**
 * 视频: the address it plays from — an https address, or a file uploaded here (MP4 or WebM, at most 50 MB, stored
 * as readers' videos are checked) — and its length. A failed upload can be sent again with the same key: the server
 * answers the file it stored the first time, if it did.
 */
export function VideoFields({
  videoUrl,
  videoTime,
  editable,
  onChange,
}: {
  videoUrl: string;
  videoTime: string;
  editable: boolean;
  onChange: (key: 'videoUrl' | 'videoTime', v: string) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The last attempt: its file and key, kept for 重试上传 after a failure.
  const [attempt, setAttempt] = useState<{ file: File; key: string } | null>(null);

  const send = async (next: { file: File; key: string }) => {
    setAttempt(next);
    setError(null);
    if (next.file.size > VIDEO_MAX_BYTES) {
      setError('视频不能超过 50 MB');
      setAttempt(null);
      return;
    }
    setBusy(true);
    try {
      const stored = await upload<UploadedVideo>('/publish/video', next.file, next.key);
      onChange('videoUrl', stored.url);
      setAttempt(null);
    } catch (err) {
      setError(messageOf(err));
      // A refusal (bad file) is final; a lost connection may be tried again with the same key.
      if (!(err instanceof ConsoleError && err.statusCode === 0)) setAttempt(null);
    } finally {
      setBusy(false);
    }
  };

  return (
    <fieldset className="nr-fieldset nr-grid-form" disabled={!editable}>
      <legend>视频</legend>
      <div className="nr-grid-form__wide">
        <label className="nr-field">
          <span>
            视频地址<span className="nr-hint"> 以 https:// 开头的视频文件或直播回放地址，或从本机上传</span>
          </span>
          <input type="url" inputMode="url" value={videoUrl} maxLength={1000} placeholder="https://" onChange={(e) => onChange('videoUrl', e.target.value)} />
        </label>
        <p className="nr-inline-form">
          <FileButton
            label="选择视频文件"
            accept="video/mp4,video/quicktime,video/webm"
            disabled={busy}
            onFiles={([file]) => void send({ file: file!, key: crypto.randomUUID() })}
          >
            {busy ? '上传中…' : '上传视频文件'}
          </FileButton>
          {attempt && !busy && (
            <button type="button" className="nr-button" onClick={() => void send(attempt)}>
              重试上传
            </button>
          )}
          <span className="nr-hint">MP4 或 WebM，不超过 50 MB</span>
        </p>
        <Notice error={error} />
      </div>
      <label className="nr-field">
        <span>
          视频时长<span className="nr-hint"> 分:秒，如 03:25</span>
        </span>
        <input value={videoTime} maxLength={8} placeholder="03:25" onChange={(e) => onChange('videoTime', e.target.value)} />
      </label>
    </fieldset>
  );
}

/** 图集: pictures in reading order, each with its caption; moved with buttons (keyboard and screen readers alike). */
export function PhotoSet({ pictures, editable, onChange }: { pictures: Photo[]; editable: boolean; onChange: (v: Photo[]) => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const latest = useRef(pictures);
  latest.current = pictures;

  const move = (i: number, by: -1 | 1) => {
    const next = [...pictures];
    const [p] = next.splice(i, 1);
    if (!p) return;
    next.splice(i + by, 0, p);
    onChange(next);
  };

  const add = async (files: File[]) => {
    setError(latest.current.length + files.length > PHOTOS_MAX ? `图集最多 ${PHOTOS_MAX} 张图片，多出的没有添加` : null);
    setBusy(true);
    try {
      for (const file of files.slice(0, Math.max(0, PHOTOS_MAX - latest.current.length))) {
        const stored = await uploadPicture(file);
        const next = [...latest.current, { url: stored.url, caption: '' }];
        latest.current = next;
        onChange(next);
      }
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <fieldset className="nr-fieldset nr-photos" disabled={!editable}>
      <legend>图集图片（{pictures.length} 张，按读者看到的顺序）</legend>
      {pictures.length === 0 ? (
        <p className="nr-hint">还没有图片。图集至少需要 1 张图片，每张图片都要写说明。</p>
      ) : (
        <ol className="nr-photos__list">
          {pictures.map((p, i) => (
            <li key={`${p.url}-${i}`} className="nr-photos__item">
              <img src={`${p.url}?w=240`} alt={`第 ${i + 1} 张图片`} width={120} height={80} />
              <label className="nr-field nr-photos__caption">
                <span>第 {i + 1} 张的说明</span>
                <textarea
                  value={p.caption}
                  rows={3}
                  maxLength={CAPTION_MAX}
                  onChange={(e) => onChange(pictures.map((q, k) => (k === i ? { ...q, caption: e.target.value } : q)))}
                />
              </label>
              <div className="nr-photos__moves">
                <button type="button" className="nr-button" disabled={i === 0} onClick={() => move(i, -1)} aria-label={`第 ${i + 1} 张图片上移`}>
                  上移
                </button>
                <button
                  type="button"
                  className="nr-button"
                  disabled={i === pictures.length - 1}
                  onClick={() => move(i, 1)}
                  aria-label={`第 ${i + 1} 张图片下移`}
                >
                  下移
                </button>
                <button
                  type="button"
                  className="nr-button nr-button--danger"
                  onClick={() => onChange(pictures.filter((_, k) => k !== i))}
                  aria-label={`删除第 ${i + 1} 张图片`}
                >
                  删除
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}
      <p className="nr-inline-form">
        <FileButton label="选择图集图片" accept={UPLOAD_ACCEPT} multiple disabled={busy || pictures.length >= PHOTOS_MAX} onFiles={(files) => void add(files)}>
          {busy ? '上传中…' : '添加图片'}
        </FileButton>
      </p>
      <Notice error={error} />
    </fieldset>
  );
}

/**
 * VR: the panorama the reader's VR viewer turns (/VRPage), uploaded as any desk picture. One that is not at least
 * VR_MIN_RATIO times as wide as high is refused here, before it is used: the viewer would show it stretched.
 */
export function VrFields({ picture, editable, onChange }: { picture: string; editable: boolean; onChange: (v: string) => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const upload = async (file: File) => {
    setError(null);
    setBusy(true);
    try {
      const stored = await uploadPicture(file);
      const problem = panoramaProblem(stored);
      if (problem !== null) setError(problem);
      else onChange(stored.url);
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <fieldset className="nr-fieldset" disabled={!editable}>
      <legend>VR 全景图</legend>
      {picture === '' ? (
        <p className="nr-hint">还没有全景图。请上传一张 360° 全景图（宽度至少是高度的 {VR_MIN_RATIO} 倍），读者在 VR 页面左右转动查看。</p>
      ) : (
        <p className="nr-vr">
          <img src={`${picture}?w=750`} alt="全景图" width={375} height={94} />
        </p>
      )}
      <p className="nr-inline-form">
        <FileButton label="选择全景图" accept="image/jpeg,image/png,image/webp" disabled={busy} onFiles={([file]) => void upload(file!)}>
          {busy ? '上传中…' : picture === '' ? '上传全景图' : '更换全景图'}
        </FileButton>
        {picture !== '' && (
          <button type="button" className="nr-button nr-button--danger" onClick={() => onChange('')}>
            删除全景图
          </button>
        )}
      </p>
      <Notice error={error} />
    </fieldset>
  );
}
