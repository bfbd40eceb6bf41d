/**
 * The essay's likes, comments and reports (spec 4, 5, 7.5): the like button (once per reader; a
 * second tap is answered 你已经点过赞了), the comment box (draft kept in session storage until it is
 * sent, one Idempotency-Key per draft so a retry after a lost answer posts once), replies, the comments
 * (first page server-rendered; paging to 没有更多了) and the report sheet (the composition Q&A variant:
 * id, isTitle, type 7, replayId, content). Counts follow the essay's `/sub` room through $liveCounts.
 */
import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useId, useState } from 'react';
import type { EssayComment, likeEssay, listComments, reportEssay, storeComment } from '../../contract/composition.ts';
import { COMMENT_MAX, COMPOSITION_DATA_TYPE, COMPOSITION_ROOM_CLASS } from '../../contract/compositionRules.ts';
import type { reportContent } from '../../contract/interaction.ts';
import { getByPath } from '../../client/getEndpoint.ts';
import { postByPath } from '../../client/postEndpoint.ts';
import { tabStorage } from '../../client/storage.ts';
import { FeedFooter } from '../../features/feed/FeedFooter.tsx';
import type { FeedStatus } from '../../features/feed/usePagedFeed.ts';
import { requireLogin } from '../../features/login-gate/requireLogin.ts';
import { $liveCounts, liveCountsKey } from '../../features/realtime/liveCountsStore.ts';
import { formatCount } from '../../lib/formatCount.ts';
import { showToast } from '../../stores/toast.ts';
import { commentsHref, reviewStateLabel } from './compositionLinks.ts';
import { reviewStateText } from '../../lib/reviewStateText.ts';
import bottomSheet from '../../features/popup/BottomSheet.module.css';
import styles from './EssayInteraction.module.css';
import { FormAlert } from '../../features/form-alert/FormAlert.tsx';
import { newIdempotencyKey } from '../../client/idempotencyKey.ts';
import { useSession } from '../../features/login-gate/useSession.ts';
import { decideReportButton, toggleReason } from '../../features/interaction/decideReportButton.ts';
import { messageForFailure } from '../../client/apiClient.ts';

interface Props {
  essayId: number;
  title: string;
  likeNum: number;
  liked: boolean;
  commentCount: number;
  /** Comments may be written, liked and reported only on a published essay. */
  open: boolean;
  initial: EssayComment[];
  pageSize: number;
  /** 'detail': the first comments and a link to all; 'all': the whole list, paged. */
  mode: 'detail' | 'all';
}

const TOAST_MS = 2000;
const toast = (message: string) => showToast(message, { type: 'text', duration: TOAST_MS });

type ReportTarget = { isTitle: 1 } | { isTitle: 0; comment: EssayComment };

