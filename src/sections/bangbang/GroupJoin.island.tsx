/**
 * Join or leave a group (community/detail): the button shows the reader's membership; login first. The
 * server answers the same for a repeated join or leave, so a retried tap changes nothing twice.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { api } from '../../client/api.ts';
import type { Group } from '../../contract/bangbangBoard.ts';
import { requireLogin } from '../../features/login-gate/requireLogin.ts';
import { $session } from '../../stores/session.ts';
import { showToast } from '../../stores/toast.ts';

interface Props {
  groupId: number;
  memberCount: number;
}

export function GroupJoin(props: Props) {
  const session = useStore($session);
  const [joined, setJoined] = useState(false);
  const [count, setCount] = useState(props.memberCount);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!session.token) {
      setJoined(false);
      return;
    }
    void api.get<Group>('/v1/bangbang/groupownet/userInfo', { id: props.groupId }).then((res) => {
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
      const res = await api.post<{ joined: number; memberCount: number }>(joined ? '/v1/bangbang/groupownet/leave' : '/v1/bangbang/groupownet/join', { id: props.groupId });
      if (res.statusCode === 200) {
        setJoined(res.data.joined === 1);
        setCount(res.data.memberCount);
      }
      if (res.statusCode !== 301 && res.statusCode !== 302) showToast(res.message, { type: 'text', duration: 2000 });
    } catch {
      showToast('网络不给力，请稍后再试', { type: 'text', duration: 2000 });
    }
    setBusy(false);
  }

  return (
    <p style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '0.75rem' }}>
      <span data-member-count style={{ fontSize: '0.8125rem', color: 'var(--text-secondary)' }}>
        {count}位成员
      </span>
      <button
        type="button"
        onClick={() => void toggle()}
        disabled={busy}
        aria-pressed={joined}
        style={{
          minBlockSize: '2.75rem',
          minInlineSize: '6rem',
          borderRadius: '1.375rem',
          border: '1px solid var(--brand)',
          background: joined ? 'transparent' : 'var(--brand)',
          color: joined ? 'var(--brand)' : '#fff',
          fontSize: '0.9375rem',
        }}
      >
        {joined ? '退出社群' : '加入社群'}
      </button>
    </p>
  );
}
