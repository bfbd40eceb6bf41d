/**
 * The live desk (ADR 025 "Live events"), on a published live's page: its state moves forward (未开始 → 直播中 →
 * 回放) and the 图文直播 feed takes updates (Ctrl+Enter sends) and withdrawals. Readers' open pages hear both at
 * once. A send keeps its key until it is answered, so a retry after a lost answer never posts twice.
 */
import { useEffect, useId, useState } from 'react';
import { LIVE_POST_MAX, LIVE_TYPE_LABELS, type ArticleView, type LivePostView } from '../../../contract/publish.ts';
import { get, post } from '../../api.ts';
import { UPLOAD_ACCEPT } from '../../../contract/uploadRules.ts';
import { FileButton, formatTime, messageOf, Notice, useAction } from '../../ui.tsx';
import { uploadPicture } from './pictureUpload.ts';

export function LiveDesk({ view, onView }: { view: ArticleView; onView: (v: ArticleView) => void }) {
  const [list, setList] = useState<LivePostView[] | null>(null);
  const [text, setText] = useState('');
  const [picture, setPicture] = useState('');
  const [key, setKey] = useState(() => crypto.randomUUID());
  // An empty update is refused here, beside the field, and nothing is sent (the send button is disabled then, so
  // only Ctrl+Enter reaches it).
  const [missing, setMissing] = useState(false);
  const missingId = useId();
  const { busy, error, ok, run, setError, setOk } = useAction();

  useEffect(() => {
    get<LivePostView[]>('/publish/live/posts', { id: view.id })
      .then(setList)
      .catch((err: unknown) => setError(messageOf(err)));
  }, [view.id, setError]);

  if (!view.can.live) return null;
  const state = view.fields.liveType;

  const moveTo = (liveType: 1 | 2) =>
    run(async () => {
      onView(await post<ArticleView>('/publish/live/state', { id: view.id, liveType }));
      setOk(`直播状态已改为“${LIVE_TYPE_LABELS[liveType]}”，读者页面即时更新`);
    });
  const send = () => {
    if (text.trim() === '') {
      setMissing(true);
      return;
    }
    return run(async () => {
      setList(await post<LivePostView[]>('/publish/live/post', { id: view.id, key, text, picture }));
      setText('');
      setPicture('');
      setKey(crypto.randomUUID());
      setOk('动态已发布，读者页面即时可见');
    });
  };
  const withdraw = (p: LivePostView) =>
    run(async () => {
      setList(await post<LivePostView[]>('/publish/live/withdraw', { id: view.id, postId: p.id }));
      setOk('动态已撤回，读者不再看到');
    });

  return (
    <section className="nr-after" aria-labelledby="nr-live-title">
      <h2 id="nr-live-title">直播控制台</h2>
      <p>
        当前状态：<strong className="nr-badge">{LIVE_TYPE_LABELS[state]}</strong>
      </p>
      <div className="nr-actions">
        {state === 0 && (
          <button type="button" className="nr-button nr-button--primary" disabled={busy} onClick={() => void moveTo(1)}>
            开始直播（直播中）
          </button>
        )}
        {state === 1 && (
          <button type="button" className="nr-button" disabled={busy} onClick={() => void moveTo(2)}>
            结束直播（转为回放）
          </button>
        )}
      </div>
      <h3 className="nr-write__sub">图文直播</h3>
      <form
        className="nr-after__form"
        onSubmit={(e) => {
          e.preventDefault();
          void send();
        }}
      >
        <label className="nr-field">
          <span>直播动态（Ctrl+Enter 发送；读者在播放器下方看到，最新的在最上面）</span>
          <textarea
            value={text}
            rows={3}
            maxLength={LIVE_POST_MAX}
            aria-invalid={missing || undefined}
            aria-describedby={missing ? missingId : undefined}
            onChange={(e) => {
              setText(e.target.value);
              setMissing(false);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && (e.ctrlKey || e.metaKey) && !e.nativeEvent.isComposing) {
                e.preventDefault();
                if (!busy) void send();
              }
            }}
          />
        </label>
        {missing && (
          <p id={missingId} className="nr-notice nr-notice--error" role="alert">
            请填写直播动态
          </p>
        )}
        {picture && <img src={`${picture}?w=240`} alt="动态配图" width={120} height={80} />}
        <FileButton
          label="选择动态配图"
          accept={UPLOAD_ACCEPT}
          disabled={busy}
          onFiles={([f]) => void run(async () => setPicture((await uploadPicture(f!)).url))}
        >
          {picture ? '更换配图' : '添加配图'}
        </FileButton>
        {picture && (
          <button type="button" className="nr-button nr-button--quiet" onClick={() => setPicture('')}>
            移除配图
          </button>
        )}
        <button type="submit" className="nr-button nr-button--primary" disabled={busy || text.trim() === ''}>
          发送动态
        </button>
      </form>
      <Notice error={error} ok={ok} />
      {list === null ? (
        <p role="status">加载中…</p>
      ) : list.length === 0 ? (
        <p className="nr-hint">还没有动态。</p>
      ) : (
        <ol className="nr-live-feed" aria-label="已发布的直播动态">
          {list.map((p) => (
            <li key={p.id} className={p.withdrawnAt ? 'nr-live-feed__gone' : undefined}>
              <div>
                <span className="nr-meta">
                  {formatTime(p.createdAt)} · {p.staffName}
                  {p.withdrawnAt ? ` · 已于 ${formatTime(p.withdrawnAt)} 撤回` : ''}
                </span>
                <p>{p.text}</p>
                {p.picture && <img src={`${p.picture}?w=480`} alt="动态配图" width={192} height={128} />}
              </div>
              {!p.withdrawnAt && (
                <button
                  type="button"
                  className="nr-button"
                  disabled={busy}
                  onClick={() => void withdraw(p)}
                  aria-label={`撤回 ${formatTime(p.createdAt)} 的动态`}
                >
                  撤回
                </button>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
