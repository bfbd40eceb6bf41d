/**
 * The upload form of the photo wall (/interact/imagePage): a logged-in reader picks one photo (sent
 * through the one upload path), writes a caption and publishes it; one Idempotency-Key per draft. The
 * answer says whether the photo is on the wall or waits for review (审核中). Sent with no answer at all
 * (offline), it waits in the outbox (ADR 032) under the same key and goes out when the network returns.
 */
import { isNoAnswer, messageForFailure } from '../../client/apiClient.ts';
import { useState, type FormEvent } from 'react';
import type { photoPublish } from '../../contract/interact.ts';
import { PHOTO_CAPTION_MAX } from '../../contract/communityRules.ts';
import { buildLoginUrl } from '../../client/browserUi.ts';
import { postByPath } from '../../client/postEndpoint.ts';
import { BASE_PATH } from '../../lib/safeUrl.ts';
import { showToast } from '../../stores/toast.ts';
import { PicturePicker, type PickedPicture } from './PicturePicker.tsx';
import styles from './InteractForm.module.css';
import { newIdempotencyKey } from '../../client/idempotencyKey.ts';
import { useSession } from '../../features/login-gate/useSession.ts';
import { OutboxNotes } from '../../features/outbox/OutboxNotes.tsx';
import { useOutbox } from '../../features/outbox/useOutbox.ts';

export function PhotoUpload() {
  const session = useSession();
  const [open, setOpen] = useState(false);
  const [pictures, setPictures] = useState<PickedPicture[]>([]);
  const [caption, setCaption] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState('');
  const [key, setKey] = useState(newIdempotencyKey);
  const published = (answer: { message: string; data: { reviewState: string } }) => {
    setResult(answer.data.reviewState === 'pending' ? answer.message : `${answer.message}，刷新照片墙即可看到`);
    if (answer.data.reviewState === 'approved') setTimeout(() => location.reload(), 1200);
  };
  const outbox = useOutbox('photos:new', {
    onSent: (_entry, answer) => published(answer as { message: string; data: { reviewState: string } }),
    onRefused: (_entry, message) => message && showToast(message, { type: 'text', duration: 2000 }),
  });

  if (!session.token) {
    return (
      <div className={styles.notice}>
        <p>用镜头记录重庆，登录后即可投稿</p>
        <a className="brand-pill" href={buildLoginUrl(`${BASE_PATH}/interact/imagePage`)}>
          登录后投稿
        </a>
      </div>
    );
  }
  if (result) {
    return (
      <div className={styles.done} role="status">
        <p className={styles.doneTitle}>投稿成功</p>
        <p>{result}</p>
      </div>
    );
  }
  if (!open && outbox.items.length === 0) {
    return (
      <div className={styles.notice}>
        <button type="button" className={styles.submit} style={{ paddingInline: '2rem' }} onClick={() => setOpen(true)}>
          我要投稿
        </button>
      </div>
    );
  }

  async function submit(e: FormEvent): Promise<void> {
    e.preventDefault();
    if (busy || outbox.waiting) return;
    const photo = pictures[0];
    if (!photo) return showToast('请先选择一张照片', { type: 'text', duration: 2000 });
    if (photo.url === null) return showToast('照片还在上传，请稍候', { type: 'text', duration: 2000 });
    const text = caption.trim();
    if (text === '') return showToast('请写一句照片说明', { type: 'text', duration: 2000 });
    if ([...text].length > PHOTO_CAPTION_MAX) return showToast(`照片说明不能超过 ${PHOTO_CAPTION_MAX} 个字`, { type: 'text', duration: 2000 });
    setBusy(true);
    const body = { url: photo.url, caption: text };
    try {
      const res = await postByPath<typeof photoPublish>('/api/interact/photos/publish', body, { idempotencyKey: key });
      if (res.statusCode === 200) published(res);
      else showToast(res.message, { type: 'text', duration: 2000 });
    } catch (error) {
      // No answer at all: kept under this key and sent when the network returns (never a refusal).
      if (isNoAnswer(error) && (await outbox.queue({ id: key, kind: 'photo', label: `照片「${text}」`, path: '/api/interact/photos/publish', body }))) return;
      // Spec 8 speaks for an HTTP 500; a refused input brings the server's own message.
      const message = messageForFailure(error, '网络不给力，请稍后再试');
      if (message) showToast(message, { type: 'text', duration: 2000 });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate aria-label="投稿照片">
      <PicturePicker
        label="照片"
        max={1}
        pictures={pictures}
        onChange={(update) => {
          setPictures(update);
          setKey(newIdempotencyKey());
        }}
      />
      <label className={styles.field}>
        <span className={`${styles.label} ${styles.required}`}>照片说明</span>
        <input
          className={styles.input}
          name="caption"
          maxLength={PHOTO_CAPTION_MAX * 2}
          placeholder="在哪里拍的、拍到了什么"
          value={caption}
          onChange={(e) => {
            setCaption(e.target.value);
            setKey(newIdempotencyKey());
          }}
        />
      </label>
      <button type="submit" className={styles.submit} disabled={busy || outbox.waiting}>
        {busy ? '正在发布…' : '发布'}
      </button>
      <OutboxNotes items={outbox.items} onRetry={outbox.retry} onDiscard={outbox.discard} />
    </form>
  );
}
