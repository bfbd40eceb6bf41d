/**
 * The moderation desk as tests drive it (docs/adr/018-one-review-model.md): a moderator of every area, decisions
 * through the desk's own service (src/server/moderation/desk.ts), the audit entries it handed over kept in memory.
 */
import type { Database } from '../../src/server/db/client.ts';
import { decide, type AuditEntry, type DeskDeps, type Moderator } from '../../src/server/moderation/desk.ts';

export const TEST_MODERATOR: Moderator = { staffId: 1, name: '测试审核员', areas: null, ip: '127.0.0.1' };

export function testDesk(database: Database): DeskDeps & { audited: AuditEntry[] } {
  const audited: AuditEntry[] = [];
  return {
    database,
    audited,
    audit: async (_tx, entry) => {
      audited.push(entry);
    },
  };
}

/** Approves one held item (a reader's comment by default) as the test moderator. */
export async function approveOnDesk(database: Database, itemId: number, kind = 'comment'): Promise<void> {
  await decide(testDesk(database), TEST_MODERATOR, { kind, itemId, action: 'approve' });
}
