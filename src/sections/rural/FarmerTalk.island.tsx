/**
 * 农友说: the composer and the feed. The server renders the first page inside this island so
 * the page reads without JavaScript; after hydration it pages on (加载更多 until an empty page, then 没有
 * 更多了), likes (the wanted state, so a retry changes nothing), comments and posts. A draft keeps its
 * Idempotency-Key until it lands, so a retried send after a network error writes one post; a post sent with no
 * answer at all waits in the outbox (ADR 032) as 发送中… and goes out when the network returns. A logged-in
 * reader's first page is asked again with the token: their likes and their own pending posts (审核中).
 */
import { useEffect, useState, type FormEvent } from 'react';
import type { commentFarmerPost, FarmerComment, FarmerPost, getFarmerPosts, likeFarmerPost, publishFarmerPost } from '../../contract/rural.ts';
import { COMMENT_MAX_CHARS, POST_MAX_CHARS } from '../../contract/ruralRules.ts';
import { getByPath } from '../../client/getEndpoint.ts';
import { requireLogin } from '../../features/login-gate/requireLogin.ts';
import { showToast } from '../../stores/toast.ts';
import { FarmerPostCard } from './FarmerPostCard.tsx';
import styles from './FarmerTalk.module.css';
import { DistrictField } from './RuralFields.tsx';
import formStyles from './RuralForm.module.css';
import { useRuralWrite } from './useRuralWrite.ts';
import { FormAlert } from '../../features/form-alert/FormAlert.tsx';
import { useSession } from '../../features/login-gate/useSession.ts';
import { useOutbox } from '../../features/outbox/useOutbox.ts';
import { OutboxNotes } from '../../features/outbox/OutboxNotes.tsx';

interface Props {
  initial: FarmerPost[];
  pageSize: number;
}

const TOAST_MS = 2000;
const toast = (message: string) => showToast(message, { type: 'text', duration: TOAST_MS });
const OFFLINE = '网络不给力，请稍后再试';

type Status = 'idle' | 'loading' | 'error' | 'end';

