/**
 * Join or leave a group (community/detail): the button shows the reader's membership; login first. The
 * server answers the same for a repeated join or leave, so a retried tap changes nothing twice.
 */
import { useEffect, useState } from 'react';
import { getByPath } from '../../client/getEndpoint.ts';
import { postByPath } from '../../client/postEndpoint.ts';
import type { groupownetJoin, groupownetLeave, groupownetUserInfo } from '../../contract/bangbangBoard.ts';
import { requireLogin } from '../../features/login-gate/requireLogin.ts';
import { showToast } from '../../stores/toast.ts';
import styles from './GroupJoin.module.css';
import { useSession } from '../../features/login-gate/useSession.ts';
import { $groupMembership } from './groupMembership.ts';

interface Props {
  groupId: number;
  memberCount: number;
}

export function GroupJoin(props: Props) {
  const session = useSession();
  const [joined, setJoined] = useState(false);
  const [count, setCount] = useState(props.memberCount);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!session.token) {
      setJoined(false);
      return;
    }
    void getByPath<typeof groupownetUserInfo>('/v1/bangbang/groupownet/userInfo', { id: props.groupId }).then((res) => {
      if (res.statusCode === 200) {
        setJoined(res.data.joined === 1);
        setCount(res.data.memberCount);
      }
    });
  }, [session.token, props.groupId]);

  async function toggle(): Promise<void> {
    if (busy || !requireLogin()) return;
    setBusy(true);
    try {
      const res = await (joined
        ? postByPath<typeof groupownetLeave>('/v1/bangbang/groupownet/leave', { id: props.groupId })
        : postByPath<typeof groupownetJoin>('/v1/bangbang/groupownet/join', { id: props.groupId }));
      if (res.statusCode === 200) {
        setJoined(res.data.joined === 1);
        setCount(res.data.memberCount);
        // The member list reads itself again (GroupMembers island).
        $groupMembership.set({ groupId: props.groupId, joined: res.data.joined, memberCount: res.data.memberCount });
      }
      if (res.statusCode !== 301 && res.statusCode !== 302) showToast(res.message, { type: 'text', duration: 2000 });
    } catch {
      showToast('网络不给力，请稍后再试', { type: 'text', duration: 2000 });
    }
    setBusy(false);
  }

  return (
    <p className={styles.row}>
      <span data-member-count className={styles.count}>
        {count}位成员
      </span>
      <button type="button" onClick={() => void toggle()} disabled={busy} aria-pressed={joined} className={styles.join}>
        {joined ? '退出社群' : '加入社群'}
      </button>
    </p>
  );
}
