/**
 * The board's home, search, services and members (spec 2.7 /BangBang/index, SearchPage, serve/index,
 * QA ask-special; 7.6). Public lists carry approved items only.
 */
import type { BangHome, BangSearchResult, HotSearch, MemberItem, PoliticsListItem, QuestionListItem, ServiceGroup } from '../../contract/bangbang.ts';
import type { Db } from '../db/client.ts';
import { profilesRepo } from '../profiles/repo.ts';
import {
  boardPoliticsRepo,
  listHotSearchesRepo,
  listQuestionsRepo,
  listServicesRepo,
  politicsBoardItem,
  questionBoardItem,
  searchMembersRepo,
  searchPoliticsRepo,
  searchQuestionsRepo,
  toMemberItem,
  toQuestionListItem,
  toServiceItem,
  type QuestionOrder,
} from './board/repo.ts';
import { toPoliticsListItem, type QuestionRow } from './repo.ts';

/** Items of each of the home's lists (latest, hottest): Q&A and politics together. */
export const HOME_LIST_SIZE = 10;

async function withAuthors(db: Db, userIds: number[]) {
  return profilesRepo(db, [...new Set(userIds)]);
}

export async function questionListService(db: Db, rows: QuestionRow[]): Promise<QuestionListItem[]> {
  const profiles = await withAuthors(
    db,
    rows.map((r) => r.userId),
  );
  return rows.map((r) => toQuestionListItem(r, profiles.get(r.userId)));
}

export async function questionsByOrderService(db: Db, order: QuestionOrder, page: number, pageSize: number): Promise<QuestionListItem[]> {
  return questionListService(db, await listQuestionsRepo(db, order, page, pageSize));
}

async function boardList(db: Db, order: QuestionOrder) {
  const [questions, politics] = await Promise.all([listQuestionsRepo(db, order, 1, HOME_LIST_SIZE), boardPoliticsRepo(db, order, HOME_LIST_SIZE)]);
  const profiles = await withAuthors(db, [...questions.map((r) => r.userId), ...politics.map((r) => r.userId)]);
  const items = [
    ...questions.map((r) => ({ at: r.createdAt.getTime(), pv: r.pv, item: questionBoardItem(r, profiles.get(r.userId)) })),
    ...politics.map((r) => ({ at: r.createdAt.getTime(), pv: r.pv, item: politicsBoardItem(r, profiles.get(r.userId)) })),
  ];
  // Both kinds together, newest or most viewed first (the kind and id break ties: a stable order).
  return items
    .sort((x, y) => (order === 'hot' ? y.pv - x.pv : y.at - x.at) || x.item.kind.localeCompare(y.item.kind) || y.item.id - x.item.id)
    .slice(0, HOME_LIST_SIZE)
    .map((x) => x.item);
}

export async function bangHomeService(db: Db): Promise<BangHome> {
  const [services, latest, hottest] = await Promise.all([listServicesRepo(db, true), boardList(db, 'new'), boardList(db, 'hot')]);
  return { services: services.map(toServiceItem), latest, hottest };
}

export async function hotSearchService(db: Db): Promise<HotSearch[]> {
  return listHotSearchesRepo(db);
}

export async function servicesService(db: Db): Promise<ServiceGroup[]> {
  const rows = await listServicesRepo(db, false);
  const groups = new Map<string, ServiceGroup>();
  for (const row of rows) {
    const group = groups.get(row.category) ?? { category: row.category, items: [] };
    group.items.push(toServiceItem(row));
    groups.set(row.category, group);
  }
  return [...groups.values()];
}

export async function searchQuestionsService(db: Db, keyword: string, page: number, pageSize: number): Promise<QuestionListItem[]> {
  return questionListService(db, await searchQuestionsRepo(db, keyword, page, pageSize));
}

export async function searchPoliticsService(db: Db, keyword: string, page: number, pageSize: number): Promise<PoliticsListItem[]> {
  const rows = await searchPoliticsRepo(db, keyword, page, pageSize);
  const profiles = await withAuthors(
    db,
    rows.map((r) => r.userId),
  );
  return rows.map((r) => toPoliticsListItem(r, profiles.get(r.userId)));
}

export async function searchMembersService(db: Db, keyword: string, page: number, pageSize: number): Promise<MemberItem[]> {
  return (await searchMembersRepo(db, keyword, page, pageSize)).map(toMemberItem);
}

/** The board search (home/search): the first `pageSize` of each kind. */
export async function bangSearchService(db: Db, keyword: string, pageSize: number): Promise<BangSearchResult> {
  const [questions, politics, members] = await Promise.all([
    searchQuestionsService(db, keyword, 1, pageSize),
    searchPoliticsService(db, keyword, 1, pageSize),
    searchMembersService(db, keyword, 1, pageSize),
  ]);
  return { questions, politics, members };
}
