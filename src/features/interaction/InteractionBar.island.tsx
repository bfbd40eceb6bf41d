/**
 * The like and comment bar under every detail (spec 2.6, 4, 5, 8), a React island (ADR 011) hydrated by
 * `client:afterload`: server-rendered with the markup and roles it always had, so nothing moves when it hydrates.
 * - The reader comes from `useSession()`: a token arriving late from the app, a login in another tab or a
 *   refreshed token asks the reader's like state (the page is cached anonymously); a logout shows the bar as
 *   anyone sees it — all without a reload.
 * - Like (spec 4, 8): login gate; already liked → 你已经点过赞了 with no call; otherwise the call, and on
 *   statusCode 200 the server's message with likes (and, for news, views) +1; bangbang items turn active only
 *   after statusCode 200. Transport failures are silent.
 * - Counts pushed over /sub (`$liveCounts`) replace the shown ones; spec 4 lets a broadcast lower a like count.
 * - A like sent with no answer at all (a tunnel, a lift) waits in the outbox (ADR 032) and goes out again when the
 *   network returns; the button says 发送中…, then 已发送, or 发送失败，点击重试 (a tap sends it again).
 * The API client loads on first use.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { formatBadge, formatCount } from '../../lib/formatCount.ts';
import { showToast } from '../../stores/toast.ts';
import { requireLogin } from '../login-gate/requireLogin.ts';
import { bangRoomClass } from '../../contract/bangbangRooms.ts';
import { $liveCounts, liveCountsKey } from '../realtime/liveCountsStore.ts';
import { decideLikeAnswer, decideLikeTap, queuedLikeToast, type LikeAnswer, type LikeCounts } from './decideLikeTap.ts';
import { useSession } from '../login-gate/useSession.ts';
import { useOutbox, type OutboxItem } from '../outbox/useOutbox.ts';

const TOAST_MS = 2000;
/** A short text toast, when there is something to say. */
const toast = (text: string | null): void => void (text && showToast(text, { type: 'text', duration: TOAST_MS }));

/** What the like button says of a like in the outbox (ADR 032), in place of its count. */
const QUEUED_TEXT: Record<OutboxItem['state'], string> = { sending: '发送中…', sent: '已发送', failed: '发送失败，点击重试' };

export interface InteractionBarProps {
  classId: number;
  newsId: number;
  likeNum: number;
  commentCount: number;
  views: number;
  showLike: boolean;
  commentInput: boolean;
  /** False when the item's comments are hidden (spec 5 pl): no comment icon leads to a list that is not there. */
  showComments?: boolean | undefined;
  /** Spec 9: the comment-input type is light or dark. */
  inputType: 'light' | 'dark';
  publishHref: string;
  /** 'bang': classId 1 politics / 2 Q&A and newsId the bangbang item. */
  from?: 'bang' | undefined;
}