function Actions({ post, onChange }: { post: FarmerPost; onChange: (p: FarmerPost) => void }) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const { busy, send: write, sendDraft } = useRuralWrite();
  const [mine, setMine] = useState<FarmerComment[]>([]);
  const canAct = post.reviewState === 'approved';

  async function like() {
    if (!requireLogin() || busy) return;
    const want = post.isDoLike !== 1;
    await write<typeof likeFarmerPost>(
      '/v1/yunong/like',
      { postId: String(post.id), like: want ? '1' : '0' },
      {
        ok: (res) => onChange({ ...post, isDoLike: res.data.liked ? 1 : 0, likeNum: res.data.likeNum }),
        fail: toast,
        offline: OFFLINE,
      },
    );
  }

  async function send(e: FormEvent) {
    e.preventDefault();
    if (!requireLogin() || busy) return;
    if (text.trim() === '') return toast('评论不能为空');
    await sendDraft<typeof commentFarmerPost>(
      '/v1/yunong/comment',
      { postId: String(post.id), text },
      {
        ok: (res) => {
          setMine((m) => [res.data, ...m]);
          if (res.data.reviewState === 'approved') onChange({ ...post, commentCount: post.commentCount + 1 });
          setText('');
          setOpen(false);
          toast(res.message || '评论成功');
        },
        fail: toast,
        offline: OFFLINE,
      },
    );
  }

  return (
    <>
      {canAct && (
        <div className={styles.actions}>
          <button
            type="button"
            onClick={like}
            aria-pressed={post.isDoLike === 1}
            aria-label={post.isDoLike === 1 ? `取消点赞，已有 ${post.likeNum} 个赞` : `点赞，已有 ${post.likeNum} 个赞`}
            className={post.isDoLike === 1 ? styles.liked : undefined}
          >
            {post.isDoLike === 1 ? '♥' : '♡'} {post.likeNum}
          </button>
          <button
            type="button"
            onClick={() => (requireLogin() ? setOpen((o) => !o) : undefined)}
            aria-expanded={open}
            aria-label={`评论 ${post.commentCount} 条`}
          >
            评论 {post.commentCount}
          </button>
        </div>
      )}
      {open && (
        <form className={styles.reply} onSubmit={send}>
          <label>
            <span className={formStyles.hidden}>写评论</span>
            <input
              className={formStyles.input}
              value={text}
              maxLength={COMMENT_MAX_CHARS}
              onChange={(e) => setText(e.target.value)}
              placeholder="说点什么…"
              autoFocus
            />
          </label>
          <button type="submit" disabled={busy}>
            {busy ? '发送中' : '发送'}
          </button>
        </form>
      )}
      {mine.length > 0 && (
        <ul className={styles.mine}>
          {mine.map((c) => (
            <li key={c.id}>
              <strong>{c.nickname}：</strong>
              {c.text}
              {c.reviewState === 'pending' && <em>（审核中）</em>}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function Composer({ onPosted }: { onPosted: (p: FarmerPost) => void }) {
  const [text, setText] = useState('');
  const [district, setDistrict] = useState('');
  const { busy, sendDraft, settled } = useRuralWrite();
  const [error, setError] = useState('');
  const posted = (post: FarmerPost, message: string) => {
    onPosted(post);
    setText('');
    toast(message || '发布成功');
  };
  const outbox = useOutbox('rural:farmer-talk', {
    onSent: (_entry, answer) => {
      settled();
      posted(answer.data as FarmerPost, answer.message);
    },
    onRefused: (_entry, message) => message && setError(message),
  });

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!requireLogin() || busy || outbox.waiting) return;
    if (text.trim() === '') return setError('正文不能为空');
    setError('');
    const body = { content: text, district };
    await sendDraft<typeof publishFarmerPost>('/v1/yunong/publish', body, {
      ok: (res) => posted(res.data, res.message),
      fail: setError,
      offline: '网络不给力，内容已保留，请再点一次发布',
      keep: (id) => outbox.queue({ id, kind: 'post', label: `农友说「${text.trim()}」`, path: '/v1/yunong/publish', body }),
    });
  }

  return (
    <form className={styles.composer} onSubmit={submit} aria-label="发布农友说">
      <label className={formStyles.field}>
        <span className={formStyles.hidden}>说说你的农事</span>
        <textarea
          value={text}
          maxLength={POST_MAX_CHARS}
          rows={3}
          onChange={(e) => setText(e.target.value)}
          placeholder="说说今天地里的事，收成、行情、心得都可以…"
        />
      </label>
      <div className={styles.row}>
        <DistrictField value={district} onChange={setDistrict} example="城口" />
        <span className={styles.count} aria-live="polite">
          {Array.from(text).length}/{POST_MAX_CHARS}
        </span>
        <button type="submit" disabled={busy || outbox.waiting}>
          {busy ? '发布中…' : '发布'}
        </button>
      </div>
      <FormAlert className={formStyles.error} message={error} />
      <OutboxNotes items={outbox.items} onRetry={outbox.retry} onDiscard={outbox.discard} />
    </form>
  );
}

export function FarmerTalk({ initial, pageSize }: Props) {
  const session = useSession();
  const [posts, setPosts] = useState<FarmerPost[]>(initial);
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<Status>(initial.length < pageSize ? 'end' : 'idle');
  // What the reader posted here stays on top, whatever page 1 looked like when it was asked again.
  const [posted, setPosted] = useState<FarmerPost[]>([]);

  useEffect(() => {
    if (!session.token) return;
    let stale = false;
    void getByPath<typeof getFarmerPosts>('/v1/yunong/posts', { page: 1, pageSize })
      .then((res) => {
        if (stale || res.statusCode !== 200) return;
        setPosts((old) => {
          const ids = new Set(res.data.map((p) => p.id));
          return [...res.data, ...old.filter((p) => !ids.has(p.id))];
        });
      })
      .catch(() => undefined);
    return () => {
      stale = true;
    };
  }, [session.token, pageSize]);

  async function more() {
    if (status === 'loading' || status === 'end') return;
    setStatus('loading');
    try {
      const res = await getByPath<typeof getFarmerPosts>('/v1/yunong/posts', { page: page + 1, pageSize });
      if (res.statusCode !== 200) return setStatus('error');
      setPosts((old) => {
        const ids = new Set(old.map((p) => p.id));
        return [...old, ...res.data.filter((p) => !ids.has(p.id))];
      });
      setPage(page + 1);
      setStatus(res.data.length < pageSize ? 'end' : 'idle');
    } catch {
      setStatus('error');
    }
  }

  const replace = (p: FarmerPost) => {
    setPosts((old) => old.map((x) => (x.id === p.id ? p : x)));
    setPosted((old) => old.map((x) => (x.id === p.id ? p : x)));
  };
  const postedIds = new Set(posted.map((p) => p.id));
  const shown = [...posted, ...posts.filter((p) => !postedIds.has(p.id))];

  return (
    <div className={styles.talk}>
      <Composer onPosted={(p) => setPosted((old) => [p, ...old.filter((x) => x.id !== p.id)])} />
      {shown.length === 0 && <p className={styles.empty}>还没有农友发言，来说第一句吧</p>}
      <div className={styles.feed}>
        {shown.map((p) => (
          <FarmerPostCard key={p.id} post={p} actions={<Actions post={p} onChange={replace} />} />
        ))}
      </div>
      <p className={`${styles.more} list-note`} role="status">
        {status === 'end' ? (
          shown.length > 0 && '没有更多了'
        ) : (
          <button type="button" onClick={more} disabled={status === 'loading'}>
            {status === 'loading' ? '加载中…' : status === 'error' ? '加载失败，点击重试' : '加载更多'}
          </button>
        )}
      </p>
    </div>
  );
}
