/**
 * The asker's rating of a 问政's official reply: 满意 or 不满意, once. Only the asker sees it (the server
 * says so: handling.mine); the server answers the same for a repeated rating, so a retried tap changes
 * nothing twice, and refuses a second, different one.
 */
import { useEffect, useState } from 'react';
import { getByPath } from '../../client/getEndpoint.ts';
import { postByPath } from '../../client/postEndpoint.ts';
import type { PoliticsHandling, wenzhengHandling, wenzhengRate } from '../../contract/answerDesk.ts';
import { useSession } from '../../features/login-gate/useSession.ts';
import { showToast } from '../../stores/toast.ts';
import choices from '../../features/two-choices/TwoChoices.module.css';
import styles from './PoliticsRating.module.css';

interface Props {
  id: number;
}

const TEXT: Record<number, string> = { 1: '满意', 2: '不满意' };

export function PoliticsRating(props: Props) {
  const session = useSession();
  const [handling, setHandling] = useState<PoliticsHandling | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!session.token) {
      setHandling(null);
      return;
    }
    let live = true;
    void getByPath<typeof wenzhengHandling>('/v1/bangbang/wenzheng/handling', { id: props.id }).then((res) => {
      if (live && res.statusCode === 200) setHandling(res.data);
    });
    return () => {
      live = false;
    };
  }, [session.token, props.id]);

  if (!handling?.mine || handling.state !== 'replied') return null;

  async function rate(rating: 1 | 2): Promise<void> {
    if (busy) return;
    setBusy(true);
    try {
      const res = await postByPath<typeof wenzhengRate>('/v1/bangbang/wenzheng/rate', { id: props.id, rating });
      if (res.statusCode === 200) setHandling(res.data);
      showToast(res.message, { type: 'text', duration: 2000 });
    } catch {
      showToast('网络不给力，请稍后再试', { type: 'text', duration: 2000 });
    }
    setBusy(false);
  }

  if (!handling.canRate) {
    return (
      <p className={styles.done} data-politics-rating={handling.rating}>
        你的评价：<strong>{TEXT[handling.rating] ?? '—'}</strong>
      </p>
    );
  }
  return (
    <div className={choices.box} role="group" aria-label="评价部门的回复">
      <p className={choices.ask}>你对部门的回复满意吗？只能评价一次</p>
      <div className={choices.row}>
        <button type="button" className={choices.first} disabled={busy} onClick={() => void rate(1)}>
          满意
        </button>
        <button type="button" className={choices.second} disabled={busy} onClick={() => void rate(2)}>
          不满意
        </button>
      </div>
    </div>
  );
}
