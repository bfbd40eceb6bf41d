/**
 * The comment and reply composer of /PublishComment and /PublishBangBang (spec 2.6, 5): plain text with a 提交 button.
 * The input is cleared only after a successful submit; on any failure the draft stays (also across a
 * reload, in session storage) and a retry reuses the same Idempotency-Key (security.md M97, M104).
 * Up to 9 pictures (spec 3 conpic; security.md C3): each is uploaded as soon as it is picked, shown as
 * a thumbnail with a remove button, and sent as `conpic`; uploaded pictures are kept with the draft.
 * Sent with no answer (offline, a dropped connection), the comment waits in the outbox (ADR 032) with its key
 * and goes out again when the network returns, shown as 发送中… / 已发送 / 发送失败，点击重试; the draft stays
 * until it is sent, and 提交 waits while it does (a second send would need a new key).
 * Hydrated client:load: it is the whole page and must accept typing at once.
 */
import { useEffect, useState, type SyntheticEvent } from 'react';
import { isNoAnswer, messageForFailure } from '../../client/apiClient.ts';
import { tabStorage } from '../../client/storage.ts';
import { COMMENT_MAX_CHARS, COMMENT_MAX_PICTURES } from '../../contract/interactionRules.ts';
import { showToast } from '../../stores/toast.ts';
import { checkDraft, codePoints, draftKey } from './decideDraft.ts';
import { COMMENT_PATH, commentBody, postComment } from './interactionCalls.ts';
import { useOutbox } from '../outbox/useOutbox.ts';
import { OutboxNotes } from '../outbox/OutboxNotes.tsx';
import { PictureTiles, type PickedPicture } from './PictureTiles.tsx';
import tileStyles from './PictureTiles.module.css';
import { requireLogin } from '../login-gate/requireLogin.ts';
import styles from './CommentComposer.module.css';
import { useWriteAttempt } from '../../client/useWriteAttempt.ts';

interface Props {
  classId: number;
  newsId: number;
  /** 'bang': a bangbang item (classId 1 politics / 2 Q&A, newsId the item), spec 7.4. */
  from?: 'bang' | 'quan';
  plId?: number;
  pId?: number;
  placeholder: string;
  /** Where the reader goes after a successful submit. */
  doneHref: string;
}

const TOAST_MS = 2000;
const TILES = {
  list: styles.pics,
  item: styles.pic,
  uploading: `${tileStyles.uploadVeil} ${styles.uploading}`,
  remove: styles.remove,
  addItem: styles.pic,
  add: `${tileStyles.addTile} ${styles.add}`,
};
/** Time to read 评论成功 before going back. */
const LEAVE_AFTER_MS = 1000;

function savedPictures(raw: string | null): PickedPicture[] {
  try {
    const urls: unknown = JSON.parse(raw ?? '[]');
    if (!Array.isArray(urls)) return [];
    return urls
      .filter((u): u is string => typeof u === 'string' && u.startsWith('/media/comments/'))
      .slice(0, COMMENT_MAX_PICTURES)
      .map((u) => ({ id: u, src: u, url: u }));
  } catch {
    return [];
  }
}

