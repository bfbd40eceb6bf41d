/**
 * The 作文 desk's data access: every live essay as the section's editors see it (any review state, with
 * the assigned teacher's review), the picks and the ranking exclusion, and every teacher (verified or not).
 */
import { and, asc, desc, eq, ilike, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { compositionEssays as E, compositionSchools, compositionTeachers } from '../db/schema/composition.ts';
import type { ESSAY_DESK_FILTERS } from '../../contract/compositionDesk.ts';

type Q = Db | Tx;

export type DeskEssayRow = typeof E.$inferSelect;
export type DeskTeacherRow = typeof compositionTeachers.$inferSelect;

function likePattern(word: string): string {
  return `%${word.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
}

export async function listDeskEssaysRepo(
  db: Q,
  q: { filter: (typeof ESSAY_DESK_FILTERS)[number]; keyword: string | undefined; page: number; pageSize: number },
) {
  const where: SQL[] = [isNull(E.deletedAt)];
  if (q.filter === 'pending') where.push(eq(E.reviewState, 'pending'));
  if (q.filter === 'recommend') where.push(eq(E.isRecommend, true));
  if (q.filter === 'newspaper') where.push(ne(E.newspaperEdition, ''));
  if (q.filter === 'excluded') where.push(ne(E.rankExcludedReason, ''));
  if (q.keyword !== undefined) {
    const p = likePattern(q.keyword);
    where.push(or(ilike(E.title, p), ilike(E.studentName, p), ilike(compositionSchools.name, p))!);
  }
  return db
    .select({
      essay: E,
      schoolName: sql<string>`coalesce(${compositionSchools.name}, '')`,
      teacherName: sql<string>`coalesce(${compositionTeachers.name}, '')`,
    })
    .from(E)
    .leftJoin(compositionSchools, eq(compositionSchools.id, E.schoolId))
    .leftJoin(compositionTeachers, eq(compositionTeachers.id, E.teacherId))
    .where(and(...where))
    .orderBy(desc(E.createdAt), desc(E.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
}

export async function lockDeskEssayRepo(tx: Tx, id: number): Promise<DeskEssayRow | null> {
  const rows = await tx
    .select()
    .from(E)
    .where(and(eq(E.id, id), isNull(E.deletedAt)))
    .for('update')
    .limit(1);
  return rows[0] ?? null;
}

export async function updateDeskEssayRepo(
  tx: Tx,
  id: number,
  set: Partial<Pick<DeskEssayRow, 'isRecommend' | 'newspaperEdition' | 'newspaperDate' | 'rankExcludedReason'>>,
): Promise<DeskEssayRow> {
  const rows = await tx.update(E).set(set).where(eq(E.id, id)).returning();
  return rows[0]!;
}

export async function listDeskTeachersRepo(db: Q) {
  return (
    db
      .select({ teacher: compositionTeachers, schoolName: sql<string>`coalesce(${compositionSchools.name}, '')` })
      .from(compositionTeachers)
      .leftJoin(compositionSchools, eq(compositionSchools.id, compositionTeachers.schoolId))
      // Those waiting for a decision first, then as the section lists them.
      .orderBy(asc(compositionTeachers.verified), asc(compositionTeachers.sort), asc(compositionTeachers.id))
  );
}

export async function lockTeacherRepo(tx: Tx, id: number): Promise<DeskTeacherRow | null> {
  const rows = await tx.select().from(compositionTeachers).where(eq(compositionTeachers.id, id)).for('update').limit(1);
  return rows[0] ?? null;
}

export async function updateTeacherRepo(tx: Tx, id: number, set: { verified: boolean; verifyReason: string }): Promise<DeskTeacherRow> {
  const rows = await tx.update(compositionTeachers).set(set).where(eq(compositionTeachers.id, id)).returning();
  return rows[0]!;
}
