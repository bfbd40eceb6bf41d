/**
 * The audit trail (ADR 017): rows are appended, never changed. This file has no update or
 * delete on `audit_log`, and the database refuses them anyway (migration 0016's trigger).
 */
import { and, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { auditLog } from '../db/schema/staff.ts';

export interface AuditEntry {
  /** The acting person; null for the command line (`npm run staff`). */
  staffId: number | null;
  /** Their name at the time (the command line: 命令行). */
  staffName: string;
  /** What was done, e.g. `staff.signIn`, `staff.role`, `identity.approve`, `moderation.reject`. */
  action: string;
  /** The kind of item it was done to (`staff`, `bangMember`, a moderation kind …) and its id. */
  itemKind: string;
  itemId: string | number;
  before?: unknown;
  after?: unknown;
  reason?: string;
  ip?: string;
}

/** Appends one row, in the caller's transaction (so the action and its record land together or not at all). */
/** A desk's audit writer: the row's what, in the write's transaction; the console adds who and from where (ConsoleContext.audit). */
export type DeskAudit = (tx: Tx, entry: Omit<AuditEntry, 'staffId' | 'staffName' | 'ip'>) => Promise<void>;

export async function appendAudit(db: Db | Tx, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    staffId: entry.staffId,
    staffName: entry.staffName,
    action: entry.action,
    itemKind: entry.itemKind,
    itemId: String(entry.itemId),
    before: entry.before ?? null,
    after: entry.after ?? null,
    reason: entry.reason ?? '',
    ip: entry.ip ?? '',
  });
}

export interface AuditQuery {
  staffId?: number | undefined;
  itemKind?: string | undefined;
  itemId?: string | undefined;
  /** From this instant (inclusive) … */
  from?: Date | undefined;
  /** … to this one (exclusive). */
  to?: Date | undefined;
  /** Rows older than this id (keyset paging, newest first). */
  beforeId?: number | undefined;
  limit: number;
}

export type AuditRow = typeof auditLog.$inferSelect;

/** Newest first; the search of the admin's 操作记录 page. */
export async function searchAudit(db: Db, q: AuditQuery): Promise<AuditRow[]> {
  const where: SQL[] = [];
  if (q.staffId !== undefined) where.push(eq(auditLog.staffId, q.staffId));
  if (q.itemKind !== undefined) where.push(eq(auditLog.itemKind, q.itemKind));
  if (q.itemId !== undefined) where.push(eq(auditLog.itemId, q.itemId));
  if (q.from !== undefined) where.push(gte(auditLog.at, q.from));
  if (q.to !== undefined) where.push(lt(auditLog.at, q.to));
  if (q.beforeId !== undefined) where.push(lt(auditLog.id, q.beforeId));
  return db
    .select()
    .from(auditLog)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(auditLog.id))
    .limit(q.limit);
}
