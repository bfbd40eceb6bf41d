/**
 * 问答指派 (docs/security.md "Answering desks"): the desk (qa.assign) gives an open 问答 question to an approved
 * answerer or reporter, gives it to someone else, or takes it back; each change is one transaction with its
 * audit row. The answerer sees the questions given to them first in their 我的提问, marked 指派给我,
 * and answers as their own account, as every answerer does (spec 6). Giving a question to the person who has it
 * already, or taking back one given to nobody, answers it as it is and writes nothing: a retried click is safe.
 */
import { readDeskPage } from '../deskPage.ts';
import { StatusCode } from '../../../contract/envelope.ts';
import { ASSIGNED_MARK, type AssignedQuestion, type ConsoleAnswerer, type ConsoleQuestion } from '../../../contract/qaDesk.ts';
import { formatBeijingTime } from '../../../lib/formatTime.ts';
import type { Db } from '../../db/client.ts';
import { ApiFailure } from '../../http/envelope.ts';
import type { AppDeps } from '../../http/types.ts';
import type { DeskActor } from '../politicsDesk.ts';
import {
  answerersRepo,
  assignedToRepo,
  assignRepo,
  deskQuestionRepo,
  deskQuestionsRepo,
  findAnswererRepo,
  findQuestionRepo,
  lockAssignmentRepo,
  unassignRepo,
  type DeskQuestionRow,
  type QuestionRow,
} from './repo.ts';

export const QA_MESSAGES = {
  missing: '问题不存在或已删除',
  closed: '该问题已关闭回答，不能指派',
  answered: '该问题已有回答，不能再指派',
  notAnswerer: '只能指派给已认证的答人或记者',
  ownQuestion: '不能把问题指派给提问人自己',
} as const;

const PAGE_SIZE = 20;
const ITEM_KIND = 'bangQuestion';
const fail = (message: string, code: number = StatusCode.unprocessable) => new ApiFailure(code, message);
const excerpt = (s: string, n = 80) => (s.length > n ? `${s.slice(0, n)}…` : s);

function toConsole(row: DeskQuestionRow): ConsoleQuestion {
  const { question: q, assignment, assignee } = row;
  return {
    id: q.id,
    title: q.title,
    content: excerpt(q.content),
    asker: row.asker,
    time: formatBeijingTime(q.createdAt),
    answerCount: q.answerCount,
    assignee: assignment
      ? {
          userId: assignment.userId,
          // An answerer whose approval was withdrawn keeps the question until the desk gives it to someone else.
          name: assignee?.name ?? '',
          typeName: assignee?.typeName ?? '',
          assignedAt: formatBeijingTime(assignment.assignedAt),
          answered: row.answered,
        }
      : null,
  };
}

export async function qaQuestionsService(db: Db, queue: 'open' | 'assigned', page: number) {
  const rows = await readDeskPage(page, PAGE_SIZE, (window) => deskQuestionsRepo(db, queue, window));
  return { ...rows, items: rows.items.map(toConsole) };
}

export async function qaAnswerersService(db: Db): Promise<{ items: ConsoleAnswerer[] }> {
  return { items: await answerersRepo(db) };
}

/** A question the desk may still give to someone: live, approved, replying open, no answer yet. */
function checkOpen(q: QuestionRow | null): QuestionRow {
  if (!q || q.deletedAt !== null || q.reviewState !== 'approved') throw fail(QA_MESSAGES.missing, StatusCode.notFound);
  if (q.replyClosed) throw fail(QA_MESSAGES.closed);
  if (q.answerCount > 0) throw fail(QA_MESSAGES.answered);
  return q;
}

async function oneQuestion(db: Db, id: number): Promise<ConsoleQuestion> {
  const row = await deskQuestionRepo(db, id);
  if (!row) throw fail(QA_MESSAGES.missing, StatusCode.notFound);
  return toConsole(row);
}

export async function assignQuestionService(deps: AppDeps, actor: DeskActor, input: { questionId: number; userId: number }): Promise<ConsoleQuestion> {
  await deps.database.write(async (tx) => {
    // The question is read under its lock: an answer that lands meanwhile waits, and one that landed makes it closed.
    const q = checkOpen(await findQuestionRepo(tx, input.questionId, true));
    const answerer = await findAnswererRepo(tx, input.userId);
    if (!answerer) throw fail(QA_MESSAGES.notAnswerer);
    if (q.userId === answerer.userId) throw fail(QA_MESSAGES.ownQuestion);
    const before = await lockAssignmentRepo(tx, q.id);
    if (before?.userId === answerer.userId) return;
    const now = new Date();
    await assignRepo(tx, q.id, answerer.userId, actor.staffId, now);
    await actor.audit(tx, {
      action: before ? 'qa.reassign' : 'qa.assign',
      itemKind: ITEM_KIND,
      itemId: q.id,
      before: before ? { userId: before.userId } : null,
      after: { userId: answerer.userId, name: answerer.name, typeName: answerer.typeName },
    });
  });
  return oneQuestion(deps.database.db, input.questionId);
}

/** Takes a question back (undo); it may be given to someone else later while it is still open. */
export async function unassignQuestionService(deps: AppDeps, actor: DeskActor, input: { questionId: number }): Promise<ConsoleQuestion> {
  const { db } = deps.database;
  const q = await findQuestionRepo(db, input.questionId);
  if (!q || q.deletedAt !== null) throw fail(QA_MESSAGES.missing, StatusCode.notFound);
  await deps.database.write(async (tx) => {
    const gone = await unassignRepo(tx, q.id);
    if (!gone) return;
    await actor.audit(tx, { action: 'qa.unassign', itemKind: ITEM_KIND, itemId: q.id, before: { userId: gone.userId }, after: null });
  });
  return oneQuestion(db, input.questionId);
}

/** The reader's own assigned list: who reads comes from the token only, never from the query. */
export async function assignedToMeService(db: Db, userId: number, page: number): Promise<AssignedQuestion[]> {
  const rows = await assignedToRepo(db, userId, page, PAGE_SIZE);
  return rows.map(({ question: q, asker, answered }) => ({
    id: q.id,
    title: q.title,
    content: excerpt(q.content),
    asker,
    time: formatBeijingTime(q.createdAt),
    mark: ASSIGNED_MARK,
    answered,
    href: `/BangBang/QA/list?id=${q.id}`,
    replyHref: `/BangBang/QA/reply?id=${q.id}`,
  }));
}
