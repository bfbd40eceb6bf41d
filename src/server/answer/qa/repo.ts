/**
 * Data access of 问答指派: the open 问答 questions with whom each is given to (qa_assignments), the answerers a
 * question may be given to (approved `bang_members` that are not a 问政 department's account), and an
 * answerer's own assigned list. One row per question: an assignment is an upsert, taking it back a delete.
 */
import { and, asc, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { qaAssignments } from '../../db/schema/answer.ts';
import { users } from '../../db/schema/accounts.ts';
import { bangAnswers, bangMembers, bangQuestions } from '../../db/schema/bangbang.ts';
import type { PageWindow } from '../deskPage.ts';

type Q = Db | Tx;
export type QuestionRow = typeof bangQuestions.$inferSelect;
export type AssignmentRow = typeof qaAssignments.$inferSelect;

export interface AnswererRow {
  userId: number;
  name: string;
  typeName: string;
}

export interface DeskQuestionRow {
  question: QuestionRow;
  asker: string;
  assignment: AssignmentRow | null;
  assignee: AnswererRow | null;
  /** The assignee has a live answer on it (approved or in review). */
  answered: boolean;
}

const memberName = sql<string>`coalesce(nullif(${bangMembers.realName}, ''), ${users.nickname}, '')`;
/** An answerer: an approved member, not a 问政 department's reply account (those answer 问政, not 问答). */
const isAnswerer = and(eq(bangMembers.reviewState, 'approved'), eq(bangMembers.department, ''));

const answeredBy = (userId: typeof qaAssignments.userId | number) =>
  sql<boolean>`exists (select 1 from ${bangAnswers} where ${bangAnswers.questionId} = ${bangQuestions.id} and ${bangAnswers.userId} = ${userId} and ${bangAnswers.deletedAt} is null and ${bangAnswers.reviewState} <> 'rejected')`;

/** A question, whatever its review state (the service takes only live, approved ones). */
export async function findQuestionRepo(db: Q, id: number, lock = false): Promise<QuestionRow | null> {
  const query = db.select().from(bangQuestions).where(eq(bangQuestions.id, id)).limit(1);
  const rows = lock ? await query.for('update') : await query;
  return rows[0] ?? null;
}

export async function findAnswererRepo(db: Q, userId: number): Promise<AnswererRow | null> {
  const rows = await db
    .select({ userId: bangMembers.userId, name: memberName, typeName: bangMembers.typeName })
    .from(bangMembers)
    .leftJoin(users, eq(users.id, bangMembers.userId))
    .where(and(eq(bangMembers.userId, userId), isAnswerer))
    .limit(1);
  return rows[0] ?? null;
}

/** Every answerer, reporters first (userType 2), then the members' own order. */
export async function answerersRepo(db: Q): Promise<AnswererRow[]> {
  return db
    .select({ userId: bangMembers.userId, name: memberName, typeName: bangMembers.typeName })
    .from(bangMembers)
    .leftJoin(users, eq(users.id, bangMembers.userId))
    .where(isAnswerer)
    .orderBy(sql`${bangMembers.userType} = 2 desc`, asc(bangMembers.userType), asc(bangMembers.sort), asc(bangMembers.userId));
}

function deskBase(db: Q) {
  return db
    .select({
      question: bangQuestions,
      asker: users.nickname,
      assignment: qaAssignments,
      answered: sql<boolean>`case when ${qaAssignments.userId} is null then false else ${answeredBy(qaAssignments.userId)} end`,
    })
    .from(bangQuestions)
    .leftJoin(users, eq(users.id, bangQuestions.userId))
    .leftJoin(qaAssignments, eq(qaAssignments.questionId, bangQuestions.id));
}

async function withAssignees(
  db: Q,
  rows: { question: QuestionRow; asker: string | null; assignment: AssignmentRow | null; answered: boolean }[],
): Promise<DeskQuestionRow[]> {
  const assignees = new Map<number, AnswererRow>();
  for (const userId of new Set(rows.flatMap((r) => (r.assignment ? [r.assignment.userId] : [])))) {
    const a = await findAnswererRepo(db, userId);
    if (a) assignees.set(userId, a);
  }
  return rows.map((r) => ({
    question: r.question,
    asker: r.asker ?? '',
    assignment: r.assignment,
    assignee: r.assignment ? (assignees.get(r.assignment.userId) ?? null) : null,
    answered: Boolean(r.answered),
  }));
}

/**
 * One page of the desk's list and the next page's first row (deskPage.ts). open: live questions with no answer
 * yet and replying open, newest first; assigned: every live question given to someone, latest assignment first.
 */
export async function deskQuestionsRepo(db: Q, queue: 'open' | 'assigned', window: PageWindow): Promise<DeskQuestionRow[]> {
  const live = and(eq(bangQuestions.reviewState, 'approved'), isNull(bangQuestions.deletedAt));
  const rows =
    queue === 'open'
      ? await deskBase(db)
          .where(and(live, eq(bangQuestions.answerCount, 0), eq(bangQuestions.replyClosed, false)))
          .orderBy(desc(bangQuestions.createdAt), desc(bangQuestions.id))
          .limit(window.limit)
          .offset(window.offset)
      : await deskBase(db)
          .where(and(live, sql`${qaAssignments.questionId} is not null`))
          .orderBy(desc(qaAssignments.assignedAt), desc(bangQuestions.id))
          .limit(window.limit)
          .offset(window.offset);
  return withAssignees(db, rows);
}

/** One question as the desk's list shows it (null: no such question). */
export async function deskQuestionRepo(db: Q, id: number): Promise<DeskQuestionRow | null> {
  const rows = await deskBase(db).where(eq(bangQuestions.id, id)).limit(1);
  return (await withAssignees(db, rows))[0] ?? null;
}

/** The question's assignment, locked for the transaction's change. */
export async function lockAssignmentRepo(tx: Tx, questionId: number): Promise<AssignmentRow | null> {
  const rows = await tx.select().from(qaAssignments).where(eq(qaAssignments.questionId, questionId)).for('update');
  return rows[0] ?? null;
}

/** Gives the question to `userId` (a new assignment, or a reassignment of the existing one). */
export async function assignRepo(tx: Tx, questionId: number, userId: number, staffId: number, at: Date): Promise<AssignmentRow> {
  const rows = await tx
    .insert(qaAssignments)
    .values({ questionId, userId, assignedBy: staffId, assignedAt: at })
    .onConflictDoUpdate({ target: qaAssignments.questionId, set: { userId, assignedBy: staffId, assignedAt: at } })
    .returning();
  return rows[0]!;
}

/** Takes the question back (null: it was not given to anyone). */
export async function unassignRepo(tx: Tx, questionId: number): Promise<AssignmentRow | null> {
  const rows = await tx.delete(qaAssignments).where(eq(qaAssignments.questionId, questionId)).returning();
  return rows[0] ?? null;
}

/** One page of the questions given to `userId`: the ones they have not answered first, then the latest given. */
export async function assignedToRepo(db: Q, userId: number, page: number, pageSize: number): Promise<(DeskQuestionRow & { assignment: AssignmentRow })[]> {
  const answered = answeredBy(userId);
  const rows = await db
    .select({ question: bangQuestions, asker: users.nickname, assignment: qaAssignments, answered: sql<boolean>`${answered}` })
    .from(qaAssignments)
    .innerJoin(bangQuestions, eq(bangQuestions.id, qaAssignments.questionId))
    .leftJoin(users, eq(users.id, bangQuestions.userId))
    .where(and(eq(qaAssignments.userId, userId), eq(bangQuestions.reviewState, 'approved'), isNull(bangQuestions.deletedAt), ne(bangQuestions.userId, userId)))
    .orderBy(sql`${answered} asc`, desc(qaAssignments.assignedAt), desc(bangQuestions.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return rows.map((r) => ({ question: r.question, asker: r.asker ?? '', assignment: r.assignment, assignee: null, answered: Boolean(r.answered) }));
}