export function EssayInteraction({ essayId, title, likeNum, liked: likedAtFirst, commentCount, open, initial, pageSize, mode }: Props) {
  const session = useSession();
  const live = useStore($liveCounts)[liveCountsKey(COMPOSITION_ROOM_CLASS, essayId)];
  const [likes, setLikes] = useState({ liked: likedAtFirst, count: likeNum });
  const [count, setCount] = useState(commentCount);
  const [comments, setComments] = useState(initial);
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<FeedStatus>(initial.length < pageSize ? 'end' : 'idle');
  const [reply, setReply] = useState<EssayComment | null>(null);
  const draftKey = `compositionDraft:${essayId}:${reply?.id ?? 0}`;
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState('');
  const [report, setReport] = useState<{ target: ReportTarget; reasons: string[] } | null>(null);
  const boxId = useId();
  const closeReport = useCallback(() => setReport(null), []);

  // Spec 4: the report popup opens after its reasons are fetched (a new sheet, so no earlier choice);
  // spec 8: when that call is not 200, no options are loaded and the sheet stays shut.
  const openReport = async (target: ReportTarget) => {
    if (!requireLogin()) return;
    try {
      const res = await getByPath<typeof reportContent>('/v1/comment/reportContent');
      if (res.statusCode === 200 && res.data) setReport({ target, reasons: res.data.type });
      else if (res.message) toast(res.message);
    } catch {
      // The client already showed the network or server error.
    }
  };

  // Live counts from the essay's room replace the shown ones (spec 4: a count only goes down by a push).
  useEffect(() => {
    if (!live) return;
    setLikes((old) => ({ ...old, count: live.likeNum }));
    setCount(live.commentCount);
  }, [live]);

  // The draft of this essay (and reply target) survives a reload until it is sent.
  useEffect(() => {
    setText(tabStorage.getItem(draftKey) ?? '');
  }, [draftKey]);

  // A logged-in reader's own view of the first comments (their comments waiting for review show too).
  useEffect(() => {
    if (!session.token) return;
    let stale = false;
    void getByPath<typeof listComments>('/v1/composition/comment/list', { id: essayId, page: 1, pageSize })
      .then((res) => {
        if (stale || res.statusCode !== 200 || !Array.isArray(res.data)) return;
        const fresh = res.data;
        setComments((old) => [...fresh, ...old.filter((c) => !fresh.some((f) => f.id === c.id))]);
      })
      .catch(() => undefined);
    return () => {
      stale = true;
    };
  }, [session.token, essayId, pageSize]);

  const onLike = useCallback(async () => {
    if (!requireLogin()) return;
    try {
      const res = await postByPath<typeof likeEssay>('/v1/composition/like', { id: essayId });
      if (res.statusCode === 200 && res.data) setLikes({ liked: true, count: res.data.likeNum });
      else if (res.statusCode === 100) {
        setLikes((old) => ({ ...old, liked: true }));
        toast(res.message);
      } else if (res.statusCode !== 301 && res.statusCode !== 302) toast(res.message);
    } catch {
      // The client already showed the network or server error.
    }
  }, [essayId]);

  const onText = (value: string) => {
    setText(value);
    setProblem('');
    tabStorage.setItem(draftKey, value);
  };

  const onSend = async () => {
    if (!requireLogin()) return;
    const content = text.trim();
    if (content === '') return setProblem('请输入评论内容');
    if (Array.from(content).length > COMMENT_MAX) return setProblem(`评论不能超过 ${COMMENT_MAX} 个字`);
    // One key per draft text: a retry of the same text after a lost answer is answered, not written twice.
    const keyName = `${draftKey}:key:${content}`;
    const key = tabStorage.getItem(keyName) ?? newIdempotencyKey();
    tabStorage.setItem(keyName, key);
    setSending(true);
    try {
      const res = await postByPath<typeof storeComment>(
        '/v1/composition/comment/store',
        { id: essayId, content, replayId: reply?.id ?? 0 },
        { idempotencyKey: key },
      );
      if (res.statusCode === 200 && res.data) {
        const added = res.data;
        setComments((old) => [added, ...old.filter((c) => c.id !== added.id)]);
        if (added.reviewState === 'approved') setCount((n) => n + 1);
        tabStorage.removeItem(draftKey);
        tabStorage.removeItem(keyName);
        setText('');
        setReply(null);
        toast(res.message);
      } else if (res.statusCode !== 301 && res.statusCode !== 302) setProblem(res.message);
    } catch {
      setProblem('发送失败，请重试（内容已保留）');
    } finally {
      setSending(false);
    }
  };

  const loadMore = async () => {
    if (status === 'loading' || status === 'end') return;
    setStatus('loading');
    try {
      const res = await getByPath<typeof listComments>('/v1/composition/comment/list', { id: essayId, page: page + 1, pageSize });
      if (res.statusCode !== 200 || !Array.isArray(res.data)) return setStatus('error');
      const next = res.data;
      setPage(page + 1);
      setComments((old) => [...old, ...next.filter((c) => !old.some((o) => o.id === c.id))]);
      setStatus(next.length < pageSize ? 'end' : 'idle');
    } catch {
      setStatus('error');
    }
  };

  return (
    <section className={styles.box} aria-label="点赞与评论">
      {open && (
        <div className={styles.bar}>
          <button
            type="button"
            className={`${styles.like} tap-inline`}
            aria-pressed={likes.liked}
            onClick={() => void onLike()}
            aria-label={likes.liked ? `已点赞，${likes.count} 个赞` : `点赞，${likes.count} 个赞`}
          >
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path
                d="M2 10h4v11H2zm6 11V10l5-8c2 0 3 1 3 3l-1 4h6c1 0 2 1 2 2l-2 8c0 1-1 2-2 2z"
                fill={likes.liked ? '#d7000f' : 'none'}
                stroke={likes.liked ? '#d7000f' : '#555'}
                strokeWidth="1.6"
              />
            </svg>
            <span>{likes.count > 0 ? formatCount(likes.count) : '赞'}</span>
          </button>
          <span className={styles.count}>评论 {formatCount(count)}</span>
          <button type="button" className={`${styles.report} tap-inline`} onClick={() => void openReport({ isTitle: 1 })}>
            举报
          </button>
        </div>
      )}
      <h2 className={styles.h}>评论（{formatCount(count)}）</h2>
      {open ? (
        <div className={styles.composer}>
          {reply && (
            <p className={styles.replying}>
              回复 {reply.nickname}
              <button type="button" onClick={() => setReply(null)}>
                取消回复
              </button>
            </p>
          )}
          <label htmlFor={boxId} className={styles.sr}>
            {reply ? `回复 ${reply.nickname}` : `评论《${title}》`}
          </label>
          <textarea
            id={boxId}
            value={text}
            maxLength={COMMENT_MAX * 2}
            rows={3}
            placeholder={reply ? `回复 ${reply.nickname}…` : '说说你的读后感…'}
            onChange={(e) => onText(e.target.value)}
          />
          <FormAlert className={styles.problem} message={problem} />
          <button type="button" className={styles.send} disabled={sending} onClick={() => void onSend()}>
            {sending ? '发送中…' : '发表评论'}
          </button>
        </div>
      ) : (
        <p className={styles.closed}>作文审核通过后才能评论</p>
      )}
      {comments.length === 0 && <p className={styles.empty}>还没有评论，来说两句吧</p>}
      <ul className={styles.list}>
        {comments.map((c) => (
          <li key={c.id} data-comment-id={c.id}>
            <p className={styles.who}>
              <strong>{c.nickname}</strong>
              {c.replyNickname && <span> 回复 {c.replyNickname}</span>}
              {reviewStateLabel(c.reviewState) && <em className={styles.state}>{reviewStateText(c.reviewState, c.rejectReason)}</em>}
            </p>
            <p className={styles.text}>{c.content}</p>
            <p className={styles.meta}>
              <span>{c.createTime}</span>
              {open && c.reviewState === 'approved' && (
                <>
                  <button type="button" onClick={() => setReply(c)}>
                    回复
                  </button>
                  <button type="button" onClick={() => void openReport({ isTitle: 0, comment: c })}>
                    举报
                  </button>
                </>
              )}
            </p>
          </li>
        ))}
      </ul>
      {mode === 'detail' &&
        (count > comments.length ? (
          <a className={styles.all} href={commentsHref(essayId)}>
            查看全部 {count} 条评论 ›
          </a>
        ) : (
          // Every comment is already here: say so, as the full comment page does at its end.
          comments.length > 0 && <p className="list-note">没有更多了</p>
        ))}
      {mode === 'all' && comments.length > 0 && <FeedFooter status={status} onMore={() => void loadMore()} />}
      {report && <ReportSheet essayId={essayId} target={report.target} reasons={report.reasons} onClose={closeReport} />}
    </section>
  );
}

