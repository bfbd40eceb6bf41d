/**
 * The reader's membership of the group on the page, as the join button last learnt it: the member list
 * (GroupMembers island) reads the list again whenever it changes, so a join or leave shows at once.
 */
import { atom } from 'nanostores';

export interface GroupMembership {
  groupId: number;
  joined: number;
  memberCount: number;
}

export const $groupMembership = atom<GroupMembership | null>(null);

/** As many members as the group page shows (its first read on the server and every read after a join). */
export const MEMBERS_SHOWN = 20;
