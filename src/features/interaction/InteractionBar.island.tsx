/**
 * The like and comment bar under every detail (spec 2.6, 4, 5): a comment input that opens
 * /PublishComment (hidden when allowPl=false), the comment-count icon with its badge (blank at 0,
 * 1–99, 99+), and the like button (hidden with permission bit 8). Light or dark input type (spec 9).
 * Pages are cached anonymously, so on hydration a logged-in reader's like state is fetched.
 * The bangbang variant (`from='bang'`: a politics or Q&A item, spec 7.3) likes the item with from=bang
 * and is active only after statusCode 200; it shows no views.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { formatBadge, formatCount } from '../../lib/formatCount.ts';
import { $session } from '../../stores/session.ts';
import { showToast } from '../../stores/toast.ts';
import { decideLikeAnswer, decideLikeTap, type LikeCounts } from './decideLikeTap.ts';
import { fetchBangLikeState, fetchLikeState, likeArticle, likeBangItem } from './interactionCalls.ts';
import { requireLogin } from '../login-gate/requireLogin.ts';
import styles from './InteractionBar.module.css';
import { $liveCounts, liveCountsKey } from '../realtime/liveCountsStore.ts';

interface Props {
  classId: number;
  newsId: number;
  likeNum: number;
  commentCount: number;
  views: number;
  showLike: boolean;
  commentInput: boolean;
  /** Spec 9: the comment-input type is light or dark. */
  inputType: 'light' | 'dark';
  publishHref: string;
  /** 'bang': classId 1 politics / 2 Q&A and newsId the bangbang item. */
  from?: 'bang';
}

const TOAST_MS = 2000;

export function InteractionBar(props: Props) {
  const [counts, setCounts] = useState<LikeCounts>({ isDoLike: 0, likeNum: props.likeNum, views: props.views });
  const [comments, setComments] = useState(props.commentCount);
  const [busy, setBusy] = useState(false);
  // Issue 5: counts pushed over /sub (src/features/realtime) replace the shown ones; spec 4 lets a
  // broadcast lower a like count.
  const pushed = useStore($liveCounts)[liveCountsKey(props.classId, props.newsId)];
  useEffect(() => {
    if (!pushed) return;
    setCounts((c) => ({ ...c, likeNum: pushed.likeNum }));
    setComments(pushed.commentCount);
  }, [pushed]);

  useEffect(() => {
    if (!$session.get().token) return;
    let live = true;
    const ids = { classId: props.classId, newsId: props.newsId };
    const state =
      props.from === 'bang'
        ? fetchBangLikeState(ids).then((res) => (res.statusCode === 200 ? { isDoLike: res.data.isDoLike, likeNum: res.data.likeNum, commentCount: res.data.commentCount } : null))
        : fetchLikeState(ids).then((res) => (res.statusCode === 200 ? { isDoLike: res.data.isDoLike, likeNum: res.data.doLikeNum, commentCount: res.data.commentCount } : null));
    state.then(
      (fresh) => {
        if (!live || !fresh) return;
        setCounts((c) => ({ ...c, isDoLike: fresh.isDoLike, likeNum: fresh.likeNum }));
        setComments(fresh.commentCount);
      },
      () => {},
    );
    return () => {
      live = false;
    };
  }, [props.classId, props.newsId, props.from]);

  async function like(): Promise<void> {
    if (busy || !requireLogin()) return;
    const tap = decideLikeTap(counts.isDoLike);
    if (!tap.call) {
      showToast(tap.toast, { type: 'text', duration: TOAST_MS });
      return;
    }
    setBusy(true);
    try {
      const ids = { classId: props.classId, newsId: props.newsId };
      const res = await (props.from === 'bang' ? likeBangItem(ids) : likeArticle(ids));
      // spec 4: a news like also counts a view; a bangbang item shows no views.
      const next = decideLikeAnswer(counts, res, { countsView: props.from !== 'bang' });
      setCounts(next.counts);
      if (next.toast) showToast(next.toast, { type: 'text', duration: TOAST_MS });
    } catch {
      // spec 8: transport failures are silent; the button stays as it was.
    } finally {
      setBusy(false);
    }
  }

  const badge = formatBadge(comments);
  const dark = props.inputType === 'dark';
  return (
    <div className={dark ? `${styles.bar} ${styles.dark}` : styles.bar} role="region" aria-label="评论与点赞">
      {props.commentInput ? (
        <a className={styles.input} href={props.publishHref}>
          <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
            <path d="M4 20h4L19 9l-4-4L4 16zM14 6l4 4" fill="none" stroke="currentColor" strokeWidth="1.6" />
          </svg>
          写评论...
        </a>
      ) : (
        <span className={styles.closed}>{counts.views > 0 ? `${formatCount(counts.views)}阅读` : ''}</span>
      )}
      {props.commentInput && counts.views > 0 && <span className={styles.views}>{formatCount(counts.views)}阅读</span>}
      <a className={styles.icon} href={props.commentInput ? props.publishHref : '#comments'} aria-label={`评论 ${comments}`}>
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
          <path d="M4 5h16v11H9l-5 4z" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" />
        </svg>
        {badge && <span className={styles.badge}>{badge}</span>}
      </a>
      {props.showLike && (
        <button
          type="button"
          className={counts.isDoLike === 1 ? `${styles.icon} ${styles.liked}` : styles.icon}
          aria-pressed={counts.isDoLike === 1}
          aria-label={counts.isDoLike === 1 ? `已点赞 ${counts.likeNum}` : `点赞 ${counts.likeNum}`}
          onClick={() => void like()}
        >
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
            <path
              d="M7 10v10H4V10zM7 10l4-7c1.5 0 2.5 1 2.2 2.6L12.6 9H19a2 2 0 0 1 2 2.3l-1.3 7A2 2 0 0 1 17.7 20H7"
              fill={counts.isDoLike === 1 ? 'currentColor' : 'none'}
              stroke="currentColor"
              strokeWidth="1.6"
              strokeLinejoin="round"
            />
          </svg>
          <span className={styles.count}>{counts.likeNum > 0 ? formatCount(counts.likeNum) : '赞'}</span>
        </button>
      )}
    </div>
  );
}
