/**
 * The complainant's answer to a reply (src/server/answer/complaints/complaintDesk.ts): 确认已解决, or 再次追问 once
 * with a question that passes review. Only the complainant sees the buttons (the server says so: actions.mine);
 * a repeated confirmation answers as it is, and the follow-up is keyed by one Idempotency-Key per question, so a
 * retried send writes nothing twice. Everyone sees the follow-up once it is approved.
 */
import { useEffect, useState } from 'react';
import { newIdempotencyKey } from '../../client/idempotencyKey.ts';
import { getByPath } from '../../client/getEndpoint.ts';
import { postByPath } from '../../client/postEndpoint.ts';
import {
  FOLLOW_UP_MAX,
  FOLLOW_UP_MIN,
  type ComplaintActions,
  type complaintActions,
  type complaintConfirm,
  type complaintFollowUp,
} from '../../contract/complaintDesk.ts';
import { useSession } from '../../features/login-gate/useSession.ts';
import { showToast } from '../../stores/toast.ts';
import choices from '../../features/two-choices/TwoChoices.module.css';
import styles from './ComplaintAnswer.module.css';

interface Props {
  id: number;
}

const REVIEW_NOTE: Record<string, string> = { pending: '（审核中，仅你可见）', rejected: '（未通过审核，仅你可见）', approved: '' };

export function ComplaintAnswer(props: Props) {
  const session = useSession();
  const [actions, setActions] = useState<ComplaintActions | null>(null);
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  const [text, setText] = useState('');
  const [key, setKey] = useState(newIdempotencyKey);

  async function load(): Promise<void> {
    const res = await getByPath<typeof complaintActions>('/api/complaints/actions', { id: props.id });
    if (res.statusCode === 200) setActions(res.data);
  }

  useEffect(() => {
    let live = true;
    void getByPath<typeof complaintActions>('/api/complaints/actions', { id: props.id }).then((res) => {
      if (live && res.statusCode === 200) setActions(res.data);
    });
    return () => {
      live = false;
    };
  }, [session.token, props.id]);

  if (!actions) return null;

  async function confirm(): Promise<void> {
    if (busy) return;
    setBusy(true);
    try {
      const res = await postByPath<typeof complaintConfirm>('/api/complaints/confirm', { id: props.id });
      showToast(res.message, { type: 'text', duration: 2000 });
      if (res.statusCode === 200) window.location.reload();
    } catch {
      showToast('网络不给力，请稍后再试', { type: 'text', duration: 2000 });
    }
    setBusy(false);
  }

  async function ask(): Promise<void> {
    if (busy) return;
    const content = text.trim();
    if ([...content].length < FOLLOW_UP_MIN) {
      showToast(`追问内容至少 ${FOLLOW_UP_MIN} 个字`, { type: 'text', duration: 2000 });
      return;
    }
    setBusy(true);
    try {
      const res = await postByPath<typeof complaintFollowUp>('/api/complaints/follow-up', { id: props.id, content }, { idempotencyKey: key });
      showToast(res.message, { type: 'text', duration: 2000 });
      if (res.statusCode === 200) {
        setAsking(false);
        setText('');
        setKey(newIdempotencyKey());
        await load();
      }
    } catch {
      showToast('网络不给力，请稍后再试', { type: 'text', duration: 2000 });
    }
    setBusy(false);
  }

  const followUp = actions.followUp && (
    <div className={styles.follow}>
      <p className={styles.label}>
        投诉人追问{REVIEW_NOTE[actions.followUp.reviewState]}
        <span className={styles.time}>{actions.followUp.time}</span>
      </p>
      <p className={styles.text}>{actions.followUp.content}</p>
    </div>
  );

  if (!actions.canConfirm) return followUp || null;
  return (
    <div className={choices.box}>
      {followUp}
      <div role="group" aria-label="对回复的处理">
        <p className={choices.ask}>问题解决了吗？{actions.autoCloseAt && `${actions.autoCloseAt} 前未确认，投诉将自动完结`}</p>
        <div className={choices.row}>
          <button type="button" className={choices.first} disabled={busy} onClick={() => void confirm()}>
            确认已解决
          </button>
          {actions.canFollowUp && !asking && (
            <button type="button" className={choices.second} disabled={busy} onClick={() => setAsking(true)}>
              再次追问
            </button>
          )}
        </div>
      </div>
      {asking && (
        <form
          className={styles.form}
          onSubmit={(e) => {
            e.preventDefault();
            void ask();
          }}
        >
          <label className={styles.label} htmlFor="complaint-follow-up">
            追问内容（只能追问一次）
          </label>
          <textarea
            id="complaint-follow-up"
            className={styles.input}
            rows={3}
            maxLength={FOLLOW_UP_MAX}
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder="说说还有什么没解决"
          />
          <div className={choices.row}>
            <button type="button" className={choices.second} disabled={busy} onClick={() => setAsking(false)}>
              取消
            </button>
            <button type="submit" className={choices.first} disabled={busy}>
              提交追问
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
