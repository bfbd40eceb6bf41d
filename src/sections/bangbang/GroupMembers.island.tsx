/**
 * A group's members (community/detail, spec 2.7; 7.6 groupownet/userlist): rendered on the server, read
 * again after the reader joins or leaves (the join button's `$groupMembership`), so the reader sees
 * themselves in the list, or gone from it, without a reload.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { getByPath } from '../../client/getEndpoint.ts';
import type { GroupMember, groupownetUserlist } from '../../contract/bangbangBoard.ts';
import { safeUrl } from '../../lib/safeUrl.ts';
import { $groupMembership, MEMBERS_SHOWN } from './groupMembership.ts';
import styles from './GroupMembers.module.css';

interface Props {
  groupId: number;
  members: GroupMember[];
}

export function GroupMembers(props: Props) {
  const membership = useStore($groupMembership, { ssr: 'initial' });
  const [members, setMembers] = useState(props.members);

  useEffect(() => {
    if (!membership || membership.groupId !== props.groupId) return;
    let current = true;
    void getByPath<typeof groupownetUserlist>('/v1/bangbang/groupownet/userlist', { id: props.groupId, pageSize: MEMBERS_SHOWN })
      .then((res) => {
        if (current && res.statusCode === 200) setMembers(res.data);
      })
      .catch(() => {
        // The list stays as it was; the count beside the button is already right.
      });
    return () => {
      current = false;
    };
  }, [membership, props.groupId]);

  return (
    <ul className={styles.members} data-group-members>
      {members.map((m) => {
        const avatar = safeUrl(m.userPic);
        return (
          <li key={m.userId}>
            {avatar ? (
              <img className={styles.avatar} src={avatar} width="40" height="40" alt="" loading="lazy" />
            ) : (
              <span className={styles.avatar} aria-hidden="true">
                {[...m.nickname][0] ?? '友'}
              </span>
            )}
            <span className={styles.name}>{m.nickname}</span>
            {m.roleName && <span className={styles.role}>{m.roleName}</span>}
          </li>
        );
      })}
    </ul>
  );
}