export function InteractionBar(props: InteractionBarProps) {
  const { classId, newsId, showLike, commentInput, inputType, publishHref, from } = props;
  const bang = from === 'bang';
  const [counts, setCounts] = useState<LikeCounts>({ isDoLike: 0, likeNum: props.likeNum, views: props.views });
  const [comments, setComments] = useState(props.commentCount);
  const busy = useRef(false);
  const { token, userId } = useSession();
  const countsView = !bang;
  // One queued like per reader and item: the key names both (a like is once per reader and target, security.md row 99).
  const likeKey = `like-${userId}-${bang ? 'b' : 'n'}${classId}-${newsId}`;
  const outbox = useOutbox(`like:${bang ? 'bang' : 'news'}:${classId}:${newsId}`, {
    onSent: (_entry, answer) => {
      setCounts((c) => decideLikeAnswer(c, answer as LikeAnswer, { countsView }).counts);
      toast(queuedLikeToast(answer as LikeAnswer));
    },
    onRefused: (_entry, message, answer) => toast(queuedLikeToast(answer as LikeAnswer | undefined, message)),
  });
  const queued = outbox.items[0];
  // A bangbang item's counts come on its own room class (contract/bangbangRooms.ts), not classid 1 / 2.
  const pushed = useStore($liveCounts)[liveCountsKey(bang ? bangRoomClass(classId) : classId, newsId)];

  useEffect(() => {
    if (!pushed) return;
    setCounts((c) => ({ ...c, likeNum: pushed.likeNum }));
    setComments(pushed.commentCount);
  }, [pushed]);

  useEffect(() => {
    if (!token) {
      setCounts((c) => (c.isDoLike === 0 ? c : { ...c, isDoLike: 0 }));
      return;
    }
    let live = true;
    void (async () => {
      try {
        const calls = await import('./interactionCalls.ts');
        const ids = { classId, newsId };
        const fresh = bang
          ? await calls
              .fetchBangLikeState(ids)
              .then((res) => (res.statusCode === 200 ? { isDoLike: res.data.isDoLike, likeNum: res.data.likeNum, commentCount: res.data.commentCount } : null))
          : await calls
              .fetchLikeState(ids)
              .then((res) =>
                res.statusCode === 200 ? { isDoLike: res.data.isDoLike, likeNum: res.data.doLikeNum, commentCount: res.data.commentCount } : null,
              );
        if (!fresh || !live) return;
        setCounts((c) => ({ ...c, isDoLike: fresh.isDoLike, likeNum: fresh.likeNum }));
        setComments(fresh.commentCount);
        // ADR 012: reading an article earns points; said in a short toast only when points were paid.
        if (!bang) {
          void calls
            .earnReadPoints(ids)
            .then(
              (res) =>
                res.statusCode === 200 &&
                res.data.awarded === 1 &&
                showToast(`阅读文章 +${res.data.points} 积分`, { type: 'text', duration: TOAST_MS, notice: true }),
            )
            .catch(() => {});
        }
      } catch {
        // Silent by spec 8: the bar keeps the counts it was rendered with.
      }
    })();
    return () => {
      live = false;
    };
  }, [token, classId, newsId, bang]);

  async function like(): Promise<void> {
    if (busy.current) return;
    if (queued) {
      // Waiting already: a tap on a given-up like sends it again (same key); one on its way does nothing.
      if (queued.state === 'failed') outbox.retry(queued.id);
      return;
    }
    busy.current = true;
    try {
      if (!requireLogin()) return;
      const tap = decideLikeTap(counts.isDoLike);
      if (!tap.call) {
        toast(tap.toast);
        return;
      }
      const calls = await import('./interactionCalls.ts');
      const ids = { classId, newsId };
      try {
        const res = await calls.likeItem(ids, bang, likeKey);
        // spec 4: a news like also counts a view; a bangbang item shows no views.
        const next = decideLikeAnswer(counts, res, { countsView });
        setCounts(next.counts);
        toast(next.toast);
      } catch (error) {
        // No answer at all: the outbox keeps the like and sends it when the network returns.
        if (calls.isNoAnswer(error)) await outbox.queue({ id: likeKey, kind: 'like', label: '点赞', path: calls.LIKE_PATH, body: calls.likeBody(ids, bang) });
      }
    } catch {
      // spec 8: other failures are silent; the button stays as it was.
    } finally {
      busy.current = false;
    }
  }

  const { isDoLike, likeNum, views } = counts;
  const liked = isDoLike === 1;
  const badge = formatBadge(comments);
  const viewsText = views > 0 ? `${formatCount(views)}阅读` : '';
  return (
    <div className={inputType === 'dark' ? 'bar dark' : 'bar'} role="region" aria-label="评论与点赞" data-interaction-bar="">
      {commentInput ? (
        <a className="input" href={publishHref}>
          <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
            <path d="M4 20h4L19 9l-4-4L4 16zM14 6l4 4" fill="none" stroke="currentColor" strokeWidth="1.6" />
          </svg>
          写评论...
        </a>
      ) : (
        <span className="closed">{viewsText}</span>
      )}
      {commentInput && (
        <span className="views" hidden={views <= 0}>
          {viewsText}
        </span>
      )}
      {(commentInput || props.showComments !== false) && (
        <a className="icon" href={commentInput ? publishHref : '#comments'} aria-label={`评论 ${comments}`}>
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
            <path d="M4 5h16v11H9l-5 4z" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" />
          </svg>
          <span className="badge" hidden={badge === ''}>
            {badge}
          </span>
        </a>
      )}
      {showLike && (
        <button
          type="button"
          className="icon like"
          aria-pressed={liked}
          aria-label={`${liked ? '已点赞' : '点赞'} ${queued ? QUEUED_TEXT[queued.state] : likeNum > 0 ? formatCount(likeNum) : 0}`}
          data-outbox-state={queued?.state}
          data-like=""
          onClick={() => void like()}
        >
          <svg className="thumb" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
            <path
              d="M7 10v10H4V10zM7 10l4-7c1.5 0 2.5 1 2.2 2.6L12.6 9H19a2 2 0 0 1 2 2.3l-1.3 7A2 2 0 0 1 17.7 20H7"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.6"
              strokeLinejoin="round"
            />
          </svg>
          <span className="count" aria-live="polite">
            {queued ? QUEUED_TEXT[queued.state] : likeNum > 0 ? formatCount(likeNum) : '赞'}
          </span>
        </button>
      )}
    </div>
  );
}
