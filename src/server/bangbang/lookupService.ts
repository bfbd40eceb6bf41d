/**
 * The board's lookups of spec 7.6 (src/contract/bangbangLookups.ts): its lawyers, the community home's
 * post search and the items related to a Q&A or 问政 item. Public rows only.
 */
import type { BoardItem, MemberItem } from '../../contract/bangbang.ts';
import type { GroupPost } from '../../contract/bangbangBoard.ts';
import { LAWYER_TYPE_NAME } from '../../contract/bangbangLookups.ts';
import { StatusCode } from '../../contract/envelope.ts';
import type { Db } from '../db/client.ts';
import type { AuthUser } from '../http/auth.ts';
import { fail } from '../http/envelope.ts';
import { profilesRepo } from '../profiles/repo.ts';
import { boardPoliticsRepo, listMembersTaggedRepo, listQuestionsRepo, politicsBoardItem, questionBoardItem, toMemberItem } from './board/repo.ts';
import { searchGroupPostsRepo } from './more/repo.ts';
import { postsWithAuthors } from './moreService.ts';
import { findVisiblePoliticsRepo, findVisibleQuestionRepo } from './repo.ts';
import { BANG_MESSAGES } from './service.ts';

/** How many of the newest public items of a kind are weighed for relatedness. */
const RELATED_POOL = 200;

export async function lawyersService(db: Db, page: number, pageSize: number): Promise<MemberItem[]> {
  return (await listMembersTaggedRepo(db, LAWYER_TYPE_NAME, page, pageSize)).map(toMemberItem);
}

export async function groupPostSearchService(db: Db, keyword: string, page: number, pageSize: number): Promise<GroupPost[]> {
  return postsWithAuthors(db, await searchGroupPostsRepo(db, keyword, page, pageSize));
}

/** Pieces every kind of question shares, which say nothing about its subject. */
const QUESTION_WORDS = new Set([
  '怎么',
  '么办',
  '什么',
  '为什',
  '可以',
  '如何',
  '是否',
  '请问',
  '能不',
  '不能',
  '有没',
  '没有',
  '哪里',
  '多少',
  '谁来',
  '一下',
]);

/** The two-character pieces of a title's letters and digits (Chinese titles have no spaces to split on), question words left out. */
export function titleBigrams(title: string): Set<string> {
  const chars = [...title.replace(/[^\p{L}\p{N}]/gu, '')];
  const pieces = new Set<string>();
  for (let i = 0; i + 1 < chars.length; i++) {
    const piece = `${chars[i]}${chars[i + 1]}`;
    if (!QUESTION_WORDS.has(piece)) pieces.add(piece);
  }
  return pieces;
}

/**
 * The candidates most like `target`: by the title pieces they share (a 问政 item to the same department
 * counts as two more), then newest; a candidate sharing nothing is not related. Pure.
 */
export function decideRelated<T extends { id: number; title: string; department: string; at: number }>(
  target: { id: number; title: string; department: string },
  candidates: T[],
  limit: number,
): T[] {
  const wanted = titleBigrams(target.title);
  return candidates
    .filter((c) => c.id !== target.id)
    .map((c) => {
      let score = 0;
      for (const piece of titleBigrams(c.title)) if (wanted.has(piece)) score++;
      if (score > 0 && target.department !== '' && c.department === target.department) score += 2;
      return { c, score };
    })
    .filter((x) => x.score > 0)
    .sort((x, y) => y.score - x.score || y.c.at - x.c.at || y.c.id - x.c.id)
    .slice(0, limit)
    .map((x) => x.c);
}

/** Related items of a 问政 (type '1') or Q&A (type '2') item the viewer may see; missing otherwise (ADR 016). */
export async function relatedItemsService(db: Db, viewer: AuthUser | null, type: '1' | '2', id: number, limit: number): Promise<BoardItem[]> {
  const viewerId = viewer?.userId ?? null;
  if (type === '2') {
    const question = await findVisibleQuestionRepo(db, id, viewerId);
    if (!question) throw fail(StatusCode.notFound, BANG_MESSAGES.questionMissing);
    const pool = (await listQuestionsRepo(db, 'new', 1, RELATED_POOL)).map((r) => ({
      row: r,
      id: r.id,
      title: r.title,
      department: '',
      at: r.createdAt.getTime(),
    }));
    const chosen = decideRelated({ id, title: question.title, department: '' }, pool, limit);
    const profiles = await profilesRepo(db, [...new Set(chosen.map((x) => x.row.userId))]);
    return chosen.map((x) => questionBoardItem(x.row, profiles.get(x.row.userId)));
  }
  const politics = await findVisiblePoliticsRepo(db, id, viewerId);
  if (!politics) throw fail(StatusCode.notFound, BANG_MESSAGES.politicsMissing);
  const pool = (await boardPoliticsRepo(db, 'new', RELATED_POOL)).map((r) => ({
    row: r,
    id: r.id,
    title: r.title,
    department: r.department,
    at: r.createdAt.getTime(),
  }));
  const chosen = decideRelated({ id, title: politics.title, department: politics.department }, pool, limit);
  const profiles = await profilesRepo(db, [...new Set(chosen.map((x) => x.row.userId))]);
  return chosen.map((x) => politicsBoardItem(x.row, profiles.get(x.row.userId)));
}