export function CommentComposer(props: Props) {
  const key = draftKey(props);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [pictures, setPictures] = useState<PickedPicture[]>([]);
  // One key per draft (text and pictures): the same draft retried is the same request.
  const idem = useWriteAttempt();
  const outbox = useOutbox(key, {
    onSent: (_entry, answer) => done(answer.message),
    onRefused: (_entry, message) => message && showToast(message, { type: 'text', duration: TOAST_MS }),
  });

  useEffect(() => {
    requireLogin();
    const saved = tabStorage.getItem(key);
    if (saved) setText(saved);
    setPictures(savedPictures(tabStorage.getItem(`${key}:pics`)));
  }, [key]);

  function keepPictures(next: PickedPicture[]): void {
    const urls = next.flatMap((p) => (p.url ? [p.url] : []));
    if (urls.length) tabStorage.setItem(`${key}:pics`, JSON.stringify(urls));
    else tabStorage.removeItem(`${key}:pics`);
  }

  function updatePictures(change: (list: PickedPicture[]) => PickedPicture[]): void {
    setPictures((list) => {
      const next = change(list);
      keepPictures(next);
      return next;
    });
  }

  function change(value: string): void {
    setText(value);
    if (value) tabStorage.setItem(key, value);
    else tabStorage.removeItem(key);
  }

  /** Sent: the input is cleared (spec 5: after a successful submit, and only then), and the reader goes back. */
  function done(message: string): void {
    change('');
    updatePictures(() => []);
    idem.done();
    showToast(message || '评论成功', { type: 'text', duration: TOAST_MS });
    setTimeout(() => location.assign(props.doneHref), LEAVE_AFTER_MS);
  }

  async function submit(event: SyntheticEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    if (busy || outbox.waiting || !requireLogin()) return;
    const problem = checkDraft(text);
    if (problem) {
      showToast(problem, { type: 'text', duration: TOAST_MS });
      return;
    }
    if (pictures.some((p) => p.url === null)) {
      showToast('图片上传中，请稍候', { type: 'text', duration: TOAST_MS });
      return;
    }
    const sayText = text.trim();
    const conpic = pictures.flatMap((p) => (p.url ? [p.url] : [])).join(',');
    const draft = JSON.stringify([sayText, conpic]);
    const idempotencyKey = idem.key(draft);
    const body = {
      ref: { classId: props.classId, newsId: props.newsId, from: props.from },
      ...(props.plId ? { plId: props.plId } : {}),
      ...(props.pId ? { pId: props.pId } : {}),
      sayText,
      ...(conpic ? { conpic } : {}),
    };
    setBusy(true);
    try {
      const res = await postComment(body, idempotencyKey);
      if (res.statusCode === 200) return done(res.message);
      if (res.statusCode !== 301 && res.statusCode !== 302) showToast(res.message, { type: 'text', duration: TOAST_MS });
      setBusy(false);
    } catch (error) {
      // No answer at all: the outbox keeps it (same key) and sends it when the network returns.
      if (
        isNoAnswer(error) &&
        (await outbox.queue({ id: idempotencyKey, kind: 'comment', label: `评论「${sayText}」`, path: COMMENT_PATH, body: commentBody(body) }))
      ) {
        setBusy(false);
        return;
      }
      // The draft stays; 提交 again is safe. Spec 8's catalogue speaks for a failure with a response
      // (HTTP 500: 服务器开小差了…); our text only for one with none (network, time-out).
      const message = messageForFailure(error, '发送失败，请稍后重试');
      if (message) showToast(message, { type: 'text', duration: TOAST_MS });
      setBusy(false);
    }
  }

  const count = codePoints(text.trim());
  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)}>
      <textarea
        className={styles.text}
        value={text}
        onChange={(e) => change(e.target.value)}
        placeholder={props.placeholder}
        aria-label="评论内容"
        rows={6}
        autoFocus
      />
      <PictureTiles label="图片" max={COMMENT_MAX_PICTURES} pictures={pictures} onChange={updatePictures} classes={TILES} loginFirst>
        <span aria-hidden="true">+</span>
        <span className={styles.addLabel}>添加图片</span>
      </PictureTiles>
      <OutboxNotes items={outbox.items} onRetry={outbox.retry} onDiscard={outbox.discard} />
      <div className={styles.row}>
        <span className={count > COMMENT_MAX_CHARS ? `${styles.count} ${styles.over}` : styles.count}>
          {count}/{COMMENT_MAX_CHARS}
        </span>
        <button type="submit" className={styles.submit} disabled={busy || outbox.waiting}>
          {busy ? '提交中…' : '提交'}
        </button>
      </div>
    </form>
  );
}
