/**
 * The discover composer of /PublishDiscover (spec 2.6): text, up to 9 pictures through the
 * upload path, one optional video (uploaded with its progress shown, previewed in a player), and the
 * topic (?HotTagsId preselects it); POST /v1/quan/publish. Login first (spec 5).
 * The draft (text, uploaded pictures and video, topic) is kept in storage per reader, so it survives a failed
 * send and a reload; a retry of the same draft reuses its Idempotency-Key, so a send that landed
 * without an answer is not posted twice. After sending, the reader goes to the feed, where their post
 * shows (审核中 for them alone when the area reviews before publishing).
 */
import { useEffect, useRef, useState, type SyntheticEvent } from 'react';
import type { publishPost } from '../../contract/discover.ts';
import { POST_MAX_CHARS, POST_MAX_PICTURES, tagColour } from '../../contract/discoverRules.ts';
import { VIDEO_ACCEPT } from '../../contract/uploadRules.ts';
import { isNoAnswer, LOGIN_EXPIRED_MESSAGE, LOGIN_REDIRECT_DELAY_MS, messageForFailure } from '../../client/apiClient.ts';
import { browserUi } from '../../client/browserUi.ts';
import { postByPath } from '../../client/postEndpoint.ts';
import { storage } from '../../client/storage.ts';
import { PictureTiles, type PickedPicture } from '../../features/interaction/PictureTiles.tsx';
import tileStyles from '../../features/interaction/PictureTiles.module.css';
import { requireLogin } from '../../features/login-gate/requireLogin.ts';
import { showToast } from '../../stores/toast.ts';
import { checkPost, publishDraftKey, readDraft, writeDraft } from './decidePublish.ts';
import styles from './PublishComposer.module.css';
import { checkVideoFile, uploadVideo, VIDEO_UPLOAD_FAILED, VideoUploadError } from './uploadVideo.ts';
import { newIdempotencyKey } from '../../client/idempotencyKey.ts';
import { useWriteAttempt } from '../../client/useWriteAttempt.ts';
import { useSession } from '../../features/login-gate/useSession.ts';
import { useOutbox } from '../../features/outbox/useOutbox.ts';
import { OutboxNotes } from '../../features/outbox/OutboxNotes.tsx';

interface Props {
  topics: { id: number; title: string }[];
  chosen: number | null;
  /** Where the reader goes after sending (the feed). */
  doneHref: string;
}

const TOAST_MS = 2000;
const LEAVE_AFTER_MS = 1200;
const TILES = {
  list: styles.pics,
  item: styles.pic,
  uploading: styles.uploading,
  remove: `${tileStyles.cornerRemove} ${styles.remove}`,
  addItem: styles.pic,
  add: `${tileStyles.addTile} ${styles.add}`,
};

/** The picked video: the local preview and the upload's progress, then the stored copy's URL. */
interface Video {
  id: string;
  src: string;
  url: string | null;
  /** 0–1 while uploading. */
  progress: number;
}

function say(message: string): void {
  showToast(message, { type: 'text', duration: TOAST_MS });
}

const PUBLISH_SCOPE = 'quan:publish';

