/** Bangbang reading rules (spec 7.6): unknown or deleted ids are the not-found envelope; likes are the caller's. */
import { StatusCode } from '../../contract/envelope.ts';
import type { Answer, PoliticsDetail, PoliticsListItem, PoliticsStepKey, QuestionDetail } from '../../contract/bangbang.ts';
import type { Db } from '../db/client.ts';
import type { AuthUser } from '../http/auth.ts';
import { ApiFailure } from '../http/envelope.ts';
import { profilesRepo } from '../profiles/repo.ts';
import { hasLikedRepo, likedIdsRepo } from '../likes/repo.ts';
import { answererOf, membersOfRepo } from './board/repo.ts';
import {
  findAnswerRepo,
  findQuestionRepo,
  findVisiblePoliticsRepo,
  findVisibleQuestionRepo,
  listAnswersRepo,
  listPoliticsRepo,
  toAnswer,
  toPoliticsDetail,
  toPoliticsListItem,
  toQuestionDetail,
  type AnswerRow,
  type PoliticsOrder,
  type QuestionRow,
} from './repo.ts';

export const BANG_MESSAGES = {
  questionMissing: '问题不存在或已删除',
  politicsMissing: '问政内容不存在或已删除',
} as const;

/** Like kinds of bangbang things in the likes table (security.md J77: one like per user per thing). */
export const BANG_LIKE_KINDS = { politics: 'bang_politics', qa: 'bang_qa', answer: 'bang_answer', tip: 'bang_tip' } as const;

/** Whether the viewer may see a reader-written row: approved, or their own (team rule: reader-written content). */
function visibleTo(viewer: AuthUser | null, row: { reviewState: string; userId: number } | null): boolean {
  return row !== null && (row.reviewState === 'approved' || viewer?.userId === row.userId);
}

/**
 * Spec 2.7: `./detail?id={answerId or item id}` — the question with that id, else the question of the answer
 * with that id. A question in review (or refused) is its asker's alone: for anyone else the page is missing
 * (404), never another question's page — the asker's own page renders on the client over that 404 (ADR 016),
 * which an answer's question rendered in its place would hide. The id is read as an answer's only when no
 * question has it.
 */
async function findQuestionOrAnsweredRepo(db: Db, viewer: AuthUser | null, id: number): Promise<QuestionRow | null> {
  const question = await findQuestionRepo(db, id);
  if (question) return visibleTo(viewer, question) ? question : null;
  const answer = await findAnswerRepo(db, id);
  if (!answer || !visibleTo(viewer, answer)) return null;
  const answered = await findQuestionRepo(db, answer.questionId);
  return visibleTo(viewer, answered) ? answered : null;
}

export async function questionDetailService(db: Db, viewer: AuthUser | null, id: number): Promise<QuestionDetail> {
  const row = await findQuestionOrAnsweredRepo(db, viewer, id);
  if (!row) throw new ApiFailure(StatusCode.notFound, BANG_MESSAGES.questionMissing);
  const [profiles, liked] = await Promise.all([
    profilesRepo(db, [row.userId]),
    viewer ? hasLikedRepo(db, viewer.userId, BANG_LIKE_KINDS.qa, row.id) : Promise.resolve(false),
  ]);
  return toQuestionDetail(row, profiles.get(row.userId), liked);
}

export async function answerListService(db: Db, viewer: AuthUser | null, id: number, page: number, pageSize: number): Promise<Answer[]> {
  const question = await findVisibleQuestionRepo(db, id, viewer?.userId ?? null);
  if (!question) throw new ApiFailure(StatusCode.notFound, BANG_MESSAGES.questionMissing);
  // An answerer's own answer in review is listed for that answerer (with its review state) and nobody else.
  return answersForReaderService(db, viewer, await listAnswersRepo(db, id, page, pageSize, viewer?.userId ?? null));
}

/** Answers as a reader sees them: each answerer's profile and tag, and whether this reader liked it. */
export async function answersForReaderService(db: Db, viewer: AuthUser | null, rows: AnswerRow[]): Promise<Answer[]> {
  const userIds = [...new Set(rows.map((r) => r.userId))];
  const [profiles, members, liked] = await Promise.all([
    profilesRepo(db, userIds),
    membersOfRepo(db, userIds),
    viewer
      ? likedIdsRepo(
          db,
          viewer.userId,
          BANG_LIKE_KINDS.answer,
          rows.map((r) => r.id),
        )
      : Promise.resolve(new Set<number>()),
  ]);
  return rows.map((r) => toAnswer(r, profiles.get(r.userId), liked.has(r.id), answererOf(members.get(r.userId))));
}

export async function politicsDetailService(db: Db, viewer: AuthUser | null, id: number): Promise<PoliticsDetail> {
  // A 问政 in review (or refused) is its asker's alone (team rule: reader-written content).
  const row = await findVisiblePoliticsRepo(db, id, viewer?.userId ?? null);
  if (!row) throw new ApiFailure(StatusCode.notFound, BANG_MESSAGES.politicsMissing);
  const [profiles, liked] = await Promise.all([
    profilesRepo(db, [row.userId]),
    viewer ? hasLikedRepo(db, viewer.userId, BANG_LIKE_KINDS.politics, row.id) : Promise.resolve(false),
  ]);
  return toPoliticsDetail(row, profiles.get(row.userId), liked);
}

/** A page of the politics board (spec 7.6 getNewList / getHotList); an empty page ends the list. */
export async function politicsListService(db: Db, order: PoliticsOrder, page: number, pageSize: number, step?: PoliticsStepKey): Promise<PoliticsListItem[]> {
  const rows = await listPoliticsRepo(db, order, page, pageSize, step);
  const profiles = await profilesRepo(db, [...new Set(rows.map((r) => r.userId))]);
  return rows.map((r) => toPoliticsListItem(r, profiles.get(r.userId)));
}