/**
 * The report sheet (spec 4): its one button reads 取消 with no reason chosen and 提交举报 once one is; it
 * closes after a successful report (举报成功), and on any other answer the server's message shows in the
 * sheet, which stays open (spec 8).
 */
function ReportSheet({ essayId, target, reasons, onClose }: { essayId: number; target: ReportTarget; reasons: readonly string[]; onClose: () => void }) {
  const [chosen, setChosen] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');
  const headingId = useId();
  const cancels = decideReportButton(chosen) === '取消';

  const submit = async () => {
    if (chosen.length === 0) return onClose();
    setBusy(true);
    setFailure('');
    try {
      const body = {
        id: essayId,
        isTitle: target.isTitle,
        type: COMPOSITION_DATA_TYPE,
        replayId: target.isTitle === 0 ? target.comment.id : 0,
        content: chosen.join(','),
      } as const;
      const res = await postByPath<typeof reportEssay>('/v1/composition/report', body);
      if (res.statusCode === 200) {
        toast(res.message);
        onClose();
      } else if (res.statusCode !== 301 && res.statusCode !== 302) setFailure(res.message);
    } catch (error) {
      setFailure(messageForFailure(error, '网络不给力，请稍后再试') ?? '');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={bottomSheet.mask} role="presentation" onClick={(e) => e.target === e.currentTarget && onClose()}>
      <div className={`${bottomSheet.sheet} ${styles.sheet}`} role="dialog" aria-modal="true" aria-labelledby={headingId}>
        <h3 id={headingId}>{target.isTitle === 1 ? '举报这篇作文' : `举报 ${target.comment.nickname} 的评论`}</h3>
        <fieldset>
          <legend className={styles.sr}>举报理由</legend>
          {reasons.map((reason) => (
            <label key={reason} className={styles.reason}>
              <input type="checkbox" checked={chosen.includes(reason)} onChange={() => setChosen((old) => toggleReason(reasons, old, reason))} />
              {reason}
            </label>
          ))}
        </fieldset>
        <FormAlert className={styles.problem} message={failure} />
        <div className={styles.actions}>
          <button type="button" className={cancels ? undefined : styles.primary} disabled={busy} onClick={() => void submit()}>
            {cancels ? '取消' : busy ? '提交中…' : '提交举报'}
          </button>
        </div>
      </div>
    </div>
  );
}