export function PublishComposer({ topics, chosen, doneHref }: Props) {
  const session = useSession();
  const key = publishDraftKey(session.userId);
  const [text, setText] = useState('');
  const [topicId, setTopicId] = useState<number | null>(chosen);
  const [pictures, setPictures] = useState<PickedPicture[]>([]);
  const [video, setVideo] = useState<Video | null>(null);
  const videoPicker = useRef<HTMLInputElement>(null);
  const videoUpload = useRef<AbortController | null>(null);
  const [busy, setBusy] = useState(false);
  const idem = useWriteAttempt();
  // A post sent with no answer waits in the outbox (ADR 032) and goes out when the network returns.
  const outbox = useOutbox(PUBLISH_SCOPE, { onSent: (_entry, answer) => published(answer.message), onRefused: (_entry, message) => message && say(message) });
  // The draft is saved only once it was read back for this reader (never overwritten by the empty start).
  const [restored, setRestored] = useState<string | null>(null);

  // Login first; then the reader's draft (a link's topic wins over the draft's).
  useEffect(() => {
    if (!requireLogin()) return;
    const draft = readDraft(storage.getItem(key));
    setText(draft.text);
    setPictures(draft.pictures.map((url) => ({ id: url, src: url, url })));
    setVideo(draft.video ? { id: draft.video, src: draft.video, url: draft.video, progress: 1 } : null);
    if (chosen === null && draft.topicId !== null && topics.some((t) => t.id === draft.topicId)) setTopicId(draft.topicId);
    setRestored(key);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the draft is restored once per draft key; a later topic choice must not restore it again
  }, [key]);

  useEffect(() => {
    if (restored !== key) return;
    const stored = writeDraft({ text, pictures: pictures.flatMap((p) => (p.url ? [p.url] : [])), video: video?.url ?? '', topicId });
    if (stored === null) storage.removeItem(key);
    else storage.setItem(key, stored);
  }, [restored, key, text, pictures, video, topicId]);

  function removeVideo(): void {
    videoUpload.current?.abort();
    videoUpload.current = null;
    setVideo((v) => {
      if (v?.src.startsWith('blob:')) URL.revokeObjectURL(v.src);
      return null;
    });
  }

  async function addVideo(file: File): Promise<void> {
    const id = newIdempotencyKey();
    const abort = new AbortController();
    videoUpload.current = abort;
    const update = (change: Partial<Video>) => setVideo((v) => (v?.id === id ? { ...v, ...change } : v));
    setVideo({ id, src: URL.createObjectURL(file), url: null, progress: 0 });
    try {
      const res = await uploadVideo(file, id, (progress) => update({ progress }), abort.signal);
      if (res.statusCode === 200) {
        update({ url: res.data.url, progress: 1 });
        return;
      }
      if (res.statusCode === 301 || res.statusCode === 302) {
        say(LOGIN_EXPIRED_MESSAGE);
        setTimeout(() => browserUi.goLogin(), LOGIN_REDIRECT_DELAY_MS);
      } else {
        say(res.message || VIDEO_UPLOAD_FAILED);
      }
    } catch (error) {
      // Removed by the reader: nothing to say.
      if (abort.signal.aborted) return;
      say(error instanceof VideoUploadError ? error.message : VIDEO_UPLOAD_FAILED);
    }
    if (videoUpload.current === abort) removeVideo();
  }

  function pickVideo(files: FileList | null): void {
    const file = files?.[0];
    if (videoPicker.current) videoPicker.current.value = '';
    if (!file || !requireLogin()) return;
    const problem = checkVideoFile(file);
    if (problem) return say(problem);
    void addVideo(file);
  }

  /** Sent: only now is the draft dropped. */
  function published(message: string): void {
    setRestored(null);
    storage.removeItem(key);
    idem.done();
    say(message || '发布成功');
    setTimeout(() => location.assign(doneHref), LEAVE_AFTER_MS);
  }

  async function submit(event: SyntheticEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    if (busy || outbox.waiting || !requireLogin()) return;
    const problem = checkPost({ text, topicId, uploading: pictures.some((p) => p.url === null), videoUploading: video !== null && video.url === null });
    if (problem) return say(problem);
    const body = {
      content: text.trim(),
      imageUrl: pictures.flatMap((p) => (p.url ? [p.url] : [])).join(','),
      ...(video?.url ? { video: video.url } : {}),
      HotTagsId: String(topicId),
    };
    const draft = JSON.stringify(body);
    // One key per draft: the same draft sent again is the same request (the server answers the post it wrote).
    const idempotencyKey = idem.key(draft);
    setBusy(true);
    try {
      const res = await postByPath<typeof publishPost>('/v1/quan/publish', body, { idempotencyKey });
      if (res.statusCode === 200) return published(res.message);
      if (res.statusCode !== 301 && res.statusCode !== 302) say(res.message);
    } catch (error) {
      // No answer at all: kept with its key, sent when the network returns.
      if (isNoAnswer(error) && (await outbox.queue({ id: idempotencyKey, kind: 'post', label: `动态「${body.content}」`, path: '/v1/quan/publish', body }))) {
        setBusy(false);
        return;
      }
      // The draft stays in storage; sending again is safe. Spec 8 speaks for a failure with a response.
      const message = messageForFailure(error, '发布失败，请稍后重试');
      if (message) say(message);
    }
    setBusy(false);
  }

  const count = Array.from(text.trim()).length;
  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} aria-label="发布动态">
      <textarea className={styles.text} value={text} onChange={(e) => setText(e.target.value)} placeholder="分享身边的新鲜事…" aria-label="动态内容" rows={7} />
      <p className={count > POST_MAX_CHARS ? `${styles.count} ${styles.over}` : styles.count}>
        {count}/{POST_MAX_CHARS}
      </p>
      <PictureTiles
        label="图片"
        listLabel={`已选图片 ${pictures.length}/${POST_MAX_PICTURES}`}
        max={POST_MAX_PICTURES}
        pictures={pictures}
        onChange={setPictures}
        classes={TILES}
        loginFirst
      >
        <span aria-hidden="true" className={styles.plus}>
          +
        </span>
        <span className={styles.addLabel}>添加图片</span>
      </PictureTiles>
      <section className={styles.videoBox} aria-label="视频">
        {video ? (
          <div className={styles.videoItem}>
            <video className={styles.preview} src={video.src} controls playsInline preload="metadata" aria-label="已选视频" />
            {video.url === null && (
              <p className={styles.progress}>
                <progress max={100} value={Math.round(video.progress * 100)} aria-label="视频上传进度" />
                <span>上传中 {Math.round(video.progress * 100)}%</span>
              </p>
            )}
            <button type="button" className={styles.removeVideo} onClick={removeVideo}>
              删除视频
            </button>
          </div>
        ) : (
          <label className={styles.addVideo}>
            <input ref={videoPicker} type="file" accept={VIDEO_ACCEPT} className="visually-hidden" onChange={(e) => pickVideo(e.target.files)} />
            <span aria-hidden="true" className={styles.plus}>
              +
            </span>
            <span className={styles.addLabel}>添加视频（MP4、MOV 或 WebM，不超过 50 MB）</span>
          </label>
        )}
      </section>
      <fieldset className={styles.topics}>
        <legend className={styles.legend}>选择话题</legend>
        {topics.length === 0 ? <p className={styles.none}>暂无可选话题</p> : null}
        <div className={styles.chips}>
          {topics.map((t, i) => {
            const c = tagColour(i);
            const on = topicId === t.id;
            return (
              <label
                key={t.id}
                className={on ? `${styles.chip} ${styles.on}` : styles.chip}
                style={on ? { color: 'var(--text-on-fill)', background: c.fg } : { color: c.fg, background: c.bg }}
              >
                <input type="radio" name="topic" value={t.id} checked={on} onChange={() => setTopicId(t.id)} className={styles.radio} />#{t.title}
              </label>
            );
          })}
        </div>
      </fieldset>
      <OutboxNotes items={outbox.items} onRetry={outbox.retry} onDiscard={outbox.discard} />
      <button type="submit" className="brand-submit" disabled={busy || outbox.waiting}>
        {busy ? '发布中…' : '发布'}
      </button>
    </form>
  );
}
