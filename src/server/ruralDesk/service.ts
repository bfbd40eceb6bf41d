/**
 * The 裕农 desk (docs/security.md "Section desks"): the section's editors pin 农友说 posts
 * (置顶: they lead the board, latest pin first, at most RURAL_PIN_MAX) and take pins down. Each change is
 * one transaction with its audit row; taking a pin down undoes it.
 */
import { RURAL_PIN_MAX } from '../../contract/ruralDesk.ts';
import { formatBeijingTime } from '../../lib/formatTime.ts';
import type { AuditEntry } from '../audit/repo.ts';
import type { Database, Tx } from '../db/client.ts';
import { profilesRepo } from '../profiles/repo.ts';
import { refuse } from '../staff/console.ts';
import { countPinnedRepo, listDeskPostsRepo, lockDeskPostRepo, setPinnedRepo } from './repo.ts';

export type Audit = (tx: Tx, entry: Omit<AuditEntry, 'staffId' | 'staffName' | 'ip'>) => Promise<void>;

export const RURAL_DESK_MESSAGES = {
  postMissing: '帖子不存在或已删除',
  notApproved: '帖子尚未通过审核，不能置顶',
  tooMany: `农友说至多同时置顶 ${RURAL_PIN_MAX} 条，请先取消一条置顶`,
} as const;

export async function listPosts(database: Database, keyword: string | undefined, page: number) {
  const rows = await listDeskPostsRepo(database.db, keyword, page, 20);
  const profiles = await profilesRepo(database.db, [...new Set(rows.map((r) => r.userId))]);
  return {
    pinMax: RURAL_PIN_MAX,
    items: rows.map((r) => ({
      id: r.id,
      nickname: profiles.get(r.userId)?.nickname ?? '农友',
      content: r.content,
      pictureCount: r.pictures.length,
      district: r.district,
      likeNum: r.likeNum,
      commentCount: r.commentCount,
      createTime: formatBeijingTime(r.createdAt),
      pinned: r.pinnedAt !== null,
      pinTime: r.pinnedAt ? formatBeijingTime(r.pinnedAt) : '',
    })),
  };
}

export async function setPinned(database: Database, input: { id: number; pinned: boolean }, audit: Audit) {
  const out = await database.write(async (tx) => {
    const pinCount = input.pinned ? await countPinnedRepo(tx) : 0;
    const before = await lockDeskPostRepo(tx, input.id);
    if (!before) throw refuse(RURAL_DESK_MESSAGES.postMissing);
    if ((before.pinnedAt !== null) === input.pinned) return { pinned: input.pinned };
    if (input.pinned && before.reviewState !== 'approved') throw refuse(RURAL_DESK_MESSAGES.notApproved);
    if (input.pinned && pinCount >= RURAL_PIN_MAX) throw refuse(RURAL_DESK_MESSAGES.tooMany);
    const after = await setPinnedRepo(tx, input.id, input.pinned ? new Date() : null);
    await audit(tx, {
      action: input.pinned ? 'rural.pin' : 'rural.unpin',
      itemKind: 'ruralPost',
      itemId: input.id,
      before: { pinned: before.pinnedAt !== null },
      after: { pinned: after.pinnedAt !== null },
    });
    return { pinned: after.pinnedAt !== null };
  });
  return out;
}
