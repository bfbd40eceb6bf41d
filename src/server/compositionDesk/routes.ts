/**
 * The 作文 desk's console endpoints (docs/security.md "Section desks"). One permission,
 * `composition.desk` (the section's editors): the essays and their picks, the ranking exclusion, teachers.
 */
import { EssayDeskQuery, NewspaperBody, RankBody, RecommendBody, TeacherVerifyBody } from '../../contract/compositionDesk.ts';
import { z } from '../../contract/zod.ts';
import { consoleEndpoint, type ConsoleRegistry } from '../staff/console.ts';
import * as desk from './service.ts';

export function registerCompositionDeskConsole(registry: ConsoleRegistry): void {
  const { database } = registry.deps;
  consoleEndpoint(registry, {
    method: 'GET',
    path: '/composition/essays',
    summary: '作文投稿（含审核中与老师点评），可按推荐、上报、排除排行筛选',
    permission: 'composition.desk',
    input: EssayDeskQuery,
    handler: ({ input }) => desk.listEssays(database, { filter: input.filter, keyword: input.keyword || undefined, page: input.page }),
  });
  consoleEndpoint(registry, {
    method: 'POST',
    path: '/composition/essays/recommend',
    summary: '选入或移出推荐（RecommendList）',
    permission: 'composition.desk',
    invalidates: 'readers',
    input: RecommendBody,
    handler: ({ input, audit }) => desk.setRecommend(database, input, audit),
  });
  consoleEndpoint(registry, {
    method: 'POST',
    path: '/composition/essays/newspaper',
    summary: '选入报纸刊登列表（版面与日期）或撤下',
    permission: 'composition.desk',
    invalidates: 'readers',
    input: NewspaperBody,
    handler: ({ input, audit }) => desk.setNewspaper(database, input, audit),
  });
  consoleEndpoint(registry, {
    method: 'POST',
    path: '/composition/essays/rank',
    summary: '排除出排行榜（写明原因，作者可见）或恢复',
    permission: 'composition.desk',
    invalidates: 'readers',
    input: RankBody,
    handler: ({ input, audit }) => desk.setRankExcluded(database, input, audit),
  });
  consoleEndpoint(registry, {
    method: 'GET',
    path: '/composition/teachers',
    summary: '作文专区的老师（待认证的在前）',
    permission: 'composition.desk',
    input: z.object({}),
    handler: () => desk.listTeachers(database),
  });
  consoleEndpoint(registry, {
    method: 'POST',
    path: '/composition/teachers/verify',
    summary: '认证老师身份或撤销认证（写明原因，老师可见）',
    permission: 'composition.desk',
    invalidates: 'readers',
    input: TeacherVerifyBody,
    handler: ({ input, audit }) => desk.verifyTeacher(database, input, audit),
  });
}
